// Counts over the engine data for `parla engine stats`: what operators and teachers look at to
// judge coverage (concepts per level and topic, phrases, grammar points, scenarios).
import { LANGS, type Lang } from "../languages.ts";
import type { LexiconIndex } from "./lexicon-index.ts";

export interface DataStats {
  concepts: number;
  topics: number;
  languages: Lang[];
  by_level: Record<string, number>;
  by_pos: Record<string, number>;
  by_topic: Record<string, { concepts: number; levels_1_4: number; phrases: number; scenario_steps: number }>;
  per_language: Record<Lang, { lemmas: number; known_words: number; grammar_points: number }>;
  phrases: number;
  grammar_points: number;
  scenarios: number;
  /** Entries the engine skipped because they break the data rules (should be 0). */
  skipped: number;
  skipped_examples: string[];
}

const count = (map: Record<string, number>, key: string) => {
  map[key] = (map[key] ?? 0) + 1;
};

export function dataStats(index: LexiconIndex): DataStats {
  const { data } = index;
  const by_level: Record<string, number> = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [String(i + 1), 0]));
  const by_pos: Record<string, number> = {};
  for (const c of data.concepts) {
    count(by_level, String(c.level));
    count(by_pos, c.pos);
  }
  const by_topic: DataStats["by_topic"] = {};
  for (const t of data.topics) {
    const concepts = index.conceptsByTopic.get(t.id) ?? [];
    by_topic[t.id] = {
      concepts: concepts.length,
      levels_1_4: concepts.filter((c) => c.level <= 4).length,
      phrases: t.phrases.length,
      scenario_steps: index.scenarioByTopic.get(t.id)?.steps.length ?? 0,
    };
  }
  const per_language = Object.fromEntries(
    LANGS.map((lang) => [
      lang,
      {
        lemmas: new Set(data.concepts.map((c) => c[lang].w)).size,
        known_words: index.language(lang).knownWords.size,
        grammar_points: index.grammarByLang.get(lang)?.length ?? 0,
      },
    ]),
  ) as DataStats["per_language"];
  return {
    concepts: data.concepts.length,
    topics: data.topics.length,
    languages: [...LANGS],
    by_level,
    by_pos,
    by_topic,
    per_language,
    phrases: data.topics.reduce((n, t) => n + t.phrases.length, 0),
    grammar_points: data.grammar.length,
    scenarios: data.scenarios.length,
    skipped: index.skipped.length,
    skipped_examples: index.skipped.slice(0, 20),
  };
}
