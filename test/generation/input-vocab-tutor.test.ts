// Bad input on every generation route (spec 2.6, 8; DESIGN §4: 400 invalid_request with param,
// nothing charged, stored or generated), the vocabulary stream, and tutor turns.
import { afterEach, describe, expect, test } from "bun:test";
import { holderKey } from "../../src/billing/service.ts";
import { monthOf } from "../../src/billing/periods.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { createTestApp } from "../helpers/test-app.ts";
import { clientWithToken, ledger, spent } from "../billing/fixtures.ts";
import { as, footprint, parseSse, plan } from "./fixtures.ts";
import vectors from "../fixtures/text-fields.json";

let t: TestApp;
afterEach(() => t?.cleanup());

const vocab = (over: Record<string, unknown> = {}) => ({ source_lang: "en", target_lang: "fr", level: 3, topic: "food", ...over });
const tutor = (over: Record<string, unknown> = {}) => ({ message: "Hola, quiero dos manzanas", source_lang: "en", target_lang: "es", level: 2, ...over });

const invalidTexts = (vectors as { invalid: { name: string; value: string }[] }).invalid;

/** [route, body, expected param] */
function badCases(): [string, string, unknown, string][] {
  const cases: [string, string, unknown, string][] = [
    ["both topic and scene", "/v1/lesson-plans", plan({ scene: "a market" }), "scene"],
    ["neither topic nor scene", "/v1/lesson-plans", { source_lang: "en", target_lang: "es", level: 2 }, "topic"],
    ["unknown source language", "/v1/lesson-plans", plan({ source_lang: "xx" }), "source_lang"],
    ["unknown target language", "/v1/vocab/stream", vocab({ target_lang: "klingon" }), "target_lang"],
    ["equal languages", "/v1/lesson-plans", plan({ target_lang: "en" }), "target_lang"],
    ["pt equals pt-BR", "/v1/tutor/message", tutor({ source_lang: "pt", target_lang: "pt-BR" }), "target_lang"],
    ["level 0", "/v1/lesson-plans", plan({ level: 0 }), "level"],
    ["level 10", "/v1/vocab/stream", vocab({ level: 10 }), "level"],
    ["level 2.5", "/v1/tutor/message", tutor({ level: 2.5 }), "level"],
    ["count 0", "/v1/vocab/stream", vocab({ count: 0 }), "count"],
    ["count 51", "/v1/vocab/stream", vocab({ count: 51 }), "count"],
    ["npc without a name", "/v1/lesson-plans", plan({ npc: { persona: "a baker" } }), "npc.name"],
    ["npc name of 33", "/v1/lesson-plans", plan({ npc: { name: "n".repeat(33) } }), "npc.name"],
    ["npc persona of 121", "/v1/tutor/message", tutor({ npc: { name: "Ana", persona: "p".repeat(121) } }), "npc.persona"],
    ["tutor message empty", "/v1/tutor/message", tutor({ message: "   " }), "message"],
    ["tutor message of 501", "/v1/tutor/message", tutor({ message: "a".repeat(501) }), "message"],
    ["tutor message with a zero-width space", "/v1/tutor/message", tutor({ message: "hola\u200bamigo" }), "message"],
    ["tutor scene with a newline", "/v1/tutor/message", tutor({ scene: "a\nb" }), "scene"],
  ];
  for (const v of invalidTexts) {
    cases.push([`topic ${v.name}`, "/v1/lesson-plans", plan({ topic: v.value }), "topic"]);
    cases.push([`scene ${v.name}`, "/v1/lesson-plans", { ...plan(), topic: undefined, scene: v.value }, "scene"]);
    cases.push([`vocab topic ${v.name}`, "/v1/vocab/stream", vocab({ topic: v.value }), "topic"]);
    if (v.value.length <= 40 || v.name.startsWith("too_long")) {
      cases.push([`npc.persona ${v.name}`, "/v1/lesson-plans", plan({ npc: { name: "Ana", persona: v.name.startsWith("too_long") ? "p".repeat(121) : v.value } }), "npc.persona"]);
    }
    if (!v.name.startsWith("too_long")) cases.push([`npc.name ${v.name}`, "/v1/lesson-plans", plan({ npc: { name: v.value } }), "npc.name"]);
  }
  return cases;
}

