// Account and Connected apps pages.
import { Elysia } from "elysia";
import type { AppDeps } from "../app-deps.ts";
import { allowanceCredits, changePassword, verifyPassword } from "../accounts/service.ts";
import { endUserSessions } from "../accounts/sessions.ts";
import { accountConnections } from "../accounts/external-signin/account-connections.ts";
import { listConnectedApps, removeConnectedApp } from "../oauth/connected-apps.ts";
import { AccountPage, ConnectedAppsPage } from "./account-pages.tsx";
import { CSRF_FAILED, formString, requireSignedIn } from "./web-context.ts";

export function accountRoutes(deps: AppDeps) {
  const { db } = deps.store;
  return new Elysia({ name: "web-account" })
    .get("/account", async ({ request }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      const account = ctx.session.account;
      const connections = await accountConnections(deps.config, db, ctx.session.user.id);
      return ctx.page(AccountPage({ user: ctx.user, plan: account.plan, allowance: allowanceCredits(deps.config, account.plan), isOwner: account.ownerUserId === ctx.session.user.id, flash: ctx.flash, connections }) as string);
    }, { detail: { hide: true } })
    .post("/account/password", async ({ request, body }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/account", CSRF_FAILED);
      const account = ctx.session.account;
      const connections = await accountConnections(deps.config, db, ctx.session.user.id);
      const again = (errors: { password?: string; current_password?: string }) =>
        ctx.page(AccountPage({ user: ctx.user, plan: account.plan, allowance: allowanceCredits(deps.config, account.plan), isOwner: account.ownerUserId === ctx.session.user.id, errors, connections }) as string, 400);
      if (!(await verifyPassword(db, ctx.session.user.email, formString(body, "current_password")))) return again({ current_password: "That is not your current password." });
      const problem = await changePassword(db, ctx.session.user.id, formString(body, "password"));
      if (problem) return again({ password: problem });
      await endUserSessions(db, ctx.session.user.id, ctx.session.tokenHash);
      deps.log.info("account.password_changed", { user_id: ctx.session.user.id });
      return ctx.redirect("/account", { kind: "ok", text: "Password changed. Other sessions were signed out." });
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
      const removed = await removeConnectedApp(db, ctx.session.user.id, params.grantId);
      if (removed) deps.log.info("connected_app.removed", { user_id: ctx.session.user.id });
      return ctx.redirect("/account/connected-apps", removed ? { kind: "ok", text: "App removed. Its tokens have stopped." } : { kind: "error", text: "No such app." });
    }, { detail: { hide: true } });
}
