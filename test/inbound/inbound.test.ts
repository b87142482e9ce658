// POST /v1/events (spec 2.6, 2.7, 4.3, 6.5): every field rule with the shared vectors, the
// Idempotency-Key, the second scope, and what a refused event leaves behind (nothing).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import textFields from "../fixtures/text-fields.json";
import { inboundEvents } from "../../src/inbound/schema.ts";
import { DAY } from "../../src/lib/clock.ts";
import { clientWithToken, ledger, op, tokenFor, usage } from "../billing/fixtures.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.cleanup());

const context = (overrides: Record<string, unknown> = {}) => ({ type: "world.context_changed", data: { scene: "A busy fish market at dawn", source_lang: "en", target_lang: "es", level: 2, ...overrides } });

function send(token: string, body: unknown, key: string | null = crypto.randomUUID(), headers: Record<string, string> = {}) {
  return t.request("POST", "/v1/events", { json: body, headers: { authorization: `Bearer ${token}`, ...(key === null ? {} : { "idempotency-key": key }), ...headers } });
}

const stored = async () => (await t.deps.store.db.select({ n: count() }).from(inboundEvents))[0]!.n;

async function expectRefused(res: Response, status: number, code: string, param?: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(body.code).toBe(code);
  if (param !== undefined) expect(body.param).toBe(param);
  return body;
}

describe("accepted events", () => {
  test("world.context_changed records the event and answers 202 complete (generate defaults to false)", async () => {
    const o = await clientWithToken(t, { scopes: ["events:write"] });
    const res = await send(o.token, context({ npc: { name: "Marisol", persona: "a cheerful fishmonger" }, tags: ["fish_market", "dawn"] }));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ reaction: "complete" });
    const [row] = await t.deps.store.db.select().from(inboundEvents);
    expect(row).toMatchObject({ clientId: o.client.id, accountId: o.accountId, type: "world.context_changed", generate: false });
    expect(row!.id).toStartWith("parla_evt_");
    expect(row!.data).toEqual({ scene: "A busy fish market at dawn", source_lang: "en", target_lang: "es", level: 2, npc: { name: "Marisol", persona: "a cheerful fishmonger" }, tags: ["fish_market", "dawn"], generate: false });
  });

  test("each accepted event counts as one /v1 call and spends no credits (spec 6.5)", async () => {
    const o = await clientWithToken(t);
    for (let i = 0; i < 3; i++) expect((await send(o.token, context())).status).toBe(202);
    const answer = await (await usage(t, o.token)).json();
    expect(op(answer, "events.send")).toMatchObject({ calls: 3, credits: 0 });
  });

  test("text fields are stored trimmed and in NFC", async () => {
    const o = await clientWithToken(t, { scopes: ["events:write"] });
    await send(o.token, context({ scene: "  Cafe\u0301 on the corner  " }));
    const [row] = await t.deps.store.db.select().from(inboundEvents);
    expect(row!.data.scene).toBe("Café on the corner");
  });
});

