// An account's month for the Usage page and the CSV export (spec 5.6): usage per
// client per day, the allowance, and the metered settings, read from usage_daily after this
// process's pending free-call counts are written.
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { clients } from "../clients/schema.ts";
import type { Config } from "../config/config.ts";
import type { DbOrTx, Store } from "../store/open-store.ts";
import { meteredSettings } from "./metered-settings.ts";
import { SESSION_CLIENT_KEY, type Budget } from "./payer.ts";
import { daysOfMonth, nextMonth } from "./periods.ts";
import { allowanceState, type AllowanceState } from "./report.ts";
import { spendTotals, usageDaily } from "./schema.ts";
import { holderKey } from "./service.ts";
import type { PendingLedger } from "./pending-ledger.ts";

export interface DayTotals {
  day: string;
  calls: number;
  credits: number;
}

export interface ClientMonth {
  /** "" for the web app's own session. */
  clientId: string;
  name: string;
  budget: Budget;
  /** False for another account's app acting for this account's user (spec 5.6.5). */
  ownClient: boolean;
  calls: number;
  credits: number;
  /** Metered clients of this account: their monthly limit (null: none). */
  spendLimit: number | null;
  daily: DayTotals[];
}

export interface AccountMonth {
  month: string;
  days: string[];
  allowance: AllowanceState;
  metered: { active: boolean; accountLimit: number | null; accountUsed: number };
  clients: ClientMonth[];
  /** Every day of the month, split by budget, for the chart. */
  daily: { day: string; allowanceCredits: number; meteredCredits: number; calls: number }[];
}

export interface UsageDailyRow {
  day: string;
  clientId: string;
  budget: Budget;
  operation: string;
  calls: number;
  credits: number;
}

export const WEB_APP_NAME = "Parla web app";

/** The raw daily rows of one account's month, in day, client, budget, operation order. */
export async function dailyRows(db: DbOrTx, accountId: string, month: string): Promise<UsageDailyRow[]> {
  const first = daysOfMonth(month)[0]!;
  const firstOfNext = daysOfMonth(nextMonth(month))[0]!;
  return db
    .select({ day: usageDaily.day, clientId: usageDaily.clientId, budget: usageDaily.budget, operation: usageDaily.operation, calls: usageDaily.calls, credits: usageDaily.credits })
    .from(usageDaily)
    .where(and(eq(usageDaily.accountId, accountId), gte(usageDaily.day, first), lt(usageDaily.day, firstOfNext)))
    .orderBy(asc(usageDaily.day), asc(usageDaily.clientId), asc(usageDaily.budget), asc(usageDaily.operation));
}

/** Names for every client id that appears, including other accounts' apps and deleted clients. */
export async function clientNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const real = [...new Set(ids.filter((id) => id !== SESSION_CLIENT_KEY))];
  const rows = real.length ? await db.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(clients.id, real)) : [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  names.set(SESSION_CLIENT_KEY, WEB_APP_NAME);
  for (const id of real) if (!names.has(id)) names.set(id, "(deleted client)");
  return names;
}

function emptyDays(days: string[]): DayTotals[] {
  return days.map((day) => ({ day, calls: 0, credits: 0 }));
}

export async function accountMonth(deps: { store: Pick<Store, "db" | "client">; config: Config; ledger: Pick<PendingLedger, "flush"> }, accountId: string, month: string): Promise<AccountMonth> {
  await deps.ledger.flush();
  const { db } = deps.store;
  const days = daysOfMonth(month);
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const [rows, own, allowance, settings] = await Promise.all([
    dailyRows(db, accountId, month),
    db.select({ id: clients.id, name: clients.name, mode: clients.billingMode, limit: clients.spendLimitCredits }).from(clients).where(eq(clients.accountId, accountId)).orderBy(asc(clients.createdAt)),
    allowanceState(db, deps.config, accountId, month),
    meteredSettings(db, accountId),
  ]);
  const names = await clientNames(db, rows.map((r) => r.clientId));
  const byKey = new Map<string, ClientMonth>();
  const entry = (clientId: string, budget: Budget, name: string, ownClient: boolean, spendLimit: number | null) => {
    const key = `${budget}:${clientId}`;
    let found = byKey.get(key);
    if (!found) byKey.set(key, (found = { clientId, name, budget, ownClient, calls: 0, credits: 0, spendLimit, daily: emptyDays(days) }));
    return found;
  };
  // Every client of the account is listed, used this month or not; then whatever else spent.
  for (const c of own) entry(c.id, c.mode, c.name, true, c.mode === "metered" ? c.limit : null);
  const daily = days.map((day) => ({ day, allowanceCredits: 0, meteredCredits: 0, calls: 0 }));
  const ownIds = new Set(own.map((c) => c.id));
  for (const r of rows) {
    const e = entry(r.clientId, r.budget, names.get(r.clientId) ?? r.clientId, ownIds.has(r.clientId) || r.clientId === SESSION_CLIENT_KEY, null);
    const i = dayIndex.get(r.day);
    if (i === undefined) continue;
    e.calls += r.calls;
    e.credits += r.credits;
    e.daily[i]!.calls += r.calls;
    e.daily[i]!.credits += r.credits;
    daily[i]!.calls += r.calls;
    if (r.budget === "metered") daily[i]!.meteredCredits += r.credits;
    else daily[i]!.allowanceCredits += r.credits;
  }
  const [accountSpent] = await db.select({ credits: spendTotals.credits }).from(spendTotals).where(and(eq(spendTotals.holder, holderKey.accountMetered(accountId)), eq(spendTotals.month, month)));
  return {
    month,
    days,
    allowance,
    metered: { active: settings?.active ?? false, accountLimit: settings?.accountLimit ?? null, accountUsed: accountSpent?.credits ?? 0 },
    clients: [...byKey.values()],
    daily,
  };
}
