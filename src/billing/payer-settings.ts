// What decides whether a payer's call may run and spend: the account's plan (its allowance) or, for
// a metered client, whether usage billing is active and the client's and account's monthly limits.
// Read on every call that needs them — inside the spending transaction for a credit (spend.ts) —
// and never kept per process: a change made by any process (the CLI, another server) applies to
// the very next call everywhere.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../store/open-store.ts";
import type { Plan } from "./plans.ts";
import type { Payer } from "./payer.ts";

export type PayerSettings =
  | { budget: "allowance"; plan: Plan }
  | { budget: "metered"; active: boolean; clientLimit: number | null; accountLimit: number | null };

/** One read; a scalar subquery rather than a join (bun:sqlite ran joins several times slower). */
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
