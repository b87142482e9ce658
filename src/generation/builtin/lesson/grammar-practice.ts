// Practice on the plan's grammar point: 6–10 items. The point's common errors are spotted as
// pairs ("Je bois café" / "Je bois du café"), and the rest are gaps built from the morphology
// tables on the lesson's own sentences (form-drill.ts): the key is the tables' form, and the
// box holds it with other real forms of the same verb, never a misspelt one. A point that is not
// a verb form gaps its own word instead (point-drills.ts: a relative pronoun, a connector). The
// last error and the last drill item are kept for the exit check, so it asks about sentences
// practice did not.
import type { Exercise, ExitQuestion } from "../../model.ts";
import type { GrammarPoint } from "../data-rules.ts";
import { fitsLength } from "../sentence-fit.ts";
import { EXIT_CHECK, INSTRUCTIONS } from "../ui-text/lesson-text.ts";
import { say } from "../ui-text/template.ts";
import { drillVerbs } from "./drill-verbs.ts";
import type { DrillItem } from "./form-drill.ts";
import { practiceDrill } from "./point-drills.ts";
import type { LessonContext } from "./lesson-context.ts";

type CommonError = GrammarPoint["common_errors"][number];

export const PRACTICE_ITEMS = { least: 6, most: 10 } as const;
const DRILL_MOST = 8;

/** The common errors for practice and the one kept for the exit check (the last). */
function splitErrors(context: LessonContext): { practice: CommonError[]; exit: CommonError | null } {
  const errors = (context.grammar?.common_errors ?? []).filter((e) => fitsLength(e.right, context.profile.maxSentenceWords + 4));
  const exit = errors[errors.length - 1] ?? null;
  // With a single error the practice and the check share it: the point is practised either way.
  return { practice: errors.length > 1 ? errors.slice(0, -1) : errors, exit };
}

const drills = new WeakMap<LessonContext, { practice: DrillItem[]; exit: DrillItem | null }>();

/** The drill items of the plan, built once: practice fills up to ten items with the errors. */
function drillOf(context: LessonContext): { practice: DrillItem[]; exit: DrillItem | null } {
  let found = drills.get(context);
  if (!found) {
    const point = context.grammar;
    const room = Math.min(DRILL_MOST, PRACTICE_ITEMS.most - splitErrors(context).practice.length);
    const items = point ? practiceDrill(context, point, room + 1, PRACTICE_ITEMS.least - splitErrors(context).practice.length) : [];
    // One item is kept for the exit check only when practice still has enough without it.
    const keep = items.length > Math.max(room, PRACTICE_ITEMS.least - splitErrors(context).practice.length);
    found = { practice: keep ? items.slice(0, -1) : items, exit: keep ? (items[items.length - 1] ?? null) : null };
    drills.set(context, found);
  }
  return found;
}

const MAX_DISTRACTORS = 4;

/** Each word once, whatever its capital: an article or pronoun is the key of several gaps (den, lo). */
function onceEach(words: string[]): string[] {
  const seen = new Set<string>();
  return words.filter((w) => !seen.has(w.toLowerCase()) && seen.add(w.toLowerCase()));
}

/** The gap-fill on the point's forms; the box holds each key and other forms of the same verbs. */
export function grammarGapFill(context: LessonContext): Exercise | null {
  const point = context.grammar;
  const items = drillOf(context).practice;
  if (!point || items.length === 0) return null;
  const answers = new Set(items.map((i) => i.answer.toLowerCase()));
  const random = context.random.fork("grammar-bank");
  const own = onceEach(items.flatMap((i) => i.others)).filter((f) => !answers.has(f.toLowerCase()));
  // When the keys use up every other person ("am", "is" and "are" all answers), the verbs'
  // non-finite forms fill the box: real words, and wrong in a finite slot ("be", "been").
  const verbs = drillVerbs(context.index, context.target);
  const nonFinite = (lemma: string) => (["inf", "part", "ger"] as const).map((k) => verbs?.nonFinite(lemma, k)).filter((f): f is string => !!f);
  const pool = own.length > 0 ? own : [...new Set(items.flatMap((i) => nonFinite(i.lemma)))].filter((f) => !answers.has(f.toLowerCase()));
  const distractors = random.shuffle(pool).slice(0, Math.min(MAX_DISTRACTORS, Math.max(2, Math.ceil(items.length / 2))));
  if (distractors.length === 0) return null;
  return {
    type: "gap_fill",
    instructions: say(INSTRUCTIONS.grammar_gap, context.source, { point: point.title }),
    word_bank: random.shuffle([...onceEach(items.map((i) => i.answer)), ...distractors]),
    items: items.map((i) => ({ prompt: i.prompt, hint: i.hint, answer: i.answer })),
  };
}

function pairOptions(error: CommonError, context: LessonContext, salt: string): string[] {
  return context.random.fork(salt).shuffle([error.right, error.wrong]);
}

/** Spot the error: the point's common errors, each as the pair of sentences. */
export function grammarChoice(context: LessonContext): Exercise | null {
  const point = context.grammar;
  const errors = splitErrors(context).practice;
  if (!point || errors.length === 0) return null;
  return {
    type: "choose_correct",
    instructions: say(INSTRUCTIONS.choose_correct, context.source, { point: point.title }),
    items: errors.map((e, i) => ({ options: pairOptions(e, context, `grammar-choice-${i}`), answer: e.right, explanation: e.note })),
  };
}

/** The grammar practice of the exercises set: the errors to spot, then the forms to fill in. */
export function grammarPractice(context: LessonContext): Exercise[] {
  return [grammarChoice(context), grammarGapFill(context)].filter((e): e is Exercise => e !== null);
}

/** The exit check's grammar questions: the error pair kept back, and the drill item kept back. */
export function grammarExitQuestions(context: LessonContext): ExitQuestion[] {
  const { exit } = splitErrors(context);
  const drill = drillOf(context).exit;
  const questions: ExitQuestion[] = [];
  if (exit) questions.push({ type: "choose_correct", prompt: say(EXIT_CHECK.choose_correct, context.source), options: pairOptions(exit, context, "grammar-exit"), answer: exit.right });
  if (drill) questions.push({ type: "gap_fill", prompt: drill.prompt, hint: drill.hint, answer: drill.answer });
  return questions;
}
