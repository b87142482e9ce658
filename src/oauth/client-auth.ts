// Client authentication at the token and revocation endpoints (RFC 6749 §2.3): HTTP Basic or
// client_id + client_secret form fields, never both; a public client sends client_id alone.
import type { CoreDeps } from "../config/core-deps.ts";
import { AppError } from "../lib/errors.ts";
import { authenticateClientSecret, getClient, type Client } from "../clients/service.ts";
import type { TokenRateLimits } from "./token-rate-limits.ts";

export interface AuthenticatedClient {
  client: Client;
  /** The secret used (confidential clients), so tokens can end with it (spec 3.5). */
  secretId: string | null;
}

const invalidClient = (description = "client authentication failed") =>
  new AppError(401, "invalid_client", description, { headers: { "www-authenticate": 'Basic realm="parla", charset="UTF-8"' } });

function parseBasic(header: string): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return null;
  let decoded: string;
  try {
    decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  try {
    // RFC 6749 §2.3.1: both parts are form-urlencoded before base64.
    return { id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")), secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")) };
  } catch {
    return null;
  }
}

/** Where the request came from and the limits that count its failed secrets. */
export interface SecretFailureGuard {
  address: string;
  limits: Pick<TokenRateLimits, "checkSecretFailures" | "countSecretFailure">;
}

export async function authenticateClient(deps: CoreDeps, request: Request, form: Record<string, string>, guard: SecretFailureGuard): Promise<AuthenticatedClient> {
  const header = request.headers.get("authorization");
  const formId = form.client_id;
  const formSecret = form.client_secret;
  if (header && formSecret !== undefined) {
    throw new AppError(400, "invalid_request", "use HTTP Basic or client_secret in the form, not both");
  }
  let id: string;
  let secret: string | null;
  if (header) {
    if (!/^basic\s/i.test(header)) throw invalidClient("the Authorization header must use the Basic scheme");
    const basic = parseBasic(header);
    if (!basic) throw invalidClient("malformed Basic credentials");
    if (formId !== undefined && formId !== basic.id) throw new AppError(400, "invalid_request", "client_id in the form differs from the Basic credentials");
    id = basic.id;
    secret = basic.secret;
  } else {
    if (!formId) throw invalidClient("client_id is required");
    id = formId;
    secret = formSecret ?? null;
  }
  if (secret === null || secret === "") {
    const client = await getClient(deps.store.db, id);
    // A confidential client must authenticate; only a public client may send its id alone.
    if (!client || client.type !== "public") throw invalidClient();
    return { client, secretId: null };
  }
  const now = deps.clock.now();
  guard.limits.checkSecretFailures(id, guard.address, now);
  const authenticated = await authenticateClientSecret(deps.store, now, id, secret);
  if (!authenticated || authenticated.client.type !== "confidential") {
    guard.limits.countSecretFailure(id, guard.address, now);
    throw invalidClient();
  }
  return authenticated;
}
