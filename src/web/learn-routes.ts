// The Learn page: a vocabulary list from the engine for a signed-in learner, paid from the
// account's allowance like any other spender of it (spec 5.6: a web-app session spends its
// account's allowance; 3 credits a list). Generating is a POST with the session's CSRF token, so
// neither a link nor a prefetch can spend credits. The engine is the one the configuration names
// (built by the composition root).
import { Elysia } from "elysia";
import type { WebDeps } from "./web-deps.ts";
import { sessionPayer } from "../billing/payer.ts";
import { checkBudget, spendIn } from "../billing/service.ts";
import { normaliseLang } from "../generation/languages.ts";
import type { VocabItem } from "../generation/model.ts";
import { termsInDeck } from "../learning/service.ts";
import { listsOf, pastListOf, recordList } from "../learning/list-history.ts";
import { AppError } from "../lib/errors.ts";
import { LearnPage, readLanguagePair, type LearnQuery } from "./learn-page.tsx";
import { CREDIT_WEIGHTS } from "../billing/credits.ts";
import { refusalText } from "./refusal-text.ts";
import { csrfFailed, formString, requireSignedIn } from "./web-context.ts";

/** The form's choices; anything unknown falls back to a default rather than failing the page. */
function readChoices(read: (name: string) => string | undefined, speaks: string): LearnQuery {
  return {
    ...readLanguagePair(read, speaks),
    topic: (read("topic") ?? "").slice(0, 200),
  };
}


export function learnRoutes(deps: WebDeps) {
  const { engine } = deps;
  const topicsFor = (q: LearnQuery) => engine.topics(normaliseLang(q.source) ?? "en");
  return new Elysia({ name: "web-learn" })
    .get(
      "/learn",
      async ({ request, query }) => {
        const r = await requireSignedIn(deps, request);
        if ("response" in r) return r.response;
        const { ctx } = r;
        const q = readChoices((name) => (query as Record<string, string | undefined>)[name], ctx.lang);
        const history = await listsOf(deps.store.db, ctx.session.user.id);
        return ctx.page(LearnPage({ t: ctx.t, user: ctx.user, listCost: CREDIT_WEIGHTS["vocab.generate"], query: q, items: null, flash: ctx.flash, topics: await topicsFor(q), history }) as string);
      },
      { detail: { hide: true } },
    )
    .get(
      "/learn/lists/:id",
      async ({ request, params }) => {
        const r = await requireSignedIn(deps, request);
        if ("response" in r) return r.response;
        const { ctx } = r;
        // A past list is shown from what was stored: no engine call, nothing spent.
        const past = await pastListOf(deps.store.db, ctx.session.user.id, params.id);
        if (!past) return ctx.redirect("/learn", { kind: "error", text: ctx.t.learn.noSuchList });
        const q: LearnQuery = { source: past.sourceLang, target: past.targetLang, level: past.level, topic: past.topic };
        const history = await listsOf(deps.store.db, ctx.session.user.id);
        const inDeck = await termsInDeck(deps.store.db, ctx.session.user.id, q.source, q.target, past.items.map((i) => i.display));
        return ctx.page(LearnPage({ t: ctx.t, user: ctx.user, listCost: CREDIT_WEIGHTS["vocab.generate"], query: q, items: past.items, inDeck, flash: ctx.flash, topics: await topicsFor(q), history, past }) as string);
      },
      { detail: { hide: true } },
    )
    .post(
      "/learn",
      async ({ request, body }) => {
        const r = await requireSignedIn(deps, request);
        if ("response" in r) return r.response;
        const { ctx } = r;
        if (!ctx.csrfOk(formString(body, "csrf_token"))) return ctx.redirect("/learn", csrfFailed(ctx));
        const q = readChoices((name) => formString(body, name) || undefined, ctx.lang);
        const topics = await topicsFor(q);
        const page = async (items: VocabItem[] | null, error: string | null, status: number, inDeck: Set<string> = new Set()) => {
          const history = await listsOf(deps.store.db, ctx.session.user.id);
          return ctx.page(LearnPage({ t: ctx.t, user: ctx.user, listCost: CREDIT_WEIGHTS["vocab.generate"], query: q, items, error, inDeck, flash: ctx.flash, topics, history }) as string, status);
        };
        let list: AsyncIterable<VocabItem>;
        try {
          // A refused input throws here, before anything is charged (spec 5.6: a refused call spends nothing).
          list = engine.vocabulary({ source_lang: q.source, target_lang: q.target, level: q.level, topic: q.topic.trim() || undefined, count: 20 });
        } catch (error) {
          if (error instanceof AppError) return page(null, refusalText(ctx.t, error, "list"), 400);
          throw error;
        }
        try {
          // The budget is checked before the list is made; the credits are spent once it is made.
          const payer = sessionPayer(ctx.session.account.id);
          await checkBudget(deps.store.db, deps.config, payer, "vocab.generate", deps.clock.now());
          const items: VocabItem[] = [];
          for await (const item of list) items.push(item);
          // The list is paid for and kept in the learner's history in one transaction; its words are
          // offered for the deck, not added (the learner ticks the ones to review: POST /review/words).
          await deps.store.db.transaction(async (tx) => {
            await spendIn(tx, deps, payer, "vocab.generate", deps.clock.now());
            await recordList(tx, ctx.session.user.id, deps.clock.now(), { sourceLang: q.source, targetLang: q.target, level: q.level, topic: q.topic.trim() }, items);
          });
          const inDeck = await termsInDeck(deps.store.db, ctx.session.user.id, q.source, q.target, items.map((i) => i.display));
          return page(items, null, 200, inDeck);
        } catch (error) {
          if (error instanceof AppError && error.status === 402) return page(null, refusalText(ctx.t, error, "list"), 402);
          throw error;
        }
      },
      { detail: { hide: true } },
    );
}
