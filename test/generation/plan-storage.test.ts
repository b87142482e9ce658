// Storage grows with the work, not with copies: a plan served from the library stores its own row
// (who, when, the request, the bill's receipt) and refers to the entry's plan for its sets, so
// its bytes do not depend on the size of the lesson. scripts/bench/plan-storage.ts measures the file.
import { afterEach, expect, test } from "bun:test";
import { payerOf } from "../../src/billing/payer.ts";
import { getPlanJson, startPlanFor } from "../../src/generation/plans-service.ts";
import { PLAN_ANSWER_SHAPE } from "../../src/generation/plan-view.ts";
import { MIGRATIONS } from "../../src/store/migrations.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { createTestApp } from "../helpers/test-app.ts";
import { clientWithToken } from "../billing/fixtures.ts";
import { as, plan } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

test("a plan served from the library stores under 1 KB: its row, no sets, no answer — however large the entry's sets", async () => {
  t = await createTestApp();
  const c = await clientWithToken(t);
  const owner = { accountId: c.accountId, userId: null, clientId: c.client.id };
  const first = await as(t, c.token).post("/v1/lesson-plans", plan());
  expect(first.status).toBe(202);
  const entry = (await first.json()) as { id: string };
  await t.scheduler.drain();
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const hit = await startPlanFor(t.deps, payerOf({ billingMode: "allowance", payerAccountId: c.accountId, clientId: c.client.id }), owner, plan());
    expect(hit.fromLibrary).toBe(true);
    ids.push(hit.plan.id);
  }
  const columns = "id, account_id, user_id, client_id, status, input, library_key, from_library, sets_ready, receipt, created_at, updated_at, answer, answer_shape, sets_of";
  const rowBytes = `SELECT ${columns.split(", ").map((c) => `coalesce(length(CAST(${c} AS BLOB)), 0)`).join(" + ")} AS n, (SELECT count(*) FROM plan_sets WHERE plan_id = lesson_plans.id) AS sets FROM lesson_plans WHERE id = ?`;
  const [entryRow] = (await t.deps.store.client.execute({ sql: rowBytes, args: [entry.id] })).rows;
  const setBytes = Number((await t.deps.store.client.execute({ sql: `SELECT sum(length("set")) AS n FROM plan_sets WHERE plan_id = ?`, args: [entry.id] })).rows[0]!.n);
  expect(setBytes).toBeGreaterThan(2048);
  expect(Number(entryRow!.sets)).toBe(5);
  for (const id of ids) {
    const [row] = (await t.deps.store.client.execute({ sql: rowBytes, args: [id] })).rows;
    expect(Number(row!.sets)).toBe(0);
    // The row's values, with room under 1 KB for SQLite's record header, the id's index entry and the account index's.
    expect(Number(row!.n)).toBeLessThan(640);
  }
});

test("migration 0018: a plan served before, with copied sets and answer, is pointed at its entry's plan and reads the same text", async () => {
  t = await createTestApp();
  const c = await clientWithToken(t);
  const owner = { accountId: c.accountId, userId: null, clientId: c.client.id };
  const first = (await (await as(t, c.token).post("/v1/lesson-plans", plan())).json()) as { id: string };
  await t.scheduler.drain();
  const hit = await startPlanFor(t.deps, payerOf({ billingMode: "allowance", payerAccountId: c.accountId, clientId: c.client.id }), owner, plan());
  const before = await getPlanJson(t.deps, owner, hit.plan.id);
  // The shape plans served from the library had before: their own copy of the sets, and an answer.
  const db = t.deps.store.client;
  await db.execute({ sql: `INSERT INTO plan_sets (plan_id, idx, "set", created_at) SELECT ?, idx, "set", created_at FROM plan_sets WHERE plan_id = ?`, args: [hit.plan.id, first.id] });
  await db.execute({ sql: "UPDATE lesson_plans SET sets_of = NULL, answer = ?, answer_shape = ? WHERE id = ?", args: [new TextEncoder().encode(before), PLAN_ANSWER_SHAPE, hit.plan.id] });
  expect(await getPlanJson(t.deps, owner, hit.plan.id)).toBe(before);
  const migration = MIGRATIONS.find((m) => m.tag === "0018_plans_share_library_sets")!;
  for (const statement of migration.sql.split("--> statement-breakpoint").slice(1)) await db.execute(statement);
  const { rows } = await db.execute({ sql: "SELECT sets_of, answer, (SELECT count(*) FROM plan_sets WHERE plan_id = lesson_plans.id) AS own FROM lesson_plans WHERE id = ?", args: [hit.plan.id] });
  expect([rows[0]!.sets_of, rows[0]!.answer, Number(rows[0]!.own)]).toEqual([first.id, null, 0]);
  expect(await getPlanJson(t.deps, owner, hit.plan.id)).toBe(before);
  expect(await as(t, c.token).get(`/v1/lesson-plans/${hit.plan.id}`).then((r) => r.text())).toBe(before);
});
