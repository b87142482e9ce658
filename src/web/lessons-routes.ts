// The Lessons pages over the same services as /v1/lesson-plans (spec 4.2): creating a plan is
// startPlanFor with the session's payer (spec 5.1.4: a web session spends its account's allowance,
// 10 credits a plan; refused input and 402s spend nothing and are shown in words); the plan page
// reads getPlan and follows planStream through a session-authenticated stream of its own. Answers
// are checked against the plan's keys and kept per user (learning/lesson-progress.ts), PRG.
import type { LessonPlanView } from "../generation/api-model.ts";
import { Elysia } from "elysia";
import type { WebDeps } from "./web-deps.ts";
import { sessionPayer } from "../billing/payer.ts";
import { CREDIT_WEIGHTS } from "../billing/credits.ts";
import type { LessonPlanInput, LessonSet } from "../generation/model.ts";
import { findPlanRow, getPlan, startPlanFor, type PlanOwner } from "../generation/plans-service.ts";
import { planStream, SSE_HEADERS } from "../generation/streams.ts";
import { answerExercise, answerExit, progressOf, progressOfPlans, startLesson } from "../learning/lesson-progress.ts";
import { plansOf } from "../learning/learner-history.ts";
import { answerCount, isEmptyAttempt } from "../learning/answer-check.ts";
import { normaliseLang } from "../generation/languages.ts";
import { refusalText } from "./refusal-text.ts";
import { uiText } from "./ui-text/index.ts";
import { chooseDeckWords, saveWords, termsInDeck } from "../learning/service.ts";
import { reviewDay } from "../learning/review-queue.ts";
import { AppError } from "../lib/errors.ts";
import { readLanguagePair } from "./learn-page.tsx";
import { exerciseAnchor } from "./lesson-sets.tsx";
import { LessonsPage, PlanFragment, PlanPage, type LessonForm, type PlanListEntry } from "./lessons-page.tsx";
import { lessonTitle } from "./lesson-title.ts";
import { csrfFailed, formList, formString, requireSignedIn, type WebContext } from "./web-context.ts";

type SignedIn = WebContext & { session: NonNullable<WebContext["session"]>; user: NonNullable<WebContext["user"]> };

const ownerOf = (ctx: SignedIn): PlanOwner => ({ accountId: ctx.session.account.id, userId: ctx.session.user.id, clientId: null });

/** The form's choices; unknown languages or levels fall back to defaults rather than failing. */
export function readLessonForm(read: (name: string) => string, speaks = "en"): LessonForm {
  return {
    ...readLanguagePair(read, speaks),
    about: read("about").slice(0, 400),
    kind: read("kind") === "scene" ? "scene" : "topic",
    npcName: read("npc_name").slice(0, 200),
    npcPersona: read("npc_persona").slice(0, 400),
  };
}

/** The API's request body for the form (the same input rules apply, spec 2.6). */
export function planBody(f: LessonForm): LessonPlanInput {
  const npc = f.npcName.trim() ? { name: f.npcName.trim(), ...(f.npcPersona.trim() ? { persona: f.npcPersona.trim() } : {}) } : undefined;
  return { source_lang: f.source, target_lang: f.target, level: f.level, ...(f.kind === "scene" ? { scene: f.about } : { topic: f.about }), ...(npc ? { npc } : {}) };
}


const overviewWords = (sets: LessonSet[], source: string, target: string) =>
  sets.flatMap((s) => (s.kind === "overview" ? s.vocabulary.map((v) => ({ sourceLang: source, targetLang: target, term: v.display, meaning: v.translation_display, example: v.example })) : []));

