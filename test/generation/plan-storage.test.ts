// Storage grows with the work, not with copies: a plan served from the library stores its own row
// (who, when, the request, the bill's receipt) and refers to the entry's plan for its sets, so
// its bytes do not depend on the size of the lesson. scripts/bench/plan-storage.ts measures the file.
import { afterEach, expect, test } from "bun:test";
import { payerOf } from "../../src/billing/payer.ts";
import { startPlanFor } from "../../src/generation/plans-service.ts";
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
