// Plans and their monthly allowance (spec 5.6): a free or paid plan per account. A change applies to
// the next call in every process: the plan is read in every spending transaction (spend.ts).
import { eq } from "drizzle-orm";
import { accounts } from "../accounts/schema.ts";
import type { Config } from "../config/config.ts";
import type { Db } from "../store/open-store.ts";

export type Plan = (typeof accounts.$inferSelect)["plan"];

export const PLANS: readonly Plan[] = ["free", "paid"];

/** Where a billing setting is changed: the store (nothing else keeps it). */
export interface SettingsTarget {
  store: { db: Db };
}

/** Puts the account on `plan`; the answer is the plan it had (for the operator's log), null when there is no such account. */
export async function setPlan(target: SettingsTarget, accountId: string, plan: Plan): Promise<{ previous: Plan } | null> {
  return target.store.db.transaction(async (tx) => {
    const [before] = await tx.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, accountId));
    if (!before) return null;
    await tx.update(accounts).set({ plan }).where(eq(accounts.id, accountId));
    return { previous: before.plan };
  });
}

/** The monthly allowance in credits that an account's plan gives (operator-configurable). */
export function allowanceCredits(config: Config, plan: Plan): number {
  return plan === "paid" ? config.paidAllowanceCredits : config.freeAllowanceCredits;
}
