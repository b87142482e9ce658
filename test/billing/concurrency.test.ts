// Concurrent calls can never overspend (spec 5.6.4): the check and the spend are one
// conditional write in one transaction, decided by the store — so it holds over HTTP, on both
// store drivers, and for two processes sharing one database file.
import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createUser } from "../../src/accounts/service.ts";
import { setMeteredActive } from "../../src/billing/metered-settings.ts";
import type { Payer } from "../../src/billing/payer.ts";
import { createLedger, holderKey, spentSoFar } from "../../src/billing/service.ts";
import { createClient } from "../../src/clients/service.ts";
import { loadConfig } from "../../src/config/config.ts";
import { createAdjustableClock } from "../../src/lib/clock.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore, type Store } from "../../src/store/open-store.ts";
import { STORE_DRIVERS } from "../helpers/store-drivers.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { TEST_START, type TestApp } from "../helpers/test-app.ts";
import { chargeOutcome } from "./charge-outcome.ts";
import { activateMetered, billingApp, charge, clientWithToken, ledger, spent } from "./fixtures.ts";

let t: TestApp | null = null;
afterEach(() => {
  t?.cleanup();
  t = null;
});

function tally(statuses: number[]) {
  return { ok: statuses.filter((s) => s === 200).length, refused: statuses.filter((s) => s === 402).length };
}

describe("50 concurrent credit-spending calls against a limit of 10 calls' worth", () => {
  test("allowance (30 credits, vocabulary lists at 3): exactly 10 succeed, 40 get allowance_exhausted", async () => {
    t = await billingApp({ freeAllowanceCredits: 30 });
    const o = await clientWithToken(t);
    const responses = await Promise.all(Array.from({ length: 50 }, () => charge(t!, o.token, "vocab.generate")));
    expect(tally(responses.map((r) => r.status))).toEqual({ ok: 10, refused: 40 });
    const codes = new Set(await Promise.all(responses.filter((r) => r.status === 402).map(async (r) => (await r.json()).code)));
    expect([...codes]).toEqual(["allowance_exhausted"]);
    const { daily, totals } = await ledger(t);
    expect(daily).toEqual([{ accountId: o.accountId, clientId: o.client.id, budget: "allowance", day: "2026-11-02", operation: "vocab.generate", calls: 10, credits: 30 }]);
    expect(totals.map((r) => [r.holder, r.credits])).toEqual([[holderKey.allowance(o.accountId), 30]]);
  });

  test("metered client limit (10 lesson plans' worth): exactly 10 succeed, 40 get spend_cap_reached", async () => {
    t = await billingApp();
    const o = await clientWithToken(t, { billing: "metered" });
    await activateMetered(t, o.accountId, 100);
    const responses = await Promise.all(Array.from({ length: 50 }, () => charge(t!, o.token, "lesson_plan.create")));
    expect(tally(responses.map((r) => r.status))).toEqual({ ok: 10, refused: 40 });
    expect(await spent(t, holderKey.accountMetered(o.accountId), "2026-11")).toBe(100);
    expect(await spent(t, holderKey.clientMetered(o.client.id), "2026-11")).toBe(100);
  });
});

test("50 concurrent zero-credit calls are all counted, none refused, even with the allowance used up", async () => {
  t = await billingApp({ freeAllowanceCredits: 0 });
  const o = await clientWithToken(t);
  const responses = await Promise.all(Array.from({ length: 50 }, () => charge(t!, o.token, "events.feed")));
  expect(tally(responses.map((r) => r.status))).toEqual({ ok: 50, refused: 0 });
  const { daily } = await ledger(t);
  expect(daily.map((d) => [d.operation, d.calls, d.credits])).toEqual([["events.feed", 50, 0]]);
});

/** A store with one free account (allowance 30) and one metered client limited to 30 credits. */
async function seed(store: Store) {
  await migrate(store.client, TEST_START);
  const user = await createUser(store.db, TEST_START, { email: "owner@example.com", password: null });
  const client = await createClient(store.db, TEST_START, { accountId: user.accountId, name: "Game", type: "confidential", scopes: ["vocab:generate"], billingMode: "metered", redirectUris: [] });
  await setMeteredActive({ store }, TEST_START, user.accountId, { kind: "operator" }, true, 30);
  const allowance: Payer = { budget: "allowance", accountId: user.accountId, clientId: client.client.id };
  const metered: Payer = { budget: "metered", accountId: user.accountId, clientId: client.client.id };
  return { accountId: user.accountId, allowance, metered };
}

const drivers = STORE_DRIVERS;

for (const driver of drivers) {
  test(`on the ${driver.name} driver: 50 concurrent charges per budget, exactly 10 each`, async () => {
    const dir = tempDir();
    const { url, stop } = driver.open(dir.path);
    const store = openStore(url);
    try {
      const seeded = await seed(store);
      const clock = createAdjustableClock(TEST_START);
      const deps = { store, config: loadConfig({ PARLA_DATABASE_URL: url }, { freeAllowanceCredits: 30 }), clock, ledger: createLedger({ store, clock }) };
      for (const payer of [seeded.allowance, seeded.metered]) {
        const results = await Promise.all(Array.from({ length: 50 }, () => chargeOutcome(deps, payer, "vocab.generate")));
        expect(results.filter((r) => r.ok).length).toBe(10);
      }
      await deps.ledger.flush();
      expect(await spentSoFar(store.db, holderKey.allowance(seeded.accountId), "2026-11")).toBe(30);
      expect(await spentSoFar(store.db, holderKey.accountMetered(seeded.accountId), "2026-11")).toBe(30);
      await deps.ledger.release();
    } finally {
      store.close();
      stop();
      dir.cleanup();
    }
  }, 30_000);
}

test("two processes sharing one database file: 2 × 25 concurrent charges, exactly 10 succeed", async () => {
  const dir = tempDir();
  const url = `file:${join(dir.path, "shared.db")}`;
  const store = openStore(url);
  try {
    const { metered, accountId } = await seed(store);
    const worker = join(import.meta.dir, "charge-worker-process.ts");
    const procs = ["a", "b"].map(() => Bun.spawn(["bun", worker, url, JSON.stringify(metered), "vocab.generate", "25", "30", String(TEST_START)], { stdout: "pipe", stderr: "pipe" }));
    const outputs = await Promise.all(procs.map(async (p) => ({ code: await p.exited, out: await new Response(p.stdout).text(), err: await new Response(p.stderr).text() })));
    for (const o of outputs) if (o.code !== 0) console.error(o.err);
    const results = outputs.map((o) => JSON.parse(o.out) as { ok: number; refused: Record<string, number> });
    expect(results[0]!.ok + results[1]!.ok).toBe(10);
    expect((results[0]!.refused.spend_cap_reached ?? 0) + (results[1]!.refused.spend_cap_reached ?? 0)).toBe(40);
    expect(await spentSoFar(store.db, holderKey.accountMetered(accountId), "2026-11")).toBe(30);
  } finally {
    store.close();
    dir.cleanup();
  }
}, 60_000);
