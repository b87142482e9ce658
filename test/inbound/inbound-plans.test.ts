// Inbound events that ask for a plan (spec 2.7, 3.1, 4.3.9–11, 6.5, 6.6): started → the plan's
// ready event on the feed; from the library → complete at once; over budget → refused with the
// reason and the event still standing; the same bill as POST /v1/lesson-plans; a rebuilt answer
// keeps the plan; one key across two real processes → one event, one plan, one charge.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { count, sql } from "drizzle-orm";
import { join } from "node:path";
import { lessonPlans } from "../../src/generation/schema.ts";
import { inboundEvents } from "../../src/inbound/schema.ts";
import { DAY } from "../../src/lib/clock.ts";
import { openStore } from "../../src/store/open-store.ts";
import { clientWithToken, ledger, op, tokenFor, usage } from "../billing/fixtures.ts";
import { cli, serve, type ServeProcess } from "../generation/serve-process.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.cleanup());

const practice = (topic = "ordering food at a market stall") => ({ type: "world.practice_requested", data: { topic, source_lang: "en", target_lang: "es", level: 2, tags: ["quest_7"] } });
const send = (token: string, body: unknown, key: string = crypto.randomUUID()) => t.request("POST", "/v1/events", { json: body, headers: { authorization: `Bearer ${token}`, "idempotency-key": key } });
const feed = async (token: string, cursor?: string) => (await t.request("GET", `/v1/events${cursor ? `?cursor=${encodeURIComponent(cursor)}` : "?start=oldest"}`, { headers: { authorization: `Bearer ${token}` } })).json();

describe("generate true", () => {
  test("started/generating, then lesson_plan.ready with that plan_id on the feed; the plan never sees the tags; billed as a lesson plan", async () => {
    const o = await clientWithToken(t);
    const res = await send(o.token, practice());
    expect(res.status).toBe(202);
    const answer = await res.json();
    expect(answer).toMatchObject({ reaction: "started", plan_status: "generating" });
    expect(answer.plan_id).toBeString();
    await t.scheduler.drain();
    const page = await feed(o.token);
    const ready = page.items.filter((e: any) => e.type === "lesson_plan.ready" && e.data.plan_id === answer.plan_id);
    expect(ready.map((e: any) => e.data.status)).toEqual(["partial", "complete"]);
    const plan = await (await t.request("GET", `/v1/lesson-plans/${answer.plan_id}`, { headers: { authorization: `Bearer ${o.token}` } })).json();
    expect(plan).toMatchObject({ id: answer.plan_id, status: "complete", topic: "ordering food at a market stall" });
    expect(JSON.stringify(plan)).not.toContain("quest_7");
    const report = await (await usage(t, o.token)).json();
    expect(op(report, "lesson_plan.create")).toMatchObject({ calls: 1, credits: 10 });
    expect(op(report, "events.send")).toMatchObject({ calls: 1, credits: 0 });
  });

  test("the plan and its event's answer commit together: when the answer cannot be stored, no plan is left and nothing is spent", async () => {
    const o = await clientWithToken(t);
    // The store refuses to record the event's plan, as a crash between the two writes would lose it.
    await t.deps.store.client.execute("CREATE TRIGGER no_answer BEFORE UPDATE OF plan_id ON inbound_events WHEN NEW.plan_id IS NOT NULL BEGIN SELECT RAISE(ABORT, 'no answer'); END");
    const res = await send(o.token, practice());
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ reaction: "failed", reason: "internal" });
    expect((await t.deps.store.db.select({ n: count() }).from(lessonPlans))[0]!.n).toBe(0);
    expect(op(await (await usage(t, o.token)).json(), "lesson_plan.create")?.credits ?? 0).toBe(0);
  });

  test("a request already in the library: partial or complete at once, from_library", async () => {
    const o = await clientWithToken(t);
    await send(o.token, practice("the bakery"));
    await t.scheduler.drain();
    const answer = await (await send(o.token, practice("The  Bakery "))).json();
    expect(answer).toMatchObject({ reaction: "complete", plan_status: "complete", from_library: true });
    const plan = await (await t.request("GET", `/v1/lesson-plans/${answer.plan_id}`, { headers: { authorization: `Bearer ${o.token}` } })).json();
    expect(plan.status).toBe("complete");
    expect(plan.sets.length).toBeGreaterThan(0);
  });

  test("over budget: refused with the 402's code, the event still stands, nothing else recorded or spent", async () => {
    t.cleanup();
    t = await createTestApp({ freeAllowanceCredits: 15 });
    const o = await clientWithToken(t);
    expect((await (await send(o.token, practice("first"))).json()).reaction).toBe("started");
    await t.scheduler.drain();
    const before = await feed(o.token);
    const spent = await ledger(t);
    const res = await send(o.token, practice("a hotel reception"), "over");
    expect(res.status).toBe(202);
    const answer = await res.json();
    expect(answer).toMatchObject({ reaction: "refused", reason: "allowance_exhausted" });
    expect(answer.plan_id).toBeUndefined();
    expect((await t.deps.store.db.select({ n: count() }).from(inboundEvents))[0]!.n).toBe(2);
    expect((await t.deps.store.db.select({ n: count() }).from(lessonPlans))[0]!.n).toBe(1);
    expect((await feed(o.token, before.next_cursor)).items).toEqual([]);
    expect((await ledger(t)).totals).toEqual(spent.totals);
    // Not retried under the same key (spec 4.3.11): the same refusal comes back.
    expect(await (await send(o.token, practice("a hotel reception"), "over")).json()).toEqual(answer);
  });

  test("after a day the rebuilt answer keeps the plan, and a refusal becomes failed with reason internal", async () => {
    t.cleanup();
    t = await createTestApp({ freeAllowanceCredits: 10 });
    const o = await clientWithToken(t);
    const started = await (await send(o.token, practice("a restaurant"), "k-started")).json();
    await t.scheduler.drain();
    expect((await (await send(o.token, practice("a bakery stall"), "k-refused")).json()).reaction).toBe("refused");
    t.clock.advance(DAY + 1000);
    await t.scheduler.drain();
    const token = await tokenFor(t, o.client.id, o.secret!);
    expect(await (await send(token, practice("a restaurant"), "k-started")).json()).toEqual({ reaction: "complete", plan_status: "complete", plan_id: started.plan_id });
    expect(await (await send(token, practice("a bakery stall"), "k-refused")).json()).toEqual({ reaction: "failed", reason: "internal" });
  });
});

