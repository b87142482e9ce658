// The exit check: does the learner now know the words (meaning, use in a sentence), the grammar
// point (spot the error, fill in its form) and can they say the key phrases? The gaps are in
// sentences the lesson has not shown (other lexicon examples that use the word in the sense
// taught), and a word whose translation is its own echo (a cognate: capitaine/captain) is not
// asked for its meaning. Answers are keyed; the self-check repeats the objectives to tick off.
import type { ExitCheckSet, ExitQuestion } from "../../model.ts";
import { EXIT_CHECK, SET_TITLES } from "../ui-text/lesson-text.ts";
import { quote, say } from "../ui-text/template.ts";
import { displayTerm } from "../vocab-item.ts";
import { isCognate } from "../cognates.ts";
import { sentencesUsing } from "../lexicon-sentences.ts";
import { findForm, fitsLength, GAP } from "../sentence-fit.ts";
import { gapCandidates } from "./exercises-set.ts";
import { grammarExitQuestions } from "./grammar-practice.ts";
import type { LessonContext } from "./lesson-context.ts";
import { objectives } from "./overview-set.ts";

const MEANING_QUESTIONS = 3;
const GAP_QUESTIONS = 2;
const OPTIONS = 4;

function meaningQuestions(context: LessonContext): ExitQuestion[] {
  const { source, target, core } = context;
  const random = context.random.fork("exit-meaning");
  const asked = random.shuffle(core.filter((c) => !isCognate(c[source].w, c[target].w))).slice(0, MEANING_QUESTIONS);
  return asked.flatMap((concept): ExitQuestion[] => {
    const answer = displayTerm(source, concept);
    const distractors = random.shuffle(core.filter((c) => c.id !== concept.id).map((c) => displayTerm(source, c)).filter((d) => d !== answer));
    const options = random.shuffle([answer, ...new Set(distractors)].slice(0, OPTIONS));
    if (options.length < 2) return [];
    return [{ type: "choose_translation", prompt: say(EXIT_CHECK.meaning, source, { term: quote(source, displayTerm(target, concept)) }), options, answer }];
  });
}

/**
 * Gaps on core words in sentences the lesson has not shown: the examples of other lexicon words
 * (at the level, not in this lesson) that use the core word. Words the practice set blanked come
 * last, so the check asks about the others first.
 */
function gapQuestions(context: LessonContext): ExitQuestion[] {
  const { source, target, profile } = context;
  const shown = new Set(context.core.map((c) => c.id));
  const practised = new Set(gapCandidates(context, context.core).slice(0, 5).map((g) => g.concept.id));
  const order = [...context.core.filter((c) => !practised.has(c.id)), ...context.core.filter((c) => practised.has(c.id))];
  const questions: ExitQuestion[] = [];
  const usedSentences = new Set<string>();
  for (const concept of order) {
    if (questions.length === GAP_QUESTIONS) break;
    // The host's translation must carry the taught gloss: "Rezept" taught as "prescription" is
    // not asked in "Das Rezept für den Kuchen" (a recipe), nor "palais" (palate) in a palace.
    const host = sentencesUsing(context.index, concept, target).find(
      (other) =>
        !shown.has(other.id) &&
        other.level <= profile.level &&
        !usedSentences.has(other.id) &&
        fitsLength(other[target].ex, profile.maxSentenceWords) &&
        findForm(concept[source], other[source].ex) !== null,
    );
    const at = host ? findForm(concept[target], host[target].ex) : null;
    if (!host || !at) continue;
    usedSentences.add(host.id);
    const sentence = host[target].ex;
    questions.push({ type: "gap_fill", prompt: sentence.slice(0, at.start) + GAP + sentence.slice(at.end), hint: host[source].ex, answer: sentence.slice(at.start, at.end) });
  }
  return questions;
}

function respondQuestions(context: LessonContext): ExitQuestion[] {
  const { source, target } = context;
  return context.phrases.slice(-2).map((p) => ({
    type: "respond",
    situation: say(EXIT_CHECK.say_it, source, { target: context.targetName, text: quote(source, p.text[source]) }),
    model_answer: p.text[target],
  }));
}

export function exitCheckSet(context: LessonContext, index: number): ExitCheckSet {
  const questions = [...meaningQuestions(context), ...gapQuestions(context), ...grammarExitQuestions(context), ...respondQuestions(context)];
  return {
    index,
    kind: "exit_check",
    title: say(SET_TITLES.exit_check, context.source),
    questions,
    pass_mark: Math.ceil(questions.length * 0.7),
    self_check: objectives(context).map((o) => o.can_do),
  };
}
