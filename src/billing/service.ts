// The usage ledger (spec 1.2, 5.6, 6.5, 7): every /v1/ call is checked and paid for here, so a
// route only declares what it costs. Concurrent calls can never overspend, in this process or in
// others sharing the store: credits are spent against limits the store enforces, either exactly in
// a write transaction or from a lease the store granted this process (credit-leases.ts). Calls are
// counted and lease spending written behind, every 250 ms (pending-ledger.ts). A route charges only
// after every check that can refuse the request (validation, scope), so a refused call spends
// nothing; a generation that fails on the service's side is refunded.
import { and, eq, sql } from "drizzle-orm";
import type { Config } from "../config/config.ts";
import { AppError } from "../lib/errors.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { DbOrTx, Store } from "../store/open-store.ts";
import { CREDIT_WEIGHTS, creditsFor, type Operation } from "./credits.ts";
import { countCall, limitsOf, meteredInactive, spendExactly, spendFromLease, type ExactSpend } from "./credit-leases.ts";
import { clientKey, type Budget, type Payer } from "./payer.ts";
import { readPayerSettings, type PayerSettings } from "./payer-settings.ts";
import { PendingLedger, usageKey, type ChargeSlot, type HolderState, type UsageKey } from "./pending-ledger.ts";
import { dayOf, monthOf } from "./periods.ts";
import { spendTotals } from "./schema.ts";
import { takeBackCredits } from "./usage-rows.ts";
import type { ThresholdCrossing, ThresholdHook } from "./thresholds.ts";

/** What charging needs: the store, the limits in the config, the clock, and this process's ledger. */
export interface LedgerDeps {
  store: Pick<Store, "db" | "client" | "read">;
  config: Config;
  clock: Clock;
  /** This process's pending counts, leases and payer settings; made once by the composition root. */
  ledger: PendingLedger;
}

/** Proof of a charge: plain JSON, so a job can keep it and refund a generation that fails later. */
export interface ChargeReceipt {
  operation: Operation;
  budget: Budget;
  accountId: string;
  clientId: string | null;
  /** The month and day charged: a refund goes back to them even after the month has turned. */
  month: string;
  day: string;
  credits: number;
  /** The spend_totals rows the credits went to (none for a zero-credit call). */
  holders: readonly string[];
  /** Crossings this charge caused, already handed to onUsageThreshold. */
  thresholds: ThresholdCrossing[];
}

/** Operations that cost nothing: counted without any check, e.g. a webhook delivery already made. */
export type CountOnlyOperation = { [K in Operation]: (typeof CREDIT_WEIGHTS)[K] extends 0 ? K : never }[Operation];

/** spend_totals row keys: one per budget holder and month. */
export const holderKey = {
  allowance: (accountId: string) => `account:${accountId}:allowance`,
  accountMetered: (accountId: string) => `account:${accountId}:metered`,
  clientMetered: (clientId: string) => `client:${clientId}:metered`,
};

/** How long a call waits for other processes to write or give back the credits their leases hold. */
const BLOCKED_WAIT_MS = 2_000;
const BLOCKED_POLL_MS = 20;

/** The process's ledger, made once: it writes counts behind and reports thresholds it crosses. */
export function createLedger(deps: { store: Pick<Store, "db" | "client">; clock: Clock; onUsageThreshold?: ThresholdHook; log?: Pick<Logger, "error"> }): PendingLedger {
  return new PendingLedger({
    store: deps.store,
    clock: deps.clock,
    onUsageThreshold: deps.onUsageThreshold,
    onError: (error) => deps.log?.error("billing.usage_flush_failed", { error: error instanceof Error ? error.message : String(error) }),
  });
}

/** The payer's budget holders: the account's allowance, or the metered client's and its account's limits. */
function holderStates(ledger: PendingLedger, payer: Payer, month: string): HolderState[] {
  if (payer.budget === "allowance") return [ledger.holderState({ holder: holderKey.allowance(payer.accountId), month, subject: "account", accountId: payer.accountId, clientId: payer.clientId })];
  return [
    ledger.holderState({ holder: holderKey.clientMetered(payer.clientId), month, subject: "client", accountId: payer.accountId, clientId: payer.clientId }),
    ledger.holderState({ holder: holderKey.accountMetered(payer.accountId), month, subject: "account", accountId: payer.accountId, clientId: payer.clientId }),
  ];
}

