// "/" is Home for a signed-in learner and the sign-in page for anyone else.
import { Elysia } from "elysia";
import type { WebDeps } from "./web-deps.ts";
import { CREDIT_WEIGHTS } from "../billing/credits.ts";
import { monthOf } from "../billing/periods.ts";
import { allowanceState } from "../billing/report.ts";
import { deckSize } from "../learning/service.ts";
import { unfinishedLesson } from "../learning/lesson-progress.ts";
import { openConversationOf, plansOf } from "../learning/learner-history.ts";
import { HomePage } from "./home-page.tsx";
import { lessonTitle } from "./lesson-title.ts";
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
      const userId = ctx.session.user.id;
      const [allowance, size, open, last] = await Promise.all([allowanceState(db, deps.config, account.id, monthOf(now)), deckSize(db, userId), unfinishedLesson(db, userId), openConversationOf(db, account.id, userId)]);
      const plan = open ? (await plansOf(db, account.id, userId)).find((p) => p.id === open.planId) : undefined;
      const data = {
        dueToday: (ctx.user.due ?? []).reduce((a, d) => a + d.due, 0),
        deckSize: size,
        allowance,
        plan: account.plan,
        listCost: CREDIT_WEIGHTS["vocab.generate"],
        planCost: CREDIT_WEIGHTS["lesson_plan.create"],
        lesson: plan ? { id: plan.id, title: lessonTitle(ctx.t, plan.input, plan.topicName) } : null,
        conversation: last ? { id: last.id, partner: last.npc?.name ?? ctx.t.tutor.yourPartner, scene: last.scene, turns: last.turns } : null,
      };
      return ctx.page(HomePage({ t: ctx.t, user: ctx.user, flash: ctx.flash, data }) as string);
    },
    { detail: { hide: true } },
  );
}
