// The grammar set speaks the learner's language: for every pair, the point's title, form,
// meaning, use and the errors' notes are the explanation file's text in the source language
// (data/grammar-explanations/<lang>.json), the set says which language that is, and the practice
// that names the point or explains an error uses the same words. English learners read grammar.json.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { SET_TITLES } from "../../src/generation/builtin/ui-text/lesson-text.ts";
import { LANGS, type Lang } from "../../src/generation/languages.ts";
import type { GrammarSet, LessonSet } from "../../src/generation/model.ts";

const engine = createBuiltinEngine();
const { data } = engine.index();
const PAIRS = LANGS.flatMap((source) => LANGS.filter((t) => t !== source).map((target) => ({ source, target })));

async function plan(source: Lang, target: Lang, level: number): Promise<LessonSet[]> {
  return Array.fromAsync(engine.lessonPlan({ source_lang: source, target_lang: target, level, topic: "travel" }));
}

describe("the grammar set in the learner's language", () => {
  for (const { source, target } of PAIRS) {
    test(`${source} → ${target}, levels 1–9`, async () => {
      for (let level = 1; level <= 9; level++) {
        const sets = await plan(source, target, level);
        const set = sets.find((s): s is GrammarSet => s.kind === "grammar");
        expect(set).toBeDefined();
        const original = data.grammar.find((p) => p.id === set!.point.id)!;
        const expected = source === "en" ? { title: original.title, form: original.form, meaning: original.meaning, use: original.use, notes: original.common_errors.map((e) => e.note) } : data.explanations[source]![original.id]!;
        expect(set!.explanation_lang).toBe(source);
        expect(set!.title).toBe(`${SET_TITLES.grammar[source]}: ${expected.title}`);
        expect({ title: set!.point.title, form: set!.point.form, meaning: set!.point.meaning, use: set!.point.use }).toEqual({ title: expected.title, form: expected.form, meaning: expected.meaning, use: expected.use });
        expect(set!.point.common_errors.map((e) => e.note)).toEqual(expected.notes);
        // The target-language sentences are the syllabus's own.
        expect(set!.point.examples).toEqual(original.examples);
        expect(set!.point.common_errors.map((e) => [e.wrong, e.right])).toEqual(original.common_errors.map((e) => [e.wrong, e.right]));
        const exercises = sets.find((s) => s.kind === "exercises");
        const spotting = exercises && "exercises" in exercises ? exercises.exercises.find((e) => e.type === "choose_correct" && e.items.some((i) => "explanation" in i && i.explanation)) : undefined;
        if (spotting && spotting.type === "choose_correct") for (const item of spotting.items) if (item.explanation) expect(expected.notes).toContain(item.explanation);
      }
    });
  }
});
