// The engine the configuration names, built once by the composition root. The built-in engine's
// module and data load on first use, so a process that never generates never pays for them; input
// is checked before that (engine-input.ts, the same for every engine), so a refused input still
// throws at the call, before any item or set exists.
import type { Config } from "../config/config.ts";
import type { Engine } from "./engine.ts";
import { parseLessonPlanInput, parseTutorInput, parseVocabularyInput } from "./engine-input.ts";

export function createEngine(_config: Pick<Config, "engine">): Engine {
  let loaded: Promise<Engine> | null = null;
  const load = () => (loaded ??= import("./builtin/index.ts").then((m) => m.createBuiltinEngine()));
  return {
    vocabulary(input) {
      parseVocabularyInput(input);
      return (async function* () {
        yield* (await load()).vocabulary(input);
      })();
    },
    lessonPlan(input) {
      parseLessonPlanInput(input);
      return (async function* () {
        yield* (await load()).lessonPlan(input);
      })();
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
