// Lesson plans through the API (spec 3.1, 4.2, 5.6; DESIGN §8), in-process with the test clock:
// creation, the durable job set by set, events, reads, streams of finished and live plans,
// failure with refund, the library, and who may read what.
import { afterEach, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { holderKey } from "../../src/billing/service.ts";
import { monthOf } from "../../src/billing/periods.ts";
import { payerOf } from "../../src/billing/payer.ts";
import { PLAN_ANSWER_SHAPE } from "../../src/generation/plan-view.ts";
import { getPlan, PLAN_JOB, runPlanJob, startPlanFor } from "../../src/generation/plans-service.ts";
import { CURRENT_API_VERSION, VersionRegistry } from "../../src/versions/registry.ts";
import { exportLibrary, importLibraryLine, libraryStats } from "../../src/generation/plan-library.ts";
import type { LessonPlanOptions } from "../../src/generation/engine.ts";
import { claimNextJob } from "../../src/scheduler/jobs.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { createTestApp } from "../helpers/test-app.ts";
import { activateMetered, clientWithToken, playerToken, spent, tokenFor } from "../billing/fixtures.ts";
import { as, eventsOf, footprint, parseSse, plan } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

async function created(token: string, body = plan()) {
  const r = await as(t, token).post("/v1/lesson-plans", body);
  expect(r.status).toBe(202);
  return (await r.json()) as any;
}

describe("GET /v1/lesson-plans/{id}", () => {
  test("the answer spliced from the stored sets is the plan as the service builds it, at every stage", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const owner = { accountId: c.accountId, userId: null, clientId: c.client.id };
    const p = await created(c.token, plan({ topic: 'a "quoted" restaurant with "sets":[] in it' } as never));
    const read = async () => {
      const r = await as(t, c.token).get(`/v1/lesson-plans/${p.id}`);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toStartWith("application/json");
      expect(r.headers.get("cache-control")).toBe("no-store");
      return r.json();
    };
    expect(await read()).toEqual(JSON.parse(JSON.stringify(await getPlan(t.deps, owner, p.id))));
    await t.scheduler.drain();
    const full = (await read()) as any;
    expect(full.sets).toHaveLength(5);
    expect(full.topic).toBe('a "quoted" restaurant with "sets":[] in it');
    expect(full).toEqual(JSON.parse(JSON.stringify(await getPlan(t.deps, owner, p.id))));
    const other = await clientWithToken(t, { email: "other@example.com" });
    expect((await as(t, other.token).get(`/v1/lesson-plans/${p.id}`)).status).toBe(404);
  });

  test("a version whose lesson plans had another shape is answered through the version changes", async () => {
    const versions = new VersionRegistry(
      [
        { id: "2026-01-01", released_at: "2026-01-01", status: "supported" },
        { id: CURRENT_API_VERSION, released_at: "2026-10-01", status: "current" },
      ] as never,
      [{ introducedIn: CURRENT_API_VERSION, description: "sets_ready was sets_done", resources: { lesson_plan: ({ sets_ready, ...rest }: any) => ({ ...rest, sets_done: sets_ready }) } }] as never,
    );
    t = await createTestApp({}, {}, { versions });
    expect(versions.reshapesResource("lesson_plan", "2026-01-01")).toBe(true);
    expect(versions.reshapesResource("lesson_plan", CURRENT_API_VERSION)).toBe(false);
    const c = await clientWithToken(t);
    const p = await created(c.token);
    await t.scheduler.drain();
    // The plan's answer is stored in the current shape: the older version must not be given it.
    const stored = await t.deps.store.client.execute({ sql: "SELECT answer_shape FROM lesson_plans WHERE id = ?", args: [p.id] });
    expect(stored.rows[0]!.answer_shape).toBe(PLAN_ANSWER_SHAPE);
    const current = (await (await as(t, c.token).get(`/v1/lesson-plans/${p.id}`)).json()) as any;
    expect(current.sets_ready).toBe(5);
    expect(current.sets_done).toBeUndefined();
    // A token exchanged while the client is pinned to the older version is answered in its shape.
    await t.deps.store.client.execute({ sql: "UPDATE clients SET pinned_version = ? WHERE id = ?", args: ["2026-01-01", c.client.id] });
    const older = (await (await as(t, await tokenFor(t, c.client.id, c.secret!)).get(`/v1/lesson-plans/${p.id}`)).json()) as any;
    expect(older.sets_done).toBe(5);
    expect(older.sets_ready).toBeUndefined();
    expect(older.sets).toEqual(current.sets);
  });
});

