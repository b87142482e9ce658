// The operator's view of who uses this server: users with their account and its plan, found by
// part of an e-mail address. `parla admin user list` and the operator's Accounts page read it, so
// both show the same rows (DESIGN §5: the CLI and the pages share one service).
import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../store/open-store.ts";
import { accounts, users } from "./schema.ts";

export interface DirectoryEntry {
  userId: string;
  email: string;
  accountId: string;
  plan: "free" | "paid";
  /** The account's owner (the one who may change its usage billing, spec 5.6.3). */
  owner: boolean;
  /** False while a self-service sign-up has not followed its confirmation link. */
  confirmed: boolean;
  createdAt: number;
}

/**
 * Users whose address contains `email` (case-insensitive; addresses are stored lower-case),
 * oldest first; every user when `email` is empty. `limit` caps a page's answer (the CLI lists all).
 */
export async function findUsers(db: DbOrTx, query: { email?: string }, limit?: number): Promise<DirectoryEntry[]> {
  const needle = (query.email ?? "").trim().toLowerCase();
  const select = db
    .select({ userId: users.id, email: users.email, accountId: users.accountId, plan: accounts.plan, ownerUserId: accounts.ownerUserId, unverifiedSince: users.emailUnverifiedSince, createdAt: users.createdAt })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    // instr rather than LIKE: an address may hold % or _, which LIKE would read as wildcards.
    .where(needle ? sql`instr(${users.email}, ${needle}) > 0` : undefined)
    .orderBy(asc(users.createdAt), asc(users.id));
  const rows = await (limit === undefined ? select : select.limit(limit));
  return rows.map((r) => ({ userId: r.userId, email: r.email, accountId: r.accountId, plan: r.plan, owner: r.ownerUserId === r.userId, confirmed: r.unverifiedSince === null, createdAt: r.createdAt }));
}
