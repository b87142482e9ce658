// Credit leases: how a credit-spending call is checked and spent without a write of its own, while
// concurrent calls — in this process or in others sharing the store — still never overspend.
//
// The store keeps one invariant per budget holder and month: spend_totals.credits plus the credits
// of every live spend_leases row never exceed the limit. A call that finds enough credits in this
// process's lease spends them in memory (spendFromLease); the pending ledger writes them behind.
// Any other call runs one write transaction (spendExactly) that writes this process's pending
// spending, checks and spends the call's credits exactly — the conditional spend spec 5.6.4 asks for —
// and grants a new lease: at most a quarter of what is left, at most LEASE_MAX_CREDITS, and never
// past the next spending-limit threshold, so crossing one is always a transaction that reports it.
// Near a limit leases shrink to nothing and every call is exact: "10 of 50 succeed" stays exact.
import { sql } from "drizzle-orm";
import { allowanceCredits } from "./plans.ts";
import type { Config } from "../config/config.ts";
import { AppError } from "../lib/errors.ts";
import type { Db, DbOrTx } from "../store/open-store.ts";
import { LEASE_TTL_MS, type HolderState, type PendingLedger, type UsageKey } from "./pending-ledger.ts";
import { readPayerSettings, type PayerSettings } from "./payer-settings.ts";
import type { Payer } from "./payer.ts";
import { addUsage } from "./usage-rows.ts";
import { nextThresholdCredits, reportCrossing, type ThresholdCrossing, type ThresholdHook } from "./thresholds.ts";

/** The largest lease: what a crashed process can keep from others, for at most LEASE_TTL_MS. */
export const LEASE_MAX_CREDITS = 1_000;
/** A lease takes at most this fraction (1/n) of what is left, so other processes still find some. */
const LEASE_SHARE = 4;
/** A lease is spent from only while this much of its life is left; every flush renews it long before. */
export const LEASE_MARGIN_MS = 5_000;

/** The monthly limit of each of the payer's holders, in the order of holderKeys(payer). */
export function limitsOf(config: Config, settings: PayerSettings): (number | null)[] {
  return settings.budget === "allowance" ? [allowanceCredits(config, settings.plan)] : [settings.clientLimit, settings.accountLimit];
}

/**
 * Spends `credits` from this process's leases on every holder, in memory, or returns false having
 * spent nothing. A holder without a limit needs no lease. A lease granted under another limit than
 * the current one is not used: the next transaction applies the new limit at once.
 */
export function spendFromLease(ledger: PendingLedger, states: HolderState[], limits: (number | null)[], credits: number, nowMs: number): boolean {
  for (let i = 0; i < states.length; i++) {
    const state = states[i]!;
    const limit = limits[i] ?? null;
    if (state.busy || state.limit !== limit) return false;
    if (limit !== null && (state.remaining < credits || state.expiresAt - nowMs < LEASE_MARGIN_MS)) return false;
  }
  for (const state of states) {
    if (state.limit !== null) state.remaining -= credits;
    state.pending += credits;
    state.used = true;
  }
  ledger.schedule();
  return true;
}

export type ExactSpend = { kind: "spent"; thresholds: ThresholdCrossing[] } | { kind: "refused"; error: AppError } | { kind: "blocked" };

export interface ExactSpendDeps {
  db: Db;
  config: Config;
}

/** Thrown inside the transaction so that it rolls back everything it wrote so far. */
class Abort extends Error {
  constructor(readonly result: Exclude<ExactSpend, { kind: "spent" }>) {
    super(result.kind);
  }
}

export const meteredInactive = () => new AppError(402, "metered_billing_inactive", "usage billing is not active for this account: the account owner activates it on the Usage page");

function exhausted(payer: Payer, state: HolderState, limit: number, usedBefore: number, credits: number): AppError {
  if (payer.budget === "allowance") {
    return new AppError(402, "allowance_exhausted", `this month's allowance is used up: this call costs ${credits} credits and ${Math.max(limit - usedBefore, 0)} of ${limit} remain until the month ends (UTC)`);
  }
  const whose = state.subject === "client" ? "this client has" : "the account has";
  return new AppError(402, "spend_cap_reached", `${whose} reached its monthly spending limit of ${limit} credits (this call costs ${credits})`);
}

/**
 * One write transaction: writes this process's pending spending on the payer's holders, spends
 * `credits` if every limit allows it — counting this process's and other processes' live leases —
 * counts the call, reports thresholds, and grants this process a new lease. "blocked" means the
 * limit would allow the call but other processes' leases hold the credits: retry shortly.
 * The caller has marked every state busy, so nothing else spends from them meanwhile.
 */
