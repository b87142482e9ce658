// The plan's grammar point in the learner's own language: the syllabus (data/grammar.json) is
// written in English, and data/grammar-explanations/<lang>.json holds the same prose in each other
// language. Examples and the wrong/right sentences are the target language's and never change.
import type { Lang } from "../../languages.ts";
import type { GrammarExplanations, GrammarPoint } from "../data-rules.ts";

export interface ExplainedPoint extends GrammarPoint {
  /** The language title, form, meaning, use and the errors' notes are written in. */
  explainedIn: Lang;
}

/** `point` explained in `lang` when the data has it, else in the syllabus's English. */
export function explainedPoint(point: GrammarPoint, lang: Lang, explanations: GrammarExplanations): ExplainedPoint {
  const text = lang === "en" ? undefined : explanations[lang]?.[point.id];
  if (!text) return { ...point, explainedIn: "en" };
  return {
    ...point,
    title: text.title,
    form: text.form,
    meaning: text.meaning,
    use: text.use,
    common_errors: point.common_errors.map((e, i) => ({ ...e, note: text.notes[i] ?? e.note })),
    explainedIn: lang,
  };
}
