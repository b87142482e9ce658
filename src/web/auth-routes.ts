// Sign-up, sign-in and sign-out (DESIGN §5 stable form names: email, password, csrf_token).
import { Elysia } from "elysia";
import type { WebDeps } from "./web-deps.ts";
import { normaliseEmail, verifyPassword } from "../accounts/service.ts";
import { signUpByEmail } from "../accounts/email-flows.ts";
import { CheckEmailPage } from "./email-pages.tsx";
import { createSession, endSession, SESSION_IDLE_MS } from "../accounts/sessions.ts";
import { MINUTE } from "../lib/clock.ts";
import { AppError, refusalOr } from "../lib/errors.ts";
import { hashSecret } from "../lib/secrets.ts";
import { hitRateLimit, peekRateLimit } from "../http/rate-limit.ts";
import { clientAddress } from "../http/request-context.ts";
import { SignInPage, SignUpPage } from "./auth-pages.tsx";
import { clearCookie, setCookie } from "./cookies.ts";
import { anonymousCsrfToken } from "./csrf.ts";
import { safeNextPath } from "./html-response.ts";
import { configuredProviders } from "../accounts/external-signin/providers.ts";
import { fieldRefusals } from "./refusal-text.ts";
import { csrfFailed, formString, webContext } from "./web-context.ts";

const FAILED_SIGNINS_PER_ACCOUNT = 10;
const ACCOUNT_WINDOW_MS = 15 * MINUTE;

export function authRoutes(deps: WebDeps) {
  const { db } = deps.store;
  const externalProviders = configuredProviders(deps.config);

  async function signedIn(userId: string, next: string, names: ReturnType<typeof webContext> extends Promise<infer C> ? C : never) {
    const { token } = await createSession(db, deps.clock.now(), userId);
    return names.redirect(next, undefined, [setCookie(names.names, names.names.session, token, SESSION_IDLE_MS / 1000)]);
  }

  return new Elysia({ name: "web-auth" })
    .get("/signin", async ({ request, query }) => {
      const ctx = await webContext(deps, request);
      const next = safeNextPath(query.next);
      if (ctx.session) return ctx.redirect(next);
      const csrf = anonymousCsrfToken(request, ctx.names);
      return ctx.page(SignInPage({ t: ctx.t, csrf: csrf.token, externalProviders, next: query.next ? next : undefined, flash: ctx.flash }) as string, 200, csrf.cookie ? [csrf.cookie] : []);
    }, { detail: { hide: true } })
    .post("/signin", async ({ request, body, query, server }) => {
      const ctx = await webContext(deps, request);
      const next = safeNextPath(query.next);
      const csrf = anonymousCsrfToken(request, ctx.names);
      const email = formString(body, "email");
      const again = (status: number, errors: { email?: string; password?: string; form?: string }) =>
        ctx.page(SignInPage({ t: ctx.t, csrf: csrf.token, externalProviders, email, errors, next: query.next ? next : undefined }) as string, status, csrf.cookie ? [csrf.cookie] : []);
      if (!ctx.csrfOk(formString(body, "csrf_token"))) return again(403, { form: ctx.t.errors.csrf });
      const now = deps.clock.now();
      const perAddress = await hitRateLimit(db, `signin:ip:${clientAddress(server, request)}`, now, MINUTE, deps.config.rateLimitSigninPerAddressPerMinute);
      const accountKey = `signin:acct:${hashSecret(normaliseEmail(email) ?? email)}`;
      const perAccount = await peekRateLimit(db, accountKey, now, ACCOUNT_WINDOW_MS, FAILED_SIGNINS_PER_ACCOUNT);
      if (!perAddress.ok || !perAccount.ok) {
        const wait = !perAddress.ok ? perAddress.retryAfterSeconds : !perAccount.ok ? perAccount.retryAfterSeconds : 60;
        return again(429, { form: ctx.t.auth.tooManySignIns(Math.ceil(wait / 60)) });
      }
      const user = await verifyPassword(db, email, formString(body, "password"));
      if (!user) {
        await hitRateLimit(db, accountKey, now, ACCOUNT_WINDOW_MS, FAILED_SIGNINS_PER_ACCOUNT);
        deps.log.info("signin.failed", { address: clientAddress(server, request) });
        // The same words whether the e-mail exists or not.
        return again(400, { form: ctx.t.auth.wrongCredentials });
      }
      deps.log.info("signin.ok", { user_id: user.id });
      return signedIn(user.id, next, ctx);
    }, { detail: { hide: true } })
    .get("/signup", async ({ request, query }) => {
      const ctx = await webContext(deps, request);
      if (ctx.session) return ctx.redirect("/learn");
      const csrf = anonymousCsrfToken(request, ctx.names);
      return ctx.page(SignUpPage({ t: ctx.t, csrf: csrf.token, externalProviders, next: query.next ? safeNextPath(query.next) : undefined }) as string, 200, csrf.cookie ? [csrf.cookie] : []);
    }, { detail: { hide: true } })
    .post("/signup", async ({ request, body, query, server }) => {
      const ctx = await webContext(deps, request);
      const next = safeNextPath(query.next);
      const csrf = anonymousCsrfToken(request, ctx.names);
      const email = formString(body, "email");
      const again = (status: number, errors: { email?: string; password?: string; form?: string }) =>
        ctx.page(SignUpPage({ t: ctx.t, csrf: csrf.token, externalProviders, email, errors, next: query.next ? next : undefined }) as string, status, csrf.cookie ? [csrf.cookie] : []);
      if (!ctx.csrfOk(formString(body, "csrf_token"))) return again(403, { form: ctx.t.errors.csrf });
      const limit = await hitRateLimit(db, `signup:ip:${clientAddress(server, request)}`, deps.clock.now(), MINUTE, deps.config.rateLimitSigninPerAddressPerMinute);
      if (!limit.ok) return again(429, { form: ctx.t.auth.tooManyAttempts });
      const password = formString(body, "password");
      const r = await refusalOr(signUpByEmail(deps, { email, password, next }));
      if (r instanceof AppError) return again(r.status, fieldRefusals(ctx.t, r, "form", { password, email }));
      // The same page whether the address was new (a verification link) or had an account (a note to its owner).
      return ctx.page(CheckEmailPage({ t: ctx.t, email: normaliseEmail(email)!, held: deps.config.smtpUrl === null }) as string, 200, csrf.cookie ? [csrf.cookie] : []);
    }, { detail: { hide: true } })
    .post("/signout", async ({ request, body }) => {
      const ctx = await webContext(deps, request);
      if (ctx.session) {
        if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/learn", csrfFailed(ctx));
        await endSession(db, ctx.session.tokenHash);
      }
      return ctx.redirect("/signin", { kind: "ok", text: ctx.t.auth.signedOut }, [clearCookie(ctx.names, ctx.names.session)]);
    }, { detail: { hide: true } });
}
