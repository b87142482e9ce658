// Exact spending (spec 5.6): a credit is written in the same write transaction as the work it pays
// for, so after any crash spend_totals equal the work stored, and a limit is checked by the store
// itself. Each budget holder's month is one spend_totals row, moved by a conditional UPSERT that
// adds the call's credits only while the total stays within the limit read in the same transaction.
// SQLite and libSQL run write transactions one at a time, so concurrent calls in every process see
// each other's spending: a call is refused only when its budget no longer holds its credits, and
// never overspent. The payer's settings (plan, metered activation, limits) are read in that
// transaction too — nothing about them is kept per process, so a change made anywhere applies to
// the next call everywhere. Thresholds crossed are reported in the same transaction (thresholds.ts).
import { sql } from "drizzle-orm";
import type { Config } from "../config/config.ts";
import { AppError } from "../lib/errors.ts";
import type { DbOrTx } from "../store/open-store.ts";
import { creditsFor, type Operation } from "./credits.ts";
import { clientKey, type Budget, type Payer } from "./payer.ts";
import { readPayerSettings, type PayerSettings } from "./payer-settings.ts";
import { dayOf, monthOf } from "./periods.ts";
import { allowanceCredits } from "./plans.ts";
import { reportCrossing, type ThresholdCrossing, type ThresholdHook } from "./thresholds.ts";
import { addUsage, takeBackCredits, type UsageKey } from "./usage-rows.ts";

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

/** spend_totals row keys: one per budget holder and month. */
export const holderKey = {
  allowance: (accountId: string) => `account:${accountId}:allowance`,
  accountMetered: (accountId: string) => `account:${accountId}:metered`,
  clientMetered: (clientId: string) => `client:${clientId}:metered`,
};

/** What a spending transaction needs besides the transaction: the allowances and the threshold hook. */
export interface SpendDeps {
  config: Config;
  ledger: { readonly onUsageThreshold?: ThresholdHook | undefined };
}

interface Holder {
  holder: string;
  subject: "client" | "account";
  limit: number | null;
}

export const meteredInactive = () => new AppError(402, "metered_billing_inactive", "usage billing is not active for this account: the account owner activates it on the Usage page");

/** The payer's budget holders and their limits, in the order receipts list them. */
function holdersOf(config: Config, payer: Payer, settings: PayerSettings): Holder[] {
  if (settings.budget === "allowance") return [{ holder: holderKey.allowance(payer.accountId), subject: "account", limit: allowanceCredits(config, settings.plan) }];
  return [
    { holder: holderKey.clientMetered(payer.clientId!), subject: "client", limit: settings.clientLimit },
    { holder: holderKey.accountMetered(payer.accountId), subject: "account", limit: settings.accountLimit },
  ];
}

function exhausted(payer: Payer, holder: Holder, limit: number, usedBefore: number, credits: number): AppError {
  if (payer.budget === "allowance") {
    return new AppError(402, "allowance_exhausted", `this month's allowance is used up: this call costs ${credits} credits and ${Math.max(limit - usedBefore, 0)} of ${limit} remain until the month ends (UTC)`);
  }
  const whose = holder.subject === "client" ? "this client has" : "the account has";
  return new AppError(402, "spend_cap_reached", `${whose} reached its monthly spending limit of ${limit} credits (this call costs ${credits})`);
}

/** The usage row a payer's call of an operation on a day is counted in. */
export function usageOf(payer: Payer, operation: Operation, day: string): UsageKey {
  return { accountId: payer.accountId, clientId: clientKey(payer), budget: payer.budget, day, operation };
}

/**
 * Checks and spends the operation's credits inside `tx` (a write transaction the caller holds for
 * the work the credits pay for), counts the call, and reports thresholds crossed. Throws a 402
 * AppError (allowance_exhausted, spend_cap_reached, metered_billing_inactive) having written
 * nothing: the caller's transaction rolls back with its work.
 */
