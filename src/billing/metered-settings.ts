// Metered usage billing settings (spec 5.6.3–4, issue 5 rule 5): activation and the monthly
// spending limits of the account and of each metered client. Only the account's owner changes
// them from the web app; the operator with `parla admin metered activate` and `… deactivate`.
import { and, eq } from "drizzle-orm";
import { accounts } from "../accounts/schema.ts";
import { clients } from "../clients/schema.ts";
import type { DbOrTx } from "../store/open-store.ts";
import type { SettingsTarget } from "./plans.ts";
import { monthOf } from "./periods.ts";
import { spendTotals } from "./schema.ts";
import { holderKey } from "./service.ts";

/** Who asks: the operator (CLI, trusted) or a signed-in user, who must own the account. */
export type Actor = { kind: "operator" } | { kind: "user"; userId: string };

export type SettingResult = { ok: true } | { ok: false; status: 400 | 403 | 404; field: string; reason: string };

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

function checkLimit(limit: number | null): SettingResult | null {
  if (limit === null) return null;
  if (!Number.isInteger(limit) || limit < 0) return { ok: false, status: 400, field: "spend_limit_credits", reason: "the spending limit must be a whole number of credits, 0 or more" };
  if (limit > SPEND_LIMIT_MAX) return { ok: false, status: 400, field: "spend_limit_credits", reason: `the spending limit can be at most ${SPEND_LIMIT_MAX} credits` };
  return null;
}

export interface MeteredSettings {
  active: boolean;
  accountLimit: number | null;
}

/** The account's settings after checking that the actor may change them, or why not. */
async function ownedAccount(db: DbOrTx, accountId: string, actor: Actor): Promise<{ ok: true; settings: MeteredSettings } | Extract<SettingResult, { ok: false }>> {
  const [row] = await db.select({ owner: accounts.ownerUserId, active: accounts.meteredActive, accountLimit: accounts.meteredSpendLimitCredits }).from(accounts).where(eq(accounts.id, accountId));
  if (!row) return { ok: false, status: 404, field: "account", reason: "no such account" };
  if (actor.kind === "user" && actor.userId !== row.owner) {
    return { ok: false, status: 403, field: "account", reason: "only the account's owner can change usage billing and spending limits" };
  }
  return { ok: true, settings: { active: row.active, accountLimit: row.accountLimit } };
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
export async function setMeteredActive(target: SettingsTarget, nowMs: number, accountId: string, actor: Actor, active: boolean, limit?: number | null): Promise<SettingResult> {
  const bad = limit === undefined ? null : checkLimit(limit);
  if (bad) return bad;
  const result = await target.store.db.transaction(async (tx): Promise<SettingResult> => {
    const owned = await ownedAccount(tx, accountId, actor);
    if (!owned.ok) return owned;
    await tx.update(accounts).set(limit === undefined ? { meteredActive: active } : { meteredActive: active, meteredSpendLimitCredits: limit }).where(eq(accounts.id, accountId));
    if (limit !== undefined && limit !== owned.settings.accountLimit) await restartThresholds(tx, holderKey.accountMetered(accountId), nowMs);
    return { ok: true } as const;
  });
  // This process applies the change to its next call; others within SETTINGS_TTL_MS.
  if (result.ok) target.ledger?.payers.forget(accountId);
  return result;
}

/** The monthly limit for all metered clients of the account together (null: none). */
export async function setAccountSpendLimit(target: SettingsTarget, nowMs: number, accountId: string, actor: Actor, limit: number | null): Promise<SettingResult> {
  const bad = checkLimit(limit);
  if (bad) return bad;
  const result = await target.store.db.transaction(async (tx): Promise<SettingResult> => {
    const owned = await ownedAccount(tx, accountId, actor);
    if (!owned.ok) return owned;
    if (limit === owned.settings.accountLimit) return { ok: true } as const;
    await tx.update(accounts).set({ meteredSpendLimitCredits: limit }).where(eq(accounts.id, accountId));
    await restartThresholds(tx, holderKey.accountMetered(accountId), nowMs);
    return { ok: true } as const;
  });
  // This process applies the change to its next call; others within SETTINGS_TTL_MS.
  if (result.ok) target.ledger?.payers.forget(accountId);
  return result;
}

/** One metered client's monthly limit (null: none). Allowance clients have no spending limit. */
export async function setMeteredClientLimit(target: SettingsTarget, nowMs: number, accountId: string, actor: Actor, clientId: string, limit: number | null): Promise<SettingResult> {
  const bad = checkLimit(limit);
  if (bad) return bad;
  const result = await target.store.db.transaction(async (tx): Promise<SettingResult> => {
    const owned = await ownedAccount(tx, accountId, actor);
    if (!owned.ok) return owned;
    const [client] = await tx.select({ mode: clients.billingMode, limit: clients.spendLimitCredits }).from(clients).where(and(eq(clients.id, clientId), eq(clients.accountId, accountId)));
    if (!client) return { ok: false, status: 404, field: "client", reason: "no such client" } as const;
    if (client.mode !== "metered") return { ok: false, status: 400, field: "spend_limit_credits", reason: "spending limits apply to metered clients; an allowance client spends the account's allowance" } as const;
    if (client.limit === limit) return { ok: true } as const;
    await tx.update(clients).set({ spendLimitCredits: limit }).where(and(eq(clients.id, clientId), eq(clients.accountId, accountId)));
    await restartThresholds(tx, holderKey.clientMetered(clientId), nowMs);
    return { ok: true } as const;
  });
  // This process applies the change to its next call; others within SETTINGS_TTL_MS.
  if (result.ok) target.ledger?.payers.forget(accountId);
  return result;
}

export async function meteredSettings(db: DbOrTx, accountId: string): Promise<MeteredSettings | null> {
  const [row] = await db.select({ active: accounts.meteredActive, accountLimit: accounts.meteredSpendLimitCredits }).from(accounts).where(eq(accounts.id, accountId));
  return row ?? null;
}
