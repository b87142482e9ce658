// The usage ledger (spec 1.2, 5.6, 6.5, 7): every /v1/ call is checked and paid for here. A call
// that spends credits is checked and spent in ONE write transaction with conditional upserts, so two
// concurrent calls can never both spend the last credits — decided by the store, never by process
// memory, since several Parla processes may share one libSQL server. A call that costs nothing
// cannot overspend anything: it is only counted (usage-buffer.ts). A route charges only after every
// check that can refuse the request (validation, scope), so a refused call spends nothing; a
// generation that fails on the service's side is refunded.
import { and, eq, sql } from "drizzle-orm";
import { allowanceCredits, type Plan } from "../accounts/service.ts";
import type { Config } from "../config/config.ts";
import { ApiError } from "../http/api-error.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { Db, DbOrTx, Store } from "../store/open-store.ts";
import { CREDIT_WEIGHTS, creditsFor, type Operation } from "./credits.ts";
import { clientKey, SESSION_CLIENT_KEY, type Budget, type Payer } from "./payer.ts";
import { dayOf, monthOf } from "./periods.ts";
import { spendTotals, usageDaily } from "./schema.ts";
import { usageBuffer } from "./usage-buffer.ts";
import { markThresholdReported, thresholdToReport, type ThresholdCrossing, type ThresholdHook } from "./thresholds.ts";

/** What the ledger needs; AppDeps satisfies it (its `onUsageThreshold` is set by the events module). */
export interface LedgerDeps {
  store: Pick<Store, "db" | "client">;
  config: Config;
  clock: Clock;
  /** Records usage.threshold_reached; called inside the charge's transaction (see thresholds.ts). */
  onUsageThreshold?: ThresholdHook;
  /** Where a failed background write of free-call counts is reported (they are kept and retried). */
  log?: Pick<Logger, "error">;
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
  holders: string[];
  /** Crossings this charge caused, already handed to onUsageThreshold. */
  thresholds: ThresholdCrossing[];
}

export type ChargeResult = { ok: true; receipt: ChargeReceipt } | { ok: false; error: ApiError };

/** Operations that cost nothing: counted without any check, e.g. a webhook delivery already made. */
export type CountOnlyOperation = { [K in Operation]: (typeof CREDIT_WEIGHTS)[K] extends 0 ? K : never }[Operation];

/** spend_totals row keys: one per budget holder and month. */
export const holderKey = {
  allowance: (accountId: string) => `account:${accountId}:allowance`,
  accountMetered: (accountId: string) => `account:${accountId}:metered`,
  clientMetered: (clientId: string) => `client:${clientId}:metered`,
};

/** Thrown inside the transaction so that it rolls back everything the charge wrote so far. */
class Refusal extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
  }
}

const refuse = (code: string, message: string): never => {
  throw new Refusal(new ApiError(402, code, message));
};

/** A spend_totals row after spending, with the limit it was checked against (for thresholds). */
interface Spent {
  subject: "client" | "account";
  holder: string;
  credits: number;
  thresholdReported: number;
  limit: number | null;
}

/**
 * Checks and spends the operation's credits for this payer and counts the call — or refuses with
 * a 402 (allowance_exhausted, spend_cap_reached, metered_billing_inactive) having written nothing.
 */
