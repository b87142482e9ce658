// Answers checked as a teacher would: against a real plan's keys (the built-in engine's plan for
// Spanish food, level 2) the keys score full marks and nothing entered marks nothing; and per
// language, tables of what is accepted (with which note) and what is refused.
import { describe, expect, test } from "bun:test";
import { checkExercise, checkExit, isEmptyAttempt, normaliseAnswer } from "../../src/learning/answer-check.ts";
import { judgeAnswer, type NoteKind } from "../../src/learning/answer-judge.ts";
import type { Exercise, ExercisesSet, ExitCheckSet, LessonSet } from "../../src/generation/model.ts";
import { fixtureEngine } from "../generation/fixture-engine.ts";

const sets: LessonSet[] = [];
for await (const set of fixtureEngine().lessonPlan({ source_lang: "en", target_lang: "es", level: 2, topic: "market" })) sets.push(set);
const exercises = (sets.find((s) => s.kind === "exercises") as ExercisesSet).exercises;
const exit = sets.find((s) => s.kind === "exit_check") as ExitCheckSet;
const ofType = <T extends Exercise["type"]>(type: T) => exercises.find((e) => e.type === type) as Extract<Exercise, { type: T }>;
const LANGS = { source: "en", target: "es" };

/** [given, key, the note it is accepted with (null: plainly right), or "wrong"] */
type Row = [string, string, NoteKind | null | "wrong"];

const TABLES: Record<string, Row[]> = {
  es: [
    ["No como carne, soy vegetariana.", "No como carne; soy vegetariano.", "variant"],
    ["no como carne soy vegetariano", "No como carne, soy vegetariano.", null],
    ["Encantado", "Mucho gusto", "variant"],
    ["encantada", "¡Mucho gusto!", "variant"],
    ["mantequila", "la mantequilla", "typo"],
    ["mantequilla", "la mantequilla", "article"],
    ["la mantequilla", "mantequilla", null],
    ["todavia", "todavía", "accents"],
    ["Estoy cansada", "Estoy cansado.", "variant"],
    ["carro", "el coche", "variant"],
    ["comemos", "comimos", "wrong"],
    ["pero", "perro", "wrong"],
    ["gata", "gato", "wrong"],
    ["cosa", "casa", "wrong"],
    ["mantequillas", "la mantequilla", "wrong"],
    ["la manzana", "la mantequilla", "wrong"],
    ["hermana", "hermano", "wrong"],
    ["soy vegetariana y", "soy vegetariano", "wrong"],
  ],
  en: [
    ["Nice to meet you!", "nice to meet you", null],
    ["pleased to meet you", "Nice to meet you", "variant"],
    ["I'm hungry", "I am hungry.", null],
    ["I don't eat meat", "I do not eat meat", null],
    ["the butter", "butter", null],
    ["butter", "the butter", "article"],
    ["breakfest", "breakfast", "wrong"],
    ["breakfst", "breakfast", "typo"],
    ["tomorow", "tomorrow", "typo"],
    ["wife", "wine", "wrong"],
    ["thirty", "thirteen", "wrong"],
  ],
  de: [
    ["fuer", "für", "umlaut"],
    ["fur", "für", "wrong"],
    ["Strasse", "die Straße", "umlaut"],
    ["muede", "müde", "umlaut"],
    ["kaese", "der Käse", "umlaut"],
    ["brot", "Brot", "capital"],
    ["das brot", "das Brot", "capital"],
    ["Ich esse kein fleisch", "Ich esse kein Fleisch.", "capital"],
    ["ich esse kein Fleisch", "Ich esse kein Fleisch.", null],
    ["sehr erfreut", "Freut mich", "variant"],
    ["Kartofel", "die Kartoffel", "typo"],
    ["Bruder", "Brüder", "wrong"],
    ["Hund", "Hand", "wrong"],
    ["schon", "schön", "wrong"],
    ["der Kaese", "der Käse", "umlaut"],
    ["die Butter", "das Brot", "wrong"],
    ["Kartoffeln", "die Kartoffel", "wrong"],
  ],
  fr: [
    ["Enchantée", "enchanté", "variant"],
    ["ravi de vous rencontrer", "Enchanté !", "variant"],
    ["Je suis fatiguée.", "Je suis fatigué.", "variant"],
    ["ecole", "l'école", "accents"],
    ["école", "l'école", "article"],
    ["fromaje", "le fromage", "wrong"],
    ["beurre", "le beurre", "article"],
    ["boeuf", "bœuf", "wrong"],
    ["pomme", "la pomme de terre", "wrong"],
    ["chat", "chien", "wrong"],
    ["apetit", "appétit", "typo"],
  ],
  it: [
    ["piacere di conoscerti", "Piacere!", "variant"],
    ["Sono stanca", "Sono stanco.", "variant"],
    ["perche", "perché", "accents"],
    ["formagio", "il formaggio", "typo"],
    ["formaggio", "il formaggio", "article"],
    ["pane", "pasta", "wrong"],
    ["sono stanchi", "sono stanco", "wrong"],
    ["caffè", "il caffè", "article"],
  ],
  "pt-BR": [
    ["Obrigada", "obrigado", "variant"],
    ["encantado", "Muito prazer", "variant"],
    ["Prazer!", "muito prazer", "variant"],
    ["cafe", "o café", "accents"],
    ["manteiga", "a manteiga", "article"],
    ["mantega", "a manteiga", "typo"],
    ["manteigua", "a manteiga", "wrong"],
    ["feijao", "o feijão", "accents"],
    ["abacaxí", "abacaxi", "accents"],
    ["abacxi", "abacaxi", "typo"],
    ["pão", "pau", "wrong"],
  ],
};

