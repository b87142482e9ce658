// Threshold crossings for usage.threshold_reached (spec 6.1): 50/75/90/100 % of a
// metered client's or account's monthly limit, only the highest of a jump, once per month.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { setMeteredClientLimit, setAccountSpendLimit } from "../../src/billing/metered-settings.ts";
import { clientPayer } from "../../src/billing/payer.ts";
import { chargeCall, createLedger, refund, type LedgerDeps } from "../../src/billing/service.ts";
import { thresholdToReport, type ThresholdCrossing } from "../../src/billing/thresholds.ts";
import { createClient } from "../../src/clients/service.ts";
import type { Operation } from "../../src/billing/credits.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { activateMetered, billingApp, clientWithToken, ledger } from "./fixtures.ts";

describe("thresholdToReport", () => {
  test.each([
    [4, 10, 0, null],
    [5, 10, 0, 50],
    [7, 10, 50, null],
    [8, 10, 50, 75],
    [10, 10, 0, 100],
    [9, 10, 0, 90],
    [9, 10, 90, null],
    [6, 7, 0, 75], // 600 ≥ 525: integer arithmetic, no rounding surprises
    [5, 7, 0, 50],
    [3, 0, 0, null], // a limit of 0 lets nothing be spent, so there is nothing to report
    [3, null, 0, null],
  ] as const)("used %p of %p, %p already reported → %p", (used, limit, reported, expected) => {
    expect(thresholdToReport(used, limit, reported)).toBe(expected);
  });
});

