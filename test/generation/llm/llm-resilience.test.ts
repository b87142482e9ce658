// The LLM engine when the server misbehaves: timeouts, 429 with Retry-After, 5xx until the circuit
// opens, a server without json_schema support, the built-in fallback, and the API key kept out of
// every log line. Time is the injectable clock; waits between retries are recorded, not slept.
import { afterEach, describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../../src/generation/builtin/index.ts";
import { createEngine } from "../../../src/generation/engine-from-config.ts";
import { createLlmEngine } from "../../../src/generation/llm/llm-engine.ts";
import { LlmError } from "../../../src/generation/llm/llm-errors.ts";
import { withBuiltinFallback } from "../../../src/generation/llm/fallback-engine.ts";
import { createAdjustableClock } from "../../../src/lib/clock.ts";
import { createLogger } from "../../../src/lib/logger.ts";
import { answerJson, hang, httpError, startOpenAiTestServer, type OpenAiTestServer } from "../../helpers/openai-test-server.ts";
import { builtinBackedModel } from "./builtin-backed-model.ts";
import { TUTOR_ANSWER } from "./answers.ts";

const builtin = createBuiltinEngine();
const API_KEY = "sk-test-SECRET-0123456789";
const PAIR = { source_lang: "en", target_lang: "es", level: 2 } as const;
const TURN = { ...PAIR, scene: "a small café by the sea", message: "Hola, quiero un café" };

let server: OpenAiTestServer;
afterEach(() => server?.close());

function setup(options: { maxRetries?: number; timeoutMs?: number; circuit?: { threshold: number; openMs: number } } = {}) {
  server = startOpenAiTestServer();
  const lines: string[] = [];
  const clock = createAdjustableClock(Date.UTC(2026, 10, 2, 9));
  const sleeps: number[] = [];
  const log = createLogger("debug", {}, (line) => lines.push(line));
  const engine = createLlmEngine({
    baseUrl: server.url,
    apiKey: API_KEY,
    model: "test-model",
    timeoutMs: options.timeoutMs ?? 5000,
    maxRetries: options.maxRetries ?? 2,
    log,
    clock,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    lexicon: async () => builtin.index(),
    ...(options.circuit ? { circuit: options.circuit } : {}),
  });
  return { engine, lines, clock, sleeps, log };
}

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LlmError) return error;
    throw error;
  }
  throw new Error("expected an LlmError");
}

describe("resilience", () => {
  test("a server that does not answer in time: the request is abandoned, not retried", async () => {
    const { engine } = setup({ timeoutMs: 150 });
    server.enqueue(hang(), answerJson(TUTOR_ANSWER));
    const error = await failure(engine.tutorTurn(TURN));
    expect(error.failure).toBe("unavailable");
    expect(error.detail).toContain("did not answer within");
    expect(server.requests.length).toBe(1);
  });

  test("429 with Retry-After: the wait the server asks for, then the answer", async () => {
    const { engine, sleeps } = setup();
    server.enqueue(httpError(429, { "retry-after": "7" }), httpError(503), answerJson(TUTOR_ANSWER));
    const result = await engine.tutorTurn(TURN);
    expect(result.reply).toBe(TUTOR_ANSWER.reply);
    expect(server.requests.length).toBe(3);
    expect(sleeps[0]).toBe(7000);
    // Without Retry-After: exponential backoff (1 s ± 20 % for the second retry).
    expect(sleeps[1]).toBeGreaterThanOrEqual(800);
    expect(sleeps[1]).toBeLessThanOrEqual(1200);
  });

  test("retries stop after the configured number; a 4xx other than 429 is not retried", async () => {
    const { engine } = setup({ maxRetries: 1 });
    server.enqueue(httpError(500), httpError(502));
    expect((await failure(engine.tutorTurn(TURN))).detail).toContain("kept failing (HTTP 502)");
    expect(server.requests.length).toBe(2);
    server.enqueue(httpError(401));
    expect((await failure(engine.tutorTurn(TURN))).failure).toBe("rejected");
    expect(server.requests.length).toBe(3);
  });

  test("500s until the circuit opens: no request while open, one trial after the pause", async () => {
    const { engine, clock, lines } = setup({ maxRetries: 0, circuit: { threshold: 3, openMs: 30_000 } });
    server.setDefault(httpError(500));
    for (let i = 0; i < 3; i++) expect((await failure(engine.tutorTurn(TURN))).failure).toBe("unavailable");
    expect(server.requests.length).toBe(3);
    expect(lines.some((l) => l.includes('"llm.circuit_open"'))).toBe(true);
    const open = await failure(engine.tutorTurn(TURN));
    expect(open.detail).toContain("circuit is open");
    // To an API caller: 503 with the seconds until the trial request, nothing about the server.
    expect(open).toMatchObject({ status: 503, code: "engine_unavailable", extra: { headers: { "Retry-After": "30" } } });
    expect(open.message).not.toContain("127.0.0.1");
    expect(server.requests.length).toBe(3);
    clock.advance(29_000);
    await failure(engine.tutorTurn(TURN));
    expect(server.requests.length).toBe(3);
    clock.advance(1_000);
    server.setDefault(answerJson(TUTOR_ANSWER));
    expect((await engine.tutorTurn(TURN)).reply).toBe(TUTOR_ANSWER.reply);
    expect(server.requests.length).toBe(4);
    expect(engine.client.circuitState).toBe("closed");
  });

  test("a server without json_schema: json_object, detected once and logged", async () => {
    const { engine, lines } = setup();
    server.setDefault((r) => (r.body.response_format?.type === "json_schema" ? httpError(400, {}, "response_format json_schema is not supported")(r) : answerJson(TUTOR_ANSWER)(r)));
    await engine.tutorTurn(TURN);
    await engine.tutorTurn(TURN);
    expect(server.requests.map((r) => r.body.response_format?.type)).toEqual(["json_schema", "json_object", "json_object"]);
    // Without json_schema the schema travels in the system prompt.
    expect(server.requests[1]!.body.messages[0]!.content).toContain('"reply_translation"');
    expect(lines.filter((l) => l.includes('"llm.output_mode"'))).toEqual([expect.stringContaining('"mode":"json_object"')]);
    expect(engine.client.outputMode).toBe("json_object");
  });

  test("concurrent first requests to a server without json_schema all step down and succeed", async () => {
    const { engine } = setup();
    server.setDefault((r) => (r.body.response_format?.type === "json_schema" ? httpError(400)(r) : answerJson(TUTOR_ANSWER)(r)));
    const results = await Promise.all([engine.tutorTurn(TURN), engine.tutorTurn(TURN), engine.tutorTurn(TURN)]);
    expect(results.map((r) => r.reply)).toEqual([TUTOR_ANSWER.reply, TUTOR_ANSWER.reply, TUTOR_ANSWER.reply]);
    expect(engine.client.outputMode).toBe("json_object");
  });

  test("a server without any response_format: the prompt-only contract", async () => {
    const { engine } = setup();
    server.setDefault((r) => (r.body.response_format ? httpError(422, {}, "unknown field response_format")(r) : answerJson(TUTOR_ANSWER)(r)));
    const result = await engine.tutorTurn(TURN);
    expect(result.reply).toBe(TUTOR_ANSWER.reply);
    expect(server.requests.map((r) => r.body.response_format?.type ?? "none")).toEqual(["json_schema", "json_object", "none"]);
    expect(server.requests[2]!.body.messages[0]!.content).toContain("Answer with one JSON object and nothing else");
    expect(engine.client.outputMode).toBe("prompt");
  });

  test("the API key appears in no log line and no error, even when the server echoes it", async () => {
    const { engine, lines } = setup({ maxRetries: 1 });
    server.setDefault((r) => httpError(500, {}, `upstream rejected ${r.headers.get("authorization")}`)(r));
    const error = await failure(engine.tutorTurn(TURN));
    server.setDefault((r) => httpError(400, {}, `bad key ${r.headers.get("authorization")}`)(r));
    const rejected = await failure(engine.tutorTurn(TURN));
    expect(lines.length).toBeGreaterThan(0);
    for (const text of [...lines, error.message, error.detail, rejected.message, rejected.detail]) expect(text).not.toContain(API_KEY);
    expect(lines.some((l) => l.includes("[redacted]"))).toBe(true);
  });
});