describe("answers checked as a teacher would", () => {
  for (const [lang, rows] of Object.entries(TABLES)) {
    test(`${lang}: variants, typos, German letters and capitals accepted with a note; near misses refused`, () => {
      const got = rows.map(([given, key]) => {
        const j = judgeAnswer({ given, key, lang });
        return [given, key, j.verdict === "right" ? (j.note?.kind ?? null) : j.verdict];
      });
      expect(got).toEqual(rows);
    });
  }

  test("the note shows the right spelling", () => {
    expect(judgeAnswer({ given: "mantequila", key: "la mantequilla", lang: "es" })).toEqual({ verdict: "right", note: { kind: "typo", right: "la mantequilla" } });
    expect(judgeAnswer({ given: "fuer", key: "für", lang: "de" })).toEqual({ verdict: "right", note: { kind: "umlaut", right: "für" } });
    expect(judgeAnswer({ given: "brot", key: "Brot", lang: "de" })).toEqual({ verdict: "right", note: { kind: "capital", right: "Brot" } });
    expect(judgeAnswer({ given: "  ", key: "Brot", lang: "de" })).toEqual({ verdict: "empty" });
  });

  test("a typo that lands on another word of the exercise is refused", () => {
    expect(judgeAnswer({ given: "tomates", key: "tomate", lang: "es" }).verdict).toBe("wrong");
    expect(judgeAnswer({ given: "brekfast", key: "breakfast", lang: "en" }).verdict).toBe("right");
    expect(judgeAnswer({ given: "breakfasts", key: "breakfast", lang: "en", others: ["breakfasts"] }).verdict).toBe("wrong");
  });
});

