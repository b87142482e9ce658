// PARLA_LLM_FALLBACK=builtin: when the LLM engine fails (server down, circuit open, an answer
// still invalid after its repair, a refusal), the built-in engine answers instead — from where
// the LLM stopped: a plan continues after the sets already sent, a vocabulary list skips the items
// already sent. madeBy() tells which engine made each output.
import type { Logger } from "../../lib/logger.ts";
import type { Engine, EngineKind } from "../engine.ts";
import { parseLessonPlanInput, parseVocabularyInput } from "../engine-input.ts";
import type { LessonSet, VocabItem, VocabularyInput } from "../model.ts";
import { LlmError } from "./llm-errors.ts";

export function withBuiltinFallback(primary: Engine, builtin: () => Promise<Engine>, log: Logger): Engine {
  const made = new WeakMap<object, EngineKind>();
  const mark = <T extends object>(output: T, kind: EngineKind): T => {
    made.set(output, kind);
    return output;
  };
  const fellBack = (operation: string, error: LlmError) => log.warn("llm.fallback_to_builtin", { operation, failure: error.failure, reason: error.detail });
  return {
    name: "openai+builtin",
    madeBy: (output) => made.get(output) ?? "openai",
    vocabulary(input) {
      // Input errors are thrown here, at the call, before any model request (the port's contract).
      parseVocabularyInput(input);
      const stream = primary.vocabulary(input);
      return (async function* (): AsyncGenerator<VocabItem> {
        const sent: VocabItem[] = [];
        try {
          for await (const item of stream) {
            sent.push(item);
            yield mark(item, "openai");
          }
          return;
        } catch (error) {
          if (!(error instanceof LlmError)) throw error;
          fellBack("vocabulary", error);
        }
        const count = (input.count ?? 20) - sent.length;
        if (count <= 0) return;
        const rest: VocabularyInput = { ...input, count, exclude: [...(input.exclude ?? []), ...sent.map((i) => i.id)] };
        for await (const item of (await builtin()).vocabulary(rest)) yield mark(item, "builtin");
      })();
    },
    lessonPlan(input, options) {
      parseLessonPlanInput(input);
      const stream = primary.lessonPlan(input, options);
      return (async function* (): AsyncGenerator<LessonSet> {
        const sent: LessonSet[] = [...(options?.after ?? [])];
        try {
          for await (const set of stream) {
            sent.push(set);
            yield mark(set, "openai");
          }
          return;
        } catch (error) {
          if (!(error instanceof LlmError)) throw error;
          fellBack("lesson_plan", error);
        }
        for await (const set of (await builtin()).lessonPlan(input, { after: sent })) yield mark(set, "builtin");
      })();
    },
    topics: (lang) => primary.topics(lang),
    async tutorTurn(input) {
      try {
        return mark(await primary.tutorTurn(input), "openai");
      } catch (error) {
        if (!(error instanceof LlmError)) throw error;
        fellBack("tutor_turn", error);
        return mark(await (await builtin()).tutorTurn(input), "builtin");
      }
    },
  };
}
