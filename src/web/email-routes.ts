// Address verification and password reset (accounts/email-flows.ts): thin handlers.
import { Elysia } from "elysia";
import type { WebDeps } from "./web-deps.ts";
import { confirmEmail, requestPasswordReset, resetLinkUser, resetPassword, sendVerification } from "../accounts/email-flows.ts";
import { normaliseEmail } from "../accounts/service.ts";
import { createSession, SESSION_IDLE_MS } from "../accounts/sessions.ts";
import { MINUTE } from "../lib/clock.ts";
import { AppError, refusalOr } from "../lib/errors.ts";
import { hitRateLimit } from "../http/rate-limit.ts";
import { clientAddress } from "../http/request-context.ts";
import { setCookie } from "./cookies.ts";
import { anonymousCsrfToken, csrfValid } from "./csrf.ts";
import { DeadLinkPage, ForgotPasswordPage, ResetPasswordPage } from "./email-pages.tsx";
import { safeNextPath } from "./html-response.ts";
import { fieldRefusal } from "./refusal-text.ts";
import { csrfFailed, formString, requireSignedIn, webContext, type WebContext } from "./web-context.ts";

export function emailRoutes(deps: WebDeps) {
  const { db } = deps.store;

  async function signInAs(ctx: WebContext, userId: string, next: string, text: string) {
    const { token } = await createSession(db, deps.clock.now(), userId);
    return ctx.redirect(next, { kind: "ok", text }, [setCookie(ctx.names, ctx.names.session, token, SESSION_IDLE_MS / 1000)]);
  }

  return new Elysia({ name: "web-email" })
    .get("/verify-email", async ({ request, query }) => {
      const ctx = await webContext(deps, request);
      const user = await confirmEmail(deps, query.token);
      if (!user) return ctx.page(DeadLinkPage({ t: ctx.t }) as string, 400);
      deps.log.info("email.verified", { user_id: user.id });
      const next = safeNextPath(query.next);
      // The link reached the address: it signs its owner in, unless this browser already is.
      if (ctx.session?.user.id === user.id) return ctx.redirect(next, { kind: "ok", text: ctx.t.email.confirmed });
      return signInAs(ctx, user.id, next, ctx.t.email.confirmed);
    }, { detail: { hide: true } })
    .post("/account/verify-email", async ({ request, body }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/admin", csrfFailed(ctx));
      if (ctx.session.user.emailUnverifiedSince === null) return ctx.redirect("/admin", { kind: "ok", text: "Your e-mail address is already confirmed." });
      const limit = await hitRateLimit(db, `verify:user:${ctx.session.user.id}`, deps.clock.now(), 10 * MINUTE, 3);
      if (!limit.ok) return ctx.redirect("/admin", { kind: "error", text: "We sent several links already. Wait a few minutes, and look in your spam folder." });
      await sendVerification(deps, ctx.session.user.id, ctx.session.user.email, "/admin");
      const sent = deps.config.smtpUrl === null ? `A new link for ${ctx.session.user.email} is held in the operator's outbox (no mail server is configured).` : `We sent a new link to ${ctx.session.user.email}.`;
      return ctx.redirect("/admin", { kind: "ok", text: sent });
    }, { detail: { hide: true } })
    .get("/password/forgot", async ({ request }) => {
      const ctx = await webContext(deps, request);
      const csrf = anonymousCsrfToken(request, ctx.names);
      return ctx.page(ForgotPasswordPage({ t: ctx.t, csrf: csrf.token, flash: ctx.flash }) as string, 200, csrf.cookie ? [csrf.cookie] : []);
    }, { detail: { hide: true } })
    .post("/password/forgot", async ({ request, body, server }) => {
      const ctx = await webContext(deps, request);
      const csrf = anonymousCsrfToken(request, ctx.names);
      const email = formString(body, "email");
      const again = (status: number, error: string) => ctx.page(ForgotPasswordPage({ t: ctx.t, csrf: csrf.token, email, error }) as string, status, csrf.cookie ? [csrf.cookie] : []);
      if (!ctx.csrfOk(formString(body, "csrf_token"))) return again(403, ctx.t.errors.csrf);
      if (!normaliseEmail(email)) return again(400, ctx.t.errors.invalidEmail);
      const limit = await hitRateLimit(db, `reset:ip:${clientAddress(server, request)}`, deps.clock.now(), MINUTE, deps.config.rateLimitSigninPerAddressPerMinute);
      if (!limit.ok) return again(429, ctx.t.auth.tooManyAttempts);
      await requestPasswordReset(deps, email);
      // The same answer whether or not the address has an account.
      return ctx.page(ForgotPasswordPage({ t: ctx.t, csrf: csrf.token, email: normaliseEmail(email)!, sent: true, held: deps.config.smtpUrl === null }) as string);
    }, { detail: { hide: true } })
    .get("/password/reset", async ({ request, query }) => {
      const ctx = await webContext(deps, request);
      if (!(await resetLinkUser(deps, query.token))) return ctx.page(DeadLinkPage({ t: ctx.t }) as string, 400);
      const csrf = anonymousCsrfToken(request, ctx.names);
      return ctx.page(ResetPasswordPage({ t: ctx.t, csrf: csrf.token, token: String(query.token) }) as string, 200, csrf.cookie ? [csrf.cookie] : []);
    }, { detail: { hide: true } })
    .post("/password/reset", async ({ request, body }) => {
      const ctx = await webContext(deps, request);
      const csrf = anonymousCsrfToken(request, ctx.names);
      const token = formString(body, "token");
      // The reset form is an anonymous one (double-submit token), whatever session the browser has.
      if (!csrfValid(deps.config, ctx.names, request, formString(body, "csrf_token"), null)) {
        return ctx.page(ResetPasswordPage({ t: ctx.t, csrf: csrf.token, token, error: ctx.t.errors.csrf }) as string, 403, csrf.cookie ? [csrf.cookie] : []);
      }
      const password = formString(body, "password");
      const user = await refusalOr(resetPassword(deps, token, password));
      // The form has one field, the password; a refusal about the link itself is the dead-link page.
      if (user instanceof AppError && user.param === "password") return ctx.page(ResetPasswordPage({ t: ctx.t, csrf: csrf.token, token, error: fieldRefusal(ctx.t, user, { password }) }) as string, user.status, csrf.cookie ? [csrf.cookie] : []);
      if (user instanceof AppError) return ctx.page(DeadLinkPage({ t: ctx.t }) as string, user.status);
      deps.log.info("password.reset", { user_id: user.id });
      return signInAs(ctx, user.id, "/learn", ctx.t.email.passwordReset);
    }, { detail: { hide: true } });
}
