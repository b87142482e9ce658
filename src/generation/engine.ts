// The engine port: what every language engine (the built-in offline one, later an LLM one)
// offers the platform. No HTTP here; the generation API puts routes on it.
import type { Lang } from "./languages.ts";
import type { LessonPlanInput, LessonSet, TutorTurnInput, TutorTurnResult, VocabItem, VocabularyInput } from "./model.ts";

export { normaliseLang, type Lang } from "./languages.ts";
export type { VocabularyInput, LessonPlanInput, TutorTurnInput, VocabItem, LessonSet, TutorTurnResult } from "./model.ts";

/**
 * Inputs are typed for callers but still checked at run time, the same way for every engine
 * (engine-input.ts), because they arrive from JSON bodies and the command line; a refused input
 * makes vocabulary() and lessonPlan() throw an AppError 400 invalid_request (lib/errors.ts,
 * `param` naming the field) at the call itself, before any
 * item or set is produced (so the API can answer 400 before it opens a stream), and
 * tutorTurn() reject with it.
 */
export interface Engine {
  /** Vocabulary items at the level, best first; the stream ends after `count` items or fewer. */
  vocabulary(input: VocabularyInput): AsyncIterable<VocabItem>;
  /** The sets of a lesson plan in order; the first one is usable on its own. */
  lessonPlan(input: LessonPlanInput): AsyncIterable<LessonSet>;
  /** One tutor turn; the result carries the conversation state to store for the next turn. */
  tutorTurn(input: TutorTurnInput): Promise<TutorTurnResult>;
  /** The topics the engine teaches, named in `lang` (for pickers such as the Learn page's). */
  topics(lang: Lang): Promise<{ id: string; name: string }[]>;
}
