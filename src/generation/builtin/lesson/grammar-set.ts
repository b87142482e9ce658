// The grammar point of the level for the target language, as the syllabus writes it, explained in
// the learner's language (lesson/grammar-explained.ts).
import { levelProfile } from "../../levels.ts";
import type { GrammarSet } from "../../model.ts";
import { SET_TITLES } from "../ui-text/lesson-text.ts";
import { say } from "../ui-text/template.ts";
import type { LessonContext } from "./lesson-context.ts";

export function grammarSet(context: LessonContext, index: number): GrammarSet | null {
  const point = context.grammar;
  if (!point) return null;
  return {
    index,
    kind: "grammar",
    title: `${say(SET_TITLES.grammar, context.source)}: ${point.title}`,
    point: {
      id: point.id,
      level: point.level,
      cefr: levelProfile(point.level).cefr,
      title: point.title,
      form: point.form,
      meaning: point.meaning,
      use: point.use,
      examples: point.examples.slice(),
      common_errors: point.common_errors.map((e) => ({ ...e })),
    },
    explanation_lang: point.explainedIn,
  };
}