export function lessonsRoutes(deps: WebDeps) {
  const { db } = deps.store;
  const planCost = CREDIT_WEIGHTS["lesson_plan.create"];

  async function listPage(ctx: SignedIn, form: LessonForm, error: string | null, status: number) {
    const plans = await plansOf(db, ctx.session.account.id, ctx.session.user.id);
    const progress = await progressOfPlans(db, ctx.session.user.id, plans.map((p) => p.id));
    const entries: PlanListEntry[] = plans.map((p) => {
      const row = progress.get(p.id);
      return {
        id: p.id,
        title: lessonTitle(ctx.t, p.input, p.topicName),
        status: p.status,
        sourceLang: p.input.source_lang,
        targetLang: p.input.target_lang,
        level: p.input.level,
        createdAt: p.createdAt,
        score: row?.exitScore != null && row.exitTotal != null ? { score: row.exitScore, total: row.exitTotal, passed: row.passed === true } : null,
        started: row !== undefined,
      };
    });
    return ctx.page(LessonsPage({ t: ctx.t, user: ctx.user, flash: ctx.flash, form, error, plans: entries, planCost }) as string, status);
  }

  /** The plan if it is this user's, else the way back to the list. */
  async function loadPlan(ctx: SignedIn, planId: string): Promise<{ plan: LessonPlanView } | { response: Response }> {
    try {
      return { plan: await getPlan(deps, ownerOf(ctx), planId) };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return { response: ctx.redirect("/lessons", { kind: "error", text: ctx.t.lesson.noSuchLesson }) };
      throw error;
    }
  }

  const guard = async (request: Request, body: unknown) => {
    const r = await requireSignedIn(deps, request);
    if ("response" in r) return r;
    const ctx = r.ctx as SignedIn;
    if (body !== undefined && !ctx.csrfOk(formString(body, "csrf_token"))) return { response: ctx.redirect(new URL(request.url).pathname.replace(/\/(exercises|exit|deck).*$/, ""), csrfFailed(ctx)) };
    return { ctx };
  };

  /** The signed-in learner (a form's CSRF token checked when there is a body) and one of their plans. */
  const guardPlan = async (request: Request, body: unknown, planId: string): Promise<{ response: Response } | { ctx: SignedIn; plan: LessonPlanView }> => {
    const g = await guard(request, body);
    if ("response" in g) return g;
    const loaded = await loadPlan(g.ctx, planId);
    if ("response" in loaded) return loaded;
    return { ctx: g.ctx, plan: loaded.plan };
  };

  return new Elysia({ name: "web-lessons" })
    .get(
      "/lessons",
      async ({ request, query }) => {
        const g = await guard(request, undefined);
        if ("response" in g) return g.response;
        // The form may come prefilled (the next lesson after a passed exit check: languages and level).
        const asked = query as Record<string, string | undefined>;
        return listPage(g.ctx, readLessonForm((name) => (name === "source" || name === "target" || name === "level" ? (asked[name] ?? "") : ""), g.ctx.lang), null, 200);
      },
      { detail: { hide: true } },
    )
    .post(
      "/lessons",
      async ({ request, body }) => {
        const g = await guard(request, body);
        if ("response" in g) return g.response;
        const { ctx } = g;
        const form = readLessonForm((name) => formString(body, name), ctx.lang);
        try {
          const { plan } = await startPlanFor(deps, sessionPayer(ctx.session.account.id), ownerOf(ctx), planBody(form));
          await startLesson(db, ctx.session.user.id, plan.id, deps.clock.now());
          return ctx.redirect(`/lessons/${encodeURIComponent(plan.id)}`);
        } catch (error) {
          if (error instanceof AppError && (error.status === 400 || error.status === 402)) return listPage(ctx, form, refusalText(ctx.t, error, "lesson"), error.status);
          throw error;
        }
      },
      { detail: { hide: true } },
    )
    .get(
      "/lessons/:id",
      async ({ request, params, query }) => {
        const loaded = await guardPlan(request, undefined, params.id);
        if ("response" in loaded) return loaded.response;
        const { ctx } = loaded;
        const { plan } = loaded;
        const userId = ctx.session.user.id;
        const now = deps.clock.now();
        await startLesson(db, userId, plan.id, now);
        // The lesson's words join the learner's deck (spec 1.1); words already there keep their schedule.
        const words = overviewWords(plan.sets, plan.source_lang, plan.target_lang);
        if (await saveWords(db, userId, now, "lesson", words)) ctx.user.due = (await reviewDay(db, userId, now)).decks;
        const inDeck = await termsInDeck(db, userId, plan.source_lang, plan.target_lang, words.map((w) => w.term));
        const progress = await progressOf(db, userId, plan.id);
        // The lesson's own words follow its source language, as its headings do (lesson-text.ts).
        const setCtx = {
          t: uiText(normaliseLang(plan.source_lang) ?? ctx.lang),
          planId: plan.id,
          csrf: ctx.user.csrf,
          sourceLang: plan.source_lang,
          targetLang: plan.target_lang,
          level: plan.level,
          attempts: progress?.attempts ?? { exercises: {}, exit: null },
          conversationId: progress?.conversationId ?? null,
          tutorCost: CREDIT_WEIGHTS["tutor.turn"],
          inDeck,
        };
        const after = Number((query as Record<string, string | undefined>).after);
        if (Number.isInteger(after) && after >= 0) return ctx.page(PlanFragment({ t: ctx.t, plan, ctx: setCtx, after }) as string);
        return ctx.page(PlanPage({ t: ctx.t, user: ctx.user, flash: ctx.flash, plan, ctx: setCtx }) as string);
      },
      { detail: { hide: true } },
    )
    .get(
      "/lessons/:id/stream",
      async ({ request, params }) => {
        const g = await guard(request, undefined);
        if ("response" in g) return new Response(null, { status: 401 });
        const owner = ownerOf(g.ctx);
        try {
          await findPlanRow(db, owner, params.id);
        } catch (error) {
          if (error instanceof AppError && error.status === 404) return new Response(null, { status: 404 });
          throw error;
        }
        const stream = planStream(
          { db, progress: deps.generation.progress, heartbeatMs: deps.config.streamHeartbeatSeconds * 1000, maxMs: deps.config.streamMaxSeconds * 1000 },
          owner,
          params.id,
          request.signal,
        );
        return new Response(stream, { headers: SSE_HEADERS });
      },
      { detail: { hide: true } },
    )
    .post(
      "/lessons/:id/deck",
      async ({ request, params, body }) => {
        const loaded = await guardPlan(request, body, params.id);
        if ("response" in loaded) return loaded.response;
        const { ctx, plan } = loaded;
        const t = uiText(normaliseLang(plan.source_lang) ?? ctx.lang);
        const { kept, leftOut } = await chooseDeckWords(db, ctx.session.user.id, deps.clock.now(), overviewWords(plan.sets, plan.source_lang, plan.target_lang), new Set(formList(body, "keep")));
        return ctx.redirect(`/lessons/${encodeURIComponent(params.id)}`, { kind: "ok", text: t.review.choiceSaved(kept, leftOut) });
      },
      { detail: { hide: true } },
    )
    .post(
      "/lessons/:id/exercises/:set/:exercise",
      async ({ request, params, body }) => {
        const loaded = await guardPlan(request, body, params.id);
        if ("response" in loaded) return loaded.response;
        const { ctx } = loaded;
        const setIndex = Number(params.set);
        const exerciseIndex = Number(params.exercise);
        const set = loaded.plan.sets.find((s) => s.index === setIndex);
        const base = `/lessons/${encodeURIComponent(params.id)}`;
        const t = uiText(normaliseLang(loaded.plan.source_lang) ?? ctx.lang);
        if (!set || set.kind !== "exercises" || !Number.isInteger(exerciseIndex) || !set.exercises[exerciseIndex]) return ctx.redirect(base, { kind: "error", text: t.lesson.noSuchExercise });
        const given = Array.from({ length: answerCount(set.exercises[exerciseIndex]!) }, (_, i) => formString(body, `a${i}`));
        const langs = { source: loaded.plan.source_lang, target: loaded.plan.target_lang };
        const result = await answerExercise(db, ctx.session.user.id, params.id, set, exerciseIndex, given, langs, deps.clock.now());
        const anchor = `${base}#${exerciseAnchor(setIndex, exerciseIndex)}`;
        // Nothing entered: nothing is marked and no answer is shown (the script keeps Check disabled until then).
        if (!result || isEmptyAttempt(result)) return ctx.redirect(anchor, { kind: "error", text: t.lesson.enterSomething });
        return ctx.redirect(anchor, { kind: result.score === result.total ? "ok" : "error", text: t.lesson.flashExercise(exerciseIndex + 1, result.score, result.total) });
      },
      { detail: { hide: true } },
    )
    .post(
      "/lessons/:id/exit",
      async ({ request, params, body }) => {
        const loaded = await guardPlan(request, body, params.id);
        if ("response" in loaded) return loaded.response;
        const { ctx } = loaded;
        const base = `/lessons/${encodeURIComponent(params.id)}`;
        const set = loaded.plan.sets.find((s) => s.kind === "exit_check");
        const t = uiText(normaliseLang(loaded.plan.source_lang) ?? ctx.lang);
        if (!set || set.kind !== "exit_check") return ctx.redirect(base, { kind: "error", text: t.lesson.exitNotReady });
        const given = set.questions.map((_, i) => formString(body, `q${i}`));
        const langs = { source: loaded.plan.source_lang, target: loaded.plan.target_lang };
        const result = await answerExit(db, ctx.session.user.id, params.id, set, given, langs, deps.clock.now());
        if (isEmptyAttempt(result)) return ctx.redirect(`${base}#exit-check`, { kind: "error", text: t.lesson.enterSomething });
        return ctx.redirect(`${base}#exit-check`, { kind: result.passed ? "ok" : "error", text: t.lesson.flashExit(result.score, result.total, result.passed, result.passMark) });
      },
      { detail: { hide: true } },
    );
}
