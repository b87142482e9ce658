// Metered usage billing settings (spec 5.6.3–4): activation and the monthly
// spending limits of the account and of each metered client. Only the account's owner changes
// them from the web app; the operator with `parla admin metered activate` and `… deactivate`.
import { and, eq } from "drizzle-orm";
import { accounts } from "../accounts/schema.ts";
import { clients } from "../clients/schema.ts";
import { AppError, invalidRequest } from "../lib/errors.ts";
import type { DbOrTx } from "../store/open-store.ts";
import type { SettingsTarget } from "./plans.ts";
import { monthOf } from "./periods.ts";
import { spendTotals } from "./schema.ts";
import { holderKey } from "./spend.ts";

/** Who asks: the operator (CLI, trusted) or a signed-in user, who must own the account. */
export type Actor = { kind: "operator" } | { kind: "user"; userId: string };

/** The highest limit accepted: far above any real month, still an exact integer in SQLite and JS. */
export const SPEND_LIMIT_MAX = 1_000_000_000;

export type ParsedLimit = { ok: true; value: number | null } | { ok: false; reason: string };

/** A spending limit from a form or flag: empty means "no limit"; otherwise a whole number ≥ 0. */
export function parseSpendLimit(raw: string): ParsedLimit {
  const text = raw.trim();
  if (text === "") return { ok: true, value: null };
  if (/^-\s*\d/.test(text)) return { ok: false, reason: "the spending limit cannot be negative" };
  if (!/^\d+$/.test(text)) return { ok: false, reason: "the spending limit must be a whole number of credits (leave it empty for no limit)" };
  const value = Number(text);
  if (value > SPEND_LIMIT_MAX) return { ok: false, reason: `the spending limit can be at most ${SPEND_LIMIT_MAX.toLocaleString("en")} credits` };
  return { ok: true, value };
}

/** A limit the setters accept, or a 400 invalid_request naming spend_limit_credits. */
function checkLimit(limit: number | null): void {
  if (limit === null) return;
  if (!Number.isInteger(limit) || limit < 0) throw invalidRequest("the spending limit must be a whole number of credits, 0 or more", "spend_limit_credits");
  if (limit > SPEND_LIMIT_MAX) throw invalidRequest(`the spending limit can be at most ${SPEND_LIMIT_MAX} credits`, "spend_limit_credits");
}

export interface MeteredSettings {
  active: boolean;
  accountLimit: number | null;
}

/** The account's settings after checking that the actor may change them: 404 no such account, 403 not its owner. */
async function ownedAccount(db: DbOrTx, accountId: string, actor: Actor): Promise<MeteredSettings> {
  const [row] = await db.select({ owner: accounts.ownerUserId, active: accounts.meteredActive, accountLimit: accounts.meteredSpendLimitCredits }).from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw new AppError(404, "not_found", "no such account", { param: "account" });
  if (actor.kind === "user" && actor.userId !== row.owner) {
    throw new AppError(403, "forbidden", "only the account's owner can change usage billing and spending limits", { param: "account" });
  }
  return { active: row.active, accountLimit: row.accountLimit };
}

/**
 * A changed limit starts threshold reporting afresh for the month, so 50 % of a raised limit is
 * reported again and a lowered one reports where usage now stands; an unchanged one keeps its state
 * (saving the same value twice must not repeat an event).
 */
async function restartThresholds(tx: DbOrTx, holder: string, nowMs: number): Promise<void> {
  await tx.update(spendTotals).set({ thresholdReported: 0 }).where(and(eq(spendTotals.holder, holder), eq(spendTotals.month, monthOf(nowMs))));
}

/** Turns usage billing on or off; optionally sets the account's limit in the same write. */
export async function setMeteredActive(target: SettingsTarget, nowMs: number, accountId: string, actor: Actor, active: boolean, limit?: number | null): Promise<void> {
  if (limit !== undefined) checkLimit(limit);
  await target.store.db.transaction(async (tx) => {
    const owned = await ownedAccount(tx, accountId, actor);
    await tx.update(accounts).set(limit === undefined ? { meteredActive: active } : { meteredActive: active, meteredSpendLimitCredits: limit }).where(eq(accounts.id, accountId));
    if (limit !== undefined && limit !== owned.accountLimit) await restartThresholds(tx, holderKey.accountMetered(accountId), nowMs);
  });
}

/** The monthly limit for all metered clients of the account together (null: none). */
export async function setAccountSpendLimit(target: SettingsTarget, nowMs: number, accountId: string, actor: Actor, limit: number | null): Promise<void> {
  checkLimit(limit);
  await target.store.db.transaction(async (tx) => {
    const owned = await ownedAccount(tx, accountId, actor);
    if (limit === owned.accountLimit) return;
    await tx.update(accounts).set({ meteredSpendLimitCredits: limit }).where(eq(accounts.id, accountId));
    await restartThresholds(tx, holderKey.accountMetered(accountId), nowMs);
  });
}

/** One metered client's monthly limit (null: none). Allowance clients have no spending limit. */
export async function setMeteredClientLimit(target: SettingsTarget, nowMs: number, accountId: string, actor: Actor, clientId: string, limit: number | null): Promise<void> {
  checkLimit(limit);
  await target.store.db.transaction(async (tx) => {
    await ownedAccount(tx, accountId, actor);
    const [client] = await tx.select({ mode: clients.billingMode, limit: clients.spendLimitCredits }).from(clients).where(and(eq(clients.id, clientId), eq(clients.accountId, accountId)));
    if (!client) throw new AppError(404, "not_found", "no such client", { param: "client" });
    if (client.mode !== "metered") throw invalidRequest("spending limits apply to metered clients; an allowance client spends the account's allowance", "spend_limit_credits");
    if (client.limit === limit) return;
    await tx.update(clients).set({ spendLimitCredits: limit }).where(and(eq(clients.id, clientId), eq(clients.accountId, accountId)));
    await restartThresholds(tx, holderKey.clientMetered(clientId), nowMs);
  });
}

export async function meteredSettings(db: DbOrTx, accountId: string): Promise<MeteredSettings | null> {
  const [row] = await db.select({ active: accounts.meteredActive, accountLimit: accounts.meteredSpendLimitCredits }).from(accounts).where(eq(accounts.id, accountId));
  return row ?? null;
}
