// Practice on the lesson's own material, every item with its answer key: matching words,
// gap-fill on the examples (with distractors), the grammar point (its common errors to spot, and
// its forms built by the morphology on the lesson's sentences), translating sentences, and
// putting the scenario dialogue in order.
import type { Exercise, ExercisesSet } from "../../model.ts";
import type { Concept } from "../lexicon-rules.ts";
import { answeredInKind, voicedLearnerLine, voicedNpcLine } from "../npc-voice.ts";
import { learnerOptions } from "../scenario-lines.ts";
import { fitsLength, gapSentence } from "../sentence-fit.ts";
import { INSTRUCTIONS, SET_TITLES } from "../ui-text/lesson-text.ts";
import { say } from "../ui-text/template.ts";
import { displayTerm } from "../vocab-item.ts";
import { grammarPractice } from "./grammar-practice.ts";
import type { LessonContext } from "./lesson-context.ts";

const MATCHING_PAIRS = 6;
const GAP_ITEMS = 5;
const TRANSLATION_ITEMS = 4;

function matching(context: LessonContext): Exercise | null {
  const { source, target } = context;
  const concepts = context.core.slice(0, MATCHING_PAIRS);
  if (concepts.length < 2) return null;
  const left = concepts.map((c, i) => ({ key: String.fromCharCode(97 + i), text: displayTerm(target, c), id: c.id }));
  const right = context.random.fork("matching").shuffle(concepts).map((c, i) => ({ key: String(i + 1), text: displayTerm(source, c), id: c.id }));
  return {
    type: "matching",
    instructions: say(INSTRUCTIONS.matching, source, { target: context.targetName }),
    left: left.map(({ key, text }) => ({ key, text })),
    right: right.map(({ key, text }) => ({ key, text })),
    answers: left.map((l) => ({ left: l.key, right: right.find((r) => r.id === l.id)?.key ?? "" })),
  };
}

/** Concepts whose target example has a clean gap and suits the level's sentence length. */
export function gapCandidates(context: LessonContext, concepts: Concept[]): { concept: Concept; prompt: string; answer: string }[] {
  const out: { concept: Concept; prompt: string; answer: string }[] = [];
  for (const concept of concepts) {
    const entry = concept[context.target];
    if (!fitsLength(entry.ex, context.profile.maxSentenceWords)) continue;
    const gap = gapSentence(entry);
    if (gap) out.push({ concept, ...gap });
  }
  return out;
}

const DISTRACTORS = 2;

/** Gaps on the core words' examples; the box holds two more core words, so no gap is free. */
function gapFill(context: LessonContext): Exercise | null {
  const items = gapCandidates(context, context.core).slice(0, GAP_ITEMS);
  if (items.length < 2) return null;
  const answers = new Set(items.map((i) => i.answer.toLowerCase()));
  const used = new Set(items.map((i) => i.concept.id));
  // Words of the same kind as the answers first (a noun among nouns), then any other core word.
  const kinds = new Set(items.map((i) => i.concept.pos));
  const others = context.core.filter((c) => !used.has(c.id)).sort((a, b) => Number(kinds.has(b.pos)) - Number(kinds.has(a.pos)));
  const distractors = others.map((c) => c[context.target].w).filter((w) => !answers.has(w.toLowerCase())).slice(0, DISTRACTORS);
  if (distractors.length === 0) return null;
  return {
    type: "gap_fill",
    instructions: say(INSTRUCTIONS.gap_fill, context.source),
    word_bank: context.random.fork("word-bank").shuffle([...items.map((i) => i.answer), ...distractors]),
    items: items.map((i) => ({ prompt: i.prompt, hint: i.concept[context.source].ex, answer: i.answer })),
  };
}

/** Recognition first: A1 learners translate into their own language, everyone else into the target. */
function translation(context: LessonContext): Exercise | null {
  const { source, target, profile } = context;
  const toTarget = profile.level >= 2;
  const pairs = [
    ...context.phrases.map((p) => ({ target: p.text[target], source: p.text[source] })),
    ...context.core.slice().reverse().map((c) => ({ target: c[target].ex, source: c[source].ex })),
  ].filter((s) => fitsLength(s.target, profile.maxSentenceWords));
  const items = context.random.fork("translation").shuffle(pairs).slice(0, TRANSLATION_ITEMS);
  if (items.length === 0) return null;
  return {
    type: "translation",
    instructions: say(INSTRUCTIONS.translate_into, source, { lang: toTarget ? context.targetName : context.sourceName }),
    direction: toTarget ? "to_target" : "to_source",
    items: items.map((s) => (toTarget ? { prompt: s.source, answer: s.target } : { prompt: s.target, answer: s.source })),
  };
}

/**
 * The scenario as a dialogue: in each step the learner speaks (their best phrase not used yet)
 * and the NPC answers with the step's line.
 */
export function scenarioDialogue(context: LessonContext): { speaker: "npc" | "learner"; text: string; translation: string }[] {
  const scenario = context.scenario;
  if (!scenario) return [];
  const lines: { speaker: "npc" | "learner"; text: string; translation: string }[] = [];
  const used = new Set<string>();
  for (let i = 0; i < scenario.steps.length; i++) {
    const [said] = learnerOptions(context.index, scenario, i, context, context.profile, 1, used);
    const text = said ? voicedLearnerLine(scenario, said.text, i, context.target, context.mood) : "";
    const translation = said ? voicedLearnerLine(scenario, said.translation, i, context.source, context.mood) : "";
    if (said) {
      used.add(said.id);
      lines.push({ speaker: "learner", text, translation });
    }
    lines.push({
      speaker: "npc",
      text: answeredInKind(voicedNpcLine(scenario, i, context.target, context.mood), text, context.target),
      translation: answeredInKind(voicedNpcLine(scenario, i, context.source, context.mood), translation, context.source),
    });
  }
  return lines;
}

/** A shuffle that is never the answer itself (a rotation when the draw happens to be in order). */
function shuffledOutOfOrder<T>(items: T[], context: LessonContext): T[] {
  const shuffled = context.random.fork("dialogue").shuffle(items);
  return shuffled.every((item, i) => item === items[i]) ? [...items.slice(1), ...items.slice(0, 1)] : shuffled;
}

function dialogueOrder(context: LessonContext): Exercise | null {
  const dialogue = scenarioDialogue(context).map((line, i) => ({ key: `L${i + 1}`, speaker: line.speaker, text: line.text }));
  if (dialogue.length < 3) return null;
  return {
    type: "dialogue_order",
    instructions: say(INSTRUCTIONS.dialogue_order, context.source),
    lines: shuffledOutOfOrder(dialogue, context),
    answer: dialogue.map((l) => l.key),
  };
}

export function exercisesSet(context: LessonContext, index: number): ExercisesSet {
  // The grammar point is always practised: its errors to spot and its forms to fill in.
  const exercises = [matching(context), gapFill(context), ...grammarPractice(context), translation(context), dialogueOrder(context)].filter((e): e is Exercise => e !== null);
  return { index, kind: "exercises", title: say(SET_TITLES.exercises, context.source), exercises };
}
