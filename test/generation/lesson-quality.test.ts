// What a teacher checks in a lesson plan beyond its shape, over the real data: the grammar point
// is practised and checked, no gap is free, the exit check asks about sentences the lesson has
// not shown and not about cognates, an advanced list is mostly advanced, glosses follow the sense,
// plural-only nouns keep their plural article, and English is spelt one way.
import { describe, expect, test } from "bun:test";
import { isCognate } from "../../src/generation/builtin/cognates.ts";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { morphologyOf } from "../../src/generation/builtin/morphology/morph-index.ts";
import { GAP } from "../../src/generation/builtin/sentence-fit.ts";
import { newVocabulary } from "../../src/generation/builtin/tutor/new-vocabulary.ts";
import { buildVocabItem } from "../../src/generation/builtin/vocab-item.ts";
import type { TutorRequest } from "../../src/generation/engine-input.ts";
import { LANGS, type Lang } from "../../src/generation/languages.ts";
import type { LessonSet } from "../../src/generation/model.ts";

const engine = createBuiltinEngine();
const index = engine.index();
const TOPICS = ["market", "lodging", "work", "weather", "castle_history", "health"];

async function plan(source: Lang, target: Lang, level: number, topic: string): Promise<LessonSet[]> {
  return Array.fromAsync(engine.lessonPlan({ source_lang: source, target_lang: target, level, topic }));
}

function sourceFor(target: Lang, n: number): Lang {
  const others = LANGS.filter((l) => l !== target);
  return others[n % others.length] as Lang;
}

