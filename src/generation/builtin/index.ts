// The built-in offline engine: the default Engine, working from the data embedded in the binary.
import { EMBEDDED_DATA } from "./embedded-data.ts";
import { createEngineFromData, type BuiltinEngine } from "./engine-from-data.ts";

export type { BuiltinEngine } from "./engine-from-data.ts";

let shared: BuiltinEngine | null = null;

/** The engine over the embedded data; one instance per process, so the index is built once. */
export function createBuiltinEngine(): BuiltinEngine {
  shared ??= createEngineFromData(EMBEDDED_DATA);
  return shared;
}