describe("POST /v1/lesson-plans", () => {
  test("202 generating, then the job makes every set once: partial then complete, one ready event each, 10 credits", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const p = await created(c.token);
    expect(p).toMatchObject({ status: "generating", source_lang: "en", target_lang: "es", level: 2, topic: "ordering food in a restaurant", sets: [], sets_ready: 0, from_library: false });
    expect(p.id).toMatch(/^lp_/);
    expect(await spent(t, holderKey.allowance(c.accountId), monthOf(t.clock.now()))).toBe(10);

    await t.scheduler.drain();
    const r = await as(t, c.token).get(`/v1/lesson-plans/${p.id}`);
    expect(r.status).toBe(200);
    const full = (await r.json()) as any;
    expect(full.status).toBe("complete");
    expect(full.sets.map((s: any) => s.index)).toEqual([1, 2, 3, 4, 5]);
    expect(full.sets.map((s: any) => s.kind)).toEqual(["overview", "grammar", "exercises", "role_play", "exit_check"]);
    const events = await eventsOf(t, p.id);
    expect(events.map((e) => [e.type, JSON.parse(e.data).status])).toEqual([
      ["lesson_plan.ready", "partial"],
      ["lesson_plan.ready", "complete"],
    ]);
    // Reads cost nothing.
    expect(await spent(t, holderKey.allowance(c.accountId), monthOf(t.clock.now()))).toBe(10);
  });

  test("the partial event commits with the first set: a plan with one set is partial and has exactly that event", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const engine = t.deps.engine;
    const real = engine.lessonPlan.bind(engine);
    let stop = false;
    engine.lessonPlan = (input) =>
      (async function* () {
        for await (const set of real(input)) {
          yield set;
          if (stop) throw new Error("engine stopped");
        }
      })();
    stop = true;
    const p = await created(c.token);
    await t.scheduler.drain();
    const row = (await as(t, c.token).get(`/v1/lesson-plans/${p.id}`).then((r) => r.json())) as any;
    expect(row).toMatchObject({ status: "partial", sets_ready: 1 });
    expect((await eventsOf(t, p.id)).map((e) => JSON.parse(e.data).status)).toEqual(["partial"]);
  });

  test("an engine that fails on every attempt: failed, lesson_plan.failed once, credits given back; the stream ends with error", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    t.deps.engine.lessonPlan = () =>
      (async function* () {
        throw new Error("model timed out");
      })();
    const p = await created(c.token);
    for (let i = 0; i < 5; i++) {
      await t.scheduler.drain();
      t.clock.advance(3_000);
    }
    const row = (await as(t, c.token).get(`/v1/lesson-plans/${p.id}`).then((r) => r.json())) as any;
    expect(row.status).toBe("failed");
    const events = await eventsOf(t, p.id);
    expect(events.map((e) => e.type)).toEqual(["lesson_plan.failed"]);
    expect(JSON.parse(events[0]!.data)).toEqual({ plan_id: p.id });
    expect(await spent(t, holderKey.allowance(c.accountId), monthOf(t.clock.now()))).toBe(0);
    const frames = parseSse(await (await as(t, c.token).get(`/v1/lesson-plans/${p.id}/stream`)).text());
    expect(frames.map((f) => f.event)).toEqual(["status", "error"]);
    expect(frames[0]!.data).toEqual({ status: "failed", sets_ready: 0 });
  });

  test("another account's plan and an unknown id are 404 not_found, on read and on stream", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    const b = await clientWithToken(t);
    const p = await created(a.token);
    for (const path of [`/v1/lesson-plans/${p.id}`, `/v1/lesson-plans/${p.id}/stream`, "/v1/lesson-plans/lp_nope", "/v1/lesson-plans/lp_nope/stream"]) {
      const r = await as(t, b.token).get(path);
      expect(r.status).toBe(404);
      expect(((await r.json()) as any).code).toBe("not_found");
    }
  });

  test("scopes: write needs lesson_plans:write, read needs lesson_plans:read", async () => {
    t = await createTestApp();
    const w = await clientWithToken(t, { scopes: ["lesson_plans:write"] });
    const p = await created(w.token);
    const read = await as(t, w.token).get(`/v1/lesson-plans/${p.id}`);
    expect(read.status).toBe(403);
    expect(((await read.json()) as any).code).toBe("insufficient_scope");
    const r = await clientWithToken(t, { scopes: ["lesson_plans:read"] });
    const write = await as(t, r.token).post("/v1/lesson-plans", plan());
    expect(write.status).toBe(403);
  });
});

