// What GET /v1/usage answers (spec 4.2, 5.5): for an allowance caller the allowance, what is used and
// what remains this month; for a metered client its own usage this month and its spending limits.
// Both are broken down by operation.
import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { getAccount } from "../accounts/service.ts";
import { allowanceCredits } from "./plans.ts";
import { getClient } from "../clients/service.ts";
import type { Config } from "../config/config.ts";
import type { DbOrTx, Store } from "../store/open-store.ts";
import { CREDIT_WEIGHTS, OPERATIONS, isOperation } from "./credits.ts";
import type { SpendLimitBody, UsageResponseBody, UsageTotalsBody } from "./model.ts";
import type { Budget, Payer } from "./payer.ts";
import { dayOf, monthBounds } from "./periods.ts";
import { usageDaily } from "./schema.ts";
import { holderKey, spentSoFar } from "./service.ts";
import type { PendingLedger } from "./pending-ledger.ts";

export interface AllowanceState {
  credits: number;
  used: number;
  remaining: number;
}

/** The account's allowance this month. A plan changed mid-month can leave `used` above `credits`. */
export async function allowanceState(db: DbOrTx, config: Config, accountId: string, month: string): Promise<AllowanceState> {
  const account = await getAccount(db, accountId);
  const credits = account ? allowanceCredits(config, account.plan) : 0;
  const used = await spentSoFar(db, holderKey.allowance(accountId), month);
  return { credits, used, remaining: Math.max(credits - used, 0) };
}

export function spendLimitState(used: number, limit: number | null): SpendLimitBody {
  return { limit_credits: limit, used_credits: used, remaining_credits: limit === null ? null : Math.max(limit - used, 0) };
}

/** Calls and credits by operation for one budget of an account's month, optionally one client's. */
export async function operationTotals(db: DbOrTx, filter: { accountId: string; month: string; budget: Budget; clientId?: string }): Promise<UsageTotalsBody> {
  const [first, firstOfNext] = [dayOf(monthBounds(filter.month).startMs), dayOf(monthBounds(filter.month).endMs)];
  const conditions: SQL[] = [eq(usageDaily.accountId, filter.accountId), gte(usageDaily.day, first), lt(usageDaily.day, firstOfNext), eq(usageDaily.budget, filter.budget)];
  if (filter.clientId !== undefined) conditions.push(eq(usageDaily.clientId, filter.clientId));
  const rows = await db
    .select({
      operation: usageDaily.operation,
      calls: sql<number>`sum(${usageDaily.calls})`.mapWith(Number),
      credits: sql<number>`sum(${usageDaily.credits})`.mapWith(Number),
    })
    .from(usageDaily)
    .where(and(...conditions))
    .groupBy(usageDaily.operation);
  const byOperation = new Map(rows.filter((r) => isOperation(r.operation)).map((r) => [r.operation, r]));
  const operations = OPERATIONS.map((operation) => ({
    operation,
    calls: byOperation.get(operation)?.calls ?? 0,
    credits: byOperation.get(operation)?.credits ?? 0,
    credits_per_call: CREDIT_WEIGHTS[operation],
  }));
  return {
    calls: operations.reduce((sum, o) => sum + o.calls, 0),
    credits: operations.reduce((sum, o) => sum + o.credits, 0),
    operations,
  };
}

function period(month: string) {
  const { startMs, endMs } = monthBounds(month);
  return { month, period_start: new Date(startMs).toISOString(), period_end: new Date(endMs).toISOString() };
}

/**
 * The usage record for this payer and month. An allowance caller sees the whole allowance (every
 * client, app and web session spending it), so `usage.credits` equals `allowance.used`; a metered
 * client sees its own usage and both limits that can stop it.
 */
export async function usageReport(deps: { store: Pick<Store, "db" | "client">; config: Config; ledger: Pick<PendingLedger, "flush"> }, payer: Payer, month: string): Promise<UsageResponseBody> {
  await deps.ledger.flush();
  const { db } = deps.store;
  const config = deps.config;
  if (payer.budget === "allowance") {
    const [allowance, usage] = await Promise.all([allowanceState(db, config, payer.accountId, month), operationTotals(db, { accountId: payer.accountId, month, budget: "allowance" })]);
    return { billing_mode: "allowance", ...period(month), allowance, usage };
  }
  const [account, client, clientUsed, accountUsed, usage] = await Promise.all([
    getAccount(db, payer.accountId),
    getClient(db, payer.clientId),
    spentSoFar(db, holderKey.clientMetered(payer.clientId), month),
    spentSoFar(db, holderKey.accountMetered(payer.accountId), month),
    operationTotals(db, { accountId: payer.accountId, month, budget: "metered", clientId: payer.clientId }),
  ]);
  return {
    billing_mode: "metered",
    ...period(month),
    metered: {
      active: account?.meteredActive ?? false,
      client_spend_limit: spendLimitState(clientUsed, client?.spendLimitCredits ?? null),
      account_spend_limit: spendLimitState(accountUsed, account?.meteredSpendLimitCredits ?? null),
    },
    usage,
  };
}
