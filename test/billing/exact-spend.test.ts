// Exact spending across processes (src/billing/spend.ts), on both store drivers: two handles on one
// store stand for two processes, each with its own ledger. A billing change made through one applies
// to the other's very next call; concurrent calls through both are refused only once the budget no
// longer holds their credits; a credit spent in a transaction that rolls back is not spent; and the
// threshold a spend crosses is recorded in the spend's own transaction.
import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createUser } from "../../src/accounts/service.ts";
import { setAccountSpendLimit, setMeteredActive, setMeteredClientLimit } from "../../src/billing/metered-settings.ts";
import type { Payer } from "../../src/billing/payer.ts";
import { setPlan } from "../../src/billing/plans.ts";
import { chargeCall, createLedger, holderKey, spendIn, spentSoFar, type LedgerDeps } from "../../src/billing/service.ts";
import type { ThresholdCrossing } from "../../src/billing/thresholds.ts";
import { createClient } from "../../src/clients/service.ts";
import { loadConfig } from "../../src/config/config.ts";
import { createAdjustableClock } from "../../src/lib/clock.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore, type Store } from "../../src/store/open-store.ts";
import { STORE_DRIVERS } from "../helpers/store-drivers.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { TEST_START } from "../helpers/test-app.ts";
import { chargeOutcome } from "./charge-outcome.ts";

const MONTH = "2026-11";
const operator = { kind: "operator" } as const;

/** Two "processes" on one store: separate handles, separate ledgers. */
async function twoProcesses(url: string, seen: ThresholdCrossing[]) {
  const stores: Store[] = [openStore(url), openStore(url)];
  await migrate(stores[0]!.client, TEST_START);
  const clock = createAdjustableClock(TEST_START);
  const config = loadConfig({ PARLA_DATABASE_URL: url }, { freeAllowanceCredits: 30, paidAllowanceCredits: 60 });
  const deps: LedgerDeps[] = stores.map((store) => ({
    store,
    config,
    clock,
    ledger: createLedger({
      store,
      clock,
      onUsageThreshold: async (tx, crossing) => {
        // Written in the spend's transaction: rolled back with it, committed with it.
        await tx.run(sql`INSERT INTO settings (key, value, updated_at) VALUES (${`threshold:${crossing.subject}:${crossing.percent}`}, 'x', 0)`);
        seen.push(crossing);
      },
    }),
  }));
  const db = stores[0]!.db;
  const user = await createUser(db, TEST_START, { email: "owner@example.com", password: null });
  const client = await createClient(db, TEST_START, { accountId: user.accountId, name: "Game", type: "confidential", scopes: ["vocab:generate"], billingMode: "metered", redirectUris: [] });
  const allowance: Payer = { budget: "allowance", accountId: user.accountId, clientId: client.client.id };
  const metered: Payer = { budget: "metered", accountId: user.accountId, clientId: client.client.id };
  return { stores, deps, accountId: user.accountId, clientId: client.client.id, allowance, metered, close: () => stores.forEach((s) => s.close()) };
}

