// What decides whether a payer's call may run and spend: the account's plan (its allowance) or, for
// a metered client, whether usage billing is active and the client's and account's monthly limits.
// Read on every call that needs them — inside the spending transaction for a credit (spend.ts) —
// and never kept per process: a change made by any process (the CLI, another server) applies to
// the very next call everywhere.
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx, ReadStatement, Store } from "../store/open-store.ts";
import type { Plan } from "./plans.ts";
import type { Payer } from "./payer.ts";

export type PayerSettings =
  | { budget: "allowance"; plan: Plan }
  | { budget: "metered"; active: boolean; clientLimit: number | null; accountLimit: number | null };

// One read; a scalar subquery rather than a join (bun:sqlite ran joins several times slower).
const ALLOWANCE_SETTINGS = "SELECT plan FROM accounts WHERE id = ?";
const METERED_SETTINGS = `SELECT a.metered_active, a.metered_spend_limit_credits,
    (SELECT c.spend_limit_credits FROM clients c WHERE c.id = ? AND c.account_id = a.id)
  FROM accounts a WHERE a.id = ?`;

/** The settings' one statement, for a read that takes it with others (Store.readAll: the usage report). */
export function payerSettingsStatement(payer: Payer): ReadStatement {
  return payer.budget === "allowance" ? { sql: ALLOWANCE_SETTINGS, args: [payer.accountId] } : { sql: METERED_SETTINGS, args: [payer.clientId, payer.accountId] };
}

/** The settings from the rows of payerSettingsStatement (as arrays of column values). */
export function payerSettingsOf(payer: Payer, rows: readonly (readonly unknown[])[]): PayerSettings {
  const row = rows[0];
  if (!row) throw new Error(`charge for unknown account ${payer.accountId}`);
  if (payer.budget === "allowance") return { budget: "allowance", plan: row[0] as Plan };
  const limit = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { budget: "metered", active: Number(row[0]) === 1, accountLimit: limit(row[1]), clientLimit: limit(row[2]) };
}

/**
 * The settings read outside any transaction, with the reads asked for in this turn (Store.read):
 * every zero-credit call of a metered client asks (measured in process: 6.4 µs through drizzle on
 * a read transaction of its own, ~1 µs this way).
 */
export async function readPayerSettingsNow(store: Pick<Store, "read">, payer: Payer): Promise<PayerSettings> {
  const { sql: text, args } = payerSettingsStatement(payer);
  return payerSettingsOf(payer, await store.read(text, args));
}

/** The settings read on `db`, which may be the transaction that spends. */
export async function readPayerSettings(db: DbOrTx, payer: Payer): Promise<PayerSettings> {
  return payerSettingsOf(payer, await db.values<unknown[]>(positional(payerSettingsStatement(payer))));
}

/** A statement with `?` parameters (none inside its literals) as drizzle's SQL, its arguments bound in order. */
function positional({ sql: text, args }: ReadStatement): SQL {
  const [head, ...rest] = text.split("?");
  return sql.join([sql.raw(head!), ...rest.map((piece, i) => sql`${args[i]}${sql.raw(piece)}`)]);
}
