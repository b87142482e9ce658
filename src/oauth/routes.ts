// The authorization server's machine endpoints: token, revoke, metadata. The authorization
// endpoint is a page (consent), so it lives with the pages (web/authorize-routes.ts).
import { and, eq } from "drizzle-orm";
import { Elysia } from "elysia";
import type { CoreDeps } from "../config/core-deps.ts";
import { AppError } from "../lib/errors.ts";
import { clientAddress } from "../http/request-context.ts";
import { hashSecret } from "../lib/secrets.ts";
import { authenticateClient } from "./client-auth.ts";
import { readOAuthForm } from "./form-body.ts";
import { authorizationCodeGrant } from "./grants/authorization-code.ts";
import { clientCredentialsGrant } from "./grants/client-credentials.ts";
import { refreshTokenGrant } from "./grants/refresh-token.ts";
import { authorizationServerMetadata } from "./metadata.ts";
import { accessTokens, refreshTokens, tokenFamilies, grants } from "./schema.ts";
import { createTokenRateLimits } from "./token-rate-limits.ts";
import { accessTokenKey, endFamily } from "./token-store.ts";
import type { EventRecorder } from "../events/recorder.ts";
import { recordRevocation } from "./app-install-events.ts";

export function oauthRoutes(deps: CoreDeps & { events: EventRecorder }) {
  const { db } = deps.store;

  const limits = createTokenRateLimits(deps.config);
  const countRequest = (request: Request, server: Parameters<typeof clientAddress>[0]) => {
    const address = clientAddress(server, request);
    limits.countRequest(address, deps.clock.now());
    return { address, limits };
  };

  return new Elysia({ name: "oauth" })
    .get("/.well-known/oauth-authorization-server", () => authorizationServerMetadata(deps.config), { detail: { hide: true } })
    .post(
      "/oauth/token",
      async ({ request, server }) => {
        const guard = countRequest(request, server);
        const form = await readOAuthForm(request);
        const grantType = form.grant_type;
        if (!grantType) throw new AppError(400, "invalid_request", "grant_type is required");
        if (!["client_credentials", "authorization_code", "refresh_token"].includes(grantType)) {
          throw new AppError(400, "unsupported_grant_type", `grant_type ${grantType} is not supported`);
        }
        const auth = await authenticateClient(deps, request, form, guard);
        if (grantType === "client_credentials") return clientCredentialsGrant(deps, limits, auth, form);
        if (grantType === "authorization_code") return authorizationCodeGrant(deps, auth, form);
        return refreshTokenGrant(deps, auth, form);
      },
      { parse: "none", detail: { hide: true } },
    )
    .post(
      "/oauth/revoke",
      async ({ request, server }) => {
        const guard = countRequest(request, server);
        const form = await readOAuthForm(request);
        const auth = await authenticateClient(deps, request, form, guard);
        const token = form.token;
        if (!token) throw new AppError(400, "invalid_request", "token is required");
        const hash = hashSecret(token);
        const accessKey = accessTokenKey(token);
        const now = deps.clock.now();
        await db.transaction(async (tx) => {
          // RFC 7009 §2.1: only the client's own tokens; unknown tokens are not an error.
          const [refresh] = await tx
            .select({ familyId: refreshTokens.familyId, grantId: tokenFamilies.grantId })
            .from(refreshTokens)
            .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
            .innerJoin(grants, eq(grants.id, tokenFamilies.grantId))
            .where(and(eq(refreshTokens.tokenHash, hash), eq(grants.clientId, auth.client.id)));
          if (refresh) {
            await endFamily(tx, now, refresh.familyId, "revoked by the app");
            await recordRevocation(deps.events, tx, now, refresh.grantId);
            return;
          }
          await tx.delete(accessTokens).where(and(eq(accessTokens.tokenHash, accessKey), eq(accessTokens.clientId, auth.client.id)));
        });
        return new Response(null, { status: 200, headers: { "cache-control": "no-store" } });
      },
      { parse: "none", detail: { hide: true } },
    );
}
