// The engine port: what every language engine (the built-in offline one, the LLM one) offers
// the platform. No HTTP here; the generation API puts routes on it.
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
  /** The engine behind this port: "builtin", "openai", or "openai" with the built-in engine as fallback. */
  readonly name: EngineName;
  /** Vocabulary items at the level, best first; the stream ends after `count` items or fewer. */
  vocabulary(input: VocabularyInput): AsyncIterable<VocabItem>;
  /**
   * The sets of a lesson plan in order; the first one is usable on its own. With `after` (the
   * sets already committed, in order) the stream continues with the next set, so a resumed
   * generation never makes a set twice.
   */
  lessonPlan(input: LessonPlanInput, options?: LessonPlanOptions): AsyncIterable<LessonSet>;
  /**
   * Throws the AppError 400 lessonPlan() would throw, without making anything: callers refuse a
   * plan with it before charging. The built-in engine also refuses a topic or scene it
   * understands nothing of (`param` topic or scene); an engine without the method accepts every
   * input engine-input.ts accepts.
   */
  checkLessonPlan?(input: LessonPlanInput): void | Promise<void>;
  /** One tutor turn; the result carries the conversation state to store for the next turn. */
  tutorTurn(input: TutorTurnInput): Promise<TutorTurnResult>;
  /**
   * The topics the engine teaches, named in `lang` (for pickers such as the Learn page's). Every
   * engine answers with the built-in engine's topics: an LLM takes any topic text, but a picker
   * needs a list.
   */
  topics(lang: Lang): Promise<{ id: string; name: string }[]>;
  /**
   * Which engine made an output this engine returned (a set, an item, a turn result): with the
   * built-in fallback configured, the LLM engine's failures are answered by the built-in engine,
   * and a plan records which engine made each set. Outputs themselves never say (the API cannot
   * tell engines apart except by quality).
   */
  madeBy(output: object): EngineKind;
}

/** What actually produced an output. */
export type EngineKind = "builtin" | "openai";
/** An engine's own name; "openai+builtin" is the LLM engine with the built-in fallback. */
export type EngineName = EngineKind | "openai+builtin";

export interface LessonPlanOptions {
  /** Sets already made for this plan (indexes 1..n, in order): the stream starts at set n+1. */
  after?: readonly LessonSet[];
}
