// Vocabulary lists as a learner reads them: no headword or gloss twice in a list or in a plan's
// core vocabulary, and at C2, where the lexicon has few words of the level, two lists on
// different topics are still mostly different words.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { buildLessonContext } from "../../src/generation/builtin/lesson/lesson-context.ts";
import { foldCase } from "../../src/generation/builtin/text-normalise.ts";
import { vocabularyConcepts } from "../../src/generation/builtin/vocabulary.ts";
import { LANGS } from "../../src/generation/languages.ts";

const index = createBuiltinEngine().index();
const topics = [...index.topicById.keys()];
const pairs = LANGS.flatMap((source) => LANGS.filter((t) => t !== source).map((target) => ({ source, target })));
const COUNT = 50;

function repeated(words: string[]): string[] {
  const seen = new Set<string>();
  return words.map(foldCase).filter((w) => seen.has(w) || !seen.add(w));
}

describe("vocabulary lists", () => {
  test("30 pairs", () => expect(pairs.length).toBe(30));

  for (const level of [1, 3, 6, 9]) {
    test(`level ${level}: no list repeats a headword or a gloss, in any pair`, () => {
      const problems: string[] = [];
      for (const { source, target } of pairs) {
        for (const topic of topics) {
          const list = vocabularyConcepts(index, { source, target, level, topic, count: COUNT, exclude: new Set() });
          expect(list.length).toBe(COUNT);
          const dup = [...repeated(list.map((c) => c[target].w)), ...repeated(list.map((c) => c[source].w))];
          if (dup.length > 0) problems.push(`${source}-${target} ${level} ${topic}: ${dup.join(", ")}`);
        }
      }
      expect(problems).toEqual([]);
    }, 60000);

    test(`level ${level}: a plan's core vocabulary repeats no headword or gloss`, () => {
      const problems: string[] = [];
      for (const { source, target } of pairs) {
        for (const text of ["a rainy tapas bar in Seville", "a lost passport at a London police station", "train tickets at Milano Centrale, the train is delayed", "a job interview at a Paris publishing house"]) {
          const context = buildLessonContext(index, { source, target, level, subject: { kind: "scene", text }, npc: null });
          const dup = [...repeated(context.core.map((c) => c[target].w)), ...repeated(context.core.map((c) => c[source].w))];
          if (dup.length > 0) problems.push(`${source}-${target} ${level} ${text}: ${dup.join(", ")}`);
        }
      }
      expect(problems).toEqual([]);
    }, 60000);
  }

  test("level 9: two lists on different topics share at most 30 % of their words, in every pair", () => {
    const problems: string[] = [];
    for (const { source, target } of pairs) {
      const lists = topics.map((topic) => new Set(vocabularyConcepts(index, { source, target, level: 9, topic, count: COUNT, exclude: new Set() }).map((c) => c.id)));
      for (let i = 0; i < lists.length; i++) {
        for (let j = i + 1; j < lists.length; j++) {
          const shared = [...(lists[i] ?? [])].filter((id) => lists[j]?.has(id)).length;
          if (shared / COUNT > 0.3) problems.push(`${source}-${target} ${topics[i]}/${topics[j]}: ${shared}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 60000);

  test("level 9: most of a topic's list is from the topic or its group when the topic has them", () => {
    const list = vocabularyConcepts(index, { source: "en", target: "de", level: 9, topic: "society_politics", count: 20, exclude: new Set() });
    const group = index.topicById.get("society_politics")?.group;
    const near = list.filter((c) => c.topics.some((t) => index.topicById.get(t)?.group === group)).length;
    expect(near).toBeGreaterThanOrEqual(10);
  });
});