for (const driver of STORE_DRIVERS) {
  describe(`exact spending, ${driver.name}`, () => {
    async function withProcesses(run: (p: Awaited<ReturnType<typeof twoProcesses>>, seen: ThresholdCrossing[]) => Promise<void>) {
      const dir = tempDir();
      const { url, stop } = driver.open(dir.path);
      const seen: ThresholdCrossing[] = [];
      const p = await twoProcesses(url, seen);
      try {
        await run(p, seen);
      } finally {
        p.close();
        stop();
        dir.cleanup();
      }
    }

    test("a plan, activation or limit change made through one process applies to the other's very next call", async () => {
      await withProcesses(async (p) => {
        const [a, b] = p.deps as [LedgerDeps, LedgerDeps];
        // Free allowance 30: ten lists, the eleventh refused.
        for (let i = 0; i < 10; i++) await chargeCall(a, p.allowance, "vocab.generate");
        expect((await chargeOutcome(a, p.allowance, "vocab.generate")).ok).toBe(false);
        await setPlan(b, p.accountId, "paid"); // the other process (the CLI, a second server)
        expect((await chargeOutcome(a, p.allowance, "vocab.generate")).ok).toBe(true);
        await setPlan(b, p.accountId, "free");
        expect((await chargeOutcome(a, p.allowance, "vocab.generate")).ok).toBe(false);

        // Metered: off, then on, then a client limit, then off again — each seen by the next call.
        const refusal = async () => {
          const o = await chargeOutcome(a, p.metered, "tutor.turn");
          return o.ok ? null : o.error.code;
        };
        expect(await refusal()).toBe("metered_billing_inactive");
        expect((await chargeOutcome(a, p.metered, "usage.read")).ok).toBe(false); // a zero-credit call too
        await setMeteredActive(b, TEST_START, p.accountId, operator, true);
        expect(await refusal()).toBeNull();
        await setMeteredClientLimit(b, TEST_START, p.accountId, operator, p.clientId, 1);
        expect(await refusal()).toBe("spend_cap_reached");
        await setMeteredClientLimit(b, TEST_START, p.accountId, operator, p.clientId, null);
        await setAccountSpendLimit(b, TEST_START, p.accountId, operator, 1);
        expect(await refusal()).toBe("spend_cap_reached");
        await setAccountSpendLimit(b, TEST_START, p.accountId, operator, null);
        expect(await refusal()).toBeNull();
        await setMeteredActive(b, TEST_START, p.accountId, operator, false);
        expect(await refusal()).toBe("metered_billing_inactive");
      });
    });

    test("2 × 25 concurrent lists through both processes against 30 credits: exactly 10, none refused while credits are left", async () => {
      await withProcesses(async (p) => {
        const results = await Promise.all(Array.from({ length: 50 }, (_, i) => chargeOutcome(p.deps[i % 2]!, p.allowance, "vocab.generate")));
        expect(results.filter((r) => r.ok).length).toBe(10);
        expect(new Set(results.flatMap((r) => (r.ok ? [] : [r.error.code])))).toEqual(new Set(["allowance_exhausted"]));
        expect(await spentSoFar(p.stores[1]!.db, holderKey.allowance(p.accountId), MONTH)).toBe(30);
        // Credits and the usage record agree at once: no write behind for credits.
        const [usage] = await p.stores[1]!.db.all<{ calls: number; credits: number }>(sql`SELECT calls, credits FROM usage_daily WHERE operation = 'vocab.generate'`);
        expect([Number(usage!.calls), Number(usage!.credits)]).toEqual([10, 30]);
      });
    });

    test("a spend inside work that rolls back is not spent, nor its threshold recorded; one that commits is, with its threshold", async () => {
      await withProcesses(async (p, seen) => {
        const [a] = p.deps as [LedgerDeps];
        await setMeteredActive(a, TEST_START, p.accountId, operator, true, 20);
        const failed = a.store.db.transaction(async (tx) => {
          await spendIn(tx, a, p.metered, "lesson_plan.create", TEST_START); // 10 of 20: 50 %
          throw new Error("the work failed to store");
        });
        await expect(failed).rejects.toThrow("the work failed to store");
        expect(await spentSoFar(a.store.db, holderKey.accountMetered(p.accountId), MONTH)).toBe(0);
        const [kept] = await a.store.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM settings WHERE key LIKE 'threshold:%'`);
        expect(Number(kept!.n)).toBe(0);

        seen.length = 0;
        const receipt = await a.store.db.transaction((tx) => spendIn(tx, a, p.metered, "lesson_plan.create", TEST_START));
        expect(receipt.thresholds.map((t) => [t.subject, t.percent])).toEqual([["account", 50]]);
        expect(await spentSoFar(a.store.db, holderKey.accountMetered(p.accountId), MONTH)).toBe(10);
        const stored = await a.store.db.all<{ key: string }>(sql`SELECT key FROM settings WHERE key LIKE 'threshold:%'`);
        expect(stored.map((r) => r.key)).toEqual(["threshold:account:50"]);
      });
    });
  });
}
