// A complete plan's stored answer (lesson_plans.answer): written with `complete` in the same
// transaction, byte for byte what the plan's row and sets make (getPlanJson), served as it is by
// GET /v1/lesson-plans/{id}; every other plan — not complete, completed before answers were
// stored, stored in another shape, read at an older API version — is answered from its sets.
import { afterEach, describe, expect, test } from "bun:test";
import { payerOf } from "../../src/billing/payer.ts";
import { PLAN_ANSWER_SHAPE, planAnswerText } from "../../src/generation/plan-view.ts";
import { getPlan, getPlanAnswer, getPlanJson, startPlanFor } from "../../src/generation/plans-service.ts";
import { CURRENT_API_VERSION } from "../../src/versions/registry.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { createTestApp } from "../helpers/test-app.ts";
import { clientWithToken, playerToken } from "../billing/fixtures.ts";
import { as, plan } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

async function created(token: string, body = plan()) {
  const r = await as(t, token).post("/v1/lesson-plans", body);
  expect(r.status).toBe(202);
  return (await r.json()) as { id: string };
}

async function stored(planId: string): Promise<{ status: string; answer: string | null; shape: string | null }> {
  const { rows } = await t.deps.store.client.execute({ sql: "SELECT status, answer, answer_shape FROM lesson_plans WHERE id = ?", args: [planId] });
  const row = rows[0]!;
  return { status: String(row.status), answer: row.answer === null ? null : new TextDecoder().decode(row.answer as ArrayBuffer), shape: row.answer_shape === null ? null : String(row.answer_shape) };
}

async function readText(token: string, planId: string): Promise<string> {
  const r = await as(t, token).get(`/v1/lesson-plans/${planId}`);
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toStartWith("application/json");
  expect(r.headers.get("cache-control")).toBe("no-store");
  return r.text();
}

