// The authorization endpoint (RFC 6749 §3.1, spec 5.3): a page that checks the request, signs the
// user in, and asks for consent. The rules live in oauth/authorization-request.ts.
import { Elysia } from "elysia";
import type { CoreDeps } from "../config/core-deps.ts";
import { checkAuthorizationRequest, readAuthorizeParams, existingGrantCovers, issueAuthorizationCode, redirectBack, type AuthorizationCheck } from "../oauth/authorization-request.ts";
import { AuthorizeErrorPage, ConsentPage } from "./consent-page.tsx";
import { htmlResponse } from "./html-response.ts";
import { pageLang, uiText } from "./ui-text/index.ts";
import { CSRF_FAILED, formString, requireSignedIn } from "./web-context.ts";
import type { WebDeps } from "./web-deps.ts";

function answerCheckFailure(deps: CoreDeps, request: Request, check: Exclude<AuthorizationCheck, { kind: "ok" }>): Response {
  if (check.kind === "show_error") return htmlResponse(AuthorizeErrorPage({ t: uiText(pageLang(null, request.headers.get("accept-language"))), message: check.message }) as string, 400);
  return redirectBack(deps, check.redirectUri, { error: check.error, error_description: check.description, state: check.state });
}

export function authorizeRoutes(deps: WebDeps) {
  const { db } = deps.store;
  return new Elysia({ name: "oauth-authorize" })
    .get(
      "/oauth/authorize",
      async ({ request }) => {
        // Read from the URL itself: the parsed query keeps only the last of a repeated parameter.
        const authorize = readAuthorizeParams(new URL(request.url).searchParams.entries());
        const { params } = authorize;
        const check = await checkAuthorizationRequest(deps, authorize);
        if (check.kind !== "ok") return answerCheckFailure(deps, request, check);
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
          ConsentPage({ t: ctx.t, clientName: authz.client.name, clientType: authz.client.type, redirectHost: new URL(authz.redirectUri).host || authz.redirectUri, scopes: authz.scopes, params, user: ctx.user }) as string,
        );
      },
      { detail: { hide: true } },
    )
    .post(
      "/oauth/authorize",
      async ({ request, body }) => {
        const form = (body ?? {}) as Record<string, unknown>;
        const check = await checkAuthorizationRequest(deps, readAuthorizeParams(Object.entries(form)));
        if (check.kind !== "ok") return answerCheckFailure(deps, request, check);
        const signedIn = await requireSignedIn(deps, request);
        if ("response" in signedIn) return signedIn.response;
        const { ctx } = signedIn;
        if (!ctx.csrfOk(formString(form, "csrf_token"))) return ctx.page(AuthorizeErrorPage({ t: ctx.t, message: CSRF_FAILED.text }) as string, 403);
        const { request: authz } = check;
        const decision = formString(form, "decision");
        if (decision === "deny") return redirectBack(deps, authz.redirectUri, { error: "access_denied", error_description: "the user denied access", state: authz.state });
        if (decision !== "approve") return ctx.page(AuthorizeErrorPage({ t: ctx.t, message: "Choose Allow or Deny." }) as string, 400);
        const code = await issueAuthorizationCode(deps, ctx.session.user.id, authz);
        deps.log.info("oauth.consent_approved", { client_id: authz.client.id, user_id: ctx.session.user.id });
        return redirectBack(deps, authz.redirectUri, { code, state: authz.state });
      },
      { detail: { hide: true } },
    );
}
