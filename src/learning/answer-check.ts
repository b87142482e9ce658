// Checking a learner's answers against a lesson plan's keys (spec 1.1: exercises with immediate
// feedback; the plan's sets carry their answers, generation/model.ts). Pure functions: what was
// given, what was right, the right answer and a short why, for every item of an exercise or of the
// exit check. Forgiving where a person would be: case, spacing, the punctuation around a sentence
// and curly quotes do not count; a missing accent counts as right with a note, since the learner
// knew the word.
import type { Exercise, ExitCheckSet, ExitQuestion } from "../generation/model.ts";

export interface ItemResult {
  given: string;
  correct: boolean;
  /** The key's answer, as the plan writes it. */
  expected: string;
  /** A short why: what the key means, or the note on a near miss. */
  why: string;
}

export interface Attempt {
  items: ItemResult[];
  score: number;
  total: number;
}

const EDGE_PUNCTUATION = /^[\s.,;:!?¡¿"'«»“”„‘’()…-]+|[\s.,;:!?¡¿"'«»“”„‘’()…-]+$/gu;
const INNER_PUNCTUATION = /[.,;:!?¡¿"«»“”„()…]/gu;

/** Case, spacing, surrounding punctuation and quote styles do not count. */
export function normaliseAnswer(text: string): string {
  return text.normalize("NFC").replace(/[‘’`´]/g, "'").replace(EDGE_PUNCTUATION, "").replace(INNER_PUNCTUATION, "").replace(/\s+/g, " ").trim().toLocaleLowerCase();
}

const withoutAccents = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "");

/** right, right but for the accents, or wrong. */
export function compareAnswer(given: string, expected: string): "right" | "accents" | "wrong" {
  const a = normaliseAnswer(given);
  const b = normaliseAnswer(expected);
  if (a === "") return "wrong";
  if (a === b) return "right";
  return withoutAccents(a) === withoutAccents(b) ? "accents" : "wrong";
}

function textItem(given: string, expected: string, why: string): ItemResult {
  const verdict = compareAnswer(given, expected);
  if (verdict === "accents") return { given, correct: true, expected, why: `Mind the accents: “${expected}”. ${why}`.trim() };
  return { given, correct: verdict === "right", expected, why };
}

const attempt = (items: ItemResult[]): Attempt => ({ items, score: items.filter((i) => i.correct).length, total: items.length });

/** How many answers an exercise asks for, in the order the page lists its fields. */
export function answerCount(exercise: Exercise): number {
  switch (exercise.type) {
    case "matching":
      return exercise.left.length;
    case "gap_fill":
    case "translation":
      return exercise.items.length;
    case "dialogue_order":
      return exercise.lines.length;
    case "choose_correct":
      return exercise.items.length;
  }
}

/**
 * Checks the answers to one exercise. `given[i]` is the i-th field of its form: for matching the
 * key of the translation chosen for the i-th word; for gap fill and translation the text typed;
 * for dialogue order the position (1-based) given to the i-th line as listed; for choose-correct
 * the sentence chosen.
 */
export function checkExercise(exercise: Exercise, given: string[]): Attempt {
  const at = (i: number) => (given[i] ?? "").slice(0, 500);
  switch (exercise.type) {
    case "matching": {
      const rightText = new Map(exercise.right.map((r) => [r.key, r.text]));
      const key = new Map(exercise.answers.map((a) => [a.left, a.right]));
      return attempt(
        exercise.left.map((left, i) => {
          const expected = rightText.get(key.get(left.key) ?? "") ?? "";
          const chosen = rightText.get(at(i)) ?? "";
          return { given: chosen, correct: at(i) !== "" && at(i) === key.get(left.key), expected, why: `“${left.text}” means “${expected}”.` };
        }),
      );
    }
    case "gap_fill":
      return attempt(exercise.items.map((item, i) => textItem(at(i), item.answer, `${item.prompt.replace("____", item.answer)} — ${item.hint}`)));
    case "translation":
      return attempt(exercise.items.map((item, i) => textItem(at(i), item.answer, `“${item.prompt}” → “${item.answer}”.`)));
    case "dialogue_order": {
      const position = new Map(exercise.answer.map((k, i) => [k, i + 1]));
      return attempt(
        exercise.lines.map((line, i) => {
          const expected = String(position.get(line.key) ?? "");
          return { given: at(i), correct: at(i).trim() === expected, expected, why: `“${line.text}” is line ${expected} of the conversation.` };
        }),
      );
    }
    case "choose_correct":
      return attempt(exercise.items.map((item, i) => ({ given: at(i), correct: at(i) === item.answer, expected: item.answer, why: item.explanation })));
  }
}

function checkQuestion(question: ExitQuestion, given: string): ItemResult {
  switch (question.type) {
    case "choose_translation":
      return { given, correct: given === question.answer, expected: question.answer, why: `${question.prompt} — “${question.answer}”.` };
    case "gap_fill":
      return textItem(given, question.answer, `${question.prompt.replace("____", question.answer)} — ${question.hint}`);
    case "respond":
      return textItem(given, question.model_answer, `A good answer: “${question.model_answer}”.`);
    case "choose_correct":
      return { given, correct: given === question.answer, expected: question.answer, why: `${question.prompt} — “${question.answer}”.` };
  }
}

export interface ExitAttempt extends Attempt {
  passMark: number;
  passed: boolean;
}

/** The exit check: one answer per question, a score, and whether it reaches the plan's pass mark. */
export function checkExit(set: ExitCheckSet, given: string[]): ExitAttempt {
  const result = attempt(set.questions.map((q, i) => checkQuestion(q, (given[i] ?? "").slice(0, 500))));
  return { ...result, passMark: set.pass_mark, passed: result.score >= set.pass_mark };
}
