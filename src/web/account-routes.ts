// Account and Connected apps pages.
import { Elysia } from "elysia";
import type { WebDeps } from "./web-deps.ts";
import { monthOf } from "../billing/periods.ts";
import { allowanceState } from "../billing/report.ts";
import { AppError, invalidRequest, refusalOr } from "../lib/errors.ts";
import { changePassword, passwordProblem, setPageLanguage, setPassword, verifyPassword } from "../accounts/service.ts";
import { normaliseLang } from "../generation/languages.ts";
import { fieldRefusals } from "./refusal-text.ts";
import { pageLang, uiText } from "./ui-text/index.ts";
import { endUserSessions, type SessionContext } from "../accounts/sessions.ts";
import { accountConnections } from "../accounts/external-signin/account-connections.ts";
import { listConnectedApps, removeConnectedApp } from "../oauth/connected-apps.ts";
import { AccountPage, ConnectedAppsPage, type PasswordErrors } from "./account-pages.tsx";
import { csrfFailed, formString, requireSignedIn, type WebContext } from "./web-context.ts";

type SignedIn = WebContext & { session: SessionContext; user: { email: string; csrf: string } };

export function accountRoutes(deps: WebDeps) {
  const { db } = deps.store;

  /** The Account page: "Change password" for a user with a password, "Set a password" for one without. */
  async function accountPage(ctx: SignedIn, status = 200, errors?: PasswordErrors, hasPassword = ctx.session.user.passwordHash !== null) {
    const { account, user } = ctx.session;
    const connections = await accountConnections(deps.config, db, user.id);
    // Spending goes through the pending ledger; flushing first shows this minute's spending too.
    await deps.ledger.flush();
    const allowance = await allowanceState(db, deps.config, account.id, monthOf(deps.clock.now()));
    const page = AccountPage({
      t: ctx.t,
      user: ctx.user,
      accountId: account.id,
      plan: account.plan,
      allowance,
      isOwner: account.ownerUserId === user.id,
      hasPassword,
      uiLang: normaliseLang(user.uiLang),
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
      if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/account", { kind: "error", text: ctx.t.errors.csrf });
      // No password yet: there is nothing to change (and no current-password field to show an error next to).
      if (ctx.session.user.passwordHash === null) return ctx.redirect("/account", { kind: "error", text: ctx.t.account.noPasswordYet });
      if (!(await verifyPassword(db, ctx.session.user.email, formString(body, "current_password")))) return accountPage(ctx, 400, { current_password: ctx.t.account.wrongCurrent });
      const password = formString(body, "password");
      const changed = await refusalOr(changePassword(db, ctx.session.user.id, password));
      if (changed instanceof AppError) return changed.status === 404 ? ctx.redirect("/signin") : accountPage(ctx, changed.status, fieldRefusals(ctx.t, changed, "password", { password, email: ctx.session.user.email }));
      await endUserSessions(db, ctx.session.user.id, ctx.session.tokenHash);
      deps.log.info("account.password_changed", { user_id: ctx.session.user.id });
      return ctx.redirect("/account", { kind: "ok", text: ctx.t.account.passwordChanged });
    }, { detail: { hide: true } })
    .post("/account/password/set", async ({ request, body }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/account", { kind: "error", text: ctx.t.errors.csrf });
      const { user } = ctx.session;
      // A user who has a password changes it with the current one (the form above); this path never replaces it.
      const haveOne: PasswordErrors = { current_password: ctx.t.account.haveOne };
      if (user.passwordHash !== null) return accountPage(ctx, 400, haveOne);
      const password = formString(body, "password");
      if (password !== formString(body, "password_confirmation")) {
        const rule = passwordProblem(password, user.email) ? fieldRefusals(ctx.t, invalidRequest("password", "password"), "password", { password, email: user.email }) : {};
        return accountPage(ctx, 400, { ...rule, password_confirmation: ctx.t.account.notSame });
      }
      const result = await refusalOr(setPassword(db, user.id, password));
      if (result instanceof AppError) {
        if (result.status === 404) return ctx.redirect("/signin");
        // Set by another request a moment ago: show the page as it is now, with "Change password".
        if (result.status === 409) return accountPage(ctx, 400, haveOne, true);
        return accountPage(ctx, result.status, fieldRefusals(ctx.t, result, "password", { password, email: user.email }));
      }
      await endUserSessions(db, user.id, ctx.session.tokenHash);
      deps.log.info("account.password_set", { user_id: user.id });
      return ctx.redirect("/account", { kind: "ok", text: ctx.t.account.passwordSet });
    }, { detail: { hide: true } })
    // The language of the pages (ui-text/): one of Parla's six, or "auto" to follow Accept-Language.
    .post("/account/language", async ({ request, body }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/account", { kind: "error", text: ctx.t.errors.csrf });
      const choice = formString(body, "ui_lang");
      const lang = choice === "auto" ? null : normaliseLang(choice);
      if (choice !== "auto" && lang === null) return ctx.redirect("/account", { kind: "error", text: ctx.t.errors.generic });
      await setPageLanguage(db, ctx.session.user.id, lang);
      const t = uiText(pageLang(lang, request.headers.get("accept-language")));
      return ctx.redirect("/account", { kind: "ok", text: t.account.languageSaved });
    }, { detail: { hide: true } })
    .get("/account/connected-apps", async ({ request }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      return ctx.page(ConnectedAppsPage({ t: ctx.t, user: ctx.user, apps: await listConnectedApps(db, ctx.session.user.id), flash: ctx.flash }) as string);
    }, { detail: { hide: true } })
    .post("/account/connected-apps/:grantId/remove", async ({ request, body, params }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/account/connected-apps", csrfFailed(ctx));
      const removed = await removeConnectedApp(db, deps.events, deps.clock.now(), ctx.session.user.id, params.grantId);
      if (removed) deps.log.info("connected_app.removed", { user_id: ctx.session.user.id });
      return ctx.redirect("/account/connected-apps", removed ? { kind: "ok", text: "App removed. Its tokens have stopped." } : { kind: "error", text: "No such app." });
    }, { detail: { hide: true } });
}
