// The one place that turns configuration into an Engine: the built-in engine (PARLA_ENGINE=builtin,
// the default) or the LLM engine (PARLA_ENGINE=openai), with the built-in engine behind it when
// PARLA_LLM_FALLBACK=builtin. The server's composition root and `parla engine …` both call it, so an
// operator previews exactly the engine the server would use.
import type { Config } from "../config/config.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { Store } from "../store/open-store.ts";
import type { Engine } from "./engine.ts";
import { parseLessonPlanInput, parseTutorInput, parseVocabularyInput } from "./engine-input.ts";
import type { BuiltinEngine } from "./builtin/index.ts";
import { usageRecorder } from "./llm/usage-store.ts";

export interface EngineDeps {
  log: Logger;
  clock: Clock;
  /** Where the LLM engine records tokens per request (llm_usage); without it nothing is recorded. */
  store?: Pick<Store, "db">;
  /** Waits between LLM retries (tests); default: real time. */
  sleep?: (ms: number) => Promise<void>;
}

type EngineConfig = Pick<Config, "engine" | "llmBaseUrl" | "llmApiKey" | "llmModel" | "llmFallback" | "llmTimeoutSeconds" | "llmMaxRetries">;

/**
 * The built-in engine and its embedded data are imported on first use, so a server that never
 * generates, or uses only the LLM engine without fallback, does not parse the data at start-up
 * (the LLM engine loads it on its first answer, for the output checks).
 */
export function lazyBuiltinEngine(): Engine & { load(): Promise<BuiltinEngine> } {
  let loading: Promise<BuiltinEngine> | null = null;
  const load = () => (loading ??= import("./builtin/index.ts").then((m) => m.createBuiltinEngine()));
  return {
    name: "builtin",
    load,
    madeBy: () => "builtin",
    vocabulary(input) {
      parseVocabularyInput(input);
      return (async function* () {
        yield* (await load()).vocabulary(input);
      })();
    },
    lessonPlan(input, options) {
      parseLessonPlanInput(input);
      return (async function* () {
        yield* (await load()).lessonPlan(input, options);
      })();
    },
    async checkLessonPlan(input) {
      parseLessonPlanInput(input);
      await (await load()).checkLessonPlan?.(input);
    },
    async tutorTurn(input) {
      parseTutorInput(input);
      return (await load()).tutorTurn(input);
    },
    async topics(lang) {
      return (await load()).topics(lang);
    },
  };
}

/**
 * The configured engine. The LLM engine, and the `openai` package under it, are imported only when
 * PARLA_ENGINE=openai: loading them cost every start of the binary (server and CLI alike) about
 * 28 ms before the first answer and 4–5 MB of memory that the default built-in engine never uses.
 */
export async function createEngine(config: EngineConfig, deps: EngineDeps): Promise<Engine> {
  const builtin = lazyBuiltinEngine();
  if (config.engine === "builtin") return builtin;
  if (!config.llmBaseUrl || !config.llmModel) throw new Error("PARLA_ENGINE=openai needs PARLA_LLM_BASE_URL and PARLA_LLM_MODEL");
  const [{ createLlmEngine }, { withBuiltinFallback }] = await Promise.all([import("./llm/llm-engine.ts"), import("./llm/fallback-engine.ts")]);
  const llm = createLlmEngine({
    baseUrl: config.llmBaseUrl,
    apiKey: config.llmApiKey,
    model: config.llmModel,
    timeoutMs: config.llmTimeoutSeconds * 1000,
    maxRetries: config.llmMaxRetries,
    log: deps.log,
    clock: deps.clock,
    lexicon: async () => (await builtin.load()).index(),
    ...(deps.store ? { recordUsage: usageRecorder(deps.store.db) } : {}),
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
  });
  return config.llmFallback === "builtin" ? withBuiltinFallback(llm, async () => builtin, deps.log) : llm;
}