describe("crossings reported by charges", () => {
  let t: TestApp;
  let seen: ThresholdCrossing[];
  let deps: LedgerDeps;
  beforeEach(async () => {
    t = await billingApp();
    seen = [];
    deps = { ...t.deps, ledger: createLedger({ store: t.deps.store, clock: t.clock, onUsageThreshold: async (_tx, crossing) => void seen.push(crossing) }) };
  });
  afterEach(() => t.cleanup());

  async function meteredClient(limit: number | null, accountLimit: number | null = null) {
    const o = await clientWithToken(t, { billing: "metered" });
    await activateMetered(t, o.accountId, accountLimit);
    if (limit !== null) await setMeteredClientLimit(deps, t.clock.now(), o.accountId, { kind: "operator" }, o.client.id, limit);
    return o;
  }

  async function spend(o: Awaited<ReturnType<typeof meteredClient>>, operation: Operation) {
    return chargeCall(deps, clientPayer(o.client), operation);
  }

  test("each threshold once, in order, as usage climbs (limit 20)", async () => {
    const o = await meteredClient(20);
    const percents: (number | null)[] = [];
    for (const operation of ["vocab.generate", "lesson_plan.create", "vocab.generate", "vocab.generate", "tutor.turn"] as const) {
      const receipt = await spend(o, operation);
      percents.push(receipt.thresholds[0]?.percent ?? null);
    }
    // 3 → 15 %, 13 → 65 %, 16 → 80 %, 19 → 95 %, 20 → 100 %
    expect(percents).toEqual([null, 50, 75, 90, 100]);
    expect(seen.map((c) => [c.subject, c.percent, c.usedCredits, c.limitCredits])).toEqual([
      ["client", 50, 13, 20],
      ["client", 75, 16, 20],
      ["client", 90, 19, 20],
      ["client", 100, 20, 20],
    ]);
    expect(seen[0]).toMatchObject({ accountId: o.accountId, clientId: o.client.id, month: "2026-11" });
  });

  test("a jump past several thresholds reports only the highest", async () => {
    const o = await meteredClient(12);
    expect((await spend(o, "tutor.turn")).thresholds).toEqual([]); // 1/12
    const receipt = await spend(o, "lesson_plan.create"); // 11/12 = 91.7 %: past 50, 75 and 90
    expect(receipt.thresholds.map((c) => c.percent)).toEqual([90]);
    expect(seen.map((c) => c.percent)).toEqual([90]);
  });

  test("a jump from below 50 % to 100 % reports 100 alone", async () => {
    const o = await meteredClient(10);
    const receipt = await spend(o, "lesson_plan.create");
    expect(receipt.thresholds.map((c) => c.percent)).toEqual([100]);
    expect(seen).toHaveLength(1);
  });

  test("the account's limit is reported for the account, across its metered clients", async () => {
    const o = await meteredClient(null, 20);
    const second = await createClient(t.deps.store.db, t.clock.now(), { accountId: o.accountId, name: "Other", type: "confidential", scopes: ["usage:read"], billingMode: "metered", redirectUris: [] });
    await spend(o, "lesson_plan.create");
    await chargeCall(deps, clientPayer(second.client), "lesson_plan.create");
    expect(seen.map((c) => [c.subject, c.clientId, c.percent])).toEqual([
      ["account", null, 50],
      ["account", null, 100],
    ]);
  });

  test("client and account limits crossed by one charge are both reported", async () => {
    const o = await meteredClient(10, 20);
    const receipt = await spend(o, "lesson_plan.create");
    expect(receipt.thresholds.map((c) => [c.subject, c.percent])).toEqual([
      ["client", 100],
      ["account", 50],
    ]);
  });

  test("reported once a month: a refund and a new spend do not repeat it; the next month starts afresh", async () => {
    const o = await meteredClient(10);
    const first = await spend(o, "vocab.generate");
    await spend(o, "vocab.generate"); // 6 → 50
    await refund(t.deps, first); // 3
    await spend(o, "vocab.generate"); // 6 again: already reported
    expect(seen.map((c) => c.percent)).toEqual([50]);
    t.clock.set(Date.UTC(2026, 11, 1));
    await spend(o, "vocab.generate");
    await spend(o, "vocab.generate");
    expect(seen.map((c) => [c.month, c.percent])).toEqual([
      ["2026-11", 50],
      ["2026-12", 50],
    ]);
  });

  test("changing a limit restarts reporting for the month; saving the same value does not", async () => {
    const o = await meteredClient(10);
    await spend(o, "vocab.generate");
    await spend(o, "vocab.generate"); // 6/10 → 50
    await setMeteredClientLimit(deps, t.clock.now(), o.accountId, { kind: "operator" }, o.client.id, 10);
    await spend(o, "tutor.turn"); // 7/10, unchanged limit: nothing new
    await setMeteredClientLimit(deps, t.clock.now(), o.accountId, { kind: "operator" }, o.client.id, 8);
    await spend(o, "tutor.turn"); // 8/8 → 100 under the lowered limit
    await setMeteredClientLimit(deps, t.clock.now(), o.accountId, { kind: "operator" }, o.client.id, 100);
    await spend(o, "tutor.turn"); // 9/100: below 50 % of the raised limit
    expect(seen.map((c) => [c.percent, c.limitCredits])).toEqual([
      [50, 10],
      [100, 8],
    ]);
    await setAccountSpendLimit(deps, t.clock.now(), o.accountId, { kind: "operator" }, 12);
    await spend(o, "tutor.turn"); // account 10/12 → 75
    expect(seen.at(-1)).toMatchObject({ subject: "account", percent: 75 });
  });

  test("allowance callers never get crossings", async () => {
    const o = await clientWithToken(t);
    const receipt = await chargeCall(deps, clientPayer(o.client), "lesson_plan.create");
    expect(receipt.thresholds).toEqual([]);
    expect(seen).toEqual([]);
  });

  test("the hook runs inside the charge's transaction: if recording the event fails, nothing is spent", async () => {
    const o = await meteredClient(20);
    await spend(o, "tutor.turn");
    const before = await ledger(t);
    const failing: LedgerDeps = {
      ...t.deps,
      ledger: createLedger({
        store: t.deps.store,
        clock: t.clock,
        onUsageThreshold: async (tx) => {
          await tx.run(sql`SELECT 1`);
          throw new Error("events store unavailable");
        },
      }),
    };
    await expect(chargeCall(failing, clientPayer(o.client), "lesson_plan.create")).rejects.toThrow("events store unavailable");
    expect(await ledger(t)).toEqual(before);
  });
});
