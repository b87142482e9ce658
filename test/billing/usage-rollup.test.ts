// The monthly usage rollup behind GET /v1/usage: written with the daily rows by the same statements,
// backfilled by its migration, and read together with this process's unwritten counts — without a
// write of the report's own, and without counting anything twice.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { PendingLedger } from "../../src/billing/pending-ledger.ts";
import { clientPayer, type Payer } from "../../src/billing/payer.ts";
import { usageReport } from "../../src/billing/report.ts";
import { usageMonthly } from "../../src/billing/schema.ts";
import { chargeCall, countUsage, refund, type LedgerDeps } from "../../src/billing/service.ts";
import { DAY, HOUR } from "../../src/lib/clock.ts";
import { MIGRATIONS } from "../../src/store/migrations.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { activateMetered, billingApp, charge, clientWithToken, ledger, op, tokenFor, usage } from "./fixtures.ts";

let t: TestApp;
beforeEach(async () => {
  t = await billingApp({ freeAllowanceCredits: 1_000 });
});
afterEach(() => t.cleanup());

/** usage_daily summed per month, as the rollup must hold it. */
async function dailySums() {
  return t.deps.store.db.all<{ account_id: string; budget: string; month: string; client_id: string; operation: string; calls: number; credits: number }>(sql`
    SELECT account_id, budget, substr(day, 1, 7) AS month, client_id, operation, sum(calls) AS calls, sum(credits) AS credits FROM usage_daily
    GROUP BY account_id, budget, month, client_id, operation ORDER BY account_id, budget, month, client_id, operation`);
}

async function monthlyRows() {
  return t.deps.store.db.all<{ account_id: string; budget: string; month: string; client_id: string; operation: string; calls: number; credits: number }>(sql`
    SELECT account_id, budget, month, client_id, operation, calls, credits FROM usage_monthly ORDER BY account_id, budget, month, client_id, operation`);
}

/** A second ledger on the same store: another process, or this one with a writer that waits an hour. */
function ledgerDeps(flushMs = HOUR): LedgerDeps {
  return { store: t.deps.store, config: t.deps.config, clock: t.clock, ledger: new PendingLedger({ store: t.deps.store, clock: t.clock }, flushMs) };
}

describe("the monthly rollup", () => {
  test("equals the month's daily rows across days, months, refunds and zero-credit counts", async () => {
    const allowance = await clientWithToken(t);
    const metered = await clientWithToken(t, { billing: "metered", email: "metered@example.com" });
    await activateMetered(t, metered.accountId);
    for (let day = 0; day < 3; day++) {
      // Tokens last an hour (spec 5.2.6): exchange again each day.
      if (day > 0) [allowance.token, metered.token] = [await tokenFor(t, allowance.client.id, allowance.secret!), await tokenFor(t, metered.client.id, metered.secret!)];
      for (const operation of ["vocab.generate", "tutor.turn", "usage.read"]) {
        expect((await charge(t, allowance.token, operation)).status).toBe(200);
        expect((await charge(t, metered.token, operation)).status).toBe(200);
      }
      expect((await t.request("POST", "/v1/probe/fail/lesson_plan.create", { headers: { authorization: `Bearer ${allowance.token}` } })).status).toBe(500);
      await countUsage(t.deps.store.db, t.clock.now(), clientPayer({ id: metered.client.id, accountId: metered.accountId, billingMode: "metered" }), "webhook.delivery");
      await t.deps.ledger.flush();
      t.clock.advance(DAY);
    }
    t.clock.set(Date.UTC(2026, 11, 1, 0, 30)); // into December: a new month's row
    allowance.token = await tokenFor(t, allowance.client.id, allowance.secret!);
    expect((await charge(t, allowance.token, "vocab.generate")).status).toBe(200);
    // A refund of a call already written: taken back from the day's row and the month's.
    const deps = ledgerDeps();
    const payer: Payer = { budget: "allowance", accountId: allowance.accountId, clientId: allowance.client.id };
    const receipt = await chargeCall(deps, payer, "lesson_plan.create");
    await deps.ledger.flush();
    await refund(deps, receipt);
    await t.deps.ledger.flush();

    const sums = await dailySums();
    expect(await monthlyRows()).toEqual(sums);
    expect(sums.map((r) => r.month)).toEqual(expect.arrayContaining(["2026-11", "2026-12"]));
    const november = sums.filter((r) => r.account_id === allowance.accountId && r.month === "2026-11");
    expect(november.find((r) => r.operation === "lesson_plan.create")).toMatchObject({ calls: 3, credits: 0 }); // refunded, still counted
    expect(november.find((r) => r.operation === "vocab.generate")).toMatchObject({ calls: 3, credits: 9 });
    expect(sums.find((r) => r.account_id === allowance.accountId && r.month === "2026-12" && r.operation === "lesson_plan.create")).toMatchObject({ calls: 1, credits: 0 });
  });

  test("the migration backfills the rollup from the daily rows already stored", async () => {
    const o = await clientWithToken(t);
    for (const operation of ["vocab.generate", "vocab.generate", "usage.read"]) await charge(t, o.token, operation);
    t.clock.advance(DAY);
    await charge(t, await tokenFor(t, o.client.id, o.secret!), "vocab.generate");
    await t.deps.ledger.flush();
    const expected = await dailySums();
    await t.deps.store.db.delete(usageMonthly);
    const backfill = MIGRATIONS.find((m) => m.tag === "0005_usage_monthly")!.sql.split("--> statement-breakpoint").find((s) => s.includes("INSERT INTO"))!;
    await t.deps.store.client.execute(backfill);
    expect(await monthlyRows()).toEqual(expected);
    expect(expected.find((r) => r.operation === "vocab.generate")).toMatchObject({ calls: 3, credits: 9 });
  });
});

