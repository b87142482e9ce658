// The generation API's contract as tests, run once per engine (api-contract-builtin.test.ts,
// api-contract-openai.test.ts): over HTTP, through the composition root, the vocabulary stream,
// lesson plans made by the durable job, tutor turns and refused input must answer the same way
// whichever engine PARLA_ENGINE picks (spec 3.1, 4.2, 5.6; DESIGN §8).
import { afterEach, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { holderKey } from "../../src/billing/service.ts";
import { monthOf } from "../../src/billing/periods.ts";
import { LessonSet } from "../../src/generation/model.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { clientWithToken, ledger, spent } from "../billing/fixtures.ts";
import { as, footprint, parseSse, plan } from "./fixtures.ts";

export interface ApiContractSetup {
  /** The environment that picks the engine (PARLA_ENGINE and, for the LLM engine, its server). */
  env: () => Record<string, string>;
  /** Requests the model server has received so far (LLM engine only): refused input sends none. */
  modelRequests?: () => number;
}

const vocab = (over: Record<string, unknown> = {}) => ({ source_lang: "en", target_lang: "es", level: 2, topic: "food", ...over });
const tutor = (over: Record<string, unknown> = {}) => ({ message: "Hola, quiero un café, por favor", source_lang: "en", target_lang: "es", level: 2, ...over });

/** [route, body, the field the refusal names] */
const BAD: [string, unknown, string][] = [
  ["/v1/vocab/stream", vocab({ target_lang: "klingon" }), "target_lang"],
  ["/v1/vocab/stream", vocab({ count: 51 }), "count"],
  ["/v1/vocab/stream", vocab({ level: 10 }), "level"],
  ["/v1/lesson-plans", plan({ scene: "a market" }), "scene"],
  ["/v1/lesson-plans", { source_lang: "en", target_lang: "es", level: 2 }, "topic"],
  ["/v1/lesson-plans", plan({ target_lang: "en" }), "target_lang"],
  ["/v1/lesson-plans", plan({ npc: { name: "n".repeat(33) } }), "npc.name"],
  ["/v1/tutor/message", tutor({ message: "   " }), "message"],
  ["/v1/tutor/message", tutor({ level: 2.5 }), "level"],
  ["/v1/tutor/message", tutor({ scene: "a\nb" }), "scene"],
];

export function apiContract(label: string, setup: ApiContractSetup) {
  describe(`generation API contract: ${label}`, () => {
    let t: TestApp;
    afterEach(() => t?.cleanup());
    const app = async () => (t = await createTestApp({}, setup.env()));
    const month = () => monthOf(t.clock.now());

    test("POST /v1/vocab/stream: item frames, then done {count}; 3 credits", async () => {
      await app();
      const c = await clientWithToken(t);
      const r = await as(t, c.token).post("/v1/vocab/stream", vocab({ count: 7 }));
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toStartWith("text/event-stream");
      const frames = parseSse(await r.text());
      expect(frames.map((f) => f.event)).toEqual([...Array(7).fill("item"), "done"]);
      expect(frames.at(-1)!.data).toEqual({ count: 7 });
      const items = frames.slice(0, -1).map((f) => f.data);
      for (const item of items) expect(item).toMatchObject({ id: expect.any(String), term: expect.any(String), translation: expect.any(String) });
      expect(new Set(items.map((i) => i.id)).size).toBe(7);
      expect(await spent(t, holderKey.allowance(c.accountId), month())).toBe(3);
    });

    test("a lesson plan: 202 generating, the job makes every set, partial then complete with lesson_plan.ready events; GET shows every set; 10 credits", async () => {
      await app();
      const c = await clientWithToken(t);
      const created = await as(t, c.token).post("/v1/lesson-plans", plan({ npc: { name: "Lucía" } }));
      expect(created.status).toBe(202);
      const p = (await created.json()) as any;
      expect(p).toMatchObject({ status: "generating", sets: [], sets_ready: 0, from_library: false });
      expect(await spent(t, holderKey.allowance(c.accountId), month())).toBe(10);

      await t.scheduler.drain();
      const full = (await (await as(t, c.token).get(`/v1/lesson-plans/${p.id}`)).json()) as any;
      expect(full.status).toBe("complete");
      expect(full.sets_ready).toBe(5);
      expect(full.sets.map((s: any) => [s.index, s.kind])).toEqual([
        [1, "overview"],
        [2, "grammar"],
        [3, "exercises"],
        [4, "role_play"],
        [5, "exit_check"],
      ]);
      for (const set of full.sets) expect(Value.Errors(LessonSet, set).First()).toBeUndefined();
      expect(full.sets.find((s: any) => s.kind === "role_play").npc).toMatchObject({ name: "Lucía" });

      const feed = (await (await as(t, c.token).get("/v1/events?start=oldest")).json()) as any;
      const mine = feed.items.filter((e: any) => e.data.plan_id === p.id);
      expect(mine.map((e: any) => [e.type, e.data.status])).toEqual([
        ["lesson_plan.ready", "partial"],
        ["lesson_plan.ready", "complete"],
      ]);
      const frames = parseSse(await (await as(t, c.token).get(`/v1/lesson-plans/${p.id}/stream`)).text());
      expect(frames.map((f) => f.event)).toEqual(["status", "set", "set", "set", "set", "set", "done"]);
      expect(await spent(t, holderKey.allowance(c.accountId), month())).toBe(10);
    });

    test("tutor turns on a paid plan: the reply's shape, the conversation carried on, 1 credit a turn", async () => {
      await app();
      const c = await clientWithToken(t, { plan: "paid" });
      const first = await as(t, c.token).post("/v1/tutor/message", tutor({ scene: "a small café", npc: { name: "Lucía", persona: "a waiter" } }));
      expect(first.status).toBe(200);
      const a = (await first.json()) as any;
      // A copy: bun's toMatchObject writes its asymmetric matchers into the object it is given.
      expect(structuredClone(a)).toMatchObject({ conversation_id: expect.stringMatching(/^conv_/), reply: expect.any(String), reply_translation: expect.any(String), corrections: expect.any(Array), hints: expect.any(Array), suggested_replies: expect.any(Array), turn: 1 });
      expect(a.reply.length).toBeGreaterThan(0);
      expect(a.conversation).toBeUndefined();
      const second = await as(t, c.token).post("/v1/tutor/message", tutor({ message: "Gracias", conversation_id: a.conversation_id }));
      expect(second.status).toBe(200);
      expect(await second.json()).toMatchObject({ conversation_id: a.conversation_id, turn: 2 });
      expect(await footprint(t)).toMatchObject({ conversations: 1, turns: 2 });
      expect(await spent(t, holderKey.allowance(c.accountId), month())).toBe(2);
    });

    test("bad input on every route: 400 invalid_request naming the field; nothing charged, stored or sent to a model", async () => {
      await app();
      const c = await clientWithToken(t, { plan: "paid" });
      const before = { rows: await footprint(t), ledger: await ledger(t), model: setup.modelRequests?.() ?? 0 };
      for (const [path, body, param] of BAD) {
        const r = await as(t, c.token).post(path, body);
        const answer = (await r.json()) as any;
        expect({ path, param, status: r.status, code: answer.code, named: answer.param }).toEqual({ path, param, status: 400, code: "invalid_request", named: param });
      }
      await t.scheduler.drain();
      expect({ rows: await footprint(t), ledger: await ledger(t), model: setup.modelRequests?.() ?? 0 }).toEqual(before);
    });
  });
}