/** The slot of this payer's calls of this operation today (pending-ledger.ts). */
function slotOf(ledger: PendingLedger, payer: Payer, operation: Operation, nowMs: number): ChargeSlot {
  const day = dayOf(nowMs);
  return ledger.slot(`${payer.budget}\u0000${payer.accountId}\u0000${payer.clientId ?? ""}\u0000${day}\u0000${operation}`, () => {
    const states = creditsFor(operation) > 0 ? holderStates(ledger, payer, monthOf(nowMs)) : [];
    const usage: UsageKey = { accountId: payer.accountId, clientId: clientKey(payer), budget: payer.budget, day, operation };
    return { states, holders: Object.freeze(states.map((s) => s.holder)), usage, usageKey: usageKey(usage) };
  });
}

/**
 * Checks and spends the operation's credits for this payer and counts the call, resolving to the
 * receipt — or rejects with a 402 AppError (allowance_exhausted, spend_cap_reached,
 * metered_billing_inactive) having spent nothing. Not async on purpose: most calls are answered
 * from memory without a turn of the event loop, and a success allocates only its receipt.
 */
export function chargeCall(deps: LedgerDeps, payer: Payer, operation: Operation): Promise<ChargeReceipt> {
  const nowMs = deps.clock.now();
  const ledger = deps.ledger;
  const settings = ledger.payers.cached(nowMs, payer);
  const fromMemory = settings && chargeFromMemory(deps, ledger, payer, operation, settings, nowMs);
  if (fromMemory instanceof AppError) return Promise.reject(fromMemory);
  return fromMemory ? Promise.resolve(fromMemory) : chargeThroughStore(deps, ledger, payer, operation, nowMs);
}

/**
 * The call decided without the store: refused while metered billing is off (spec 5.6.4), counted
 * when it costs nothing, or spent from this process's leases. Null when the store must decide.
 * The refusal is returned, not thrown, so that chargeCall can hand it over as a rejected promise.
 */
function chargeFromMemory(deps: LedgerDeps, ledger: PendingLedger, payer: Payer, operation: Operation, settings: PayerSettings, nowMs: number): ChargeReceipt | AppError | null {
  if (settings.budget === "metered" && !settings.active) return meteredInactive();
  const credits = creditsFor(operation);
  const slot = slotOf(ledger, payer, operation, nowMs);
  if (credits > 0 && !spendFromLease(ledger, slot.states, limitsOf(deps.config, settings), credits, nowMs)) return null;
  ledger.countIn(slot, credits);
  return receiptOf(payer, operation, nowMs, slot, []);
}

function receiptOf(payer: Payer, operation: Operation, nowMs: number, slot: ChargeSlot, thresholds: ThresholdCrossing[]): ChargeReceipt {
  return { operation, budget: payer.budget, accountId: payer.accountId, clientId: payer.clientId, month: monthOf(nowMs), day: slot.usage.day, credits: creditsFor(operation), holders: slot.holders, thresholds };
}

/**
 * When memory cannot decide: the payer's settings are read, or the leases do not cover the call.
 * Then one exact spending transaction (which also grants new leases). Calls on the same holders
 * take turns: while one transaction runs, the others wait for it and then try the lease it granted.
 */