describe("a plan whose process dies", () => {
  test("is taken over when its lease runs out and goes on from its last committed set: the engine gets them as `after`, nothing is made twice", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const p = await created(c.token);
    // A process claims the job, commits two sets and dies (its lease stays behind).
    const job = (await claimNextJob(t.deps.store.db, "dead-process", t.clock.now(), 60_000, [PLAN_JOB]))!;
    const real = t.deps.engine.lessonPlan.bind(t.deps.engine);
    const dying = new AbortController();
    const engine = {
      ...t.deps.engine,
      lessonPlan: (input: never) =>
        (async function* () {
          let n = 0;
          for await (const set of real(input)) {
            if (++n === 3) {
              dying.abort();
              throw new Error("killed");
            }
            yield set;
          }
        })(),
    };
    await expect(runPlanJob({ ...t.deps, engine }, p.id, { job, signal: dying.signal })).rejects.toThrow("killed");
    expect(await as(t, c.token).get(`/v1/lesson-plans/${p.id}`).then((r) => r.json())).toMatchObject({ status: "partial", sets_ready: 2 });

    const asked: (LessonPlanOptions | undefined)[] = [];
    t.deps.engine.lessonPlan = (input, options) => {
      asked.push(options);
      return real(input, options);
    };
    await t.scheduler.drain();
    expect(asked).toEqual([]); // the lease still holds
    t.clock.advance(61_000);
    await t.scheduler.drain();
    expect(asked.map((o) => o?.after?.map((s) => s.index))).toEqual([[1, 2]]);
    const full = (await as(t, c.token).get(`/v1/lesson-plans/${p.id}`).then((r) => r.json())) as any;
    expect(full.status).toBe("complete");
    expect(full.sets.map((s: any) => s.index)).toEqual([1, 2, 3, 4, 5]);
    expect((await eventsOf(t, p.id)).map((e) => JSON.parse(e.data).status)).toEqual(["partial", "complete"]);
  });
});

describe("GET /v1/lesson-plans/{id}/stream", () => {
  test("a finished plan: status, every set, done, and the stream ends", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const p = await created(c.token);
    await t.scheduler.drain();
    const r = await as(t, c.token).get(`/v1/lesson-plans/${p.id}/stream`);
    expect(r.headers.get("content-type")).toStartWith("text/event-stream");
    expect(r.headers.get("x-accel-buffering")).toBe("no");
    const frames = parseSse(await r.text());
    expect(frames.map((f) => f.event)).toEqual(["status", "set", "set", "set", "set", "set", "done"]);
    expect(frames.filter((f) => f.event === "set").map((f) => f.data.index)).toEqual([1, 2, 3, 4, 5]);
    expect(frames[0]!.data).toEqual({ status: "complete", sets_ready: 5 });
  });

  test("a live plan: generating first, then the sets as the job commits them, then done", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const p = await created(c.token);
    const r = await as(t, c.token).get(`/v1/lesson-plans/${p.id}/stream`);
    const reader = r.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(parseSse(first)).toEqual([{ event: "status", data: { status: "generating", sets_ready: 0 } }]);
    await t.scheduler.drain();
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    const frames = parseSse(rest);
    expect(frames.filter((f) => f.event === "set").map((f) => f.data.index)).toEqual([1, 2, 3, 4, 5]);
    expect(frames.filter((f) => f.event === "status").map((f) => f.data.status)).toContain("partial");
    expect(frames.at(-1)!.event).toBe("done");
  });
});

