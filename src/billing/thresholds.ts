// Spending-limit thresholds for usage.threshold_reached (spec 6.1): 50, 75, 90 and
// 100 % of a metered client's or account's monthly limit. A jump past several reports only the
// highest, and each is reported at most once per holder and month (spend_totals.threshold_reported).
import { and, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../store/open-store.ts";
import { spendTotals } from "./schema.ts";

export const THRESHOLDS = [50, 75, 90, 100] as const;
export type ThresholdPercent = (typeof THRESHOLDS)[number];

export interface ThresholdCrossing {
  /** Whose limit: the metered client's own, or the account's (all its metered clients together). */
  subject: "client" | "account";
  accountId: string;
  /** The client for subject "client"; null for the account's limit. */
  clientId: string | null;
  month: string;
  percent: ThresholdPercent;
  usedCredits: number;
  limitCredits: number;
}

/**
 * Where the events module records usage.threshold_reached. It runs inside the charge's own write
 * transaction, so the event is written with the spending that caused it or not at all (DESIGN §4).
 */
export type ThresholdHook = (tx: DbOrTx, crossing: ThresholdCrossing, nowMs: number) => Promise<void>;

/**
 * The highest threshold `used` has reached against `limit` that is above the one already
 * reported, or null. Integer arithmetic: 75 % of 7 credits is reached at 6 (6·100 ≥ 75·7), not at 5.25.
 */
export function thresholdToReport(used: number, limit: number | null, alreadyReported: number): ThresholdPercent | null {
  if (limit === null || limit <= 0) return null;
  let highest: ThresholdPercent | null = null;
  for (const percent of THRESHOLDS) if (used * 100 >= percent * limit) highest = percent;
  return highest !== null && highest > alreadyReported ? highest : null;
}

/**
 * Marks the threshold as reported; true only for the one charge that moved it up, so two
 * processes sharing a libSQL server cannot both report it.
 */
export async function markThresholdReported(tx: DbOrTx, holder: string, month: string, percent: ThresholdPercent): Promise<boolean> {
  const rows = await tx
    .update(spendTotals)
    .set({ thresholdReported: percent })
    .where(and(eq(spendTotals.holder, holder), eq(spendTotals.month, month), lt(spendTotals.thresholdReported, percent)))
    .returning({ holder: spendTotals.holder });
  return rows.length === 1;
}

/**
 * The credits at which the next threshold above `alreadyReported` is reached, or null when none is
 * left: a lease never reaches it, so the spend that crosses it is a transaction that reports it.
 */
export function nextThresholdCredits(limit: number, alreadyReported: number): number | null {
  for (const percent of THRESHOLDS) if (percent > alreadyReported) return Math.floor((percent * limit + 99) / 100);
  return null;
}

/** The budget holder whose total moved: its spend_totals key and month, whose limit it is, and that limit. */
export interface ThresholdHolder {
  holder: string;
  month: string;
  subject: "client" | "account";
  accountId: string;
  clientId: string | null;
  limit: number | null;
}

/**
 * Reports the highest threshold `used` has reached for this holder, once, through the hook. Called
 * by whichever transaction moves the total past it: a charge's, or the flush of lease spending.
 */
export async function reportCrossing(tx: DbOrTx, hook: ThresholdHook | undefined, state: ThresholdHolder, used: number, alreadyReported: number, nowMs: number): Promise<ThresholdCrossing | null> {
  const percent = thresholdToReport(used, state.limit, alreadyReported);
  if (percent === null || !(await markThresholdReported(tx, state.holder, state.month, percent))) return null;
  const crossing: ThresholdCrossing = { subject: state.subject, accountId: state.accountId, clientId: state.subject === "client" ? state.clientId : null, month: state.month, percent, usedCredits: used, limitCredits: state.limit! };
  if (hook) await hook(tx, crossing, nowMs);
  return crossing;
}