describe("bad input", () => {
  test("every rule: 400 invalid_request naming the field; nothing charged, counted, stored or generated", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t, { plan: "paid" });
    const engineCalls = { n: 0 };
    const engine = t.deps.engine;
    for (const name of ["vocabulary", "lessonPlan", "tutorTurn"] as const) {
      const real = (engine[name] as (...a: unknown[]) => unknown).bind(engine);
      (engine as unknown as Record<string, unknown>)[name] = (...a: unknown[]) => {
        engineCalls.n += 1;
        return real(...a);
      };
    }
    const before = { rows: await footprint(t), ledger: await ledger(t) };
    for (const [name, path, body, param] of badCases()) {
      const r = await as(t, c.token).post(path, body);
      const answer = (await r.json()) as any;
      expect({ name, status: r.status, code: answer.code, param: answer.param }).toEqual({ name, status: 400, code: "invalid_request", param });
    }
    await t.scheduler.drain();
    expect(await footprint(t)).toEqual(before.rows);
    expect(await ledger(t)).toEqual(before.ledger);
    expect(engineCalls.n).toBe(0);
  });

  test("an oversized body: 413 payload_too_large in the /v1 envelope; a body that is not JSON: 400", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const before = await ledger(t);
    const big = JSON.stringify(plan({ topic: "x".repeat(100_000) }));
    const r = await t.request("POST", "/v1/lesson-plans", { body: big, headers: { authorization: `Bearer ${c.token}`, "content-type": "application/json" } });
    expect(r.status).toBe(413);
    expect(await r.json()).toMatchObject({ code: "payload_too_large" });
    const chunked = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode(" ".repeat(8192)));
        controller.close();
      },
    });
    const r2 = await t.app.handle(new Request("http://localhost/v1/vocab/stream", { method: "POST", body: chunked, headers: { authorization: `Bearer ${c.token}`, "content-type": "application/json" } }));
    expect(r2.status).toBe(413);
    const r3 = await t.request("POST", "/v1/lesson-plans", { body: "{nope", headers: { authorization: `Bearer ${c.token}`, "content-type": "application/json" } });
    expect(r3.status).toBe(400);
    expect(await r3.json()).toMatchObject({ code: "invalid_request" });
    expect(await ledger(t)).toEqual(before);
  });
});

describe("POST /v1/vocab/stream", () => {
  test("200 text/event-stream: item frames then done {count}; 3 credits", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const r = await as(t, c.token).post("/v1/vocab/stream", vocab({ count: 7 }));
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toStartWith("text/event-stream");
    expect(r.headers.get("x-accel-buffering")).toBe("no");
    const frames = parseSse(await r.text());
    expect(frames.map((f) => f.event)).toEqual([...Array(7).fill("item"), "done"]);
    expect(frames.at(-1)!.data).toEqual({ count: 7 });
    expect(frames[0]!.data).toMatchObject({ id: expect.any(String), term: expect.any(String), translation: expect.any(String) });
    expect(await spent(t, holderKey.allowance(c.accountId), monthOf(t.clock.now()))).toBe(3);
    const d = parseSse(await (await as(t, c.token).post("/v1/vocab/stream", vocab({ topic: undefined }))).text());
    expect(d.at(-1)).toEqual({ event: "done", data: { count: 20 } });
  });

  test("an engine failure mid-stream ends with an error frame and gives the credits back", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const real = t.deps.engine.vocabulary.bind(t.deps.engine);
    t.deps.engine.vocabulary = (input) =>
      (async function* () {
        let n = 0;
        for await (const item of real(input)) {
          if (++n === 3) throw new Error("upstream gone");
          yield item;
        }
      })();
    const frames = parseSse(await (await as(t, c.token).post("/v1/vocab/stream", vocab())).text());
    expect(frames.map((f) => f.event)).toEqual(["item", "item", "error"]);
    expect(await spent(t, holderKey.allowance(c.accountId), monthOf(t.clock.now()))).toBe(0);
  });

  test("a reader that goes away stops the generation at once", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    let pulled = 0;
    const real = t.deps.engine.vocabulary.bind(t.deps.engine);
    t.deps.engine.vocabulary = (input) =>
      (async function* () {
        for await (const item of real(input)) {
          pulled += 1;
          yield item;
        }
      })();
    const abort = new AbortController();
    const r = await t.app.handle(
      new Request("http://localhost/v1/vocab/stream", { method: "POST", signal: abort.signal, body: JSON.stringify(vocab({ count: 50 })), headers: { authorization: `Bearer ${c.token}`, "content-type": "application/json" } }),
    );
    const reader = r.body!.getReader();
    await reader.read();
    await reader.cancel();
    abort.abort();
    await Bun.sleep(20);
    expect(pulled).toBeLessThanOrEqual(2);
  });
});

