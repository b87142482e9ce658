// Plain SQL for the few statements on a hot path: building a drizzle query costs more than running
// it (store/prepared.ts), and opening a drizzle transaction builds a query builder per table, so
// these go straight to the libSQL client — the embedded store's or a libSQL server's, the same
// `execute({ sql, args })` either way.
import type { Client, InStatement, ResultSet, Transaction } from "@libsql/client";
import { SQLiteTransaction } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "./open-store.ts";

/** What runs plain SQL: the store's client, or a libSQL transaction. */
export interface SqlExecutor {
  execute(statement: InStatement): Promise<ResultSet>;
}

/** A drizzle handle (database or transaction) or a plain libSQL one: what shared hooks accept. */
export type SqlHandle = DbOrTx | SqlExecutor;

/**
 * The executor under a handle. A drizzle transaction over libSQL keeps its libSQL transaction as
 * `session.tx` (drizzle-orm/libsql/session.js); statements sent there run inside it.
 */
export function executorOf(db: SqlHandle): SqlExecutor {
  if ("$client" in db) return (db as { $client: Client }).$client;
  if (db instanceof SQLiteTransaction) {
    const tx = (db as unknown as { session?: { tx?: SqlExecutor } }).session?.tx;
    if (!tx) throw new Error("not a drizzle transaction over libSQL");
    return tx;
  }
  return db as SqlExecutor;
}

/** Runs `work` in a write transaction on the client: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(client: Client, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const tx = await client.transaction("write");
  try {
    const result = await work(tx);
    await tx.commit();
    return result;
  } catch (error) {
    if (!tx.closed) await tx.rollback().catch(() => {});
    throw error;
  } finally {
    tx.close();
  }
}
