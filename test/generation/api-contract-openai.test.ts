// The generation API contract (api-contract.ts) with PARLA_ENGINE=openai against the local
// OpenAI-compatible test server, whose stand-in model answers with the built-in engine's content;
// then what only the LLM engine can do: a model server that keeps failing fails the plan for good
// with lesson_plan.failed and the credits given back (spec 5.6), unless PARLA_LLM_FALLBACK=builtin.
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { holderKey } from "../../src/billing/service.ts";
import { monthOf } from "../../src/billing/periods.ts";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { answerText, httpError, startOpenAiTestServer, type Reply } from "../helpers/openai-test-server.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { clientWithToken, ledger, spent } from "../billing/fixtures.ts";
import { apiContract } from "./api-contract.ts";
import { as, parseSse, plan } from "./fixtures.ts";
import { builtinBackedModel } from "./llm/builtin-backed-model.ts";

const builtin = createBuiltinEngine();
const server = startOpenAiTestServer();
server.setDefault(builtinBackedModel(builtin));
afterAll(() => server.close());

// No retries inside one attempt: the plan job's own attempts (3, backoff on the test clock) are the retries here.
const llmEnv = (url: string, over: Record<string, string> = {}) => ({ PARLA_ENGINE: "openai", PARLA_LLM_BASE_URL: url, PARLA_LLM_MODEL: "test-model", PARLA_LLM_API_KEY: "sk-contract", PARLA_LLM_MAX_RETRIES: "0", PARLA_LLM_TIMEOUT_SECONDS: "10", ...over });

apiContract("openai (test server)", { env: () => llmEnv(server.url), modelRequests: () => server.requests.length });

test("the contract's answers came from the model server, one schema per operation", () => {
  const names = new Set(server.requests.map((r) => r.body.response_format?.json_schema?.name));
  expect(names).toEqual(new Set(["vocabulary", "lesson_set_overview", "lesson_set_grammar", "lesson_set_exercises", "lesson_set_role_play", "lesson_set_exit_check", "tutor_turn"]));
  for (const r of server.requests) expect(r.headers.get("authorization")).toBe("Bearer sk-contract");
});

