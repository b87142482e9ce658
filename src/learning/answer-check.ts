// Checking a learner's answers against a lesson plan's keys (spec 1.1: exercises with immediate
// feedback; the plan's sets carry their answers, generation/model.ts). Pure functions: what was
// given, whether it is right, the key's answer and, for an answer accepted as a near miss, a note
// (answer-judge.ts says what a teacher accepts). The words around a result are the page's: the
// result carries kinds and texts, never sentences in one language.
import type { Exercise, ExitCheckSet, ExitQuestion } from "../generation/model.ts";
import { judgeAnswer, normaliseAnswer, type AnswerNote } from "./answer-judge.ts";

export { normaliseAnswer, type AnswerNote };

export interface ItemResult {
  given: string;
  correct: boolean;
  /** The key's answer, as the plan writes it. */
  expected: string;
  /** Nothing was given: not counted right, and the key's answer is not shown. */
  skipped?: boolean;
  /** An answer accepted with a note (accents, typo, German letters or capital, article, another form). */
  note?: AnswerNote | null;
}

export interface Attempt {
  items: ItemResult[];
  score: number;
  total: number;
}

/** The languages of a plan: typed answers are in the target language, or the source for translations into it. */
export interface AnswerLangs {
  source: string;
  target: string;
}

const skipped = (expected: string): ItemResult => ({ given: "", correct: false, expected, skipped: true });

function textItem(given: string, expected: string, lang: string, others: string[]): ItemResult {
  const j = judgeAnswer({ given, key: expected, lang, others });
  if (j.verdict === "empty") return skipped(expected);
  return { given, correct: j.verdict === "right", expected, note: j.verdict === "right" ? j.note : null };
}

function choiceItem(given: string, expected: string): ItemResult {
  if (given.trim() === "") return skipped(expected);
  return { given, correct: given === expected, expected };
}

const attempt = (items: ItemResult[]): Attempt => ({ items, score: items.filter((i) => i.correct).length, total: items.length });

/** Nothing at all was entered: such a submission is not an attempt (nothing is marked or revealed). */
export const isEmptyAttempt = (a: Attempt) => a.items.every((i) => i.skipped === true);

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
export function checkExercise(exercise: Exercise, given: string[], langs: AnswerLangs): Attempt {
  const at = (i: number) => (given[i] ?? "").slice(0, 500);
  switch (exercise.type) {
    case "matching": {
      const rightText = new Map(exercise.right.map((r) => [r.key, r.text]));
      const key = new Map(exercise.answers.map((a) => [a.left, a.right]));
      return attempt(
        exercise.left.map((left, i) => {
          const expected = rightText.get(key.get(left.key) ?? "") ?? "";
          if (at(i).trim() === "") return skipped(expected);
          return { given: rightText.get(at(i)) ?? "", correct: at(i) === key.get(left.key), expected };
        }),
      );
    }
    case "gap_fill": {
      const others = [...exercise.word_bank, ...exercise.items.map((i) => i.answer)];
      return attempt(exercise.items.map((item, i) => textItem(at(i), item.answer, langs.target, others)));
    }
    case "translation": {
      const lang = exercise.direction === "to_target" ? langs.target : langs.source;
      const others = exercise.items.map((i) => i.answer);
      return attempt(exercise.items.map((item, i) => textItem(at(i), item.answer, lang, others)));
    }
    case "dialogue_order": {
      const position = new Map(exercise.answer.map((k, i) => [k, i + 1]));
      return attempt(
        exercise.lines.map((line, i) => {
          const expected = String(position.get(line.key) ?? "");
          if (at(i).trim() === "") return skipped(expected);
          return { given: at(i).trim(), correct: at(i).trim() === expected, expected };
        }),
      );
    }
    case "choose_correct":
      return attempt(exercise.items.map((item, i) => choiceItem(at(i), item.answer)));
  }
}

function checkQuestion(question: ExitQuestion, given: string, langs: AnswerLangs, others: string[]): ItemResult {
  switch (question.type) {
    case "choose_translation":
    case "choose_correct":
      return choiceItem(given, question.answer);
    case "gap_fill":
      return textItem(given, question.answer, langs.target, others);
    case "respond":
      return textItem(given, question.model_answer, langs.target, others);
  }
}

export interface ExitAttempt extends Attempt {
  passMark: number;
  passed: boolean;
}

/** The exit check: one answer per question, a score, and whether it reaches the plan's pass mark. */
export function checkExit(set: ExitCheckSet, given: string[], langs: AnswerLangs): ExitAttempt {
  const others = set.questions.map((q) => (q.type === "respond" ? q.model_answer : q.answer));
  const result = attempt(set.questions.map((q, i) => checkQuestion(q, (given[i] ?? "").slice(0, 500), langs, others)));
  return { ...result, passMark: set.pass_mark, passed: result.score >= set.pass_mark };
}