describe("GET /v1/usage from the rollup", () => {
  test("answers with this process's unwritten call counts, and writes nothing to do so; credits are written with their call", async () => {
    const o = await clientWithToken(t);
    const deps = ledgerDeps();
    const payer: Payer = { budget: "allowance", accountId: o.accountId, clientId: o.client.id };
    for (const operation of ["vocab.generate", "vocab.generate", "usage.read", "tutor.turn"] as const) {
      expect((await chargeCall(deps, payer, operation)).operation).toBe(operation);
    }
    await deps.ledger.flush();
    for (const operation of ["vocab.generate", "usage.read"] as const) expect((await chargeCall(deps, payer, operation)).operation).toBe(operation);
    const pendingBefore = deps.ledger.pendingCalls();
    expect(pendingBefore).toBe(1); // the usage read; the vocabulary list's credits are in the store already
    const storedBefore = await monthlyRows();

    const report = await usageReport(deps, payer, "2026-11");
    expect(report.billing_mode).toBe("allowance");
    expect(report.usage.calls).toBe(6);
    expect(report.usage.credits).toBe(3 + 3 + 1 + 3);
    if (report.billing_mode !== "allowance") throw new Error("allowance expected");
    expect(report.allowance).toEqual({ credits: 1_000, used: 10, remaining: 990 });
    expect(report.usage.credits).toBe(report.allowance.used);
    expect(op(report, "vocab.generate")).toMatchObject({ calls: 3, credits: 9 });
    // Nothing was written: the counts are still pending and the store is as it was.
    expect(deps.ledger.pendingCalls()).toBe(pendingBefore);
    expect(await monthlyRows()).toEqual(storedBefore);
  });

  test("another process's counts show once it writes them (within its FLUSH_MS), never twice", async () => {
    const o = await clientWithToken(t, { billing: "metered" });
    await activateMetered(t, o.accountId);
    const here = ledgerDeps();
    const other = ledgerDeps();
    const payer: Payer = { budget: "metered", accountId: o.accountId, clientId: o.client.id };
    expect((await chargeCall(here, payer, "tutor.turn")).operation).toBe("tutor.turn");
    expect((await chargeCall(other, payer, "tutor.turn")).operation).toBe("tutor.turn");
    expect((await chargeCall(other, payer, "usage.read")).operation).toBe("usage.read");
    const before = await usageReport(here, payer, "2026-11");
    await other.ledger.flush();
    const after = await usageReport(here, payer, "2026-11");
    await here.ledger.flush();
    const written = await usageReport(here, payer, "2026-11");
    if (before.billing_mode !== "metered" || after.billing_mode !== "metered" || written.billing_mode !== "metered") throw new Error("metered expected");
    // The first spend of each process is an exact one (written at once); the other's free read waits for its flush.
    expect(op(before, "usage.read")!.calls).toBe(0);
    expect(op(after, "usage.read")!.calls).toBe(1);
    expect(after.usage).toEqual(written.usage);
    expect(written.usage).toMatchObject({ calls: 3, credits: 2 });
    expect(written.metered.client_spend_limit.used_credits).toBe(2);
    expect(after.metered).toEqual(written.metered);
  });

  test("reports racing the writer see every call exactly once", async () => {
    const o = await clientWithToken(t);
    const seen: number[] = [];
    const reads = [];
    for (let i = 0; i < 40; i++) {
      await charge(t, o.token, "vocab.generate");
      if (i % 3 === 0) void t.deps.ledger.flush();
      reads.push(
        usage(t, o.token)
          .then((r) => r.json())
          .then((body) => seen.push(body.usage.credits - body.allowance.used)),
      );
    }
    await Promise.all(reads);
    expect(seen.every((d) => d === 0)).toBe(true);
    const body = await (await usage(t, o.token)).json();
    expect(op(body, "vocab.generate")!.calls).toBe(40);
    expect(op(body, "usage.read")!.calls).toBe(41);
    expect((await ledger(t)).monthly.filter((r) => r.operation === "vocab.generate").reduce((n, r) => n + r.calls, 0)).toBe(40);
  });
});

