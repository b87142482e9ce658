// grant_type=refresh_token (RFC 6749 §6; spec 3.4, 5.3.5): rotation with a 60-second grace for
// racing refreshes, theft detection after it, 30-day inactivity expiry. Decided by the database.
import { and, eq, isNull } from "drizzle-orm";
import type { CoreDeps } from "../../config/core-deps.ts";
import { users } from "../../accounts/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { hashSecret } from "../../lib/secrets.ts";
import { open } from "../../lib/sealed-box.ts";
import type { AuthenticatedClient } from "../client-auth.ts";
import { REFRESH_GRACE_MS, REFRESH_IDLE_MS } from "../lifetimes.ts";
import { resolveRequestedScopes } from "../requested-scopes.ts";
import { grants, refreshTokens, tokenFamilies } from "../schema.ts";
import { endFamily, issueAccessToken, issueRefreshToken, tokenResponse } from "../token-store.ts";

const invalidGrant = (description: string) => new AppError(400, "invalid_grant", description);
// The refusal is returned, not thrown: the transaction must commit what it ended before refusing.
type Outcome = { access: string; refresh: string; scopes: string[] } | AppError;

export async function refreshTokenGrant(deps: CoreDeps, auth: AuthenticatedClient, form: Record<string, string>): Promise<Response> {
  const presented = form.refresh_token;
  if (!presented) throw new AppError(400, "invalid_request", "refresh_token is required");
  const now = deps.clock.now();
  const tokenHash = hashSecret(presented);

  const outcome: Outcome = await deps.store.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, family: tokenFamilies, grant: grants, accountId: users.accountId })
      .from(refreshTokens)
      .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
      .innerJoin(grants, eq(grants.id, tokenFamilies.grantId))
      .innerJoin(users, eq(users.id, grants.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!row || row.family.endedAt !== null || row.grant.clientId !== auth.client.id) return invalidGrant("the refresh token is not valid");
    const { token, family } = row;
    // Narrowing the client's scopes applies to installs at once.
    const allowed = family.scopes.filter((s) => auth.client.scopes.includes(s));
    const scopes = resolveRequestedScopes(form.scope, allowed);
    const issueAccess = () =>
      issueAccessToken(tx, now, { clientId: auth.client.id, secretId: null, familyId: family.id, accountId: row.accountId, userId: row.grant.userId, scopes, apiVersion: auth.client.pinnedVersion });

    if (token.replacedAt === null) {
      if (token.createdAt + REFRESH_IDLE_MS <= now) {
        await endFamily(tx, now, family.id, "refresh token unused for 30 days");
        return invalidGrant("the refresh token expired");
      }
      const replaced = await tx
        .update(refreshTokens)
        .set({ replacedAt: now })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.replacedAt)))
        .returning({ tokenHash: refreshTokens.tokenHash });
      if (replaced.length === 1) {
        await tx.update(grants).set({ lastUsedAt: now }).where(eq(grants.id, row.grant.id));
        const refresh = await issueRefreshToken(tx, now, family.id, deps.serverKey);
        return { access: await issueAccess(), refresh, scopes };
      }
    }
    const replacedAt = token.replacedAt ?? now;
    if (now - replacedAt <= REFRESH_GRACE_MS && family.currentRefreshSealed) {
      // A racing refresh of the same token: converge on the family's current refresh token.
      const current = await open(deps.serverKey, family.currentRefreshSealed, `refresh:${family.id}`);
      if (current) return { access: await issueAccess(), refresh: current, scopes };
    }
    // Spec 3.4: a replaced token used after the grace window is treated as stolen.
    await endFamily(tx, now, family.id, "replaced refresh token reused");
    deps.log.warn("oauth.refresh_reuse_detected", { client_id: auth.client.id, family_id: family.id });
    return invalidGrant("the refresh token was already replaced; this install's tokens have ended");
  });
  if (outcome instanceof AppError) throw outcome;
  return tokenResponse(outcome.access, outcome.scopes, outcome.refresh);
}