describe("refusals: 400 with param, and nothing recorded or counted", () => {
  test("every text-field vector of the shared testdata, in all four fields", async () => {
    const o = await clientWithToken(t, { scopes: ["events:write", "lesson_plans:write", "usage:read"] });
    const before = await ledger(t);
    const limits: Record<string, number> = textFields.limits;
    const fields: [string, (v: string) => unknown, string][] = [
      ["scene", (v) => context({ scene: v }), "data.scene"],
      ["topic", (v) => ({ type: "world.practice_requested", data: { topic: v, source_lang: "en", target_lang: "de", level: 3, generate: false } }), "data.topic"],
      ["npc.name", (v) => context({ npc: { name: v, persona: "a guard" } }), "data.npc.name"],
      ["npc.persona", (v) => context({ npc: { name: "Ada", persona: v } }), "data.npc.persona"],
    ];
    let accepted = 0;
    for (const [field, body, param] of fields) {
      for (const c of textFields.invalid) {
        // too_long_161 is written for the 160-character fields; the shorter ones are checked below.
        if (c.name === "too_long_161" && limits[field]! < 160) continue;
        await expectRefused(await send(o.token, body(c.value)), 400, "invalid_request", param);
      }
      for (const c of textFields.valid) {
        const length = Array.from(c.value.normalize("NFC").trim()).length;
        const res = await send(o.token, body(c.value));
        if (length <= limits[field]!) {
          expect(res.status, `${field} ${c.name}`).toBe(202);
          accepted++;
        } else await expectRefused(res, 400, "invalid_request", param);
      }
      await expectRefused(await send(o.token, body("x".repeat(limits[field]! + 1))), 400, "invalid_request", param);
      expect((await send(o.token, body(" " + "x".repeat(limits[field]!) + " "))).status).toBe(202);
      accepted++;
    }
    expect(await stored()).toBe(accepted);
    const after = await ledger(t);
    const sends = after.daily.find((r) => r.operation === "events.send");
    expect(sends?.calls).toBe(accepted);
    expect(after.totals).toEqual(before.totals);
  });

  test("tags and level vectors; languages; unknown type and fields", async () => {
    const o = await clientWithToken(t, { scopes: ["events:write"] });
    for (const tags of textFields.tags.valid) expect((await send(o.token, context({ tags }))).status).toBe(202);
    for (const tags of textFields.tags.invalid) await expectRefused(await send(o.token, context({ tags })), 400, "invalid_request", "data.tags");
    for (const level of textFields.level.valid) expect((await send(o.token, context({ level }))).status).toBe(202);
    for (const level of textFields.level.invalid) await expectRefused(await send(o.token, context({ level })), 400, "invalid_request", "data.level");
    await expectRefused(await send(o.token, context({ target_lang: "en" })), 400, "invalid_request", "data.target_lang");
    await expectRefused(await send(o.token, context({ source_lang: "xx" })), 400, "invalid_request", "data.source_lang");
    await expectRefused(await send(o.token, context({ generate: "yes" })), 400, "invalid_request", "data.generate");
    await expectRefused(await send(o.token, context({ player_name: "Bob" })), 400, "invalid_request", "data.player_name");
    await expectRefused(await send(o.token, context({ topic: "food" })), 400, "invalid_request", "data.topic");
    await expectRefused(await send(o.token, { type: "world.exploded", data: {} }), 400, "invalid_request", "type");
    await expectRefused(await send(o.token, { type: "world.context_changed" }), 400, "invalid_request", "data");
    await expectRefused(await send(o.token, { type: "world.context_changed", data: { source_lang: "en", target_lang: "es", level: 1 } }), 400, "invalid_request", "data.scene");
    expect(await stored()).toBe(textFields.tags.valid.length + textFields.level.valid.length);
  });

  test("Idempotency-Key: missing → 400 idempotency_key_required; too long or not visible ASCII → 400 invalid_request", async () => {
    const o = await clientWithToken(t, { scopes: ["events:write"] });
    await expectRefused(await send(o.token, context(), null), 400, "idempotency_key_required", "Idempotency-Key");
    await expectRefused(await send(o.token, context(), "k".repeat(256)), 400, "invalid_request", "Idempotency-Key");
    await expectRefused(await send(o.token, context(), "clé"), 400, "invalid_request", "Idempotency-Key");
    expect((await send(o.token, context(), "k".repeat(255))).status).toBe(202);
    expect(await stored()).toBe(1);
  });

  test("generate true without lesson_plans:write → 403 insufficient_scope; without events:write → 403; no token → 401", async () => {
    const writer = await clientWithToken(t, { scopes: ["events:write"] });
    await expectRefused(await send(writer.token, context({ generate: true })), 403, "insufficient_scope");
    await expectRefused(await send(writer.token, { type: "world.practice_requested", data: { topic: "ordering food", source_lang: "en", target_lang: "es", level: 2 } }), 403, "insufficient_scope");
    const reader = await clientWithToken(t, { scopes: ["events:read"], email: "reader@example.com" });
    await expectRefused(await send(reader.token, context()), 403, "insufficient_scope");
    const anonymous = await t.request("POST", "/v1/events", { json: context(), headers: { "idempotency-key": "k1" } });
    expect(anonymous.status).toBe(401);
    expect(await stored()).toBe(0);
  });

  test("a body over 16 KiB → 413 in the envelope", async () => {
    const o = await clientWithToken(t, { scopes: ["events:write"] });
    await expectRefused(await send(o.token, context({ tags: ["a"], padding: "x".repeat(17 * 1024) })), 413, "payload_too_large");
    expect(await stored()).toBe(0);
  });
});

