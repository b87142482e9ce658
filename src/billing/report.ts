// What GET /v1/usage answers (spec 4.2, 5.5): for an allowance caller the allowance, what is used and
// what remains this month; for a metered client its own usage this month and its spending limits.
// Both are broken down by operation.
import { and, eq, sql } from "drizzle-orm";
import { getAccount } from "../accounts/service.ts";
import { allowanceCredits } from "./plans.ts";
import type { Config } from "../config/config.ts";
import type { Clock } from "../lib/clock.ts";
import type { DbOrTx, Store } from "../store/open-store.ts";
import { preparedQueries } from "../store/prepared.ts";
import { readPayerSettings } from "./payer-settings.ts";
import { CREDIT_WEIGHTS, OPERATIONS, isOperation } from "./credits.ts";
import type { SpendLimitBody, UsageResponseBody, UsageTotalsBody } from "./model.ts";
import type { Payer } from "./payer.ts";
import { monthBounds } from "./periods.ts";
import { spendTotals, usageMonthly } from "./schema.ts";
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

type OperationSums = Map<string, { calls: number; credits: number }>;

/** The month's calls and credits by operation, from the rollup plus what this process still holds. */
function operationTotals(stored: { operation: string; calls: number; credits: number }[], pending: OperationSums): UsageTotalsBody {
  const sums: OperationSums = new Map(pending);
  for (const row of stored) {
    const mine = sums.get(row.operation);
    sums.set(row.operation, { calls: row.calls + (mine?.calls ?? 0), credits: row.credits + (mine?.credits ?? 0) });
  }
  let calls = 0;
  let credits = 0;
  const operations = OPERATIONS.map((operation) => {
    const sum = isOperation(operation) ? sums.get(operation) : undefined;
    calls += sum?.calls ?? 0;
    credits += sum?.credits ?? 0;
    return { operation, calls: sum?.calls ?? 0, credits: sum?.credits ?? 0, credits_per_call: CREDIT_WEIGHTS[operation] };
  });
  return { calls, credits, operations };
}

const p = sql.placeholder;
const rollupColumns = { operation: usageMonthly.operation, calls: usageMonthly.calls, credits: usageMonthly.credits };
const reportQueries = preparedQueries((db) => ({
  /** Every client's rows of one budget: at most (clients × operations) rows, one index range. */
  rollup: db
    .select(rollupColumns)
    .from(usageMonthly)
    .where(and(eq(usageMonthly.accountId, p("accountId")), eq(usageMonthly.budget, p("budget")), eq(usageMonthly.month, p("month"))))
    .prepare(),
  rollupOfClient: db
    .select(rollupColumns)
    .from(usageMonthly)
    .where(and(eq(usageMonthly.accountId, p("accountId")), eq(usageMonthly.budget, p("budget")), eq(usageMonthly.month, p("month")), eq(usageMonthly.clientId, p("clientId"))))
    .prepare(),
  spent: db
    .select({ credits: spendTotals.credits })
    .from(spendTotals)
    .where(and(eq(spendTotals.holder, p("holder")), eq(spendTotals.month, p("month"))))
    .prepare(),
}));

function period(month: string) {
  const { startMs, endMs } = monthBounds(month);
  return { month, period_start: new Date(startMs).toISOString(), period_end: new Date(endMs).toISOString() };
}

/**
 * The usage record for this payer and month. An allowance caller sees the whole allowance (every
 * client, app and web session spending it), so `usage.credits` equals `allowance.used`; a metered
 * client sees its own usage and both limits that can stop it.
 *
 * Read without a write: the monthly rollup and spend_totals, plus what this process has counted and
 * spent but not yet written, under the ledger's read gate (pending-ledger.ts). Other processes'
 * unwritten counts are at most their FLUSH_MS (250 ms) behind. The payer's settings are the ones
 * this call was just charged under (the ledger's cache, SETTINGS_TTL_MS), read afresh when absent.
 */
export async function usageReport(deps: { store: Pick<Store, "db" | "client">; config: Config; clock: Clock; ledger: PendingLedger }, payer: Payer, month: string): Promise<UsageResponseBody> {
  const { db } = deps.store;
  const ledger = deps.ledger;
  const nowMs = deps.clock.now();
  let settings = ledger.payers.cached(nowMs, payer);
  if (!settings) ledger.payers.remember(nowMs, payer, (settings = await readPayerSettings(db, payer)));
  const q = reportQueries(db);
  // What this process holds is taken in the same turn as the reads start, so every figure of the
  // answer counts the same calls (usage.credits equals allowance.used).
  const spent = (holder: string) => {
    const pending = ledger.holder(holder, month)?.pending ?? 0;
    return q.spent.execute({ holder, month }).then(([row]) => (row?.credits ?? 0) + pending);
  };
  return ledger.gate.read(async () => {
    if (settings.budget === "allowance") {
      const filter = { accountId: payer.accountId, budget: "allowance" as const, month };
      const pending = ledger.pendingUsage(filter);
      const [used, rows] = await Promise.all([spent(holderKey.allowance(payer.accountId)), q.rollup.execute(filter)]);
      const credits = allowanceCredits(deps.config, settings.plan);
      return { billing_mode: "allowance", ...period(month), allowance: { credits, used, remaining: Math.max(credits - used, 0) }, usage: operationTotals(rows, pending) };
    }
    const clientId = payer.clientId ?? "";
    const filter = { accountId: payer.accountId, budget: "metered" as const, month, clientId };
    const pending = ledger.pendingUsage(filter);
    const [clientUsed, accountUsed, rows] = await Promise.all([spent(holderKey.clientMetered(clientId)), spent(holderKey.accountMetered(payer.accountId)), q.rollupOfClient.execute(filter)]);
    return {
      billing_mode: "metered",
      ...period(month),
      metered: {
        active: settings.active,
        client_spend_limit: spendLimitState(clientUsed, settings.clientLimit),
        account_spend_limit: spendLimitState(accountUsed, settings.accountLimit),
      },
      usage: operationTotals(rows, pending),
    };
  });
}