describe("a model server that keeps failing", () => {
  let t: TestApp;
  const failing = startOpenAiTestServer();
  afterEach(() => t?.cleanup());
  afterAll(() => failing.close());

  /** Runs the plan job through its attempts (its backoff is on the test clock). */
  async function drainAttempts() {
    for (let i = 0; i < 4; i++) {
      await t.scheduler.drain();
      t.clock.advance(3_000);
    }
  }

  async function failedPlan(reply: Reply, perAttempt: number) {
    failing.setDefault(reply);
    t = await createTestApp({}, llmEnv(failing.url));
    const c = await clientWithToken(t);
    const before = await ledger(t);
    const asked = failing.requests.length;
    const created = await as(t, c.token).post("/v1/lesson-plans", plan());
    expect(created.status).toBe(202);
    const p = (await created.json()) as any;
    expect(await spent(t, holderKey.allowance(c.accountId), monthOf(t.clock.now()))).toBe(10);
    await drainAttempts();
    // Every one of the job's 3 attempts asked for the first set (and sent its repair when there was one).
    const sent = failing.requests.slice(asked);
    expect(sent.map((r) => r.body.response_format?.json_schema?.name)).toEqual(Array(3 * perAttempt).fill("lesson_set_overview"));

    const row = (await (await as(t, c.token).get(`/v1/lesson-plans/${p.id}`)).json()) as any;
    expect(row).toMatchObject({ status: "failed", sets_ready: 0, sets: [] });
    const feed = (await (await as(t, c.token).get("/v1/events?start=oldest")).json()) as any;
    const mine = feed.items.filter((e: any) => e.data.plan_id === p.id);
    expect(mine.map((e: any) => [e.type, e.data])).toEqual([["lesson_plan.failed", { plan_id: p.id }]]);
    expect(await spent(t, holderKey.allowance(c.accountId), monthOf(t.clock.now()))).toBe(0);
    // The charge's row stays, at zero: every holder's balance is what it was before the plan.
    const credits = (l: Awaited<ReturnType<typeof ledger>>) => l.totals.reduce((sum, row) => sum + row.credits, 0);
    expect(credits(await ledger(t))).toBe(credits(before));
    const frames = parseSse(await (await as(t, c.token).get(`/v1/lesson-plans/${p.id}/stream`)).text());
    expect(frames.map((f) => f.event)).toEqual(["status", "error"]);
  }

  test("HTTP 500 on every request: the plan fails, lesson_plan.failed {plan_id}, the 10 credits given back", async () => {
    await failedPlan(httpError(500), 1);
  });

  test("answers that are not the schema's JSON, the repair too: the plan fails, lesson_plan.failed, refunded", async () => {
    await failedPlan(answerText("Sure! Here is your lesson: {not json"), 2);
  });

  test("a failure after two sets: the next attempt goes on from the committed sets, nothing asked twice, complete", async () => {
    const model = builtinBackedModel(builtin);
    let n = 0;
    failing.setDefault((request) => (++n === 3 ? httpError(500)(request) : model(request)));
    t = await createTestApp({}, llmEnv(failing.url));
    const c = await clientWithToken(t);
    const asked = failing.requests.length;
    const p = (await (await as(t, c.token).post("/v1/lesson-plans", plan())).json()) as any;
    await t.scheduler.drain();
    expect(await (await as(t, c.token).get(`/v1/lesson-plans/${p.id}`)).json()).toMatchObject({ status: "partial", sets_ready: 2 });
    await drainAttempts();
    const full = (await (await as(t, c.token).get(`/v1/lesson-plans/${p.id}`)).json()) as any;
    expect(full.status).toBe("complete");
    expect(full.sets.map((s: any) => [s.index, s.kind])).toEqual([
      [1, "overview"],
      [2, "grammar"],
      [3, "exercises"],
      [4, "role_play"],
      [5, "exit_check"],
    ]);
    const kinds = failing.requests.slice(asked).map((r) => r.body.response_format?.json_schema?.name?.slice("lesson_set_".length));
    expect(kinds).toEqual(["overview", "grammar", "exercises", "exercises", "role_play", "exit_check"]);
    const feed = (await (await as(t, c.token).get("/v1/events?start=oldest")).json()) as any;
    expect(feed.items.filter((e: any) => e.data.plan_id === p.id).map((e: any) => [e.type, e.data.status])).toEqual([
      ["lesson_plan.ready", "partial"],
      ["lesson_plan.ready", "complete"],
    ]);
    expect(await spent(t, holderKey.allowance(c.accountId), monthOf(t.clock.now()))).toBe(10);
  });

  test("with PARLA_LLM_FALLBACK=builtin the same failing server still gives a complete plan", async () => {
    failing.setDefault(httpError(500));
    t = await createTestApp({}, llmEnv(failing.url, { PARLA_LLM_FALLBACK: "builtin" }));
    const c = await clientWithToken(t);
    const asked = failing.requests.length;
    const p = (await (await as(t, c.token).post("/v1/lesson-plans", plan())).json()) as any;
    await t.scheduler.drain();
    expect(failing.requests.length).toBeGreaterThan(asked);
    const full = (await (await as(t, c.token).get(`/v1/lesson-plans/${p.id}`)).json()) as any;
    expect(full).toMatchObject({ status: "complete", sets_ready: 5 });
    const feed = (await (await as(t, c.token).get("/v1/events?start=oldest")).json()) as any;
    expect(feed.items.filter((e: any) => e.data.plan_id === p.id).map((e: any) => [e.type, e.data.status])).toEqual([
      ["lesson_plan.ready", "partial"],
      ["lesson_plan.ready", "complete"],
    ]);
    expect(await spent(t, holderKey.allowance(c.accountId), monthOf(t.clock.now()))).toBe(10);
  });
});