describe("the plan library", () => {
  test("the same request again: 202 generating, then complete from the library with both events; equal text modulo case and spacing shares the key", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const first = await created(c.token);
    await t.scheduler.drain();
    const again = await created(c.token, plan({ topic: "  Ordering   FOOD in a restaurant " }));
    expect(again.status).toBe("generating");
    await t.scheduler.drain();
    const body = (await as(t, c.token).get(`/v1/lesson-plans/${again.id}`).then((r) => r.json())) as any;
    expect(body).toMatchObject({ status: "complete", from_library: true, sets_ready: 5 });
    const original = (await as(t, c.token).get(`/v1/lesson-plans/${first.id}`).then((r) => r.json())) as any;
    expect(body.sets).toEqual(original.sets);
    expect((await eventsOf(t, again.id)).map((e) => JSON.parse(e.data).status)).toEqual(["partial", "complete"]);
    const [lib] = await t.deps.store.db.all<{ n: number; uses: number }>(sql`SELECT count(*) AS n, sum(uses) AS uses FROM plan_library`);
    expect(lib).toEqual({ n: 1, uses: 1 });
  });

  test("an entry names the plan it came from instead of copying its sets; once that plan is gone the entry serves nothing and the next plan finished under the key replaces it", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const first = await created(c.token);
    await t.scheduler.drain();
    const stored = await t.deps.store.client.execute("SELECT plan_id, sets FROM plan_library");
    expect(stored.rows.map((r) => ({ plan_id: r.plan_id, sets: r.sets }))).toEqual([{ plan_id: first.id, sets: "[]" }]);
    const original = (await as(t, c.token).get(`/v1/lesson-plans/${first.id}`).then((r) => r.json())) as any;

    // The plan (and with it its sets) is deleted: the same request is generated again, not served.
    await t.deps.store.client.execute({ sql: "DELETE FROM lesson_plans WHERE id = ?", args: [first.id] });
    expect((await libraryStats(t.deps.store.db, "any")).entries).toBe(0);
    expect(await Array.fromAsync(exportLibrary(t.deps.store.db))).toEqual([]);
    const again = await created(c.token);
    await t.scheduler.drain();
    const regenerated = (await as(t, c.token).get(`/v1/lesson-plans/${again.id}`).then((r) => r.json())) as any;
    expect(regenerated).toMatchObject({ status: "complete", from_library: false, sets_ready: 5 });
    expect(regenerated.sets).toEqual(original.sets);
    const replaced = await t.deps.store.client.execute("SELECT plan_id, uses FROM plan_library");
    expect(replaced.rows.map((r) => ({ plan_id: r.plan_id, uses: r.uses }))).toEqual([{ plan_id: again.id, uses: 0 }]);

    const third = await created(c.token);
    await t.scheduler.drain();
    const served = (await as(t, c.token).get(`/v1/lesson-plans/${third.id}`).then((r) => r.json())) as any;
    expect(served).toMatchObject({ status: "complete", from_library: true, sets_ready: 5 });
    expect(served.sets).toEqual(original.sets);
  });

  test("an imported entry carries its own sets and serves them", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    const first = await created(c.token);
    await t.scheduler.drain();
    const [line] = await Array.fromAsync(exportLibrary(t.deps.store.db));
    expect(line!.sets.map((s) => s.index)).toEqual([1, 2, 3, 4, 5]);
    // Moved to another store: the plan it named is not there; the line's sets are.
    await t.deps.store.client.execute("DELETE FROM plan_library");
    await t.deps.store.client.execute({ sql: "DELETE FROM lesson_plans WHERE id = ?", args: [first.id] });
    const curated = { ...line, sets: line!.sets.map((s) => (s.kind === "overview" ? { ...s, title: "Curated by the operator" } : s)) };
    expect(await importLibraryLine(t.deps.store.db, t.clock.now(), curated)).toEqual({ kind: "imported" });
    const again = await created(c.token);
    await t.scheduler.drain();
    const served = (await as(t, c.token).get(`/v1/lesson-plans/${again.id}`).then((r) => r.json())) as any;
    expect(served).toMatchObject({ status: "complete", from_library: true, sets_ready: 5 });
    expect(served.sets).toEqual(curated.sets);
    // The imported entry stays (the first under its key), and exports as it was imported.
    const exported = await Array.fromAsync(exportLibrary(t.deps.store.db));
    expect(exported.map((l) => l.sets)).toEqual([curated.sets]);
  });

  test("startPlanFor (inbound events): a library hit is complete at once with from_library, the same bill, no event", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t);
    await created(c.token);
    await t.scheduler.drain();
    const caller = { billingMode: "allowance" as const, payerAccountId: c.accountId, clientId: c.client.id };
    const owner = { accountId: c.accountId, userId: null, clientId: c.client.id };
    const hit = await startPlanFor(t.deps, payerOf(caller), owner, plan());
    expect(hit.fromLibrary).toBe(true);
    expect(hit.plan).toMatchObject({ status: "complete", from_library: true, sets_ready: 5 });
    expect(hit.plan.sets).toHaveLength(5);
    expect(await eventsOf(t, hit.plan.id)).toEqual([]);
    const miss = await startPlanFor(t.deps, payerOf(caller), owner, plan({ topic: "a train station" }));
    expect(miss).toMatchObject({ fromLibrary: false, plan: { status: "generating", from_library: false } });
    expect(await spent(t, holderKey.allowance(c.accountId), monthOf(t.clock.now()))).toBe(30);
    await expect(startPlanFor(t.deps, payerOf(caller), owner, plan({ level: 12 }))).rejects.toMatchObject({ status: 400, extra: { param: "level" } });
    expect(await spent(t, holderKey.allowance(c.accountId), monthOf(t.clock.now()))).toBe(30);
  });
});

