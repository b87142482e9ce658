// The Learn page: a vocabulary list from the engine for a signed-in learner. The engine (and its
// embedded data) is loaded on the first request, so serving other pages never pays for it.
import { Elysia } from "elysia";
import type { AppDeps } from "../app-deps.ts";
import type { BuiltinEngine } from "../generation/builtin/index.ts";
import { EngineInputError } from "../generation/engine.ts";
import type { VocabItem } from "../generation/model.ts";
import { LEARN_LANGS, LearnPage, type LearnQuery } from "./learn-page.tsx";
import { requireSignedIn } from "./web-context.ts";

let engine: Promise<BuiltinEngine> | null = null;
const loadEngine = () => (engine ??= import("../generation/builtin/index.ts").then((m) => m.createBuiltinEngine()));

function readQuery(query: Record<string, string | undefined>): LearnQuery {
  const lang = (v: string | undefined, fallback: string) => (LEARN_LANGS.some((l) => l.code === v) ? (v as string) : fallback);
  const level = Number(query.level);
  return {
    source: lang(query.source, "en"),
    target: lang(query.target, "es"),
    level: Number.isInteger(level) && level >= 1 && level <= 9 ? level : 1,
    topic: (query.topic ?? "").slice(0, 200),
  };
}

export function learnRoutes(deps: AppDeps) {
  return new Elysia({ name: "web-learn" }).get(
    "/learn",
    async ({ request, query }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      const q = readQuery(query as Record<string, string | undefined>);
      const e = await loadEngine();
      const topics = [...e.index().topicById.values()].map((t) => ({ id: t.id, name: t.names[q.source as keyof typeof t.names] ?? t.id }));
      let items: VocabItem[] | null = null;
      let error: string | null = null;
      if (query.go) {
        try {
          items = [];
          for await (const item of e.vocabulary({ source_lang: q.source, target_lang: q.target, level: q.level, topic: q.topic.trim() || undefined, count: 20 })) items.push(item);
        } catch (err) {
          if (!(err instanceof EngineInputError)) throw err;
          items = null;
          error = err.message;
        }
      }
      return ctx.page(LearnPage({ user: ctx.user, query: q, items, error, flash: ctx.flash, topics }) as string, error ? 400 : 200);
    },
    { detail: { hide: true } },
  );
}