describe("Idempotency-Key (spec 4.3.7–8)", () => {
  test("the same key within a day: the first answer again (equal as JSON) even with another body, and one event", async () => {
    const o = await clientWithToken(t, { scopes: ["events:write"] });
    const first = await (await send(o.token, context(), "key-1")).json();
    t.clock.advance(DAY - 1000);
    const again = await send(await tokenFor(t, o.client.id, o.secret!), context({ scene: "Somewhere else entirely" }), "key-1");
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual(first);
    expect(await stored()).toBe(1);
  });

  test("a known key gets the first answer whatever the body: invalid, not JSON, missing, or asking for a plan without the scope; nothing more is recorded", async () => {
    const o = await clientWithToken(t, { scopes: ["events:write", "usage:read"] });
    const first = await send(o.token, context(), "known");
    expect(first.status).toBe(202);
    const answer = await first.json();
    const big = JSON.stringify(context({ padding: "x".repeat(20_000) }));
    const replays = [
      send(o.token, context({ scene: "line one\nline two", level: 12, player_name: "Bob" }), "known"),
      send(o.token, { type: "world.exploded" }, "known"),
      t.request("POST", "/v1/events", { body: "{not json", headers: { authorization: `Bearer ${o.token}`, "content-type": "application/json", "idempotency-key": "known" } }),
      t.request("POST", "/v1/events", { headers: { authorization: `Bearer ${o.token}`, "idempotency-key": "known" } }),
      send(o.token, context({ generate: true }), "known"),
      // Past the 16 KiB a new event may have, with the length the network would declare.
      t.request("POST", "/v1/events", { body: big, headers: { authorization: `Bearer ${o.token}`, "content-type": "application/json", "content-length": String(big.length), "idempotency-key": "known" } }),
    ];
    for (const res of await Promise.all(replays)) {
      expect(res.status).toBe(202);
      expect(res.headers.get("content-type")).toStartWith("application/json");
      expect(await res.json()).toEqual(answer);
    }
    expect(await stored()).toBe(1);
    // Each replay is still a /v1 call (spec 6.5), as before.
    expect(op(await (await usage(t, o.token)).json(), "events.send")).toMatchObject({ calls: 7, credits: 0 });
  });

  test("a new key whose body is refused is not taken: nothing recorded, and the same key then records a valid event", async () => {
    const o = await clientWithToken(t, { scopes: ["events:write"] });
    await expectRefused(await send(o.token, context({ scene: "\u202Eevil" }), "fresh"), 400, "invalid_request", "data.scene");
    await expectRefused(await send(o.token, context({ generate: true }), "fresh"), 403, "insufficient_scope");
    const notJson = await t.request("POST", "/v1/events", { body: "{not json", headers: { authorization: `Bearer ${o.token}`, "content-type": "application/json", "idempotency-key": "fresh" } });
    await expectRefused(notJson, 400, "invalid_request");
    expect(await stored()).toBe(0);
    const res = await send(o.token, context({ scene: "The harbour" }), "fresh");
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ reaction: "complete" });
    const [row] = await t.deps.store.db.select().from(inboundEvents);
    expect(row).toMatchObject({ idempotencyKey: "fresh", answer: { reaction: "complete" }, answeredAt: t.clock.now() });
    expect(row!.data.scene).toBe("The harbour");
  });

  test("keys are per client: another client's same key is another event", async () => {
    const a = await clientWithToken(t, { scopes: ["events:write"] });
    const b = await clientWithToken(t, { scopes: ["events:write"], email: "b@example.com" });
    await send(a.token, context(), "shared");
    await send(b.token, context(), "shared");
    expect(await stored()).toBe(2);
  });

  test("20 concurrent requests with one key: one event, every answer equal", async () => {
    const o = await clientWithToken(t, { scopes: ["events:write"] });
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(o.token, context(), "race").then(async (r) => ({ status: r.status, body: await r.json() }))));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([202]));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await stored()).toBe(1);
  });

  test("after a day the answer is rebuilt from the stored event, and housekeeping forgets the first answer", async () => {
    const o = await clientWithToken(t, { scopes: ["events:write"] });
    await send(o.token, context(), "old");
    t.clock.advance(DAY + 1000);
    await t.scheduler.drain();
    const again = await send(await tokenFor(t, o.client.id, o.secret!), context(), "old");
    expect(await again.json()).toEqual({ reaction: "complete" });
    expect(await stored()).toBe(1);
    const [row] = await t.deps.store.db.select().from(inboundEvents).where(eq(inboundEvents.idempotencyKey, "old"));
    expect(row!.planId).toBeNull();
  });
});
