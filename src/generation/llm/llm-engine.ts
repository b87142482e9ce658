// The LLM engine: the engine port over an OpenAI-compatible chat-completions server. Inputs are
// checked exactly as the built-in engine checks them (engine-input.ts, at the call), outputs are
// the same TypeBox models, validated and checked before they are returned.
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Engine } from "../engine.ts";
import { parseLessonPlanInput, parseTutorInput, parseVocabularyInput } from "../engine-input.ts";
import type { LexiconIndex } from "../builtin/lexicon-index.ts";
import { ChatClient, type ChatClientOptions } from "./chat-client.ts";
import type { LlmContext } from "./llm-context.ts";
import { llmLessonPlan } from "./llm-lesson-plan.ts";
import { llmTutorTurn } from "./llm-tutor.ts";
import { llmVocabulary } from "./llm-vocabulary.ts";

export interface LlmEngineOptions extends Omit<ChatClientOptions, "log" | "clock"> {
  log: Logger;
  clock: Clock;
  /** The built-in engine's data, for the output checks (loaded on first use). */
  lexicon: () => Promise<LexiconIndex>;
}

export interface LlmEngine extends Engine {
  readonly client: ChatClient;
}

export function createLlmEngine(options: LlmEngineOptions): LlmEngine {
  const log = options.log.child({ engine: "openai", model: options.model });
  const client = new ChatClient({ ...options, log });
  const ctx: LlmContext = { client, log, lexicon: options.lexicon };
  return {
    name: "openai",
    client,
    madeBy: () => "openai",
    vocabulary(input) {
      return llmVocabulary(ctx, parseVocabularyInput(input));
    },
    lessonPlan(input, planOptions) {
      return llmLessonPlan(ctx, parseLessonPlanInput(input), planOptions?.after ?? []);
    },
    async tutorTurn(input) {
      return llmTutorTurn(ctx, parseTutorInput(input));
    },
    // A picker's list comes from the built-in engine's data: the model takes any topic text.
    async topics(lang) {
      return [...(await options.lexicon()).topicById.values()].map((t) => ({ id: t.id, name: t.names[lang] ?? t.id }));
    },
  };
}