describe("one key across two real processes", () => {
  test("20 concurrent requests with one key, split across two processes: one event, one plan, one charge", async () => {
    const dir = tempDir("parla-inbound-");
    // Started one after the other: the first migrates the fresh database.
    const started: ServeProcess[] = [];
    try {
      const a = await serve(dir.path);
      started.push(a);
      const b = await serve(dir.path);
      started.push(b);
      const user = await cli(dir.path, ["admin", "user", "create", "--email", "game@example.com", "--password", "correct horse battery staple", "--plan", "paid"]);
      const client = await cli(dir.path, ["admin", "client", "create", "--account", user.account_id, "--name", "game", "--billing", "allowance", "--scopes", "events:write lesson_plans:write lesson_plans:read"]);
      const exchanged = await fetch(`${a.url}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Basic " + btoa(`${client.client_id}:${client.client_secret}`) }, body: "grant_type=client_credentials" });
      const { access_token: token } = (await exchanged.json()) as { access_token: string };
      const body = JSON.stringify(practice("at the train station"));
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${(i % 2 ? a : b).url}/v1/events`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": "one-key" }, body }).then(async (r) => ({ status: r.status, body: await r.json() })),
        ),
      );
      expect(new Set(answers.map((x) => x.status))).toEqual(new Set([202]));
      expect(new Set(answers.map((x) => JSON.stringify(x.body))).size).toBe(1);
      expect(answers[0]!.body).toMatchObject({ reaction: "started" });
      const store = openStore(`file:${join(dir.path, "parla.db")}`);
      try {
        expect((await store.db.select({ n: count() }).from(inboundEvents))[0]!.n).toBe(1);
        expect((await store.db.select({ n: count() }).from(lessonPlans))[0]!.n).toBe(1);
      } finally {
        store.close();
      }
      await Promise.all(started.map((p) => p.kill()));
      const store2 = openStore(`file:${join(dir.path, "parla.db")}`);
      try {
        const rows = await store2.db.all<{ credits: number }>(sql`SELECT credits FROM spend_totals`);
        expect(rows.reduce((sum, r) => sum + Number(r.credits), 0)).toBe(10);
      } finally {
        store2.close();
      }
    } finally {
      await Promise.all(started.map((p) => p.kill()));
      dir.cleanup();
    }
  }, 60_000);
});
