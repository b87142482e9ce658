// The usage record's writes (spec 6.5): every statement that adds calls and credits to a day, or
// takes refunded credits back from it, goes through here, and changes usage_monthly with the same
// amounts in the same transaction — so the monthly rollup GET /v1/usage reads always equals the sum
// of the month's daily rows. Callers pass the transaction they already hold.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../store/open-store.ts";
import type { Budget } from "./payer.ts";

export interface UsageKey {
  accountId: string;
  /** '' for the web app's own session. */
  clientId: string;
  budget: Budget;
  day: string;
  operation: string;
}

/** "2026-11" from "2026-11-02": the rollup's month of a day. */
export const monthOfDay = (day: string) => day.slice(0, 7);

/** Adds `calls` and `credits` to the day's row and to its month's. */
export async function addUsage(tx: DbOrTx, key: UsageKey, calls: number, credits: number): Promise<void> {
  await tx.run(sql`
    INSERT INTO usage_daily (account_id, client_id, budget, day, operation, calls, credits) VALUES (${key.accountId}, ${key.clientId}, ${key.budget}, ${key.day}, ${key.operation}, ${calls}, ${credits})
    ON CONFLICT (account_id, client_id, budget, day, operation) DO UPDATE SET calls = usage_daily.calls + excluded.calls, credits = usage_daily.credits + excluded.credits`);
  await tx.run(sql`
    INSERT INTO usage_monthly (account_id, budget, month, client_id, operation, calls, credits) VALUES (${key.accountId}, ${key.budget}, ${monthOfDay(key.day)}, ${key.clientId}, ${key.operation}, ${calls}, ${credits})
    ON CONFLICT (account_id, budget, month, client_id, operation) DO UPDATE SET calls = usage_monthly.calls + excluded.calls, credits = usage_monthly.credits + excluded.credits`);
}

/**
 * Takes refunded credits back from the day's row and its month's; the calls stay counted (they were
 * made). The month gives back what the day gave back, so the two never drift apart.
 */
export async function takeBackCredits(tx: DbOrTx, key: UsageKey, credits: number): Promise<void> {
  const day = sql`account_id = ${key.accountId} AND client_id = ${key.clientId} AND budget = ${key.budget} AND day = ${key.day} AND operation = ${key.operation}`;
  // The month first, by what the day still holds: the day's own update below clamps at 0.
  await tx.run(sql`
    UPDATE usage_monthly SET credits = max(credits - coalesce((SELECT min(${credits}, credits) FROM usage_daily WHERE ${day}), 0), 0)
    WHERE account_id = ${key.accountId} AND budget = ${key.budget} AND month = ${monthOfDay(key.day)} AND client_id = ${key.clientId} AND operation = ${key.operation}`);
  await tx.run(sql`UPDATE usage_daily SET credits = max(credits - ${credits}, 0) WHERE ${day}`);
}
