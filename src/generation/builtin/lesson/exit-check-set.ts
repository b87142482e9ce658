// The exit check: does the learner now know the words (meaning, use in a sentence) and can they
// say the key phrases? Answers are keyed; the self-check repeats the objectives to tick off.
import type { ExitCheckSet, ExitQuestion } from "../../model.ts";
import { EXIT_CHECK, SET_TITLES } from "../ui-text/lesson-text.ts";
import { quote, say } from "../ui-text/template.ts";
import { displayTerm } from "../vocab-item.ts";
import { gapCandidates } from "./exercises-set.ts";
import type { LessonContext } from "./lesson-context.ts";
import { objectives } from "./overview-set.ts";

const MEANING_QUESTIONS = 3;
const OPTIONS = 4;

function meaningQuestions(context: LessonContext): ExitQuestion[] {
  const { source, target, core } = context;
  const random = context.random.fork("exit-meaning");
  const asked = random.shuffle(core).slice(0, MEANING_QUESTIONS);
  return asked.flatMap((concept): ExitQuestion[] => {
    const answer = displayTerm(source, concept);
    const distractors = random.shuffle(core.filter((c) => c.id !== concept.id).map((c) => displayTerm(source, c)).filter((d) => d !== answer));
    const options = random.shuffle([answer, ...new Set(distractors)].slice(0, OPTIONS));
    if (options.length < 2) return [];
    return [{ type: "choose_translation", prompt: say(EXIT_CHECK.meaning, source, { term: quote(source, displayTerm(target, concept)) }), options, answer }];
  });
}

/** Gaps on the words the practice set did not already blank (the back half of the core list). */
function gapQuestions(context: LessonContext): ExitQuestion[] {
  const later = context.core.slice(Math.ceil(context.core.length / 2));
  return gapCandidates(context, later)
    .slice(0, 2)
    .map((g) => ({ type: "gap_fill", prompt: g.prompt, hint: g.concept[context.source].ex, answer: g.answer }));
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
  const questions = [...meaningQuestions(context), ...gapQuestions(context), ...respondQuestions(context)];
  return {
    index,
    kind: "exit_check",
    title: say(SET_TITLES.exit_check, context.source),
    questions,
    pass_mark: Math.ceil(questions.length * 0.7),
    self_check: objectives(context).map((o) => o.can_do),
  };
}
