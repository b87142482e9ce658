// Usage page routes: thin handlers over billing/account-usage.ts and billing/metered-settings.ts.
// Every member of the account may look; only its owner may change usage billing (spec 5.6.3).
import { Elysia } from "elysia";
import type { WebDeps } from "./web-deps.ts";
import { accountMonth } from "../billing/account-usage.ts";
import { parseSpendLimit, setAccountSpendLimit, setMeteredActive, setMeteredClientLimit } from "../billing/metered-settings.ts";
import { AppError, refusalOr } from "../lib/errors.ts";
import { monthOf, nextMonth, parseMonth, previousMonth } from "../billing/periods.ts";
import { usageCsv } from "../billing/usage-export.ts";
import type { Flash } from "./layout.tsx";
import { UsagePage } from "./usage-page.tsx";
import { usageSummary } from "../generation/llm/usage-store.ts";
import { DAY } from "../lib/clock.ts";
import { isOperator } from "./operator.ts";

/** How far back the operators' model-usage table looks. */
const MODEL_USAGE_DAYS = 30;
import { CSRF_FAILED, formString, requireSignedIn, type WebContext } from "./web-context.ts";

const NOT_OWNER = "Only the account's owner can change usage billing and spending limits.";

type SignedIn = WebContext & { session: NonNullable<WebContext["session"]>; user: NonNullable<WebContext["user"]> };

export function usageRoutes(deps: WebDeps) {
  const { db } = deps.store;

  async function render(ctx: SignedIn, month: string, errors: Record<string, string> = {}, status = 200) {
    const account = ctx.session.account;
    const current = monthOf(deps.clock.now());
    const data = await accountMonth(deps, account.id, month);
    const modelUsage = isOperator(deps.config, ctx.session.user.email) ? { rows: await usageSummary(db, deps.clock.now() - (MODEL_USAGE_DAYS - 1) * DAY), days: MODEL_USAGE_DAYS } : null;
    const html = UsagePage({
      t: ctx.t,
      user: ctx.user,
      flash: ctx.flash,
      data,
      plan: account.plan,
      isOwner: account.ownerUserId === ctx.session.user.id,
      currentMonth: current,
      previousMonth: previousMonth(month),
      nextMonth: month < current ? nextMonth(month) : null,
      errors,
      modelUsage,
    }) as string;
    return ctx.page(html, status);
  }

  /** The month asked for in the query, the current one when none; null when it is malformed. */
  function monthFrom(request: Request): string | null {
    const raw = new URL(request.url).searchParams.get("month");
    return raw === null || raw === "" ? monthOf(deps.clock.now()) : parseMonth(raw);
  }

  /** Signed in, same origin, valid CSRF token, and the account's owner — or the response that says why not. */
  async function ownerGuard(request: Request, body: unknown): Promise<{ ctx: SignedIn } | { response: Response | Promise<Response> }> {
    const r = await requireSignedIn(deps, request);
    if ("response" in r) return r;
    const ctx = r.ctx as SignedIn;
    if (!ctx.csrfOk(formString(body, "csrf_token"))) return { response: ctx.redirect("/usage", CSRF_FAILED) };
    if (ctx.session.account.ownerUserId !== ctx.session.user.id) {
      ctx.flash = { kind: "error", text: NOT_OWNER };
      return { response: render(ctx, monthOf(deps.clock.now()), {}, 403) };
    }
    return { ctx };
  }

  /**
   * Success: back to the page (PRG). Refusal: the page again with its status, the message next to
   * the form's one field (`errorKey`: each form on the page has its own), or as the page's alert
   * when it is about the account rather than the field (403).
   */
  function answer(ctx: SignedIn, result: void | AppError, errorKey: string, done: Flash) {
    if (!(result instanceof AppError)) return ctx.redirect("/usage#metered", done);
    if (result.status === 403) ctx.flash = { kind: "error", text: result.message };
    return render(ctx, monthOf(deps.clock.now()), result.status === 403 ? {} : { [errorKey]: result.message }, result.status);
  }

  function limitFrom(ctx: SignedIn, body: unknown, errorKey: string): { ok: true; value: number | null } | { response: Promise<Response> } {
    const parsed = parseSpendLimit(formString(body, "spend_limit_credits"));
    if (!parsed.ok) return { response: render(ctx, monthOf(deps.clock.now()), { [errorKey]: parsed.reason }, 400) };
    return parsed;
  }

  return new Elysia({ name: "web-usage" })
    .get("/usage", async ({ request }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const month = monthFrom(request);
      if (!month) return r.ctx.redirect("/usage", { kind: "error", text: "That month is not a calendar month like 2026-11." });
      return render(r.ctx as SignedIn, month);
    }, { detail: { hide: true } })
    .get("/usage/export.csv", async ({ request }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const month = monthFrom(request);
      if (!month) return new Response("month must look like 2026-11\n", { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
      const csv = await usageCsv(deps, r.ctx.session.account.id, month);
      return new Response(csv, {
        headers: {
          "content-type": "text/csv; charset=utf-8; header=present",
          "content-disposition": `attachment; filename="parla-usage-${month}.csv"`,
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
        },
      });
    }, { detail: { hide: true } })
    .post("/usage/metered", async ({ request, body }) => {
      const g = await ownerGuard(request, body);
      if ("response" in g) return g.response;
      const action = formString(body, "action");
      if (action !== "activate" && action !== "deactivate") return render(g.ctx, monthOf(deps.clock.now()), { metered: "choose activate or deactivate" }, 400);
      const actor = { kind: "user" as const, userId: g.ctx.session.user.id };
      const result = await refusalOr(setMeteredActive(deps, deps.clock.now(), g.ctx.session.account.id, actor, action === "activate"));
      if (!(result instanceof AppError)) deps.log.info("billing.metered_" + (action === "activate" ? "activated" : "deactivated"), { account_id: g.ctx.session.account.id });
      return answer(g.ctx, result, "metered", { kind: "ok", text: action === "activate" ? "Usage billing is active: metered clients can call the API." : "Usage billing is off: metered clients' calls are refused until you activate it again." });
    }, { detail: { hide: true } })
    .post("/usage/spend-limit", async ({ request, body }) => {
      const g = await ownerGuard(request, body);
      if ("response" in g) return g.response;
      const limit = limitFrom(g.ctx, body, "spend_limit_credits");
      if ("response" in limit) return limit.response;
      const actor = { kind: "user" as const, userId: g.ctx.session.user.id };
      const result = await refusalOr(setAccountSpendLimit(deps, deps.clock.now(), g.ctx.session.account.id, actor, limit.value));
      return answer(g.ctx, result, "spend_limit_credits", { kind: "ok", text: "Account spending limit saved." });
    }, { detail: { hide: true } })
    .post("/usage/clients/:id/spend-limit", async ({ request, body, params }) => {
      const g = await ownerGuard(request, body);
      if ("response" in g) return g.response;
      const key = `client:${params.id}`;
      const limit = limitFrom(g.ctx, body, key);
      if ("response" in limit) return limit.response;
      const actor = { kind: "user" as const, userId: g.ctx.session.user.id };
      const result = await refusalOr(setMeteredClientLimit(deps, deps.clock.now(), g.ctx.session.account.id, actor, params.id, limit.value));
      if (result instanceof AppError && result.status === 404) return g.ctx.redirect("/usage", { kind: "error", text: "No such client." });
      return answer(g.ctx, result, key, { kind: "ok", text: "Client spending limit saved." });
    }, { detail: { hide: true } });
}
