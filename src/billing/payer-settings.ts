// What decides whether a payer's call may run and spend: the account's plan (its allowance) or, for
// a metered client, whether usage billing is active and the client's and account's monthly limits.
// Read from the store at most once per SETTINGS_TTL_MS per payer instead of on every call: that read
// was the largest part of the per-call accounting (scripts/bench/billing.ts). A change made in this process is
// seen at once (the setters call PayerSettingsCache.forget); one made by another process sharing the store
// within SETTINGS_TTL_MS. Nothing here can overspend: credits are only ever spent against limits read
// inside the spending transaction (credit-leases.ts).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../store/open-store.ts";
import type { Plan } from "./plans.ts";
import type { Payer } from "./payer.ts";

export const SETTINGS_TTL_MS = 1_000;
/** Past this many cached payers the cache starts afresh: memory stays bounded, the cost is a re-read. */
const MAX_CACHED = 10_000;

export type PayerSettings =
  | { budget: "allowance"; plan: Plan }
  | { budget: "metered"; active: boolean; clientLimit: number | null; accountLimit: number | null };

interface Cached {
  settings: PayerSettings;
  readAt: number;
}

const payerKey = (payer: Payer) => (payer.budget === "allowance" ? "allowance" : `metered:${payer.clientId}`);

/** This process's recently read settings: account id → payer key → settings. Owned by its ledger. */
export class PayerSettingsCache {
  private readonly byAccount = new Map<string, Map<string, Cached>>();

  /** The payer's settings if they were read at most SETTINGS_TTL_MS ago (by the clock), else null. */
  cached(nowMs: number, payer: Payer): PayerSettings | null {
    const found = this.byAccount.get(payer.accountId)?.get(payerKey(payer));
    return found && nowMs >= found.readAt && nowMs - found.readAt < SETTINGS_TTL_MS ? found.settings : null;
  }

  /** Stores settings just read elsewhere (inside a spending transaction), so the next call uses them. */
  remember(nowMs: number, payer: Payer, settings: PayerSettings): void {
    if (this.byAccount.size >= MAX_CACHED) this.byAccount.clear();
    let byPayer = this.byAccount.get(payer.accountId);
    if (!byPayer) this.byAccount.set(payer.accountId, (byPayer = new Map()));
    byPayer.set(payerKey(payer), { settings, readAt: nowMs });
  }

  /** Called after a plan, activation or limit change of the account, so this process applies it at once. */
  forget(accountId: string): void {
    this.byAccount.delete(accountId);
  }
}

/** One read; a scalar subquery rather than a join (bun:sqlite ran joins several times slower, measured). */
export async function readPayerSettings(db: DbOrTx, payer: Payer): Promise<PayerSettings> {
  if (payer.budget === "allowance") {
    const [row] = await db.all<{ plan: Plan }>(sql`SELECT plan FROM accounts WHERE id = ${payer.accountId}`);
    if (!row) throw new Error(`charge for unknown account ${payer.accountId}`);
    return { budget: "allowance", plan: row.plan };
  }
  const [row] = await db.all<{ active: number; account_limit: number | null; client_limit: number | null }>(sql`
    SELECT a.metered_active AS active, a.metered_spend_limit_credits AS account_limit,
      (SELECT c.spend_limit_credits FROM clients c WHERE c.id = ${payer.clientId} AND c.account_id = a.id) AS client_limit
    FROM accounts a WHERE a.id = ${payer.accountId}`);
  if (!row) throw new Error(`charge for unknown account ${payer.accountId}`);
  const limit = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { budget: "metered", active: Number(row.active) === 1, clientLimit: limit(row.client_limit), accountLimit: limit(row.account_limit) };
}