export async function chargeCall(deps: LedgerDeps, payer: Payer, operation: Operation): Promise<ChargeResult> {
  const nowMs = deps.clock.now();
  const month = monthOf(nowMs);
  const day = dayOf(nowMs);
  const credits = creditsFor(operation);
  const receipt = (holders: string[], thresholds: ThresholdCrossing[]): ChargeReceipt => ({ operation, budget: payer.budget, accountId: payer.accountId, clientId: payer.clientId, month, day, credits, holders, thresholds });
  // Most calls cost nothing: counted in the usage buffer, no write on the request's path. Only a
  // metered client's needs a read: spec 5.6.4 refuses its every call while billing is not active.
  if (credits === 0) {
    if (payer.budget === "metered" && !(await meteredActive(deps.store.client, payer.accountId))) return { ok: false, error: meteredInactive() };
    const onError = (error: unknown) => deps.log?.error("billing.usage_flush_failed", { error: error instanceof Error ? error.message : String(error) });
    usageBuffer(deps.store, onError).add({ accountId: payer.accountId, clientId: clientKey(payer), budget: payer.budget, day, operation });
    return { ok: true, receipt: receipt([], []) };
  }
  const limits = await readLimits(deps, payer);
  if (limits.budget === "metered" && !limits.active) return { ok: false, error: meteredInactive() };
  try {
    return await deps.store.db.transaction(async (tx) => {
      const spent = limits.budget === "allowance" ? await spendAllowance(tx, payer.accountId, limits.allowance, month, credits, nowMs) : await spendMetered(tx, payer as MeteredPayer, limits, month, credits, nowMs);
      await countCall(tx, payer, day, operation, credits);
      const thresholds = await reportThresholds(tx, deps.onUsageThreshold, payer, month, spent, nowMs);
      return { ok: true as const, receipt: receipt(spent.map((s) => s.holder), thresholds) };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, error: error.error };
    throw error;
  }
}

/**
 * Runs paid work: charges first, and refunds when the work throws (a generation that fails on the
 * service's side, spec 5.6 / issue 5 rule 3). The error still propagates to the caller.
 */
export async function runCharged<T>(deps: LedgerDeps, payer: Payer, operation: Operation, work: (receipt: ChargeReceipt) => Promise<T>): Promise<T> {
  const charge = await chargeCall(deps, payer, operation);
  if (!charge.ok) throw charge.error;
  try {
    return await work(charge.receipt);
  } catch (error) {
    await refund(deps.store.db, charge.receipt);
    throw error;
  }
}

/**
 * Gives a receipt's credits back (to the month and day it was charged). The call stays counted: it
 * was made (spec 6.5). Thresholds already reported stay reported. Pass the transaction that marks
 * the work failed, so a retried job cannot refund twice.
 */
export async function refund(db: DbOrTx, receipt: ChargeReceipt): Promise<void> {
  if (receipt.credits === 0) return;
  const work = async (tx: DbOrTx) => {
    for (const holder of receipt.holders) {
      await tx
        .update(spendTotals)
        .set({ credits: sql`max(${spendTotals.credits} - ${receipt.credits}, 0)` })
        .where(and(eq(spendTotals.holder, holder), eq(spendTotals.month, receipt.month)));
    }
    await tx
      .update(usageDaily)
      .set({ credits: sql`max(${usageDaily.credits} - ${receipt.credits}, 0)` })
      .where(
        and(
          eq(usageDaily.accountId, receipt.accountId),
          eq(usageDaily.clientId, receipt.clientId ?? SESSION_CLIENT_KEY),
          eq(usageDaily.budget, receipt.budget),
          eq(usageDaily.day, receipt.day),
          eq(usageDaily.operation, receipt.operation),
        ),
      );
  };
  // On a Db this opens a write transaction; on a transaction it becomes a savepoint inside it.
  await (db as Db).transaction(work);
}

/**
 * Counts a zero-credit operation that cannot be refused after the fact — a webhook delivery at its
 * first 2xx (spec 6.5). Pass the transaction that records the delivery, so it counts exactly once.
 */
export async function countUsage(tx: DbOrTx, nowMs: number, payer: Payer, operation: CountOnlyOperation): Promise<void> {
  await countCall(tx, payer, dayOf(nowMs), operation, 0);
}

const meteredInactive = () => new ApiError(402, "metered_billing_inactive", "usage billing is not active for this account: the account owner activates it on the Usage page");

type MeteredPayer = Extract<Payer, { budget: "metered" }>;

/** Read on every call of a metered client: never remembered, so deactivation applies at once. */
async function meteredActive(client: Store["client"], accountId: string): Promise<boolean> {
  const result = await client.execute({ sql: "SELECT metered_active FROM accounts WHERE id = ?", args: [accountId] });
  return Number(result.rows[0]?.metered_active ?? 0) === 1;
}

type Limits = { budget: "allowance"; allowance: number } | { budget: "metered"; active: boolean; clientLimit: number | null; accountLimit: number | null };

/**
 * The payer's limits, read just before the spending transaction (a plain read; the libSQL client
 * directly, as this runs on every call). Reading them first is safe: the spend itself is a
 * conditional write against the stored total, so a limit changed in between acts as if the call
 * had come a moment earlier — it can never let two calls spend the same credits.
 */
async function readLimits(deps: LedgerDeps, payer: Payer): Promise<Limits> {
  if (payer.budget === "allowance") {
    const result = await deps.store.client.execute({ sql: "SELECT plan FROM accounts WHERE id = ?", args: [payer.accountId] });
    const plan = result.rows[0]?.plan as Plan | undefined;
    if (!plan) throw new Error(`charge for unknown account ${payer.accountId}`);
    return { budget: "allowance", allowance: allowanceCredits(deps.config, plan) };
  }
  const result = await deps.store.client.execute({
    // A scalar subquery, not a join: bun:sqlite ran the joined form several times slower (issue 4).
    sql: `SELECT a.metered_active AS active, a.metered_spend_limit_credits AS account_limit,
            (SELECT c.spend_limit_credits FROM clients c WHERE c.id = ? AND c.account_id = a.id) AS client_limit
          FROM accounts a WHERE a.id = ?`,
    args: [payer.clientId, payer.accountId],
  });
  const row = result.rows[0];
  if (!row) throw new Error(`charge for unknown account ${payer.accountId}`);
  const limit = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { budget: "metered", active: Number(row.active) === 1, clientLimit: limit(row.client_limit), accountLimit: limit(row.account_limit) };
}

async function spendAllowance(tx: DbOrTx, accountId: string, allowance: number, month: string, credits: number, nowMs: number): Promise<Spent[]> {
  const holder = holderKey.allowance(accountId);
  const row = await spendUpTo(tx, holder, month, credits, allowance, nowMs);
  if (!row) {
    const used = await spentSoFar(tx, holder, month);
    refuse("allowance_exhausted", `this month's allowance is used up: this call costs ${credits} credits and ${Math.max(allowance - used, 0)} of ${allowance} remain until the month ends (UTC)`);
  }
  return [{ subject: "account", holder, credits: row!.credits, thresholdReported: row!.threshold_reported, limit: null }];
}

async function spendMetered(tx: DbOrTx, payer: MeteredPayer, limits: Extract<Limits, { budget: "metered" }>, month: string, credits: number, nowMs: number): Promise<Spent[]> {
  const clientHolder = holderKey.clientMetered(payer.clientId);
  const client = await spendUpTo(tx, clientHolder, month, credits, limits.clientLimit, nowMs);
  if (!client) refuse("spend_cap_reached", `this client has reached its monthly spending limit of ${limits.clientLimit} credits (this call costs ${credits})`);
  const accountHolder = holderKey.accountMetered(payer.accountId);
  const account = await spendUpTo(tx, accountHolder, month, credits, limits.accountLimit, nowMs);
  if (!account) refuse("spend_cap_reached", `the account has reached its monthly spending limit of ${limits.accountLimit} credits (this call costs ${credits})`);
  return [
    { subject: "client", holder: clientHolder, credits: client!.credits, thresholdReported: client!.threshold_reported, limit: limits.clientLimit },
    { subject: "account", holder: accountHolder, credits: account!.credits, thresholdReported: account!.threshold_reported, limit: limits.accountLimit },
  ];
}

/**
 * Adds `credits` to a holder's monthly total only if the result stays within `limit` (null: no
 * limit). One statement: the upsert's WHERE is the check, so there is no gap between reading and
 * writing. Returns the new total, or null when the limit refuses it.
 */
async function spendUpTo(tx: DbOrTx, holder: string, month: string, credits: number, limit: number | null, nowMs: number): Promise<{ credits: number; threshold_reported: number } | null> {
  // The INSERT branch (first spend of the month) is not covered by the upsert's WHERE.
  if (limit !== null && credits > limit) return null;
  const within = limit === null ? sql`` : sql`WHERE spend_totals.credits + excluded.credits <= ${limit}`;
  const rows = await tx.all<{ credits: number; threshold_reported: number }>(sql`
    INSERT INTO spend_totals (holder, month, credits, threshold_reported, updated_at) VALUES (${holder}, ${month}, ${credits}, 0, ${nowMs})
    ON CONFLICT (holder, month) DO UPDATE SET credits = spend_totals.credits + excluded.credits, updated_at = excluded.updated_at ${within}
    RETURNING credits, threshold_reported`);
  return rows[0] ?? null;
}

export async function spentSoFar(db: DbOrTx, holder: string, month: string): Promise<number> {
  const [row] = await db.select({ credits: spendTotals.credits }).from(spendTotals).where(and(eq(spendTotals.holder, holder), eq(spendTotals.month, month)));
  return row?.credits ?? 0;
}

/** One more call and its credits in the day's row, inside the caller's transaction. */
async function countCall(db: DbOrTx, payer: Payer, day: string, operation: Operation, credits: number): Promise<void> {
  await db.run(sql`
    INSERT INTO usage_daily (account_id, client_id, budget, day, operation, calls, credits) VALUES (${payer.accountId}, ${clientKey(payer)}, ${payer.budget}, ${day}, ${operation}, 1, ${credits})
    ON CONFLICT (account_id, client_id, budget, day, operation) DO UPDATE SET calls = usage_daily.calls + 1, credits = usage_daily.credits + excluded.credits`);
}

/** Spec 6.1: thresholds are reported only for metered clients and accounts with a limit. */
async function reportThresholds(tx: DbOrTx, hook: ThresholdHook | undefined, payer: Payer, month: string, spent: Spent[], nowMs: number): Promise<ThresholdCrossing[]> {
  if (payer.budget !== "metered") return [];
  const crossings: ThresholdCrossing[] = [];
  for (const s of spent) {
    const percent = thresholdToReport(s.credits, s.limit, s.thresholdReported);
    if (percent === null || !(await markThresholdReported(tx, s.holder, month, percent))) continue;
    const crossing: ThresholdCrossing = {
      subject: s.subject,
      accountId: payer.accountId,
      clientId: s.subject === "client" ? payer.clientId : null,
      month,
      percent,
      usedCredits: s.credits,
      limitCredits: s.limit!,
    };
    crossings.push(crossing);
    if (hook) await hook(tx, crossing, nowMs);
  }
  return crossings;
}