describe("who pays (spec 5.6)", () => {
  test("a token from an authorization code spends the player's allowance and the plan is the app's for that player only", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t, { billing: "metered" });
    const player = await playerToken(t, c.client, c.secret!);
    const p = await created(player.token);
    const month = monthOf(t.clock.now());
    expect(await spent(t, holderKey.allowance(player.accountId), month)).toBe(10);
    expect(await spent(t, holderKey.clientMetered(c.client.id), month)).toBe(0);
    expect((await as(t, player.token).get(`/v1/lesson-plans/${p.id}`)).status).toBe(200);
    const other = await playerToken(t, c.client, c.secret!);
    expect((await as(t, other.token).get(`/v1/lesson-plans/${p.id}`)).status).toBe(404);
  });

  test("a metered client without active billing: 402 metered_billing_inactive, nothing stored; once active it is billed per credit", async () => {
    t = await createTestApp();
    const c = await clientWithToken(t, { billing: "metered" });
    const before = await footprint(t);
    const r = await as(t, c.token).post("/v1/lesson-plans", plan());
    expect(r.status).toBe(402);
    expect(((await r.json()) as any).code).toBe("metered_billing_inactive");
    expect(await footprint(t)).toEqual(before);
    await activateMetered(t, c.accountId);
    await created(c.token);
    expect(await spent(t, holderKey.clientMetered(c.client.id), monthOf(t.clock.now()))).toBe(10);
  });

  test("50 racing creations against a 10-plan allowance: exactly 10 created, 40 refused with 402, the ledger exact", async () => {
    t = await createTestApp({ freeAllowanceCredits: 100 });
    const c = await clientWithToken(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => as(t, c.token).post("/v1/lesson-plans", plan())));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    for (const r of answers.filter((r) => r.status === 402)) expect(((await r.json()) as any).code).toBe("allowance_exhausted");
    expect((await footprint(t)).plans).toBe(10);
    expect(await spent(t, holderKey.allowance(c.accountId), monthOf(t.clock.now()))).toBe(100);
  });
});
