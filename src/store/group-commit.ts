// Group commit for the embedded store. A commit costs ~40 µs here (WAL frames written, fsync at
// checkpoints) where a statement inside a transaction costs ~3 µs, so row changes that arrive in
// the same event-loop turn — concurrent requests — share one transaction. Each caller's statements
// run in their own SAVEPOINT, so one caller's failure (a constraint, say) rolls back only its own
// work; every caller is answered only after the shared COMMIT, so nothing is reported written that
// is not. Interactive transactions (db.transaction) do not take part: they hold the writer.
import type { Database } from "bun:sqlite";
import type { InArgs, ResultSet } from "@libsql/client";
import type { AsyncMutex } from "./async-mutex.ts";
import { runOn } from "./sqlite-statements.ts";

export interface QueuedStatement {
  sql: string;
  args?: InArgs;
}

interface Pending {
  statements: QueuedStatement[];
  resolve: (results: ResultSet[]) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly db: Database, private readonly mutex: AsyncMutex) {}

  /** Runs the statements atomically, in a transaction shared with others queued this turn. */
  add(statements: QueuedStatement[]): Promise<ResultSet[]> {
    return new Promise((resolve, reject) => {
      this.pending.push({ statements, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const group = this.pending;
    this.pending = [];
    this.mutex.run(() => this.commit(group)).catch((error) => {
      for (const item of group) item.reject(error);
    });
  }

  /** Runs under the writer lock. A failure of BEGIN or COMMIT fails the whole group. */
  private commit(group: Pending[]): void {
    const db = this.db;
    db.run("BEGIN IMMEDIATE");
    const outcomes: Array<{ ok: true; results: ResultSet[] } | { ok: false; error: unknown }> = [];
    try {
      for (const item of group) {
        db.run("SAVEPOINT group_item");
        try {
          outcomes.push({ ok: true, results: item.statements.map((s) => runOn(db, s.sql, s.args)) });
          db.run("RELEASE group_item");
        } catch (error) {
          // Errors such as SQLITE_FULL end the transaction itself; then the whole group fails.
          if (!db.inTransaction) throw error;
          db.run("ROLLBACK TO group_item");
          db.run("RELEASE group_item");
          outcomes.push({ ok: false, error });
        }
      }
      db.run("COMMIT");
    } catch (error) {
      if (db.inTransaction) db.run("ROLLBACK");
      throw error;
    }
    group.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.results);
      else item.reject(outcome.error);
    });
  }
}
