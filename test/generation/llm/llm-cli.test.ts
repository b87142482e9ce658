// The operator's side of the LLM engine, run as the operator would (real processes): `parla engine …`
// previews with PARLA_ENGINE=openai, one clear line when the model server is unreachable, and
// `parla admin llm usage` over the tokens the engine recorded in the store.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { join } from "node:path";
import { createBuiltinEngine } from "../../../src/generation/builtin/index.ts";
import { createEngine } from "../../../src/generation/engine-from-config.ts";
import { VocabItem } from "../../../src/generation/model.ts";
import { systemClock } from "../../../src/lib/clock.ts";
import { silentLogger } from "../../../src/lib/logger.ts";
import { migrate } from "../../../src/store/migrate.ts";
import { openStore } from "../../../src/store/open-store.ts";
import { startOpenAiTestServer, type OpenAiTestServer } from "../../helpers/openai-test-server.ts";
import { tempDir } from "../../helpers/temp-dir.ts";
import { builtinBackedModel } from "./builtin-backed-model.ts";

const main = join(import.meta.dir, "../../../src/main.ts");
const API_KEY = "sk-cli-SECRET-42";
let server: OpenAiTestServer;
let dir: ReturnType<typeof tempDir>;

beforeAll(() => {
  server = startOpenAiTestServer();
  server.setDefault(builtinBackedModel(createBuiltinEngine()));
  dir = tempDir();
});
afterAll(() => {
  server.close();
  dir.cleanup();
});

async function parla(env: Record<string, string>, ...args: string[]) {
  const proc = Bun.spawn(["bun", main, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PARLA_DATABASE_URL: `file:${join(dir.path, "cli.db")}`, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: await proc.exited, out: await new Response(proc.stdout).text(), err: await new Response(proc.stderr).text() };
}

const openai = (baseUrl: string) => ({ PARLA_ENGINE: "openai", PARLA_LLM_BASE_URL: baseUrl, PARLA_LLM_API_KEY: API_KEY, PARLA_LLM_MODEL: "preview-model" });

describe("parla engine with PARLA_ENGINE=openai", () => {
  test("vocab --json previews the configured model", async () => {
    const r = await parla(openai(server.url), "engine", "vocab", "--from", "en", "--to", "es", "--level", "2", "--topic", "food", "--count", "5", "--json");
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const { items } = JSON.parse(r.out) as { items: unknown[] };
    expect(items.length).toBe(5);
    for (const item of items) expect(Value.Check(VocabItem, item)).toBe(true);
    expect(server.requests.at(-1)!.body.model).toBe("preview-model");
  });

  test("plan --json against an unreachable base URL: one clear line, non-zero exit, no stack trace, no key", async () => {
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    const port = closed.port;
    closed.stop(true);
    const r = await parla(openai(`http://127.0.0.1:${port}/v1`), "engine", "plan", "--from", "en", "--to", "es", "--level", "2", "--topic", "food", "--json");
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    const lines = r.err.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`the model server at http://127.0.0.1:${port}/v1 could not be reached`);
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(r.err).not.toContain(API_KEY);
  });

  test("a half-configured LLM engine is one line and exit 1", async () => {
    const r = await parla({ PARLA_ENGINE: "openai" }, "engine", "vocab", "--from", "en", "--to", "es", "--level", "2");
    expect(r.code).toBe(1);
    expect(r.err).toContain("PARLA_ENGINE=openai needs PARLA_LLM_BASE_URL and PARLA_LLM_MODEL");
  });
});

describe("parla admin llm usage", () => {
  test("tokens per day, model and operation, from what the engine recorded", async () => {
    const url = `file:${join(dir.path, "cli.db")}`;
    const store = openStore(url);
    await migrate(store.client);
    const config = { engine: "openai", llmBaseUrl: server.url, llmApiKey: API_KEY, llmModel: "usage-model", llmFallback: "none", llmTimeoutSeconds: 10, llmMaxRetries: 0 } as const;
    const engine = await createEngine(config, { log: silentLogger, clock: systemClock, store });
    await engine.tutorTurn({ source_lang: "en", target_lang: "es", level: 2, message: "Hola" });
    await Array.fromAsync(engine.vocabulary({ source_lang: "en", target_lang: "es", level: 2, count: 3 }));
    await Array.fromAsync(engine.vocabulary({ source_lang: "en", target_lang: "es", level: 2, count: 3 }));
    store.close();

    const r = await parla({ PARLA_LOG_LEVEL: "silent" }, "admin", "llm", "usage", "--json");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    const day = report.items[0]?.day;
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The test server reports 120 prompt + 80 completion tokens per request.
    expect(report.items).toEqual([
      { day, model: "usage-model", operation: "tutor_turn", requests: 1, repairs: 0, failed: 0, prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
      { day, model: "usage-model", operation: "vocabulary", requests: 2, repairs: 0, failed: 0, prompt_tokens: 240, completion_tokens: 160, total_tokens: 400 },
    ]);
    expect(report.totals).toMatchObject({ requests: 3, total_tokens: 600 });
    const human = await parla({ PARLA_LOG_LEVEL: "silent" }, "admin", "llm", "usage");
    expect(human.out).toContain("total: 3 requests, 600 tokens");
  });
});
