// External sign-in (OpenID Connect Core 1.0): GET /signin/{provider} starts an authorization code flow with
// state, PKCE S256 and (OIDC) nonce; GET /signin/{provider}/callback finishes it and signs the person
// in exactly like a password sign-in. From the Account page a signed-in user connects (POST, CSRF
// token) or removes a provider. Every failure is a page with a message and a 4xx/502 status.
import { Elysia } from "elysia";
import type { WebDeps } from "./web-deps.ts";
import { createSession, SESSION_IDLE_MS, type SessionContext } from "../accounts/sessions.ts";
import { failureStatus, type FailureReason } from "../accounts/external-signin/failure-messages.ts";
import { failureText } from "./signin-failure-text.ts";
import { isProviderId, type ProviderId } from "../accounts/external-signin/identity.ts";
import { connectIdentity, removeConnection, signInWithIdentity } from "../accounts/external-signin/link-identity.ts";
import { buildProviders, configuredProviders, type SignInProvider } from "../accounts/external-signin/providers.ts";
import { newSignInState, openSignInState, sealSignInState, STATE_LIFETIME_MS, type SignInState } from "../accounts/external-signin/signin-state.ts";
import { hitRateLimit } from "../http/rate-limit.ts";
import { clientAddress } from "../http/request-context.ts";
import { MINUTE } from "../lib/clock.ts";
import { AppError, refusalOr } from "../lib/errors.ts";
import { constantTimeEqual } from "../lib/secrets.ts";
import { SignInPage } from "./auth-pages.tsx";
import { clearCookie, readCookie, setCookie, type CookieNames } from "./cookies.ts";
import { anonymousCsrfToken } from "./csrf.ts";
import { safeNextPath } from "./html-response.ts";
import { csrfFailed, formString, requireSignedIn, webContext, type WebContext } from "./web-context.ts";

/** Same prefix rule as the session cookie: __Host- (Secure, Path=/, no Domain) when the web app is https. */
function stateCookieName(names: CookieNames): string {
  return names.secure ? "__Host-parla_external_signin" : "parla_external_signin";
}

const CODE_MAX = 2048;

