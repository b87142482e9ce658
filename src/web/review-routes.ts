// The Review page: the learner's own cards only, deck by deck; answering is a POST with the
// session's CSRF token and returns to the next card (PRG), so a reload never answers twice.
// Reviewing spends nothing. Also here: the review settings, adding the words a learner chose from
// a list, and the statistics page.
import { Elysia } from "elysia";
import type { WebDeps } from "./web-deps.ts";
import { nextDueCard } from "../learning/review-queue.ts";
import { MAX_NEW_PER_DAY, saveReviewSettings } from "../learning/review-settings.ts";
import { reviewStats } from "../learning/review-stats.ts";
import { deckSize, gradeCard, gradePreview, isGradeName, saveWords, type DeckWordInput } from "../learning/service.ts";
import { AppError, refusalOr } from "../lib/errors.ts";
import { checkTextField } from "../lib/text-fields.ts";
import { ReviewPage, spanText } from "./review-page.tsx";
import { ReviewStatsPage } from "./review-stats-page.tsx";
import { LEARN_LANGS } from "./learn-page.tsx";
import { csrfFailed, formList, formString, requireSignedIn } from "./web-context.ts";

/** At most this many words in one choice: a list has 20, a lesson fewer. */
const MAX_CHOSEN = 50;

/**
 * The words a learner ticked on a list page. Each checkbox carries its word as JSON (term,
 * meaning, example and its translation), since a list is not stored; a value that is not a clean
 * line of text (lib/text-fields.ts) is dropped, as it cannot come from the page.
 */
export function chosenWords(values: string[], sourceLang: string, targetLang: string): DeckWordInput[] {
  const out: DeckWordInput[] = [];
  for (const value of values.slice(0, MAX_CHOSEN)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      continue;
    }
    if (!Array.isArray(parsed) || parsed.length !== 4) continue;
    const fields = parsed.map((f, i) => checkTextField(f, i < 2 ? 200 : 500));
    if (fields.some((f) => !f.ok || f.value === "")) continue;
    const [term, meaning, text, translation] = fields.map((f) => (f.ok ? f.value : ""));
    out.push({ sourceLang, targetLang, term: term!, meaning: meaning!, example: { text: text!, translation: translation! } });
  }
  return out;
}

export function reviewRoutes(deps: WebDeps) {
  const { db } = deps.store;
  return new Elysia({ name: "web-review" })
    .get(
      "/review",
      async ({ request, query }) => {
        const r = await requireSignedIn(deps, request);
        if ("response" in r) return r.response;
        const { ctx } = r;
        const now = deps.clock.now();
        const userId = ctx.session.user.id;
        const day = ctx.review;
        const asked = (query as Record<string, string | undefined>).deck;
        const deck = day.decks.some((d) => d.deck === asked) ? asked! : null;
        const [card, size] = await Promise.all([nextDueCard(db, userId, now, deck, day), deckSize(db, userId)]);
        const previews = card ? await gradePreview(db, userId, card.cardId, now) : null;
        return ctx.page(ReviewPage({ t: ctx.t, user: ctx.user, flash: ctx.flash, card, previews, day, deck, deckSize: size, nowMs: now }) as string);
      },
      { detail: { hide: true } },
    )
    .get(
      "/review/stats",
      async ({ request }) => {
        const r = await requireSignedIn(deps, request);
        if ("response" in r) return r.response;
        const { ctx } = r;
        const stats = await reviewStats(db, ctx.session.user.id, deps.clock.now());
        return ctx.page(ReviewStatsPage({ t: ctx.t, user: ctx.user, flash: ctx.flash, stats }) as string);
      },
      { detail: { hide: true } },
    )
    .post(
      "/review/settings",
      async ({ request, body }) => {
        const r = await requireSignedIn(deps, request);
        if ("response" in r) return r.response;
        const { ctx } = r;
        if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/review", csrfFailed(ctx));
        const saved = await refusalOr(saveReviewSettings(db, ctx.session.user.id, deps.clock.now(), { newPerDay: formString(body, "new_per_day"), timeZone: formString(body, "time_zone") }));
        if (saved instanceof AppError) return ctx.redirect("/review", { kind: "error", text: saved.param === "time_zone" ? ctx.t.review.badTimeZone : ctx.t.review.badNewPerDay(MAX_NEW_PER_DAY) });
        return ctx.redirect("/review", { kind: "ok", text: ctx.t.review.settingsSaved });
      },
      { detail: { hide: true } },
    )
    .post(
      "/review/words",
      async ({ request, body }) => {
        const r = await requireSignedIn(deps, request);
        if ("response" in r) return r.response;
        const { ctx } = r;
        if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/learn", csrfFailed(ctx));
        const source = formString(body, "source");
        const target = formString(body, "target");
        if (!LEARN_LANGS.includes(source) || !LEARN_LANGS.includes(target)) return ctx.redirect("/learn", { kind: "error", text: ctx.t.review.noneChosen });
        const words = chosenWords(formList(body, "word"), source, target);
        if (words.length === 0) return ctx.redirect("/learn", { kind: "error", text: ctx.t.review.noneChosen });
        const joined = await saveWords(db, ctx.session.user.id, deps.clock.now(), "list", words, true);
        return ctx.redirect(`/review?deck=${encodeURIComponent(target)}`, { kind: "ok", text: ctx.t.review.chosenAdded(joined) });
      },
      { detail: { hide: true } },
    )
    .post(
      "/review/:cardId",
      async ({ request, body, params }) => {
        const r = await requireSignedIn(deps, request);
        if ("response" in r) return r.response;
        const { ctx } = r;
        const deck = formString(body, "deck");
        const back = LEARN_LANGS.includes(deck) ? `/review?deck=${encodeURIComponent(deck)}` : "/review";
        if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect(back, csrfFailed(ctx));
        const grade = formString(body, "grade");
        if (!isGradeName(grade)) return ctx.redirect(back, { kind: "error", text: ctx.t.review.chooseGrade });
        const result = await refusalOr(gradeCard(db, ctx.session.user.id, params.cardId, grade, deps.clock.now()));
        if (result instanceof AppError) return ctx.redirect(back, { kind: "error", text: ctx.t.review.notInDeck });
        return ctx.redirect(back, { kind: "ok", text: ctx.t.review.next(spanText(ctx.t, result.intervalMs)) });
      },
      { detail: { hide: true } },
    );
}
