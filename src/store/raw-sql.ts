// Plain SQL for the few statements on a hot path: building a drizzle query costs more than running
// it (store/prepared.ts), so these go straight to the libSQL client — the embedded store's or a
// libSQL server's, the same `execute({ sql, args })` either way.
import type { InStatement, ResultSet } from "@libsql/client";
import type { DbOrTx } from "./open-store.ts";
import { isDb } from "./prepared.ts";

/** What runs plain SQL: the store's client, or the libSQL transaction under a drizzle one. */
export interface SqlExecutor {
  execute(statement: InStatement): Promise<ResultSet>;
}

/**
 * The executor under a drizzle handle. A drizzle transaction over libSQL keeps its libSQL
 * transaction as `session.tx` (drizzle-orm/libsql/session.js); statements sent there run inside it.
 */
export function executorOf(db: DbOrTx): SqlExecutor {
  if (isDb(db)) return db.$client;
  const tx = (db as unknown as { session?: { tx?: SqlExecutor } }).session?.tx;
  if (!tx) throw new Error("not a drizzle transaction over libSQL");
  return tx;
}