describe("fallback to the built-in engine", () => {
  test("tutor: the built-in engine answers and madeBy says so", async () => {
    const { engine, log } = setup({ maxRetries: 0 });
    const engineWithFallback = withBuiltinFallback(engine, async () => builtin, log);
    server.setDefault(httpError(500));
    const result = await engineWithFallback.tutorTurn(TURN);
    expect(engineWithFallback.madeBy(result)).toBe("builtin");
    expect(result).toEqual(await builtin.tutorTurn(TURN));
    expect(engineWithFallback.name).toBe("openai+builtin");
  });

  test("a plan whose model fails after the first set is finished by the built-in engine, without remaking the first set", async () => {
    const { engine, log } = setup({ maxRetries: 0 });
    const engineWithFallback = withBuiltinFallback(engine, async () => builtin, log);
    const model = builtinBackedModel(builtin);
    server.enqueue(model);
    server.setDefault(httpError(503));
    const sets = await Array.fromAsync(engineWithFallback.lessonPlan({ ...PAIR, topic: "food" }));
    expect(sets.map((s) => s.index)).toEqual([1, 2, 3, 4, 5]);
    expect(sets.map((s) => engineWithFallback.madeBy(s))).toEqual(["openai", "builtin", "builtin", "builtin", "builtin"]);
    expect(server.requests.length).toBe(2);
  });

  test("input errors are not hidden by the fallback", () => {
    const { engine, log } = setup();
    const engineWithFallback = withBuiltinFallback(engine, async () => builtin, log);
    expect(() => engineWithFallback.lessonPlan({ ...PAIR, level: 12, topic: "food" })).toThrow("level");
    expect(server.requests.length).toBe(0);
  });

  test("createEngine wires the fallback from PARLA_LLM_FALLBACK=builtin", async () => {
    server = startOpenAiTestServer();
    server.setDefault(httpError(500));
    const config = { engine: "openai", llmBaseUrl: server.url, llmApiKey: API_KEY, llmModel: "m", llmFallback: "builtin", llmTimeoutSeconds: 5, llmMaxRetries: 0 } as const;
    const lines: string[] = [];
    const engine = await createEngine(config, { log: createLogger("info", {}, (l) => lines.push(l)), clock: createAdjustableClock(0) });
    expect(engine.name).toBe("openai+builtin");
    const items = await Array.fromAsync(engine.vocabulary({ ...PAIR, count: 3 }));
    expect(items.length).toBe(3);
    expect(items.map((i) => engine.madeBy(i))).toEqual(["builtin", "builtin", "builtin"]);
    expect(lines.some((l) => l.includes('"llm.fallback_to_builtin"'))).toBe(true);
    expect((await createEngine({ ...config, llmFallback: "none" }, { log: createLogger("silent"), clock: createAdjustableClock(0) })).name).toBe("openai");
  });
});
