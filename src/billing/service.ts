// The usage ledger (spec 1.2, 5.6, 6.5, 7): every /v1/ call is checked and paid for here, so a
// route only declares what it costs. A credit is written in a write transaction that checks the
// limit in the same statement (spend.ts) — the transaction of the work it pays for, where the work
// is stored (a plan and its job, a tutor turn, a vocabulary list's record) — so concurrent calls in
// any process never overspend, are never refused while the budget holds their credits, and a crash
// never leaves credits and work apart. Calls that spend no credits are counted behind, within 250 ms
// (pending-ledger.ts). A route charges only after every check that can refuse the request
// (validation, scope), so a refused call spends nothing; a generation that fails on the service's
// side is refunded.
import { and, eq } from "drizzle-orm";
import type { Config } from "../config/config.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { DbOrTx, Store } from "../store/open-store.ts";
import { CREDIT_WEIGHTS, creditsFor, type Operation } from "./credits.ts";
import { clientKey, type Payer } from "./payer.ts";
import { readPayerSettingsNow } from "./payer-settings.ts";
import { PendingLedger } from "./pending-ledger.ts";
import { dayOf, monthOf } from "./periods.ts";
import { spendTotals } from "./schema.ts";
import { meteredInactive, refundIn, spendIn, usageOf, type ChargeReceipt } from "./spend.ts";
import { addUsage } from "./usage-rows.ts";
import type { ThresholdHook } from "./thresholds.ts";

export { checkBudget, holderKey, meteredInactive, refundIn, spendIn, type ChargeReceipt } from "./spend.ts";

/** What charging needs: the store, the limits in the config, the clock, and this process's ledger. */
export interface LedgerDeps {
  store: Pick<Store, "db" | "client" | "read" | "readAll">;
  config: Config;
  clock: Clock;
  /** This process's call counts written behind, and the threshold hook; made once by the composition root. */
  ledger: PendingLedger;
}

/** Operations that cost nothing: counted without any check, e.g. a webhook delivery already made. */
export type CountOnlyOperation = { [K in Operation]: (typeof CREDIT_WEIGHTS)[K] extends 0 ? K : never }[Operation];

/** The process's ledger, made once: it writes counts behind and carries the threshold hook. */
export function createLedger(deps: { store: Pick<Store, "db" | "client">; clock: Clock; onUsageThreshold?: ThresholdHook; log?: Pick<Logger, "error"> }): PendingLedger {
  return new PendingLedger({
    store: deps.store,
    clock: deps.clock,
    onUsageThreshold: deps.onUsageThreshold,
    onError: (error) => deps.log?.error("billing.usage_flush_failed", { error: error instanceof Error ? error.message : String(error) }),
  });
}

/**
 * Checks and spends the operation's credits for this payer and counts the call, resolving to the
 * receipt — or rejects with a 402 AppError (allowance_exhausted, spend_cap_reached,
 * metered_billing_inactive) having spent nothing. A credit-spending call is one write transaction
 * of its own; work stored in a transaction should spend there instead (spendIn). A call that costs
 * nothing is counted behind: an allowance payer's without any read, a metered one's after reading
 * whether usage billing is active (spec 5.6.4), afresh on every call.
 */
export async function chargeCall(deps: LedgerDeps, payer: Payer, operation: Operation): Promise<ChargeReceipt> {
  const nowMs = deps.clock.now();
  if (creditsFor(operation) > 0) return deps.store.db.transaction((tx) => spendIn(tx, deps, payer, operation, nowMs));
  if (payer.budget === "metered") {
    const settings = await readPayerSettingsNow(deps.store, payer);
    if (settings.budget === "metered" && !settings.active) throw meteredInactive();
  }
  const day = dayOf(nowMs);
  deps.ledger.count(usageOf(payer, operation, day));
  return { operation, budget: payer.budget, accountId: payer.accountId, clientId: payer.clientId, month: monthOf(nowMs), day, credits: 0, holders: [], thresholds: [] };
}

/** Gives a receipt's credits back in a transaction of its own (refundIn). */
export async function refund(deps: Pick<LedgerDeps, "store">, receipt: ChargeReceipt): Promise<void> {
  if (receipt.credits === 0) return;
  await deps.store.db.transaction((tx) => refundIn(tx, receipt));
}

/**
 * Counts a zero-credit operation that cannot be refused after the fact — a webhook delivery at its
 * first 2xx (spec 6.5). Pass the transaction that records the delivery, so it counts exactly once.
 */
export async function countUsage(tx: DbOrTx, nowMs: number, payer: Payer, operation: CountOnlyOperation, calls = 1): Promise<void> {
  await addUsage(tx, { accountId: payer.accountId, clientId: clientKey(payer), budget: payer.budget, day: dayOf(nowMs), operation }, calls, 0);
}

export async function spentSoFar(db: DbOrTx, holder: string, month: string): Promise<number> {
  const [row] = await db.select({ credits: spendTotals.credits }).from(spendTotals).where(and(eq(spendTotals.holder, holder), eq(spendTotals.month, month)));
  return row?.credits ?? 0;
}
