// Answers checked against a real plan's keys (the built-in engine's plan for Spanish food, level 2):
// the keys themselves score full marks, a wrong answer is marked with the right one and a why, a
// missing accent is right with a note, and the exit check's score meets its pass mark or not.
import { describe, expect, test } from "bun:test";
import { checkExercise, checkExit, compareAnswer, normaliseAnswer } from "../../src/learning/answer-check.ts";
import type { Exercise, ExercisesSet, ExitCheckSet, LessonSet } from "../../src/generation/model.ts";
import { fixtureEngine } from "../generation/fixture-engine.ts";

const sets: LessonSet[] = [];
for await (const set of fixtureEngine().lessonPlan({ source_lang: "en", target_lang: "es", level: 2, topic: "food" })) sets.push(set);
const exercises = (sets.find((s) => s.kind === "exercises") as ExercisesSet).exercises;
const exit = sets.find((s) => s.kind === "exit_check") as ExitCheckSet;
const ofType = <T extends Exercise["type"]>(type: T) => exercises.find((e) => e.type === type) as Extract<Exercise, { type: T }>;

describe("answers against a plan's keys", () => {
  test("normalising: case, spacing, quotes and punctuation do not count; accents are a near miss", () => {
    expect(normaliseAnswer("  ¡Buenos   días!  ")).toBe("buenos días");
    expect(normaliseAnswer("No como carne; soy vegetariano.")).toBe(normaliseAnswer("no como carne soy vegetariano"));
    expect(compareAnswer("L’école", "l'école")).toBe("right");
    expect(compareAnswer("Que aproveche", "que aproveche")).toBe("right");
    expect(compareAnswer("todavia", "todavía")).toBe("accents");
    expect(compareAnswer("manzana", "mantequilla")).toBe("wrong");
    expect(compareAnswer("", "")).toBe("wrong");
  });

  test("every exercise: the keys score full marks", () => {
    const seen = new Set<string>();
    for (const exercise of exercises) {
      const given =
        exercise.type === "matching"
          ? exercise.left.map((l) => exercise.answers.find((a) => a.left === l.key)!.right)
          : exercise.type === "dialogue_order"
            ? exercise.lines.map((l) => String(exercise.answer.indexOf(l.key) + 1))
            : exercise.items.map((i) => i.answer);
      seen.add(exercise.type);
      const result = checkExercise(exercise, given);
      expect(result.total).toBeGreaterThanOrEqual(1);
      expect(result.score).toBe(result.total);
    }
    expect([...seen].sort()).toEqual(["dialogue_order", "gap_fill", "matching", "translation"]);
  });

  test("choose the correct sentence: the choice must be the key's; the why is the plan's explanation", () => {
    const exercise: Exercise = { type: "choose_correct", instructions: "Choose the correct sentence.", items: [{ options: ["Me gusta los gatos.", "Me gustan los gatos."], answer: "Me gustan los gatos.", explanation: "The verb agrees with what is liked." }] };
    expect(checkExercise(exercise, ["Me gustan los gatos."]).score).toBe(1);
    const wrong = checkExercise(exercise, ["Me gusta los gatos."]);
    expect(wrong.items[0]).toEqual({ given: "Me gusta los gatos.", correct: false, expected: "Me gustan los gatos.", why: "The verb agrees with what is liked." });
  });

  test("a wrong answer is marked, with the right one and why; an empty one is wrong", () => {
    const gap = ofType("gap_fill");
    const given = gap.items.map((i) => i.answer);
    given[0] = "queso";
    given[1] = "";
    const result = checkExercise(gap, given);
    expect(result.score).toBe(gap.items.length - 2);
    expect(result.items[0]).toMatchObject({ given: "queso", correct: false, expected: gap.items[0]!.answer });
    expect(result.items[0]!.why).toContain(gap.items[0]!.hint);
    expect(result.items[1]!.correct).toBe(false);

    const matching = ofType("matching");
    const swapped = matching.left.map((l) => matching.answers.find((a) => a.left === l.key)!.right);
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    const m = checkExercise(matching, swapped);
    expect(m.score).toBe(matching.left.length - 2);
    expect(m.items[0]!.why).toContain(matching.left[0]!.text);

    const order = ofType("dialogue_order");
    const reversed = order.lines.map((l) => String(order.lines.length - order.answer.indexOf(l.key)));
    expect(checkExercise(order, reversed).score).toBeLessThan(order.lines.length);
  });

  test("a missing accent counts, with a note", () => {
    const translation = ofType("translation");
    const withAccent = translation.items.findIndex((i) => /[áéíóúñ]/.test(i.answer));
    expect(withAccent).toBeGreaterThanOrEqual(0);
    const given = translation.items.map((i) => i.answer);
    given[withAccent] = given[withAccent]!.normalize("NFD").replace(/\p{M}/gu, "");
    const result = checkExercise(translation, given);
    expect(result.score).toBe(result.total);
    expect(result.items[withAccent]!.why).toStartWith("Mind the accents");
  });

  test("the exit check: score and pass mark", () => {
    const keys = exit.questions.map((q) => (q.type === "respond" ? q.model_answer : q.answer));
    const full = checkExit(exit, keys);
    expect(full).toMatchObject({ score: exit.questions.length, total: exit.questions.length, passed: true, passMark: exit.pass_mark });
    const wrong = keys.map((k, i) => (i < exit.questions.length - exit.pass_mark + 1 ? "no sé" : k));
    const failed = checkExit(exit, wrong);
    expect(failed.score).toBe(exit.pass_mark - 1);
    expect(failed.passed).toBe(false);
  });
});
