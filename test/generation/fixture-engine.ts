// A small, hand-checked data set (3 topics, 32 concepts, 3 scenarios, 12 grammar points) for
// golden tests: outputs over it change only when the engine changes, never when the real data
// grows.
import { createEngineFromData } from "../../src/generation/builtin/engine-from-data.ts";
import grammar from "./fixtures/grammar.json";
import lexicon from "./fixtures/lexicon.json";
import scenarios from "./fixtures/scenarios.json";
import topics from "./fixtures/topics.json";

export const FIXTURE_DATA = { lexicon: [lexicon], topics, grammar, scenarios };

export function fixtureEngine() {
  return createEngineFromData(FIXTURE_DATA);
}
