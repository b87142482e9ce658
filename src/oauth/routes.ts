// The authorization server's HTTP surface: token, authorize + consent, revoke, metadata.
import { and, eq } from "drizzle-orm";
import { Elysia } from "elysia";
import type { AppDeps } from "../app-deps.ts";
import { OAuthError } from "../http/api-error.ts";
import { clientAddress } from "../http/request-context.ts";
import { hashSecret } from "../lib/secrets.ts";
import { htmlResponse } from "../web/html-response.ts";
import { CSRF_FAILED, formString, requireSignedIn } from "../web/web-context.ts";
import { checkAuthorizationRequest, readAuthorizeParams, existingGrantCovers, issueAuthorizationCode, redirectBack, type AuthorizationCheck } from "./authorization-request.ts";
import { authenticateClient } from "./client-auth.ts";
import { AuthorizeErrorPage, ConsentPage } from "./consent-page.tsx";
import { readOAuthForm } from "./form-body.ts";
import { authorizationCodeGrant } from "./grants/authorization-code.ts";
import { clientCredentialsGrant } from "./grants/client-credentials.ts";
import { refreshTokenGrant } from "./grants/refresh-token.ts";
import { authorizationServerMetadata } from "./metadata.ts";
import { accessTokens, refreshTokens, tokenFamilies, grants } from "./schema.ts";
import { createTokenRateLimits } from "./token-rate-limits.ts";
import { endFamily } from "./token-store.ts";

function answerCheckFailure(deps: AppDeps, check: Exclude<AuthorizationCheck, { kind: "ok" }>): Response {
  if (check.kind === "show_error") return htmlResponse(AuthorizeErrorPage({ message: check.message }) as string, 400);
  return redirectBack(deps, check.redirectUri, { error: check.error, error_description: check.description, state: check.state });
}

export function oauthRoutes(deps: AppDeps) {
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
        if (!grantType) throw new OAuthError(400, "invalid_request", "grant_type is required");
        if (!["client_credentials", "authorization_code", "refresh_token"].includes(grantType)) {
          throw new OAuthError(400, "unsupported_grant_type", `grant_type ${grantType} is not supported`);
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
        if (!token) throw new OAuthError(400, "invalid_request", "token is required");
        const hash = hashSecret(token);
        const now = deps.clock.now();
        await db.transaction(async (tx) => {
          // RFC 7009 §2.1: only the client's own tokens; unknown tokens are not an error.
          const [refresh] = await tx
            .select({ familyId: refreshTokens.familyId })
            .from(refreshTokens)
            .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
            .innerJoin(grants, eq(grants.id, tokenFamilies.grantId))
            .where(and(eq(refreshTokens.tokenHash, hash), eq(grants.clientId, auth.client.id)));
          if (refresh) {
            await endFamily(tx, now, refresh.familyId, "revoked by the app");
            return;
          }
          await tx.delete(accessTokens).where(and(eq(accessTokens.tokenHash, hash), eq(accessTokens.clientId, auth.client.id)));
        });
        return new Response(null, { status: 200, headers: { "cache-control": "no-store" } });
      },
      { parse: "none", detail: { hide: true } },
    )
    .get(
      "/oauth/authorize",
      async ({ request }) => {
        // Read from the URL itself: the parsed query keeps only the last of a repeated parameter.
        const authorize = readAuthorizeParams(new URL(request.url).searchParams.entries());
        const { params } = authorize;
        const check = await checkAuthorizationRequest(deps, authorize);
        if (check.kind !== "ok") return answerCheckFailure(deps, check);
        const signedIn = await requireSignedIn(deps, request);
        if ("response" in signedIn) return signedIn.response;
        const { ctx } = signedIn;
        const { request: authz } = check;
        // A confidential client the user already approved for these scopes skips consent; a public
        // client (anyone can claim its client_id) always asks (spec 5.3.6).
        if (authz.client.type === "confidential" && (await existingGrantCovers(db, ctx.session.user.id, authz.client.id, authz.scopes))) {
          const code = await issueAuthorizationCode(deps, ctx.session.user.id, authz);
          return redirectBack(deps, authz.redirectUri, { code, state: authz.state });
        }
        return ctx.page(
          ConsentPage({ clientName: authz.client.name, clientType: authz.client.type, redirectHost: new URL(authz.redirectUri).host || authz.redirectUri, scopes: authz.scopes, params, user: ctx.user }) as string,
        );
      },
      { detail: { hide: true } },
    )
    .post(
      "/oauth/authorize",
      async ({ request, body }) => {
        const form = (body ?? {}) as Record<string, unknown>;
        const check = await checkAuthorizationRequest(deps, readAuthorizeParams(Object.entries(form)));
        if (check.kind !== "ok") return answerCheckFailure(deps, check);
        const signedIn = await requireSignedIn(deps, request);
        if ("response" in signedIn) return signedIn.response;
        const { ctx } = signedIn;
        if (!ctx.csrfOk(formString(form, "csrf_token"))) return ctx.page(AuthorizeErrorPage({ message: CSRF_FAILED.text }) as string, 403);
        const { request: authz } = check;
        const decision = formString(form, "decision");
        if (decision === "deny") return redirectBack(deps, authz.redirectUri, { error: "access_denied", error_description: "the user denied access", state: authz.state });
        if (decision !== "approve") return ctx.page(AuthorizeErrorPage({ message: "Choose Allow or Deny." }) as string, 400);
        const code = await issueAuthorizationCode(deps, ctx.session.user.id, authz);
        deps.log.info("oauth.consent_approved", { client_id: authz.client.id, user_id: ctx.session.user.id });
        return redirectBack(deps, authz.redirectUri, { code, state: authz.state });
      },
      { detail: { hide: true } },
    );
}
