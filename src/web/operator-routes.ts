// Pages for the operator (web/operator.ts): GET /operator/outbox, GET /operator/accounts and
// POST /operator/accounts/:id/plan. Not an operator: 404, as for a route that does not exist.
import { Elysia } from "elysia";
import { findUsers } from "../accounts/user-directory.ts";
import { PLANS, setPlan, type Plan } from "../billing/plans.ts";
import { listOutbox } from "../mail/service.ts";
import { AccountsPage } from "./accounts-page.tsx";
import { OutboxPage } from "./outbox-page.tsx";
import { isOperator } from "./operator.ts";
import { envelope } from "../http/error-responses.ts";
import { csrfFailed, formString, requireSignedIn, type WebContext } from "./web-context.ts";
import type { WebDeps } from "./web-deps.ts";

const OUTBOX_PAGE_SIZE = 50;
const ACCOUNTS_PAGE_SIZE = 50;

export function operatorRoutes(deps: WebDeps) {
  /** The signed-in operator's context; anyone else gets the answer of a route that does not exist (the page's existence is not told either). */
  async function operatorOnly(request: Request, route: string): Promise<{ ctx: WebContext & { user: NonNullable<WebContext["user"]>; session: NonNullable<WebContext["session"]> } } | { response: Response }> {
    const r = await requireSignedIn(deps, request);
    if ("response" in r) return r;
    if (!isOperator(deps.config, r.ctx.session.user.email)) return { response: envelope(404, "not_found", `no route for ${route}`) };
    return r;
  }

  return new Elysia({ name: "web-operator" })
    .get(
      "/operator/outbox",
      async ({ request }) => {
        const r = await operatorOnly(request, "GET /operator/outbox");
        if ("response" in r) return r.response;
        const rows = await listOutbox(deps.store.db, OUTBOX_PAGE_SIZE);
        return r.ctx.page(OutboxPage({ t: r.ctx.t, user: r.ctx.user, rows, smtp: deps.config.smtpUrl !== null }) as string);
      },
      { detail: { hide: true } },
    )
    .get(
      "/operator/accounts",
      async ({ request }) => {
        const r = await operatorOnly(request, "GET /operator/accounts");
        if ("response" in r) return r.response;
        const query = (new URL(request.url).searchParams.get("email") ?? "").trim().slice(0, 320);
        const rows = await findUsers(deps.store.db, { email: query }, ACCOUNTS_PAGE_SIZE);
        return r.ctx.page(AccountsPage({ t: r.ctx.t, user: r.ctx.user, flash: r.ctx.flash, query, rows, limit: ACCOUNTS_PAGE_SIZE }) as string);
      },
      { detail: { hide: true } },
    )
    .post(
      "/operator/accounts/:id/plan",
      async ({ request, params, body }) => {
        const r = await operatorOnly(request, "POST /operator/accounts/:id/plan");
        if ("response" in r) return r.response;
        const { ctx } = r;
        const query = new URL(request.url).searchParams.get("email") ?? "";
        const back = `/operator/accounts${query ? `?email=${encodeURIComponent(query)}` : ""}`;
        if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect(back, csrfFailed(ctx));
        const plan = formString(body, "plan");
        if (!PLANS.includes(plan as Plan)) return ctx.redirect(back, { kind: "error", text: "Choose the free or the paid plan." });
        const changed = await setPlan(deps, params.id, plan as Plan);
        if (!changed) return ctx.redirect(back, { kind: "error", text: "There is no such account." });
        // Who changed which account's plan, from what to what: plans decide what an account may spend.
        deps.log.info("account.plan_changed", { account_id: params.id, from: changed.previous, to: plan, by: ctx.session.user.email, via: "web" });
        return ctx.redirect(back, { kind: "ok", text: `Account ${params.id} is now on the ${plan} plan.` });
      },
      { detail: { hide: true } },
    );
}
