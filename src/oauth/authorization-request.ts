// The authorization request (RFC 6749 §4.1.1, RFC 7636, RFC 9207; spec 5.3): validation, codes,
// and the redirect back. Errors about the client or redirect URI are shown, never redirected to
// (RFC 6749 §4.1.2.1); everything after that goes back to the client with error, state and iss.
import { and, eq } from "drizzle-orm";
import type { CoreDeps } from "../config/core-deps.ts";
import { getClient, type Client } from "../clients/service.ts";
import { matchRedirectUri } from "../clients/redirect-uris.ts";
import { PREFIX, hashSecret, newRowId, newSecret } from "../lib/secrets.ts";
import type { DbOrTx } from "../store/open-store.ts";
import { AUTHORIZATION_CODE_TTL_MS } from "./lifetimes.ts";
import { isValidCodeChallenge } from "./pkce.ts";
import { resolveRequestedScopes } from "./requested-scopes.ts";
import { AppError } from "../lib/errors.ts";
import type { EventRecorder } from "../events/recorder.ts";
import { recordConsent } from "./app-install-events.ts";
import { authorizationCodes, grants } from "./schema.ts";

export interface AuthorizationRequest {
  client: Client;
  redirectUri: string;
  scopes: string[];
  state: string;
  codeChallenge: string;
}

export type AuthorizationCheck =
  | { kind: "ok"; request: AuthorizationRequest }
  | { kind: "show_error"; message: string }
  | { kind: "redirect_error"; redirectUri: string; error: string; description: string; state: string | null };

export const AUTHORIZE_PARAMS = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"] as const;

export interface AuthorizeParams {
  params: Record<string, string | undefined>;
  /** Names of authorization parameters sent more than once (RFC 6749 §3.1 forbids it). */
  repeated: string[];
}

/** The authorization parameters of a query string or form, noting any that came more than once. */
export function readAuthorizeParams(entries: Iterable<[string, unknown]>): AuthorizeParams {
  const known = new Set<string>(AUTHORIZE_PARAMS);
  const params: Record<string, string | undefined> = {};
  const repeated = new Set<string>();
  for (const [name, raw] of entries) {
    if (!known.has(name)) continue;
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (typeof value !== "string") continue;
      if (params[name] !== undefined) repeated.add(name);
      else params[name] = value;
    }
  }
  return { params, repeated: [...repeated] };
}

export async function checkAuthorizationRequest(deps: CoreDeps, { params, repeated }: AuthorizeParams): Promise<AuthorizationCheck> {
  // A repeated client_id or redirect_uri leaves no single address that is safe to send the error to.
  if (repeated.includes("client_id") || repeated.includes("redirect_uri")) {
    return { kind: "show_error", message: `This link is malformed: ${repeated.includes("client_id") ? "client_id" : "redirect_uri"} appears more than once.` };
  }
  const clientId = params.client_id;
  const client = clientId ? await getClient(deps.store.db, clientId) : null;
  if (!client) return { kind: "show_error", message: "This link names an app that is not registered with Parla." };
  if (!params.redirect_uri) return { kind: "show_error", message: "The app did not say where to return (redirect_uri is missing)." };
  const redirectUri = matchRedirectUri(client.redirectUris, params.redirect_uri);
  if (!redirectUri) return { kind: "show_error", message: "The app asked to return to an address it has not registered. Nothing was sent there." };
  // With a repeated state there is no one state to echo back: none is sent.
  const state = repeated.includes("state") ? null : (params.state ?? null);
  const fail = (error: string, description: string): AuthorizationCheck => ({ kind: "redirect_error", redirectUri, error, description, state });
  // RFC 6749 §3.1: request parameters must not be included more than once.
  if (repeated.length > 0) return fail("invalid_request", `parameter ${repeated.join(", ")} is repeated`);
  if (params.response_type !== "code") return fail("unsupported_response_type", "response_type must be code");
  if (!params.code_challenge_method) return fail("invalid_request", "PKCE is required: code_challenge_method=S256");
  if (params.code_challenge_method !== "S256") return fail("invalid_request", "only code_challenge_method=S256 is supported");
  if (!params.code_challenge || !isValidCodeChallenge(params.code_challenge)) return fail("invalid_request", "code_challenge must be the base64url SHA-256 of the code_verifier");
  if (!state) return fail("invalid_request", "state is required");
  if (state.length > 1024) return fail("invalid_request", "state is too long");
  let scopes: string[];
  try {
    scopes = resolveRequestedScopes(params.scope, client.scopes);
  } catch (error) {
    return fail("invalid_scope", (error as AppError).message);
  }
  return { kind: "ok", request: { client, redirectUri, scopes, state, codeChallenge: params.code_challenge } };
}

/** The redirect back to the client (RFC 9207: iss is always included). */
export function redirectBack(deps: CoreDeps, redirectUri: string, params: Record<string, string | null>): Response {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  url.searchParams.set("iss", deps.config.baseUrl);
  return new Response(null, { status: 303, headers: { location: url.toString(), "cache-control": "no-store" } });
}

/** Has the user already approved these scopes for this client? */
export async function existingGrantCovers(db: DbOrTx, userId: string, clientId: string, scopes: string[]): Promise<boolean> {
  const [grant] = await db.select().from(grants).where(and(eq(grants.userId, userId), eq(grants.clientId, clientId)));
  return !!grant && scopes.every((s) => grant.scopes.includes(s));
}

/** Records consent (one grant per user and client) and issues a 60-second, single-use code. */
export async function issueAuthorizationCode(deps: CoreDeps & { events: EventRecorder }, userId: string, request: AuthorizationRequest): Promise<string> {
  const now = deps.clock.now();
  const code = newSecret(PREFIX.authorizationCode);
  await deps.store.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(grants).where(and(eq(grants.userId, userId), eq(grants.clientId, request.client.id)));
    let grantId: string;
    if (existing) {
      grantId = existing.id;
      const merged = [...new Set([...existing.scopes, ...request.scopes])];
      await tx.update(grants).set({ scopes: merged }).where(eq(grants.id, grantId));
    } else {
      grantId = newRowId(now);
      await tx.insert(grants).values({ id: grantId, userId, clientId: request.client.id, scopes: request.scopes, createdAt: now });
    }
    await recordConsent(deps.events, tx, now, { clientId: request.client.id, userId, created: !existing });
    await tx.insert(authorizationCodes).values({
      codeHash: hashSecret(code),
      clientId: request.client.id,
      userId,
      grantId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scopes: request.scopes,
      expiresAt: now + AUTHORIZATION_CODE_TTL_MS,
    });
  });
  return code;
}