describe("grammar practised", () => {
  test("every plan practises its grammar point and checks it with a spot-the-error item", async () => {
    const problems: string[] = [];
    for (const [n, target] of LANGS.entries()) {
      for (let level = 1; level <= 9; level++) {
        const sets = await plan(sourceFor(target, n + level), target, level, TOPICS[level % TOPICS.length] as string);
        const grammar = sets.find((s) => s.kind === "grammar");
        if (grammar?.kind !== "grammar") {
          problems.push(`${target} L${level}: no grammar set`);
          continue;
        }
        const rights = new Set(grammar.point.common_errors.map((e) => e.right));
        const wrongs = new Set(grammar.point.common_errors.map((e) => e.wrong));
        const exercises = sets.find((s) => s.kind === "exercises");
        const practised =
          exercises?.kind === "exercises" &&
          exercises.exercises.some(
            (e) =>
              (e.type === "gap_fill" && e.items.some((i) => rights.has(i.prompt.replace(GAP, i.answer)))) ||
              (e.type === "choose_correct" && e.items.some((i) => rights.has(i.answer))),
          );
        if (!practised) problems.push(`${target} L${level} ${grammar.point.id}: no exercise on the grammar point`);
        const exit = sets.find((s) => s.kind === "exit_check");
        const checked = exit?.kind === "exit_check" && exit.questions.some((q) => q.type === "choose_correct" && rights.has(q.answer) && q.options.some((o) => wrongs.has(o)));
        if (!checked) problems.push(`${target} L${level} ${grammar.point.id}: no spot-the-error item in the exit check`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("gap-fills offer more words than gaps; the grammar box holds real forms of the verbs gapped", async () => {
    const sets = await plan("en", "fr", 3, "market");
    const exercises = sets.find((s) => s.kind === "exercises");
    const gaps = exercises?.kind === "exercises" ? exercises.exercises.filter((e) => e.type === "gap_fill") : [];
    expect(gaps).toHaveLength(2);
    const [vocabularyGap, partitiveGap] = gaps;
    if (vocabularyGap?.type !== "gap_fill" || partitiveGap?.type !== "gap_fill") throw new Error("no gap-fills");
    expect(vocabularyGap.word_bank.length).toBeGreaterThan(vocabularyGap.items.length);
    // The partitive's box: each form once (several gaps take du), and forms that are no key.
    const keys = new Set(partitiveGap.items.map((i) => i.answer));
    expect(new Set(partitiveGap.word_bank).size).toBe(partitiveGap.word_bank.length);
    expect(partitiveGap.word_bank.filter((w) => !keys.has(w)).length).toBeGreaterThan(0);
    for (const word of partitiveGap.word_bank) expect(["du", "de la", "de l'", "des", "de", "d'", "au", "aux"], word).toContain(word);
    // A point on a verb form: "Je ____ (manger) du pain grillé…", the verb's infinitive in
    // brackets, the key a form of it, and every word of the box a form of one of the verbs
    // gapped (never a misspelt form).
    const verbSets = await plan("en", "fr", 1, "market");
    const verbExercises = verbSets.find((s) => s.kind === "exercises");
    const grammarGap = verbExercises?.kind === "exercises" ? verbExercises.exercises.filter((e) => e.type === "gap_fill")[1] : undefined;
    if (grammarGap?.type !== "gap_fill") throw new Error("no grammar gap-fill");
    const morphology = morphologyOf(index.language("fr"));
    const lemmas = grammarGap.items.map((i) => /____ \((?:[^)·]+ · )?([^)]+)\)/.exec(i.prompt)?.[1] ?? "");
    for (const [n, item] of grammarGap.items.entries()) expect(morphology?.read(item.answer).some((r) => r.lemma === lemmas[n]), item.prompt).toBe(true);
    for (const word of grammarGap.word_bank) expect(morphology?.read(word).some((r) => lemmas.includes(r.lemma)), word).toBe(true);
  });
});

describe("the exit check", () => {
  test("gaps are in sentences the lesson has not shown, and cognates are not asked for their meaning", async () => {
    const problems: string[] = [];
    let gaps = 0;
    for (const [n, target] of LANGS.entries()) {
      for (const level of [2, 4, 6, 8]) {
        for (const topic of TOPICS) {
          const source = sourceFor(target, n + level);
          const sets = await plan(source, target, level, topic);
          const exit = sets.find((s) => s.kind === "exit_check");
          if (exit?.kind !== "exit_check") continue;
          const elsewhere = JSON.stringify(sets.filter((s) => s.kind !== "exit_check"));
          for (const q of exit.questions) {
            if (q.type === "gap_fill") {
              gaps++;
              const sentence = q.prompt.replace(GAP, q.answer);
              if (elsewhere.includes(JSON.stringify(sentence).slice(1, -1))) problems.push(`${target} L${level} ${topic}: gap sentence shown in the lesson: ${sentence}`);
            }
            if (q.type === "choose_translation") {
              const term = q.prompt.match(/[«“„]\s?(.+?)\s?[»”“]/u)?.[1] ?? "";
              if (isCognate(term.replace(/^(el|la|los|las|le|la|les|l'|der|die|das|il|lo|i|gli|o|a|os|as)\s*/i, ""), q.answer.replace(/^(the|el|la|le|l'|der|die|das|il|lo|o|a)\s*/i, ""))) {
                problems.push(`${target} L${level} ${topic}: cognate asked: ${term} = ${q.answer}`);
              }
            }
          }
        }
      }
    }
    expect(gaps).toBeGreaterThan(100);
    expect(problems.slice(0, 10)).toEqual([]);
  });

  test("cognates: capitaine/captain and passager/passenger are, Apfel/apple and Stadt/city are not", () => {
    expect([isCognate("capitaine", "captain"), isCognate("passager", "passenger"), isCognate("Kaffee", "coffee")]).toEqual([true, true, true]);
    expect([isCognate("Apfel", "apple"), isCognate("Stadt", "city"), isCognate("manzana", "apple")]).toEqual([false, false, false]);
  });
});

describe("vocabulary", () => {
  test("at level 8 (C1) most words are B2+ or C1", async () => {
    const problems: string[] = [];
    for (const [n, target] of LANGS.entries()) {
      for (const topic of TOPICS) {
        const sets = await plan(sourceFor(target, n), target, 8, topic);
        const overview = sets[0];
        if (overview?.kind !== "overview") continue;
        const high = overview.vocabulary.filter((v) => v.level >= 7).length;
        if (high * 2 <= overview.vocabulary.length) problems.push(`${target} ${topic}: ${high} of ${overview.vocabulary.length} at B2+/C1`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("plural-only nouns show their plural article everywhere", () => {
    const display = (id: string, target: Lang) => {
      const concept = index.conceptById.get(id);
      if (!concept) throw new Error(id);
      return buildVocabItem(concept, "en", target).display;
    };
    expect(display("holiday_vacation", "es")).toBe("las vacaciones");
    expect(display("holiday_vacation", "fr")).toBe("les vacances");
    expect(display("holiday_vacation", "pt-BR")).toBe("as férias");
    expect(display("clothes", "it")).toBe("i vestiti");
    expect(display("trousers", "it")).toBe("i pantaloni");
    expect(display("chess", "fr")).toBe("les échecs");
  });

  test("a new word is glossed in the sense the reply uses", () => {
    const request = (target: Lang) => ({ source: "de", target, level: 9 }) as TutorRequest;
    const ids = (text: string, target: Lang) => newVocabulary(index, text, request(target), []).map((v) => v.id);
    expect(ids("Merci. Quel est le motif de votre voyage ?", "fr")).not.toContain("east");
    expect(ids("Le soleil se lève à l'est.", "fr")).toContain("east");
    expect(ids("El sol sale por el este.", "es")).toContain("east");
  });
});

describe("English is British English", () => {
  test("no American spellings in what a learner reads", () => {
    const american = /\b(color|colors|colorful|favorite|neighbor|neighbors|neighborhood|harbor|center|theater|traveling|traveled|realize|realized|recognize|apologize|organize|gray|behavior|rumor|humor|flavor|mom|enroll|memorize|summarize|fertilizer|cozy|armor)\b/i;
    const texts: string[] = [];
    for (const c of index.data.concepts) texts.push(c.en.w, c.en.pl ?? "", c.en.ex);
    for (const t of index.data.topics) texts.push(t.names.en, ...t.phrases.map((p) => p.text.en));
    for (const s of index.data.scenarios) for (const st of s.steps) texts.push(st.npc.en, ...st.learner.map((l) => l.text.en));
    for (const g of index.data.grammar) texts.push(g.title, g.form, g.meaning, g.use, ...g.common_errors.map((e) => e.note));
    expect(texts.filter((t) => american.test(t)).slice(0, 10)).toEqual([]);
  });
});