export function externalSigninRoutes(deps: WebDeps, providers: Map<ProviderId, SignInProvider> = buildProviders(deps.config, deps.clock)) {
  const { db } = deps.store;
  const summaries = configuredProviders(deps.config);
  const providerFor = (id: string): SignInProvider | null => (isProviderId(id) ? (providers.get(id) ?? null) : null);

  /** The sign-in page again, with the message and status for this reason (the browser stays on our origin). */
  function signInFailure(ctx: WebContext, status: number, text: string, cookies: string[]): Response {
    const csrf = anonymousCsrfToken(ctx.request, ctx.names);
    const html = SignInPage({ t: ctx.t, csrf: csrf.token, flash: { kind: "error", text }, externalProviders: summaries }) as string;
    return ctx.page(html, status, [...cookies, ...(csrf.cookie ? [csrf.cookie] : [])]);
  }

  function notConfigured(ctx: WebContext): Response {
    return signInFailure(ctx, 404, ctx.t.signin.notSetUp, []);
  }

  function fail(ctx: WebContext, provider: SignInProvider, mode: SignInState["mode"], reason: FailureReason): Response {
    deps.log.info("signin.external.failed", { provider: provider.id, mode, reason });
    const text = failureText(ctx.t, reason, provider.label);
    const clear = [clearCookie(ctx.names, stateCookieName(ctx.names))];
    // A signed-in user who was connecting goes back to the Account page, where the connection lives.
    if (mode === "connect") return ctx.redirect("/account", { kind: "error", text }, clear);
    return signInFailure(ctx, failureStatus(reason), text, clear);
  }

  /** Seals the attempt into the state cookie and sends the browser to the provider (RFC 6749 §4.1.1). */
  async function begin(ctx: WebContext, provider: SignInProvider, input: { mode: SignInState["mode"]; next: string; session: SessionContext | null }): Promise<Response> {
    const state = newSignInState({ provider: provider.id, next: input.next, mode: input.mode, sessionHash: input.session?.tokenHash ?? null, nowMs: deps.clock.now() });
    const url = await provider.authorizationUrl(state);
    if (!url.ok) return fail(ctx, provider, input.mode, url.reason);
    const cookie = setCookie(ctx.names, stateCookieName(ctx.names), await sealSignInState(deps.serverKey, state), STATE_LIFETIME_MS / 1000);
    return ctx.redirect(url.url.toString(), undefined, [cookie]);
  }

  async function finishSignIn(ctx: WebContext, provider: SignInProvider, state: SignInState, code: string): Promise<Response> {
    const identified = await provider.identify(code, state);
    if (!identified.ok) return fail(ctx, provider, "signin", identified.reason);
    const outcome = await signInWithIdentity(db, deps.clock.now(), identified.identity);
    if (!outcome.ok) return fail(ctx, provider, "signin", outcome.reason);
    const { token } = await createSession(db, deps.clock.now(), outcome.userId);
    deps.log.info("signin.external.ok", { provider: provider.id, user_id: outcome.userId, created: outcome.created });
    return ctx.redirect(safeNextPath(state.next), undefined, [clearCookie(ctx.names, stateCookieName(ctx.names)), setCookie(ctx.names, ctx.names.session, token, SESSION_IDLE_MS / 1000)]);
  }

  async function finishConnect(ctx: WebContext, provider: SignInProvider, state: SignInState, code: string): Promise<Response> {
    // The attempt is bound to the session that started it: finishing in another session (or none) would attach the identity to the wrong person.
    if (!ctx.session || !state.sessionHash || !constantTimeEqual(ctx.session.tokenHash, state.sessionHash)) return fail(ctx, provider, "connect", "session_changed");
    const identified = await provider.identify(code, state);
    if (!identified.ok) return fail(ctx, provider, "connect", identified.reason);
    const outcome = await connectIdentity(db, deps.clock.now(), ctx.session.user.id, identified.identity);
    if (!outcome.ok) return fail(ctx, provider, "connect", outcome.reason);
    deps.log.info("signin.external.connected", { provider: provider.id, user_id: ctx.session.user.id });
    return ctx.redirect("/account", { kind: "ok", text: ctx.t.signin.connected(provider.label) }, [clearCookie(ctx.names, stateCookieName(ctx.names))]);
  }

  async function callback(ctx: WebContext, provider: SignInProvider, query: Record<string, string | undefined>, address: string): Promise<Response> {
    const opened = await openSignInState(deps.serverKey, readCookie(ctx.request, stateCookieName(ctx.names)), { provider: provider.id, returnedState: query.state, nowMs: deps.clock.now() });
    const mode = opened.ok ? opened.state.mode : "signin";
    // RFC 6749 §4.1.2.1: the provider reports a refusal with `error` instead of `code`.
    if (query.error !== undefined) return fail(ctx, provider, mode, query.error === "access_denied" ? "provider_denied" : "provider_error");
    if (!opened.ok) return fail(ctx, provider, mode, opened.reason);
    const code = query.code;
    if (typeof code !== "string" || code.length === 0 || code.length > CODE_MAX) return fail(ctx, provider, mode, "missing_code");
    // Each callback makes outgoing calls to the provider: bound them per address like password sign-ins.
    const limit = await hitRateLimit(db, `signin-external:ip:${address}`, deps.clock.now(), MINUTE, deps.config.rateLimitSigninPerAddressPerMinute);
    if (!limit.ok) return fail(ctx, provider, mode, "rate_limited");
    return mode === "connect" ? finishConnect(ctx, provider, opened.state, code) : finishSignIn(ctx, provider, opened.state, code);
  }

  return new Elysia({ name: "web-external-signin" })
    .get("/signin/:provider", async ({ request, params, query }) => {
      const ctx = await webContext(deps, request);
      const provider = providerFor(params.provider);
      if (!provider) return notConfigured(ctx);
      const next = safeNextPath(query.next);
      if (ctx.session) return ctx.redirect(next);
      try {
        return await begin(ctx, provider, { mode: "signin", next, session: null });
      } catch (error) {
        deps.log.error("signin.external.error", { provider: provider.id, error });
        return fail(ctx, provider, "signin", "unexpected");
      }
    }, { detail: { hide: true } })
    .get("/signin/:provider/callback", async ({ request, params, query, server }) => {
      const ctx = await webContext(deps, request);
      const provider = providerFor(params.provider);
      if (!provider) return notConfigured(ctx);
      try {
        return await callback(ctx, provider, query, clientAddress(server, request));
      } catch (error) {
        // Only the message is logged (redacted by the logger); never the code, tokens or a stack.
        deps.log.error("signin.external.error", { provider: provider.id, error });
        return fail(ctx, provider, "signin", "unexpected");
      }
    }, { detail: { hide: true } })
    .post("/account/connections/:provider/connect", async ({ request, params, body }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/account", csrfFailed(ctx));
      const provider = providerFor(params.provider);
      if (!provider) return ctx.redirect("/account", { kind: "error", text: ctx.t.signin.notSetUp });
      try {
        return await begin(ctx, provider, { mode: "connect", next: "/account", session: ctx.session });
      } catch (error) {
        deps.log.error("signin.external.error", { provider: provider.id, error });
        return fail(ctx, provider, "connect", "unexpected");
      }
    }, { detail: { hide: true } })
    .post("/account/connections/:provider/remove", async ({ request, params, body }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/account", csrfFailed(ctx));
      if (!isProviderId(params.provider)) return ctx.redirect("/account", { kind: "error", text: ctx.t.signin.noSuchConnection });
      const removed = await refusalOr(removeConnection(db, ctx.session.user.id, params.provider));
      if (removed instanceof AppError) return ctx.redirect("/account", { kind: "error", text: removed.status === 409 ? ctx.t.signin.lastWayIn : ctx.t.signin.noSuchConnection });
      deps.log.info("signin.external.removed", { provider: params.provider, user_id: ctx.session.user.id });
      return ctx.redirect("/account", { kind: "ok", text: ctx.t.signin.connectionRemoved });
    }, { detail: { hide: true } });
}