describe("answers against a plan's keys", () => {
  test("normalising: case, spacing, quotes and punctuation do not count", () => {
    expect(normaliseAnswer("  ¡Buenos   días!  ")).toBe("buenos días");
    expect(normaliseAnswer("No como carne; soy vegetariano.")).toBe(normaliseAnswer("no como carne soy vegetariano"));
    expect(judgeAnswer({ given: "L’école", key: "l'école", lang: "fr" })).toEqual({ verdict: "right", note: null });
    expect(judgeAnswer({ given: "manzana", key: "mantequilla", lang: "es" }).verdict).toBe("wrong");
    expect(judgeAnswer({ given: "", key: "", lang: "es" }).verdict).toBe("empty");
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
      const result = checkExercise(exercise, given, LANGS);
      expect(result.total).toBeGreaterThanOrEqual(1);
      expect(result.score).toBe(result.total);
      expect(result.items.every((i) => !i.note)).toBe(true);
    }
    expect([...seen].sort()).toEqual(["choose_correct", "dialogue_order", "gap_fill", "matching", "translation"]);
  });

  test("choose the correct sentence: the choice must be the key's", () => {
    const exercise: Exercise = { type: "choose_correct", instructions: "Choose the correct sentence.", items: [{ options: ["Me gusta los gatos.", "Me gustan los gatos."], answer: "Me gustan los gatos.", explanation: "The verb agrees with what is liked." }] };
    expect(checkExercise(exercise, ["Me gustan los gatos."], LANGS).score).toBe(1);
    expect(checkExercise(exercise, ["Me gusta los gatos."], LANGS).items[0]).toEqual({ given: "Me gusta los gatos.", correct: false, expected: "Me gustan los gatos." });
  });

  test("a wrong answer is marked with the right one; an empty one is neither marked nor revealed", () => {
    const gap = ofType("gap_fill");
    const given = gap.items.map((i) => i.answer);
    given[0] = "queso";
    given[1] = "";
    const result = checkExercise(gap, given, LANGS);
    expect(result.score).toBe(gap.items.length - 2);
    expect(result.items[0]).toMatchObject({ given: "queso", correct: false, expected: gap.items[0]!.answer });
    expect(result.items[1]).toMatchObject({ correct: false, skipped: true });
    expect(isEmptyAttempt(result)).toBe(false);

    const matching = ofType("matching");
    const swapped = matching.left.map((l) => matching.answers.find((a) => a.left === l.key)!.right);
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    expect(checkExercise(matching, swapped, LANGS).score).toBe(matching.left.length - 2);

    const order = ofType("dialogue_order");
    const reversed = order.lines.map((l) => String(order.lines.length - order.answer.indexOf(l.key)));
    expect(checkExercise(order, reversed, LANGS).score).toBeLessThan(order.lines.length);
  });

  test("nothing entered is an empty attempt, in every kind of exercise and in the exit check", () => {
    for (const exercise of exercises) expect(isEmptyAttempt(checkExercise(exercise, [], LANGS))).toBe(true);
    expect(isEmptyAttempt(checkExit(exit, exit.questions.map(() => " "), LANGS))).toBe(true);
  });

  test("a missing accent counts, with a note", () => {
    const translation = ofType("translation");
    const withAccent = translation.items.findIndex((i) => /[áéíóúñ]/.test(i.answer));
    expect(withAccent).toBeGreaterThanOrEqual(0);
    const given = translation.items.map((i) => i.answer);
    given[withAccent] = given[withAccent]!.normalize("NFD").replace(/\p{M}/gu, "");
    const result = checkExercise(translation, given, LANGS);
    expect(result.score).toBe(result.total);
    expect(result.items[withAccent]!.note?.kind).toBe("accents");
  });

  test("the exit check: score and pass mark", () => {
    const keys = exit.questions.map((q) => (q.type === "respond" ? q.model_answer : q.answer));
    const full = checkExit(exit, keys, LANGS);
    expect(full).toMatchObject({ score: exit.questions.length, total: exit.questions.length, passed: true, passMark: exit.pass_mark });
    const wrong = keys.map((k, i) => (i < exit.questions.length - exit.pass_mark + 1 ? "no sé" : k));
    const failed = checkExit(exit, wrong, LANGS);
    expect(failed.score).toBe(exit.pass_mark - 1);
    expect(failed.passed).toBe(false);
  });
});
