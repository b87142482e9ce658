// The Review page: the learner's own cards only; answering is a POST with the session's CSRF token
// and returns to the next card (PRG), so a reload never answers twice. Reviewing spends nothing.
import { Elysia } from "elysia";
import type { WebDeps } from "./web-deps.ts";
import { deckSize, dueTodayCount, gradeCard, gradePreview, isGradeName, nextDueCard } from "../learning/service.ts";
import { AppError, refusalOr } from "../lib/errors.ts";
import { ReviewPage, spanText } from "./review-page.tsx";
import { csrfFailed, formString, requireSignedIn } from "./web-context.ts";

export function reviewRoutes(deps: WebDeps) {
  const { db } = deps.store;
  return new Elysia({ name: "web-review" })
    .get(
      "/review",
      async ({ request }) => {
        const r = await requireSignedIn(deps, request);
        if ("response" in r) return r.response;
        const { ctx } = r;
        const now = deps.clock.now();
        const userId = ctx.session.user.id;
        const [card, dueToday, size] = await Promise.all([nextDueCard(db, userId, now), dueTodayCount(db, userId, now), deckSize(db, userId)]);
        const previews = card ? await gradePreview(db, userId, card.cardId, now) : null;
        return ctx.page(ReviewPage({ t: ctx.t, user: ctx.user, flash: ctx.flash, card, previews, dueToday, deckSize: size }) as string);
      },
      { detail: { hide: true } },
    )
    .post(
      "/review/:cardId",
      async ({ request, body, params }) => {
        const r = await requireSignedIn(deps, request);
        if ("response" in r) return r.response;
        const { ctx } = r;
        if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/review", csrfFailed(ctx));
        const grade = formString(body, "grade");
        if (!isGradeName(grade)) return ctx.redirect("/review", { kind: "error", text: ctx.t.review.chooseGrade });
        const result = await refusalOr(gradeCard(db, ctx.session.user.id, params.cardId, grade, deps.clock.now()));
        if (result instanceof AppError) return ctx.redirect("/review", { kind: "error", text: ctx.t.review.notInDeck });
        return ctx.redirect("/review", { kind: "ok", text: ctx.t.review.next(spanText(ctx.t, result.intervalMs)) });
      },
      { detail: { hide: true } },
    );
}
