// What GET /v1/usage answers (spec 4.2, 5.5): for an allowance caller the allowance, what is used and
// what remains this month; for a metered client its own usage this month and its spending limits.
// Both are broken down by operation.
import { getAccount } from "../accounts/service.ts";
import { allowanceCredits } from "./plans.ts";
import type { Config } from "../config/config.ts";
import type { Clock } from "../lib/clock.ts";
import type { DbOrTx, Store } from "../store/open-store.ts";
import { payerSettingsOf, payerSettingsStatement } from "./payer-settings.ts";
import { CREDIT_WEIGHTS, OPERATIONS, isOperation } from "./credits.ts";
import type { SpendLimitBody, UsageResponseBody, UsageTotalsBody } from "./model.ts";
import type { Payer } from "./payer.ts";
import { monthBounds } from "./periods.ts";
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

// One snapshot per report (it runs on every GET /v1/usage), in one Store.readAll: the payer's
// settings (payer-settings.ts), then the spend_totals row of each holder and the month's rollup rows
// (rows as arrays, columns part, operation, calls, credits), so it works on either store. A drizzle
// query per part cost ~4 µs each against ~1 µs of SQLite work, and the settings read on their own
// (through drizzle, a read transaction of their own) were ~12 µs of the report's ~24 µs per call.
const spentPart = "SELECT 0 AS part, '' AS operation, 0 AS calls, coalesce((SELECT credits FROM spend_totals WHERE holder = ? AND month = ?), 0) AS credits";
const rollupPart = "SELECT 1 AS part, operation, calls, credits FROM usage_monthly WHERE account_id = ? AND budget = ? AND month = ?";
const ALLOWANCE_REPORT = `${spentPart} UNION ALL ${rollupPart}`;
const METERED_REPORT = `${spentPart} UNION ALL ${spentPart} UNION ALL ${rollupPart} AND client_id = ?`;

type ReportRow = [part: number, operation: string, calls: number, credits: number];

/** The payer's settings, the holders' stored spending (in order) and the rollup rows, from one snapshot. */
async function readMonth(store: Pick<Store, "readAll">, payer: Payer, holders: string[], rollup: { accountId: string; budget: string; month: string; clientId?: string }) {
  const args = holders.flatMap((holder) => [holder, rollup.month]);
  args.push(rollup.accountId, rollup.budget, rollup.month);
  if (rollup.clientId !== undefined) args.push(rollup.clientId);
  const [settingsRows, rows] = await store.readAll([payerSettingsStatement(payer), { sql: holders.length === 1 ? ALLOWANCE_REPORT : METERED_REPORT, args }]);
  const spent: number[] = [];
  const stored: { operation: string; calls: number; credits: number }[] = [];
  for (const [part, operation, calls, credits] of rows as ReportRow[]) {
    if (Number(part) === 0) spent.push(Number(credits));
    else stored.push({ operation, calls: Number(calls), credits: Number(credits) });
  }
  return { settings: payerSettingsOf(payer, settingsRows!), spent, stored };
}

function period(month: string) {
  const { startMs, endMs } = monthBounds(month);
  return { month, period_start: new Date(startMs).toISOString(), period_end: new Date(endMs).toISOString() };
}

/**
 * The usage record for this payer and month. An allowance caller sees the whole allowance (every
 * client, app and web session spending it), so `usage.credits` equals `allowance.used`; a metered
 * client sees its own usage and both limits that can stop it.
 *
 * Read without a write: the monthly rollup and spend_totals (credits are always written with their
 * call, spend.ts), plus the calls this process has counted and not yet written, under the ledger's
 * read gate (pending-ledger.ts). Other processes' unwritten call counts are at most their FLUSH_MS
 * (250 ms) behind. The payer's settings are read afresh.
 */
export async function usageReport(deps: { store: Pick<Store, "readAll">; config: Config; clock: Clock; ledger: PendingLedger }, payer: Payer, month: string): Promise<UsageResponseBody> {
  const ledger = deps.ledger;
  return ledger.gate.read(async () => {
    if (payer.budget === "allowance") {
      const holders = [holderKey.allowance(payer.accountId)];
      const filter = { accountId: payer.accountId, budget: "allowance" as const, month };
      const pending = ledger.pendingUsage(filter);
      const { settings, spent, stored } = await readMonth(deps.store, payer, holders, filter);
      const used = spent[0]!;
      if (settings.budget !== "allowance") throw new Error("an allowance payer's settings read as a metered one's");
      const credits = allowanceCredits(deps.config, settings.plan);
      return { billing_mode: "allowance", ...period(month), allowance: { credits, used, remaining: Math.max(credits - used, 0) }, usage: operationTotals(stored, pending) };
    }
    const clientId = payer.clientId;
    const holders = [holderKey.clientMetered(clientId), holderKey.accountMetered(payer.accountId)];
    const filter = { accountId: payer.accountId, budget: "metered" as const, month, clientId };
    const pending = ledger.pendingUsage(filter);
    const { settings, spent, stored } = await readMonth(deps.store, payer, holders, filter);
    if (settings.budget !== "metered") throw new Error("a metered payer's settings read as an allowance's");
    return {
      billing_mode: "metered",
      ...period(month),
      metered: {
        active: settings.active,
        client_spend_limit: spendLimitState(spent[0]!, settings.clientLimit),
        account_spend_limit: spendLimitState(spent[1]!, settings.accountLimit),
      },
      usage: operationTotals(stored, pending),
    };
  });
}
