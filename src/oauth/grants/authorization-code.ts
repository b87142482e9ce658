// grant_type=authorization_code (RFC 6749 §4.1.3, RFC 7636 §4.6; spec 3.3, 5.3).
import { and, eq, isNull } from "drizzle-orm";
import type { CoreDeps } from "../../config/core-deps.ts";
import { users } from "../../accounts/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { hashSecret, newRowId } from "../../lib/secrets.ts";
import type { AuthenticatedClient } from "../client-auth.ts";
import { isValidCodeVerifier, verifierMatches } from "../pkce.ts";
import { authorizationCodes, grants, tokenFamilies } from "../schema.ts";
import { endFamily, issueAccessToken, issueRefreshToken, tokenResponse } from "../token-store.ts";

const invalidGrant = (description: string) => new AppError(400, "invalid_grant", description);

// The refusal is returned, not thrown: the transaction must commit what it ended before refusing.
type Outcome = { access: string; refresh: string; scopes: string[] } | AppError;

export async function authorizationCodeGrant(deps: CoreDeps, auth: AuthenticatedClient, form: Record<string, string>): Promise<Response> {
  const { code, redirect_uri: redirectUri, code_verifier: verifier } = form;
  if (!code || !redirectUri || !verifier) throw new AppError(400, "invalid_request", "code, redirect_uri and code_verifier are required");
  if (!isValidCodeVerifier(verifier)) throw new AppError(400, "invalid_request", "code_verifier must be 43 to 128 unreserved characters (RFC 7636 §4.1)");
  const now = deps.clock.now();
  const codeHash = hashSecret(code);

  // Decided inside one write transaction: the conditional UPDATE lets exactly one exchange consume
  // the code, and a reuse ends what the first exchange issued — committed, then refused.
  const outcome: Outcome = await deps.store.db.transaction(async (tx) => {
    const [row] = await tx.select().from(authorizationCodes).where(eq(authorizationCodes.codeHash, codeHash));
    if (!row || row.clientId !== auth.client.id) return invalidGrant("the authorization code is not valid");
    const consumed = await tx
      .update(authorizationCodes)
      .set({ usedAt: now })
      .where(and(eq(authorizationCodes.codeHash, codeHash), isNull(authorizationCodes.usedAt)))
      .returning({ codeHash: authorizationCodes.codeHash });
    if (consumed.length === 0) {
      // Spec 3.3: a second exchange is refused and the tokens the first one issued end.
      if (row.familyId) await endFamily(tx, now, row.familyId, "authorization code reused");
      deps.log.warn("oauth.code_reused", { client_id: auth.client.id });
      return invalidGrant("the authorization code was already used");
    }
    if (row.expiresAt <= now) return invalidGrant("the authorization code expired");
    if (row.redirectUri !== redirectUri) return invalidGrant("redirect_uri differs from the authorization request");
    if (!verifierMatches(verifier, row.codeChallenge)) return invalidGrant("code_verifier does not match the code_challenge");
    const [grant] = await tx.select({ grant: grants, accountId: users.accountId }).from(grants).innerJoin(users, eq(users.id, grants.userId)).where(eq(grants.id, row.grantId));
    if (!grant) return invalidGrant("the authorization was withdrawn");

    const familyId = newRowId(now);
    await tx.insert(tokenFamilies).values({ id: familyId, grantId: row.grantId, scopes: row.scopes, createdAt: now });
    await tx.update(authorizationCodes).set({ familyId }).where(eq(authorizationCodes.codeHash, codeHash));
    await tx.update(grants).set({ lastUsedAt: now }).where(eq(grants.id, row.grantId));
    const refresh = await issueRefreshToken(tx, now, familyId, deps.serverKey);
    const access = await issueAccessToken(tx, now, {
      clientId: auth.client.id,
      secretId: null,
      familyId,
      // Spec 5.6.5: a token from an authorization code always spends the authorizing user's allowance.
      accountId: grant.accountId,
      userId: row.userId,
      scopes: row.scopes,
      apiVersion: auth.client.pinnedVersion,
    });
    return { access, refresh, scopes: row.scopes };
  });
  if (outcome instanceof AppError) throw outcome;
  deps.log.info("oauth.token_issued", { grant: "authorization_code", client_id: auth.client.id });
  return tokenResponse(outcome.access, outcome.scopes, outcome.refresh);
}
