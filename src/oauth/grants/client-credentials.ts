// grant_type=client_credentials (RFC 6749 §4.4; spec 5.2): a server acting as itself.
import type { CoreDeps } from "../../config/core-deps.ts";
import { AppError } from "../../lib/errors.ts";
import type { AuthenticatedClient } from "../client-auth.ts";
import { resolveRequestedScopes } from "../requested-scopes.ts";
import type { TokenRateLimits } from "../token-rate-limits.ts";
import { issueAccessToken, tokenResponse } from "../token-store.ts";

export async function clientCredentialsGrant(deps: CoreDeps, limits: TokenRateLimits, auth: AuthenticatedClient, form: Record<string, string>): Promise<Response> {
  const { client, secretId } = auth;
  if (client.type !== "confidential" || !secretId) throw new AppError(400, "unauthorized_client", "a public client cannot use client_credentials");
  const scopes = resolveRequestedScopes(form.scope, client.scopes);
  const now = deps.clock.now();
  // Spec 5.2.6: tokens last an hour and should be kept; exchanging on every call is refused.
  limits.countExchange(client.id, now);
  const token = await issueAccessToken(deps.store.db, now, {
    clientId: client.id,
    secretId,
    familyId: null,
    accountId: client.accountId,
    userId: null,
    scopes,
    apiVersion: client.pinnedVersion,
  });
  deps.log.info("oauth.token_issued", { grant: "client_credentials", client_id: client.id });
  return tokenResponse(token, scopes);
}
