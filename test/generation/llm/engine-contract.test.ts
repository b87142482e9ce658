// One contract suite, two engines: the built-in engine, and the LLM engine against the local
// OpenAI-compatible test server (answering with the built-in engine's content).
import { afterAll, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../../src/generation/builtin/index.ts";
import { createEngine } from "../../../src/generation/engine-from-config.ts";
import type { Engine } from "../../../src/generation/engine.ts";
import { systemClock } from "../../../src/lib/clock.ts";
import { silentLogger } from "../../../src/lib/logger.ts";
import { startOpenAiTestServer } from "../../helpers/openai-test-server.ts";
import { builtinBackedModel } from "./builtin-backed-model.ts";
import { engineContract } from "./engine-contract.ts";

const server = startOpenAiTestServer();
server.setDefault(builtinBackedModel(createBuiltinEngine()));
afterAll(() => server.close());

const config = { llmBaseUrl: server.url, llmApiKey: "sk-contract", llmModel: "test-model", llmFallback: "none", llmTimeoutSeconds: 10, llmMaxRetries: 0 } as const;
const builtin: Engine = await createEngine({ ...config, engine: "builtin" }, { log: silentLogger, clock: systemClock });
const llm: Engine = await createEngine({ ...config, engine: "openai" }, { log: silentLogger, clock: systemClock });

engineContract("builtin", () => builtin, "builtin");
engineContract("openai (test server)", () => llm, "openai");

test("the LLM engine's answers came through the test server, one schema per operation", () => {
  const names = new Set(server.requests.map((r) => r.body.response_format?.json_schema?.name));
  expect(names).toEqual(new Set(["vocabulary", "lesson_set_overview", "lesson_set_grammar", "lesson_set_exercises", "lesson_set_role_play", "lesson_set_exit_check", "tutor_turn"]));
});
