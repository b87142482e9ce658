// Practice on the plan's grammar point, from the syllabus data alone: each common error is a pair
// of sentences that differ only where the point bites ("Je bois café" / "Je bois du café",
// "J'allerai" / "J'irai"). The right sentence with that span blanked is a gap-fill whose box holds
// the wrong form as a distractor; the pair itself is a spot-the-error question. The last error is
// kept for the exit check, so the check asks about a sentence the practice did not.
import type { Exercise, ExitQuestion } from "../../model.ts";
import type { GrammarPoint } from "../data-rules.ts";
import { fitsLength, GAP } from "../sentence-fit.ts";
import { EXIT_CHECK, INSTRUCTIONS } from "../ui-text/lesson-text.ts";
import { say } from "../ui-text/template.ts";
import type { LessonContext } from "./lesson-context.ts";

type CommonError = GrammarPoint["common_errors"][number];

export interface ErrorGap {
  error: CommonError;
  /** The right sentence with the span that differs from the wrong one blanked. */
  prompt: string;
  answer: string;
  /** What the wrong sentence has in that place (empty when it leaves the word out). */
  wrongForm: string;
}

const MAX_GAP_TOKENS = 3;

function tokens(sentence: string): { text: string; start: number; end: number }[] {
  return [...sentence.matchAll(/[\p{L}\p{N}'’-]+/gu)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

/** The right sentence's span where it differs from the wrong one, or null when none is clean. */
export function errorGap(error: CommonError): ErrorGap | null {
  const wrong = tokens(error.wrong);
  const right = tokens(error.right);
  const same = (a?: { text: string }, b?: { text: string }) => a !== undefined && b !== undefined && a.text.toLowerCase() === b.text.toLowerCase();
  let head = 0;
  while (head < Math.min(wrong.length, right.length) && same(wrong[head], right[head])) head++;
  let tail = 0;
  while (tail < Math.min(wrong.length, right.length) - head && same(wrong[wrong.length - 1 - tail], right[right.length - 1 - tail])) tail++;
  const span = right.slice(head, right.length - tail);
  const first = span[0];
  const last = span[span.length - 1];
  if (!first || !last || span.length > MAX_GAP_TOKENS) return null;
  const wrongSpan = wrong.slice(head, wrong.length - tail);
  const wrongForm = wrongSpan.length > 0 ? error.wrong.slice(wrongSpan[0]?.start, wrongSpan[wrongSpan.length - 1]?.end) : "";
  return { error, prompt: error.right.slice(0, first.start) + GAP + error.right.slice(last.end), answer: error.right.slice(first.start, last.end), wrongForm };
}

/** The common errors for practice and the one kept for the exit check (the last). */
function splitErrors(context: LessonContext): { practice: CommonError[]; exit: CommonError | null } {
  const errors = (context.grammar?.common_errors ?? []).filter((e) => fitsLength(e.right, context.profile.maxSentenceWords + 4));
  const exit = errors[errors.length - 1] ?? null;
  // With a single error the practice and the check share it: the point is practised either way.
  return { practice: errors.length > 1 ? errors.slice(0, -1) : errors, exit };
}

/**
 * A gap-fill on the grammar point: the practice errors' right sentences, and the point's examples
 * that use one of their right forms, each with the form blanked; the box also holds the wrong
 * forms, so there are always more words than gaps.
 */
export function grammarGapFill(context: LessonContext): Exercise | null {
  const point = context.grammar;
  if (!point) return null;
  const gaps = splitErrors(context).practice.map(errorGap).filter((g): g is ErrorGap => g !== null);
  // No hint: the grammar data has no translations, and its notes would give the answer away.
  const items = gaps.map((g) => ({ prompt: g.prompt, hint: "", answer: g.answer }));
  for (const example of point.examples) {
    const gap = gaps.find((g) => g.answer.length > 1 && new RegExp(`(^|[^\\p{L}])${escapeRegExp(g.answer)}($|[^\\p{L}])`, "u").test(example));
    if (!gap || items.some((i) => i.prompt.replace(GAP, i.answer) === example)) continue;
    const at = example.search(new RegExp(`(?<![\\p{L}])${escapeRegExp(gap.answer)}(?![\\p{L}])`, "u"));
    if (at >= 0) items.push({ prompt: example.slice(0, at) + GAP + example.slice(at + gap.answer.length), hint: "", answer: gap.answer });
  }
  // Distractors: the wrong forms, then the forms of the error kept for the exit check (the same
  // point's words, so a guess needs the rule), never a word that is an answer here.
  const answers = new Set(items.map((i) => i.answer));
  const all = (point.common_errors.map(errorGap).filter((g): g is ErrorGap => g !== null));
  const distractors = [...new Set([...gaps.map((g) => g.wrongForm), ...all.flatMap((g) => [g.wrongForm, g.answer])].filter((w) => w !== "" && !answers.has(w)))].slice(0, Math.max(2, items.length));
  if (items.length === 0 || distractors.length === 0) return null;
  return {
    type: "gap_fill",
    instructions: say(INSTRUCTIONS.grammar_gap, context.source, { point: point.title }),
    word_bank: context.random.fork("grammar-bank").shuffle([...items.map((i) => i.answer), ...distractors]),
    items,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function pairOptions(error: CommonError, context: LessonContext, salt: string): string[] {
  return context.random.fork(salt).shuffle([error.right, error.wrong]);
}

/** Spot the error in practice: used when the errors give no clean gap (whole-clause rewrites). */
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

/** The exit check's grammar question: spot the error in the pair kept back from practice. */
export function grammarExitQuestion(context: LessonContext): ExitQuestion | null {
  const { exit } = splitErrors(context);
  if (!exit) return null;
  return { type: "choose_correct", prompt: say(EXIT_CHECK.choose_correct, context.source), options: pairOptions(exit, context, "grammar-exit"), answer: exit.right };
}
