// Account and Connected apps pages.
import { Elysia } from "elysia";
import type { WebDeps } from "./web-deps.ts";
import { allowanceCredits } from "../billing/plans.ts";
import { AppError, refusalOr } from "../lib/errors.ts";
import { fieldErrors } from "./form-errors.ts";
import { changePassword, passwordProblem, setPassword, verifyPassword } from "../accounts/service.ts";
import { endUserSessions, type SessionContext } from "../accounts/sessions.ts";
import { accountConnections } from "../accounts/external-signin/account-connections.ts";
import { listConnectedApps, removeConnectedApp } from "../oauth/connected-apps.ts";
import { AccountPage, ConnectedAppsPage, type PasswordErrors } from "./account-pages.tsx";
import { CSRF_FAILED, formString, requireSignedIn, type WebContext } from "./web-context.ts";

type SignedIn = WebContext & { session: SessionContext; user: { email: string; csrf: string } };

export function accountRoutes(deps: WebDeps) {
  const { db } = deps.store;

  /** The Account page: "Change password" for a user with a password, "Set a password" for one without. */
  async function accountPage(ctx: SignedIn, status = 200, errors?: PasswordErrors, hasPassword = ctx.session.user.passwordHash !== null) {
    const { account, user } = ctx.session;
    const connections = await accountConnections(deps.config, db, user.id);
    const page = AccountPage({
      user: ctx.user,
      plan: account.plan,
      allowance: allowanceCredits(deps.config, account.plan),
      isOwner: account.ownerUserId === user.id,
      hasPassword,
      flash: status === 200 ? ctx.flash : null,
      errors,
      connections,
    });
    return ctx.page(page as string, status);
  }

  return new Elysia({ name: "web-account" })
    .get("/account", async ({ request }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      return accountPage(r.ctx);
    }, { detail: { hide: true } })
    .post("/account/password", async ({ request, body }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/account", CSRF_FAILED);
      // No password yet: there is nothing to change (and no current-password field to show an error next to).
      if (ctx.session.user.passwordHash === null) return ctx.redirect("/account", { kind: "error", text: "You have no password yet. Set one below." });
      if (!(await verifyPassword(db, ctx.session.user.email, formString(body, "current_password")))) return accountPage(ctx, 400, { current_password: "That is not your current password." });
      const changed = await refusalOr(changePassword(db, ctx.session.user.id, formString(body, "password")));
      if (changed instanceof AppError) return changed.status === 404 ? ctx.redirect("/signin") : accountPage(ctx, changed.status, fieldErrors(changed, "password"));
      await endUserSessions(db, ctx.session.user.id, ctx.session.tokenHash);
      deps.log.info("account.password_changed", { user_id: ctx.session.user.id });
      return ctx.redirect("/account", { kind: "ok", text: "Password changed. Other sessions were signed out." });
    }, { detail: { hide: true } })
    .post("/account/password/set", async ({ request, body }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/account", CSRF_FAILED);
      const { user } = ctx.session;
      // A user who has a password changes it with the current one (the form above); this path never replaces it.
      const haveOne: PasswordErrors = { current_password: "You already have a password. Enter it to change it." };
      if (user.passwordHash !== null) return accountPage(ctx, 400, haveOne);
      const password = formString(body, "password");
      if (password !== formString(body, "password_confirmation")) {
        return accountPage(ctx, 400, { password: passwordProblem(password, user.email) ?? undefined, password_confirmation: "the two passwords are not the same" });
      }
      const result = await refusalOr(setPassword(db, user.id, password));
      if (result instanceof AppError) {
        if (result.status === 404) return ctx.redirect("/signin");
        // Set by another request a moment ago: show the page as it is now, with "Change password".
        if (result.status === 409) return accountPage(ctx, 400, haveOne, true);
        return accountPage(ctx, result.status, fieldErrors(result, "password"));
      }
      await endUserSessions(db, user.id, ctx.session.tokenHash);
      deps.log.info("account.password_set", { user_id: user.id });
      return ctx.redirect("/account", { kind: "ok", text: "Password set. You can now sign in with your e-mail address and password. Other sessions were signed out." });
    }, { detail: { hide: true } })
    .get("/account/connected-apps", async ({ request }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      return ctx.page(ConnectedAppsPage({ user: ctx.user, apps: await listConnectedApps(db, ctx.session.user.id), flash: ctx.flash }) as string);
    }, { detail: { hide: true } })
    .post("/account/connected-apps/:grantId/remove", async ({ request, body, params }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/account/connected-apps", CSRF_FAILED);
      const removed = await removeConnectedApp(db, deps.events, deps.clock.now(), ctx.session.user.id, params.grantId);
      if (removed) deps.log.info("connected_app.removed", { user_id: ctx.session.user.id });
      return ctx.redirect("/account/connected-apps", removed ? { kind: "ok", text: "App removed. Its tokens have stopped." } : { kind: "error", text: "No such app." });
    }, { detail: { hide: true } });
}
