// The plan job's plain SQL (plan rows, sets, events and their outbox, the library, job claims)
// on both store drivers: the embedded one and a libSQL server (the Hrana test server), run the same
// way — plans made set by set, each event once, a library hit, a lease taken over, and a complete
// plan's stored answer read back as bytes (a Uint8Array from one driver, an ArrayBuffer from the other).
import { describe, expect, test } from "bun:test";
import { createUser } from "../../src/accounts/service.ts";
import { compose } from "../../src/compose.ts";
import { loadConfig } from "../../src/config/config.ts";
import { PLAN_ANSWER_SHAPE } from "../../src/generation/plan-view.ts";
import { createPlan, getPlan, getPlanAnswer, getPlanJson, PLAN_JOB } from "../../src/generation/plans-service.ts";
import { jsonBytesAnswer } from "../../src/http/json-text-answer.ts";
import { createAdjustableClock } from "../../src/lib/clock.ts";
import { silentLogger } from "../../src/lib/logger.ts";
import { claimJobs } from "../../src/scheduler/jobs.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore } from "../../src/store/open-store.ts";
import { STORE_DRIVERS } from "../helpers/store-drivers.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { TEST_START } from "../helpers/test-app.ts";

const drivers = STORE_DRIVERS;

describe("lesson plans on each store driver", () => {
  for (const driver of drivers) {
    test(`${driver.name}: every set once, partial then complete, the library by plan, a lease taken over`, async () => {
      const dir = tempDir();
      const { url, stop } = driver.open(dir.path);
      const store = openStore(url);
      try {
        await migrate(store.client);
        const clock = createAdjustableClock(TEST_START);
        const { deps } = await compose(loadConfig({ PARLA_DATABASE_URL: url }), store, silentLogger, clock);
        const user = await createUser(store.db, clock.now(), { email: "owner@example.com", password: null, plan: "paid" });
        const owner = { accountId: user.accountId, userId: null, clientId: null };
        const receipt = async () => null; // unpaid: these plans test the store, not billing
        const topics = ["at the bakery", "a train station", "the weather"];
        const plans = [];
        for (const topic of topics) plans.push(await createPlan(deps, owner, { topic, source_lang: "en", target_lang: "es", level: 2 }, receipt));
        // A process claims the last plan's job and dies: its lease runs out and another takes the job over.
        const [orphan] = await claimJobs(store.db, "dead-process", clock.now(), 60_000, [PLAN_JOB], 1);
        expect(orphan).toBeDefined();
        await deps.scheduler.drain();
        clock.advance(61_000);
        await deps.scheduler.drain();

        const rows = await store.client.execute("SELECT id, status, sets_ready, from_library FROM lesson_plans ORDER BY created_at, id");
        expect(rows.rows.map((r) => [r.status, Number(r.sets_ready), Number(r.from_library)])).toEqual(topics.map(() => ["complete", 5, 0]));
        for (const plan of plans) {
          const sets = await store.client.execute({ sql: `SELECT idx, "set" FROM plan_sets WHERE plan_id = ? ORDER BY idx`, args: [plan.id] });
          expect(sets.rows.map((r) => [Number(r.idx), (JSON.parse(String(r.set)) as { index: number }).index])).toEqual([1, 2, 3, 4, 5].map((i) => [i, i]));
          const events = await store.client.execute({ sql: "SELECT type, data FROM events WHERE account_id = ? AND data LIKE ? ORDER BY seq", args: [user.accountId, `%${plan.id}%`] });
          expect(events.rows.map((r) => [r.type, (JSON.parse(String(r.data)) as { status: string }).status])).toEqual([
            ["lesson_plan.ready", "partial"],
            ["lesson_plan.ready", "complete"],
          ]);
        }
        const library = await store.client.execute("SELECT plan_id, sets FROM plan_library ORDER BY plan_id");
        expect(library.rows.map((r) => [r.plan_id, r.sets])).toEqual(plans.map((p) => [p.id, "[]"]).sort());

        // The same request again is made from the library, with the same sets.
        const again = await createPlan(deps, owner, { topic: "At the  Bakery", source_lang: "en", target_lang: "es", level: 2 }, receipt);
        await deps.scheduler.drain();
        const hit = await store.client.execute({ sql: "SELECT status, from_library FROM lesson_plans WHERE id = ?", args: [again.id] });
        expect([hit.rows[0]!.status, Number(hit.rows[0]!.from_library)]).toEqual(["complete", 1]);
        // By reference: it names the entry's plan and copies none of its sets.
        const same = await store.client.execute({
          sql: `SELECT sets_of, (SELECT count(*) FROM plan_sets WHERE plan_id = lesson_plans.id) AS own FROM lesson_plans WHERE id = ?`,
          args: [again.id],
        });
        expect([same.rows[0]!.sets_of, Number(same.rows[0]!.own)]).toEqual([plans[0]!.id, 0]);
        expect((await getPlan({ store }, owner, again.id)).sets).toEqual((await getPlan({ store }, owner, plans[0]!.id)).sets);
        const uses = await store.client.execute({ sql: "SELECT uses FROM plan_library WHERE plan_id = ?", args: [plans[0]!.id] });
        expect(Number(uses.rows[0]!.uses)).toBe(1);

        // Every complete plan's answer was stored with it and is read back as the bytes its sets make.
        for (const plan of plans) {
          const [values] = await store.read("SELECT answer, answer_shape FROM lesson_plans WHERE id = ?", [plan.id]);
          expect(values![0]).toBeInstanceOf(driver.name === "embedded" ? Uint8Array : ArrayBuffer);
          expect(values![1]).toBe(PLAN_ANSWER_SHAPE);
          const fromSets = await getPlanJson(deps, owner, plan.id);
          const answer = await getPlanAnswer(deps, owner, plan.id);
          expect(answer).toBeInstanceOf(Uint8Array);
          expect(new TextDecoder().decode(answer as Uint8Array)).toBe(fromSets);
          const response = jsonBytesAnswer(answer as Uint8Array<ArrayBuffer>);
          expect(response.headers.get("content-type")).toBe("application/json");
          expect(await response.text()).toBe(fromSets);
          expect(JSON.parse(fromSets)).toMatchObject({ id: plan.id, status: "complete", sets_ready: 5 });
        }
        // The library's plan has none of its own: answered from its row and the entry's sets.
        const [values] = await store.read("SELECT answer, answer_shape FROM lesson_plans WHERE id = ?", [again.id]);
        expect(values).toEqual([null, null]);
        const fromEntry = await getPlanAnswer(deps, owner, again.id);
        expect(fromEntry).toBe(await getPlanJson(deps, owner, again.id));
        expect(JSON.parse(fromEntry as string)).toMatchObject({ id: again.id, status: "complete", sets_ready: 5, from_library: true, sets: JSON.parse(await getPlanJson(deps, owner, plans[0]!.id)).sets });
        await expect(getPlanAnswer(deps, { ...owner, accountId: "acct_other" }, plans[0]!.id)).rejects.toMatchObject({ status: 404 });

        const jobs = await store.client.execute("SELECT status, count(*) AS n FROM jobs GROUP BY status");
        expect(jobs.rows.map((r) => [r.status, Number(r.n)])).toEqual([["done", 4]]);
        await deps.scheduler.stop(1000);
      } finally {
        store.close();
        stop();
        dir.cleanup();
      }
    }, 30_000);
  }
});
