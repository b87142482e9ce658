// The /v1/ guard (spec 5.1, 5.5, 7): a bearer access token, the route's one scope, and who pays.
// Every /v1/ route that needs a token calls authenticate(); nothing else reads Authorization.
import { eq } from "drizzle-orm";
import type { AppDeps } from "../app-deps.ts";
import { clients } from "../clients/schema.ts";
import { PREFIX, hashSecret } from "../lib/secrets.ts";
import { accessTokens } from "../oauth/schema.ts";
import type { Scope } from "../oauth/scopes.ts";
import { ApiError } from "./api-error.ts";

export interface Caller {
  clientId: string;
  /** The account that owns the client. */
  ownerAccountId: string;
  /** Who pays (spec 5.6): the owner for client credentials, the authorizing user's account otherwise. */
  payerAccountId: string;
  userId: string | null;
  /** The token's scopes narrowed by the client's current scopes (narrowing applies at once). */
  scopes: string[];
  apiVersion: string;
  billingMode: "allowance" | "metered";
  /** True for tokens from an authorization code: they always spend the user's allowance. */
  actingForUser: boolean;
  tokenHash: string;
}

const invalidToken = (why: string) =>
  new ApiError(401, "unauthorized", `invalid_token: ${why}`, { headers: { "www-authenticate": `Bearer realm="parla", error="invalid_token", error_description="${why}"` } });

export async function authenticate(deps: AppDeps, request: Request, scope: Scope): Promise<Caller> {
  const header = request.headers.get("authorization");
  const match = header ? /^Bearer[ ]+([\x21-\x7e]+)$/i.exec(header) : null;
  if (!match) throw invalidToken(header ? "the Authorization header must be 'Bearer <access token>'" : "an access token is required");
  const token = match[1]!;
  if (token.startsWith(PREFIX.clientSecret)) {
    throw new ApiError(401, "client_secret_not_accepted", "a client secret is not an access token: exchange it at /oauth/token, and never send it anywhere else", {
      headers: { "www-authenticate": 'Bearer realm="parla", error="invalid_token"' },
    });
  }
  if (!token.startsWith(PREFIX.accessToken)) throw invalidToken("not a Parla access token");
  const [row] = await deps.store.db
    .select({ token: accessTokens, client: clients })
    .from(accessTokens)
    .innerJoin(clients, eq(clients.id, accessTokens.clientId))
    .where(eq(accessTokens.tokenHash, hashSecret(token)));
  if (!row) throw invalidToken("the access token is unknown or was revoked");
  if (row.token.expiresAt <= deps.clock.now()) throw invalidToken("the access token expired; exchange again and retry once");
  const scopes = row.token.scopes.filter((s) => row.client.scopes.includes(s));
  if (!scopes.includes(scope)) {
    throw new ApiError(403, "insufficient_scope", `this operation needs the scope ${scope}`, {
      headers: { "www-authenticate": `Bearer realm="parla", error="insufficient_scope", scope="${scope}"` },
    });
  }
  const actingForUser = row.token.familyId !== null;
  return {
    clientId: row.client.id,
    ownerAccountId: row.client.accountId,
    payerAccountId: row.token.accountId,
    userId: row.token.userId,
    scopes,
    apiVersion: row.token.apiVersion,
    billingMode: actingForUser ? "allowance" : row.client.billingMode,
    actingForUser,
    tokenHash: row.token.tokenHash,
  };
}

/** Does the caller hold this scope too (for routes whose extra needs depend on the body)? */
export function hasScope(caller: Caller, scope: Scope): boolean {
  return caller.scopes.includes(scope);
}