describe("POST /v1/tutor/message", () => {
  test("a free plan: 403 paid_plan_required before anything is spent or counted", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const before = { rows: await footprint(t), ledger: await ledger(t) };
    const r = await as(t, c.token).post("/v1/tutor/message", tutor());
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ code: "paid_plan_required" });
    expect({ rows: await footprint(t), ledger: await ledger(t) }).toEqual(before);
  });

  test("a paid plan: the reply of DESIGN §8, a stored conversation with every turn, 1 credit a turn", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t, { plan: "paid" });
    const first = await as(t, c.token).post("/v1/tutor/message", tutor({ scene: "a fruit market", npc: { name: "Lucía", persona: "a fruit seller" } }));
    expect(first.status).toBe(200);
    const a = (await first.json()) as any;
    // A copy: bun's toMatchObject writes its asymmetric matchers into the object it is given.
    expect(structuredClone(a)).toMatchObject({ conversation_id: expect.stringMatching(/^conv_/), reply: expect.any(String), reply_translation: expect.any(String), corrections: expect.any(Array), hints: expect.any(Array), suggested_replies: expect.any(Array), turn: 1 });
    expect(a.conversation).toBeUndefined();
    const second = (await (await as(t, c.token).post("/v1/tutor/message", tutor({ message: "¿Cuánto cuesta?", conversation_id: a.conversation_id }))).json()) as any;
    expect(second).toMatchObject({ conversation_id: a.conversation_id, turn: 2 });
    expect(await footprint(t)).toMatchObject({ conversations: 1, turns: 2 });
    expect(await spent(t, holderKey.allowance(c.accountId), monthOf(t.clock.now()))).toBe(2);
  });

  test("a conversation on a stored plan plays that plan's role-play: each option said gets the next NPC line, to the end", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t, { plan: "paid" });
    const p = (await (await as(t, c.token).post("/v1/lesson-plans", plan({ topic: undefined, scene: "a tapas bar in Seville" }))).json()) as any;
    await t.scheduler.drain();
    const full = (await (await as(t, c.token).get(`/v1/lesson-plans/${p.id}`)).json()) as any;
    const rolePlay = full.sets.find((s: any) => s.kind === "role_play");
    let conversationId: string | undefined;
    for (const step of rolePlay.steps) {
      const r = (await (await as(t, c.token).post("/v1/tutor/message", tutor({ message: step.learner_options[0].text, plan_id: p.id, ...(conversationId ? { conversation_id: conversationId } : {}) }))).json()) as any;
      conversationId = r.conversation_id;
      expect(r.reply).toBe(step.npc.text);
      expect(r.progress.intent).toBe(step.intent);
    }
    expect(await footprint(t)).toMatchObject({ conversations: 1, turns: rolePlay.steps.length });
  });

  test("another account's conversation or plan: 404 not_found, refunded", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t, { plan: "paid" });
    const b = await clientWithToken(t, { plan: "paid" });
    const conv = (await (await as(t, a.token).post("/v1/tutor/message", tutor())).json()) as any;
    const p = (await (await as(t, a.token).post("/v1/lesson-plans", plan())).json()) as any;
    await t.scheduler.drain();
    const r1 = await as(t, b.token).post("/v1/tutor/message", tutor({ conversation_id: conv.conversation_id }));
    expect(r1.status).toBe(404);
    expect(await r1.json()).toMatchObject({ code: "not_found" });
    const r2 = await as(t, b.token).post("/v1/tutor/message", tutor({ plan_id: p.id }));
    expect(r2.status).toBe(404);
    expect(await spent(t, holderKey.allowance(b.accountId), monthOf(t.clock.now()))).toBe(0);
    const own = await as(t, a.token).post("/v1/tutor/message", tutor({ plan_id: p.id }));
    expect(own.status).toBe(200);
  });
});
