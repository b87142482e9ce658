// "/" is Home for a signed-in learner and the sign-in page for anyone else.
import { Elysia } from "elysia";
import type { WebDeps } from "./web-deps.ts";
import { CREDIT_WEIGHTS } from "../billing/credits.ts";
import { monthOf } from "../billing/periods.ts";
import { allowanceState } from "../billing/report.ts";
import { deckSize } from "../learning/service.ts";
import { HomePage } from "./home-page.tsx";
import { webContext } from "./web-context.ts";

export function homeRoutes(deps: WebDeps) {
  const { db } = deps.store;
  return new Elysia({ name: "web-home" }).get(
    "/",
    async ({ request }) => {
      const ctx = await webContext(deps, request);
      if (!ctx.session || !ctx.user) return ctx.redirect("/signin");
      const now = deps.clock.now();
      const account = ctx.session.account;
      // Spending goes through the pending ledger; flushing first shows this minute's spending too.
      await deps.ledger.flush();
      const [allowance, size] = await Promise.all([allowanceState(db, deps.config, account.id, monthOf(now)), deckSize(db, ctx.session.user.id)]);
      const data = { dueToday: ctx.user.due ?? 0, deckSize: size, allowance, plan: account.plan, listCost: CREDIT_WEIGHTS["vocab.generate"] };
      return ctx.page(HomePage({ user: ctx.user, flash: ctx.flash, data }) as string);
    },
    { detail: { hide: true } },
  );
}