export async function spendExactly(deps: ExactSpendDeps, ledger: PendingLedger, payer: Payer, states: HolderState[], usage: UsageKey, credits: number, nowMs: number): Promise<ExactSpend> {
  const taken = states.map((s) => ({ spent: s.pending, released: s.remaining }));
  for (const s of states) s.pending = s.remaining = 0;
  try {
    const { settings, limits, grants, thresholds } = await deps.db.transaction(async (tx) => {
      const settings = await readPayerSettings(tx, payer);
      if (settings.budget === "metered" && !settings.active) throw new Abort({ kind: "refused", error: meteredInactive() });
      const limits = limitsOf(deps.config, settings);
      const totals: { credits: number; reported: number; leased: number }[] = [];
      for (const [i, state] of states.entries()) {
        const total = await spendOnHolder(tx, ledger.lessee, state, taken[i]!.spent + taken[i]!.released, taken[i]!.spent + credits, nowMs);
        const limit = limits[i]!;
        if (limit !== null && total.credits > limit) throw new Abort({ kind: "refused", error: exhausted(payer, state, limit, total.credits - credits, credits) });
        if (limit !== null && total.credits + total.leased > limit) throw new Abort({ kind: "blocked" });
        totals.push(total);
      }
      await countCall(tx, usage, credits);
      const thresholds: ThresholdCrossing[] = [];
      const grants: number[] = [];
      for (const [i, state] of states.entries()) {
        const limit = limits[i]!;
        const total = totals[i]!;
        if (payer.budget === "metered" && limit !== null) {
          const crossing = await reportCrossing(tx, ledger.onUsageThreshold, { ...state, limit }, total.credits, total.reported, nowMs);
          if (crossing) thresholds.push(crossing);
          total.reported = Math.max(total.reported, crossing?.percent ?? 0);
        }
        const size = limit === null ? 0 : leaseSize(limit, total.credits, total.leased, payer.budget === "metered" ? nextThresholdCredits(limit, total.reported) : null);
        await grantLease(tx, ledger.lessee, state, size, nowMs);
        grants.push(size);
      }
      return { settings, limits, grants, thresholds };
    });
    ledger.payers.remember(nowMs, payer, settings);
    for (const [i, state] of states.entries()) {
      state.limit = limits[i]!;
      state.reportsThresholds = payer.budget === "metered" && state.limit !== null;
      state.remaining = grants[i]!;
      state.expiresAt = grants[i]! > 0 ? nowMs + LEASE_TTL_MS : 0;
      state.grants++;
      state.used = true;
    }
    ledger.schedule(); // the next flush renews the new lease, or releases it once idle
    return { kind: "spent", thresholds };
  } catch (error) {
    // Rolled back: what was taken is still this process's, pending and reserved as before.
    for (const [i, s] of states.entries()) {
      s.pending += taken[i]!.spent;
      s.remaining += taken[i]!.released;
    }
    if (error instanceof Abort) return error.result;
    throw error;
  }
}

/**
 * How many credits to lease after a spend: at most 1/LEASE_SHARE of what neither spend_totals nor
 * live leases hold, at most LEASE_MAX_CREDITS, and — for a limit that reports thresholds — short
 * of the next threshold, counting every live lease.
 */
export function leaseSize(limit: number, total: number, leased: number, nextThreshold: number | null): number {
  let size = Math.min(LEASE_MAX_CREDITS, Math.floor((limit - total - leased) / LEASE_SHARE));
  if (nextThreshold !== null) size = Math.min(size, nextThreshold - 1 - total - leased);
  return Math.max(size, 0);
}

/**
 * Takes what this process moves out of its lease row (`taken`: spent credits now written, unspent
 * ones given back), adds `credits` to the holder's month, and returns the new total, its reported
 * threshold and the credits every live lease still holds — other processes' and what remains of
 * this one's (spending another flush of this process is about to write).
 */
async function spendOnHolder(tx: DbOrTx, lessee: string, state: HolderState, taken: number, credits: number, nowMs: number) {
  const holder = sql`holder = ${state.holder} AND month = ${state.month}`;
  // Leases of processes that stopped renewing them (a crash) no longer hold anything back.
  await tx.run(sql`DELETE FROM spend_leases WHERE ${holder} AND expires_at <= ${nowMs}`);
  if (taken > 0) await tx.run(sql`UPDATE spend_leases SET credits = max(credits - ${taken}, 0) WHERE ${holder} AND lessee = ${lessee}`);
  const [total] = await tx.all<{ credits: number; threshold_reported: number }>(sql`
    INSERT INTO spend_totals (holder, month, credits, threshold_reported, updated_at) VALUES (${state.holder}, ${state.month}, ${credits}, 0, ${nowMs})
    ON CONFLICT (holder, month) DO UPDATE SET credits = spend_totals.credits + excluded.credits, updated_at = excluded.updated_at
    RETURNING credits, threshold_reported`);
  const [leased] = await tx.all<{ credits: number }>(sql`SELECT coalesce(sum(credits), 0) AS credits FROM spend_leases WHERE ${holder}`);
  return { credits: total!.credits, reported: total!.threshold_reported, leased: leased!.credits };
}

/** Adds a grant to this process's lease row (creating it), and drops the row when it holds nothing. */
async function grantLease(tx: DbOrTx, lessee: string, state: HolderState, size: number, nowMs: number): Promise<void> {
  await tx.run(sql`
    INSERT INTO spend_leases (holder, month, lessee, credits, expires_at) VALUES (${state.holder}, ${state.month}, ${lessee}, ${size}, ${nowMs + LEASE_TTL_MS})
    ON CONFLICT (holder, month, lessee) DO UPDATE SET credits = spend_leases.credits + excluded.credits, expires_at = excluded.expires_at`);
  await tx.run(sql`DELETE FROM spend_leases WHERE holder = ${state.holder} AND month = ${state.month} AND lessee = ${lessee} AND credits <= 0`);
}

/** More calls (one by default) and their credits in the day's row and the month's (usage-rows.ts). */
export async function countCall(tx: DbOrTx, usage: UsageKey, credits: number, calls = 1): Promise<void> {
  await addUsage(tx, usage, calls, credits);
}