describe("a complete plan's stored answer", () => {
  test("the job stores it with `complete`: the exact text the plan's row and sets make, and the read answers it as it is", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const owner = { accountId: c.accountId, userId: null, clientId: c.client.id };
    // What the splice and the bytes must not get wrong: quotes and the `"sets":[]` key inside a value, non-ASCII text.
    const p = await created(c.token, plan({ topic: 'un "café" à 5 € — "sets":[]' }));
    expect(await stored(p.id)).toEqual({ status: "generating", answer: null, shape: null });
    await t.scheduler.drain();

    const row = await stored(p.id);
    expect(row.status).toBe("complete");
    expect(row.shape).toBe(PLAN_ANSWER_SHAPE);
    expect(PLAN_ANSWER_SHAPE).toStartWith(`${CURRENT_API_VERSION}/`);
    const fromSets = await getPlanJson(t.deps, owner, p.id);
    expect(row.answer).toBe(fromSets);
    const parsed = JSON.parse(fromSets);
    expect(parsed).toMatchObject({ id: p.id, status: "complete", sets_ready: 5, topic: 'un "café" à 5 € — "sets":[]', from_library: false });
    expect(parsed.sets).toHaveLength(5);
    expect(await readText(c.token, p.id)).toBe(fromSets);
    const bytes = await getPlanAnswer(t.deps, owner, p.id);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(bytes as Uint8Array)).toBe(fromSets);
  });

  test("the read serves the stored bytes from one read of the plan's row, which decides owner and shape each time", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const p = await created(c.token);
    await t.scheduler.drain();
    const fromSets = (await stored(p.id)).answer!;
    // An answer stored in the current shape is taken as it is (not rebuilt from the sets): the same
    // answer laid out differently, so its bytes tell where it came from and it still meets the document.
    const marker = JSON.stringify(JSON.parse(fromSets), null, 1);
    await t.deps.store.client.execute({ sql: "UPDATE lesson_plans SET answer = ? WHERE id = ?", args: [new TextEncoder().encode(marker), p.id] });
    const store = t.deps.store;
    const [read, readAll] = [store.read, store.readAll];
    const reads: string[] = [];
    store.read = (sql, args) => (reads.push(sql), read(sql, args));
    store.readAll = (statements) => (reads.push(...statements.map((s) => s.sql)), readAll(statements));
    expect(await readText(c.token, p.id)).toBe(marker);
    Object.assign(store, { read, readAll });
    // One read for the token, one for the plan's row with its answer: nothing kept in the process.
    expect(reads).toHaveLength(2);
    expect(reads[0]).toContain("FROM access_tokens");
    expect(reads[1]).toContain("FROM lesson_plans");
    // A changed answer is served at once.
    await t.deps.store.client.execute({ sql: "UPDATE lesson_plans SET answer = ? WHERE id = ?", args: [new TextEncoder().encode(JSON.stringify(JSON.parse(fromSets), null, 2)), p.id] });
    expect(await readText(c.token, p.id)).toBe(JSON.stringify(JSON.parse(fromSets), null, 2));
    await t.deps.store.client.execute({ sql: "UPDATE lesson_plans SET answer = ? WHERE id = ?", args: [new TextEncoder().encode(marker), p.id] });
    // …while the row still decides: another owner is 404, a shape this build does not serve is answered from the sets,
    const other = await clientWithToken(t, { email: "other@example.com" });
    expect((await as(t, other.token).get(`/v1/lesson-plans/${p.id}`)).status).toBe(404);
    await t.deps.store.client.execute({ sql: "UPDATE lesson_plans SET answer_shape = ? WHERE id = ?", args: [`${CURRENT_API_VERSION}/0`, p.id] });
    expect(await readText(c.token, p.id)).toBe(fromSets);
    // …and a plan that is gone is 404.
    await t.deps.store.client.execute({ sql: "UPDATE lesson_plans SET answer_shape = ? WHERE id = ?", args: [PLAN_ANSWER_SHAPE, p.id] });
    expect(await readText(c.token, p.id)).toBe(marker);
    await t.deps.store.client.execute({ sql: "PRAGMA foreign_keys = OFF" });
    await t.deps.store.client.execute({ sql: "DELETE FROM lesson_plans WHERE id = ?", args: [p.id] });
    await t.deps.store.client.execute({ sql: "PRAGMA foreign_keys = ON" });
    expect((await as(t, c.token).get(`/v1/lesson-plans/${p.id}`)).status).toBe(404);
  });

  test("a plan made from the library refers to its entry's sets: no copy, no answer of its own, and it reads as before — the entry's sets, byte for byte", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const owner = { accountId: c.accountId, userId: null, clientId: c.client.id };
    const first = await created(c.token);
    await t.scheduler.drain();
    const again = await created(c.token);
    await t.scheduler.drain();
    const hit = await startPlanFor(t.deps, payerOf({ billingMode: "allowance", payerAccountId: c.accountId, clientId: c.client.id }), owner, plan());
    expect(hit.fromLibrary).toBe(true);
    const entryText = await readText(c.token, first.id);
    const setsText = (text: string) => text.slice(text.indexOf('"sets":['), text.indexOf(',"from_library"'));
    for (const id of [again.id, hit.plan.id]) {
      const row = await stored(id);
      expect([row.status, row.answer, row.shape]).toEqual(["complete", null, null]);
      const { rows } = await t.deps.store.client.execute({ sql: "SELECT sets_of, (SELECT count(*) FROM plan_sets WHERE plan_id = ?) AS own FROM lesson_plans WHERE id = ?", args: [id, id] });
      expect([rows[0]!.sets_of, Number(rows[0]!.own)]).toEqual([first.id, 0]);
      const text = await readText(c.token, id);
      expect(text).toBe(await getPlanJson(t.deps, owner, id));
      expect(JSON.parse(text)).toMatchObject({ id, status: "complete", from_library: true, sets_ready: 5 });
      // The answer is the entry plan's, but for the plan's own id, time and from_library.
      expect(setsText(text)).toBe(setsText(entryText));
      expect(setsText(text).length).toBeGreaterThan(1000);
      expect(await getPlan(t.deps, owner, id)).toEqual(JSON.parse(text));
    }
    expect(JSON.parse(await readText(c.token, hit.plan.id))).toEqual(JSON.parse(JSON.stringify(hit.plan)));
  });

  test("a plan not complete yet has no stored answer and is answered from its sets", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const owner = { accountId: c.accountId, userId: null, clientId: c.client.id };
    const engine = t.deps.engine;
    const real = engine.lessonPlan.bind(engine);
    engine.lessonPlan = (input) =>
      (async function* () {
        for await (const set of real(input)) {
          yield set;
          throw new Error("engine stopped");
        }
      })();
    const p = await created(c.token);
    expect(await readText(c.token, p.id)).toBe(await getPlanJson(t.deps, owner, p.id));
    await t.scheduler.drain();
    expect(await stored(p.id)).toEqual({ status: "partial", answer: null, shape: null });
    const text = await readText(c.token, p.id);
    expect(JSON.parse(text)).toMatchObject({ status: "partial", sets_ready: 1 });
    expect(text).toBe(await getPlanJson(t.deps, owner, p.id));
    expect(typeof (await getPlanAnswer(t.deps, owner, p.id))).toBe("string");
  });

  test("an answer in another shape, or none (a plan completed before answers were stored), is not served: the sets are", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const owner = { accountId: c.accountId, userId: null, clientId: c.client.id };
    const p = await created(c.token);
    await t.scheduler.drain();
    const fromSets = await getPlanJson(t.deps, owner, p.id);
    const stale = new TextEncoder().encode(JSON.stringify({ id: p.id, stale: true }));
    for (const shape of [`${CURRENT_API_VERSION}/0`, "2025-01-01-older/1"]) {
      await t.deps.store.client.execute({ sql: "UPDATE lesson_plans SET answer = ?, answer_shape = ? WHERE id = ?", args: [stale, shape, p.id] });
      expect(await readText(c.token, p.id)).toBe(fromSets);
    }
    await t.deps.store.client.execute({ sql: "UPDATE lesson_plans SET answer = NULL, answer_shape = NULL WHERE id = ?", args: [p.id] });
    expect(await readText(c.token, p.id)).toBe(fromSets);
    expect(JSON.parse(fromSets)).toMatchObject({ status: "complete", sets_ready: 5 });
    // Reads write nothing: the old plan stays without a stored answer.
    expect(await stored(p.id)).toEqual({ status: "complete", answer: null, shape: null });
  });

  test("a complete plan of another account, or of another player of the same app, is 404 as an unknown id is", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    const b = await clientWithToken(t, { email: "other@example.com" });
    const p = await created(a.token);
    await t.scheduler.drain();
    expect((await stored(p.id)).shape).toBe(PLAN_ANSWER_SHAPE);
    const unknown = await as(t, b.token).get("/v1/lesson-plans/lp_nope");
    const theirs = await as(t, b.token).get(`/v1/lesson-plans/${p.id}`);
    expect([unknown.status, theirs.status]).toEqual([404, 404]);
    const [u, o] = [(await unknown.json()) as any, (await theirs.json()) as any];
    expect(o.code).toBe("not_found");
    expect(o).toEqual(u);

    const app = await clientWithToken(t, { billing: "metered" });
    const player = await playerToken(t, app.client, app.secret!);
    const own = await created(player.token);
    await t.scheduler.drain();
    // The same request as `p`: served from the library, answered from the entry's sets.
    expect((await stored(own.id)).status).toBe("complete");
    expect(JSON.parse(await readText(player.token, own.id))).toMatchObject({ id: own.id, status: "complete" });
    const other = await playerToken(t, app.client, app.secret!);
    expect((await as(t, other.token).get(`/v1/lesson-plans/${own.id}`)).status).toBe(404);
  });
});

test("sets are spliced in as they are, `$` sequences included (String.replace would read them as patterns)", () => {
  const row = {
    id: "lp_x",
    accountId: "acc",
    userId: null,
    clientId: null,
    status: "complete" as const,
    input: { source_lang: "en", target_lang: "es", level: 2, topic: "prices" },
    libraryKey: "k",
    fromLibrary: false,
    setsReady: 2,
    receipt: null,
    createdAt: Date.UTC(2026, 10, 2),
    updatedAt: Date.UTC(2026, 10, 2),
  };
  const sets = [JSON.stringify({ index: 1, text: "it costs $$5, $& and $' and $`" }), JSON.stringify({ index: 2, text: "ok" })];
  const text = planAnswerText(row as never, sets);
  expect(JSON.parse(text).sets).toEqual(sets.map((s) => JSON.parse(s)));
  expect(text).toContain(sets[0]!);
});