export async function spendIn(tx: DbOrTx, deps: SpendDeps, payer: Payer, operation: Operation, nowMs: number): Promise<ChargeReceipt> {
  const settings = await readPayerSettings(tx, payer);
  if (settings.budget === "metered" && !settings.active) throw meteredInactive();
  const credits = creditsFor(operation);
  const month = monthOf(nowMs);
  const day = dayOf(nowMs);
  const holders = credits > 0 ? holdersOf(deps.config, payer, settings) : [];
  const thresholds: ThresholdCrossing[] = [];
  for (const h of holders) {
    const total = await addWithinLimit(tx, h.holder, month, credits, h.limit, nowMs);
    if (total === null) throw exhausted(payer, h, h.limit!, await spentIn(tx, h.holder, month), credits);
    if (payer.budget === "metered" && h.limit !== null) {
      const state = { holder: h.holder, month, subject: h.subject, accountId: payer.accountId, clientId: payer.clientId, limit: h.limit };
      const crossing = await reportCrossing(tx, deps.ledger.onUsageThreshold, state, total.credits, total.reported, nowMs);
      if (crossing) thresholds.push(crossing);
    }
  }
  await addUsage(tx, usageOf(payer, operation, day), 1, credits);
  return { operation, budget: payer.budget, accountId: payer.accountId, clientId: payer.clientId, month, day, credits, holders: holders.map((h) => h.holder), thresholds };
}

/**
 * Adds `credits` to the holder's month unless that crosses `limit` (null: no limit): the new total
 * and the threshold already reported, or null having changed nothing. One statement, so the check
 * and the write see the same total.
 */
async function addWithinLimit(tx: DbOrTx, holder: string, month: string, credits: number, limit: number | null, nowMs: number): Promise<{ credits: number; reported: number } | null> {
  if (limit !== null && credits > limit) return null;
  const [row] = await tx.all<{ credits: number; threshold_reported: number }>(sql`
    INSERT INTO spend_totals (holder, month, credits, threshold_reported, updated_at) VALUES (${holder}, ${month}, ${credits}, 0, ${nowMs})
    ON CONFLICT (holder, month) DO UPDATE SET credits = spend_totals.credits + excluded.credits, updated_at = excluded.updated_at
    WHERE ${limit} IS NULL OR spend_totals.credits + excluded.credits <= ${limit}
    RETURNING credits, threshold_reported`);
  return row ? { credits: Number(row.credits), reported: Number(row.threshold_reported) } : null;
}

async function spentIn(tx: DbOrTx, holder: string, month: string): Promise<number> {
  const [row] = await tx.all<{ credits: number }>(sql`SELECT credits FROM spend_totals WHERE holder = ${holder} AND month = ${month}`);
  return row ? Number(row.credits) : 0;
}

/**
 * Gives a receipt's credits back inside `tx` (to the month and day it was charged), in the
 * transaction that records why (a plan failing for good). The call stays counted: it was made
 * (spec 6.5). Thresholds already reported stay reported.
 */
export async function refundIn(tx: DbOrTx, receipt: ChargeReceipt): Promise<void> {
  if (receipt.credits === 0) return;
  for (const holder of receipt.holders) {
    await tx.run(sql`UPDATE spend_totals SET credits = max(credits - ${receipt.credits}, 0) WHERE holder = ${holder} AND month = ${receipt.month}`);
  }
  await takeBackCredits(tx, { accountId: receipt.accountId, clientId: receipt.clientId ?? "", budget: receipt.budget, day: receipt.day, operation: receipt.operation }, receipt.credits);
}

/**
 * Refuses (402, as spendIn would) a call its budget cannot pay for now, with a read and no write:
 * for work made before the transaction that spends for it (a tutor turn, a vocabulary list), so an
 * exhausted budget is refused before anything is made. spendIn still decides.
 */
export async function checkBudget(db: DbOrTx, config: Config, payer: Payer, operation: Operation, nowMs: number): Promise<void> {
  const settings = await readPayerSettings(db, payer);
  if (settings.budget === "metered" && !settings.active) throw meteredInactive();
  const credits = creditsFor(operation);
  if (credits === 0) return;
  const month = monthOf(nowMs);
  for (const h of holdersOf(config, payer, settings)) {
    if (h.limit === null) continue;
    const used = await spentIn(db, h.holder, month);
    if (used + credits > h.limit) throw exhausted(payer, h, h.limit, used, credits);
  }
}