async function chargeThroughStore(deps: LedgerDeps, ledger: PendingLedger, payer: Payer, operation: Operation, nowMs: number): Promise<ChargeReceipt> {
  const deadline = performance.now() + BLOCKED_WAIT_MS;
  for (;;) {
    // Looked up again after every wait: a flush drops idle states, and with them the slots.
    const slot = slotOf(ledger, payer, operation, nowMs);
    const states = slot.states;
    const busy = states.flatMap((s) => (s.busy ? [s.busy] : []));
    if (busy.length > 0) {
      await Promise.all(busy);
      continue;
    }
    const cached = ledger.payers.cached(nowMs, payer);
    if (!cached) {
      ledger.payers.remember(nowMs, payer, await readPayerSettings(deps.store.db, payer));
      continue;
    }
    const fromMemory = chargeFromMemory(deps, ledger, payer, operation, cached, nowMs);
    if (fromMemory instanceof AppError) throw fromMemory;
    if (fromMemory) return fromMemory;
    const { promise, resolve } = Promise.withResolvers<void>();
    for (const s of states) s.busy = promise;
    let result: ExactSpend;
    try {
      // A move of this process's pending spending into the store: never while a report reads both.
      result = await ledger.gate.move(() => spendExactly({ db: deps.store.db, config: deps.config }, ledger, payer, states, slot.usage, creditsFor(operation), nowMs));
    } finally {
      for (const s of states) s.busy = null;
      resolve();
    }
    if (result.kind === "spent") return receiptOf(payer, operation, nowMs, slot, result.thresholds);
    if (result.kind === "refused") throw result.error;
    // Other processes' leases hold the credits this call needs: they write or give them back at
    // their next flush (idle leases are released), or their lease expires.
    if (performance.now() >= deadline) throw reservedElsewhere(payer, creditsFor(operation));
    await Bun.sleep(BLOCKED_POLL_MS);
  }
}

function reservedElsewhere(payer: Payer, credits: number): AppError {
  const [code, what] = payer.budget === "allowance" ? ["allowance_exhausted", "this month's allowance"] : ["spend_cap_reached", "the monthly spending limit"];
  return new AppError(402, code, `the credits left in ${what} are held by calls in progress (this call costs ${credits}); retry in a few seconds`);
}

/**
 * Runs paid work: charges first, and refunds when the work throws (a generation that fails on the
 * service's side, spec 5.6). The error still propagates to the caller.
 */
export async function runCharged<T>(deps: LedgerDeps, payer: Payer, operation: Operation, work: (receipt: ChargeReceipt) => Promise<T>): Promise<T> {
  const receipt = await chargeCall(deps, payer, operation);
  try {
    return await work(receipt);
  } catch (error) {
    await refund(deps, receipt);
    throw error;
  }
}

/**
 * Gives a receipt's credits back (to the month and day it was charged). The call stays counted: it
 * was made (spec 6.5). Thresholds already reported stay reported. Credits not yet written are taken
 * back in memory (into this process's lease, when it still holds one); the rest in the store.
 */
export async function refund(deps: Pick<LedgerDeps, "store" | "ledger">, receipt: ChargeReceipt): Promise<void> {
  if (receipt.credits === 0) return;
  const ledger = deps.ledger;
  const inStore: string[] = [];
  for (const holder of receipt.holders) {
    const state = ledger.holder(holder, receipt.month);
    while (state?.busy) await state.busy;
    if (state && state.pending >= receipt.credits) {
      state.pending -= receipt.credits;
      if (state.limit !== null && state.expiresAt > 0) state.remaining += receipt.credits;
    } else inStore.push(holder);
  }
  const usage: UsageKey = { accountId: receipt.accountId, clientId: receipt.clientId ?? "", budget: receipt.budget, day: receipt.day, operation: receipt.operation };
  const usageInStore = !ledger.uncount(usage, receipt.credits);
  if (inStore.length === 0 && !usageInStore) return;
  await deps.store.db.transaction(async (tx) => {
    for (const holder of inStore) {
      await tx
        .update(spendTotals)
        .set({ credits: sql`max(${spendTotals.credits} - ${receipt.credits}, 0)` })
        .where(and(eq(spendTotals.holder, holder), eq(spendTotals.month, receipt.month)));
    }
    if (usageInStore) await takeBackCredits(tx, usage, receipt.credits);
  });
}

/**
 * Counts a zero-credit operation that cannot be refused after the fact — a webhook delivery at its
 * first 2xx (spec 6.5). Pass the transaction that records the delivery, so it counts exactly once.
 */
export async function countUsage(tx: DbOrTx, nowMs: number, payer: Payer, operation: CountOnlyOperation, calls = 1): Promise<void> {
  await countCall(tx, { accountId: payer.accountId, clientId: clientKey(payer), budget: payer.budget, day: dayOf(nowMs), operation }, 0, calls);
}

export async function spentSoFar(db: DbOrTx, holder: string, month: string): Promise<number> {
  const [row] = await db.select({ credits: spendTotals.credits }).from(spendTotals).where(and(eq(spendTotals.holder, holder), eq(spendTotals.month, month)));
  return row?.credits ?? 0;
}
