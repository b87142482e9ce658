// Group commit for the embedded store. A commit costs ~40 µs here (WAL frames written, fsync at
// checkpoints) where a statement inside a transaction costs ~3 µs, so the writes and transactions
// that arrive in the same event-loop turn — concurrent requests — share one SQLite transaction.
//
// Each unit (a caller's statements, or a caller's whole interactive transaction) runs inside its own
// SAVEPOINT, in arrival order, one at a time: isolation is exactly that of running them one after
// another, and one unit's failure or rollback undoes only its own work. Nobody is told "committed"
// before the shared COMMIT has happened, so nothing is reported written that is not. If BEGIN or
// COMMIT fails, every unit of the group fails.
import type { Database } from "bun:sqlite";
import type { InArgs, InStatement, ResultSet, Transaction } from "@libsql/client";
import type { AsyncMutex } from "./async-mutex.ts";
import { normaliseStatement, noteSchemaChange, runControl, runOn, StoreError } from "./sqlite-statements.ts";

export interface QueuedStatement {
  sql: string;
  args?: InArgs;
}

type Unit =
  | { kind: "statements"; statements: QueuedStatement[]; resolve: (results: ResultSet[]) => void; reject: (error: unknown) => void }
  | { kind: "transaction"; open: (slot: GroupedTransaction) => void; reject: (error: unknown) => void };

const SAVEPOINT = "parla_group_unit";
const SAVEPOINT_SQL = `SAVEPOINT ${SAVEPOINT}`;
const RELEASE_SQL = `RELEASE ${SAVEPOINT}`;

export class GroupCommit {
  private pending: Unit[] = [];
  private scheduled = false;

  constructor(private readonly db: Database, private readonly mutex: AsyncMutex) {}

  /** Runs the statements atomically, in a transaction shared with others queued this turn. */
  statements(statements: QueuedStatement[]): Promise<ResultSet[]> {
    return new Promise((resolve, reject) => this.enqueue({ kind: "statements", statements, resolve, reject }));
  }

  /** An interactive transaction; its commit() resolves once the shared COMMIT is done. */
  transaction(): Promise<Transaction> {
    return new Promise((resolve, reject) => this.enqueue({ kind: "transaction", open: resolve, reject }));
  }

  private enqueue(unit: Unit): void {
    this.pending.push(unit);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const group = this.pending;
    this.pending = [];
    let release: () => void;
    try {
      release = await this.mutex.acquire();
    } catch (error) {
      for (const unit of group) unit.reject(error);
      return;
    }
    try {
      await this.commitGroup(group);
    } finally {
      release();
    }
  }

  private async commitGroup(group: Unit[]): Promise<void> {
    const db = this.db;
    /** What to tell each unit once the COMMIT succeeded, or failed. */
    const onCommit: Array<() => void> = [];
    const onFailure: Array<(error: unknown) => void> = [];
    let started = 0;
    try {
      runControl(db, "BEGIN IMMEDIATE");
      for (const unit of group) {
        started++;
        if (unit.kind === "statements" && unit.statements.length === 1) {
          // One statement needs no savepoint: SQLite undoes a failed statement by itself and keeps
          // the transaction open (its default ABORT resolution); an error that ends the whole
          // transaction (SQLITE_FULL, IOERR…) fails the group, as undoUnit does.
          const only = unit.statements[0]!;
          try {
            const result = runOn(db, only.sql, only.args);
            onCommit.push(() => unit.resolve([result]));
            onFailure.push(unit.reject);
          } catch (error) {
            if (!db.inTransaction) throw error;
            onCommit.push(() => unit.reject(error));
          }
          continue;
        }
        runControl(db, SAVEPOINT_SQL);
        if (unit.kind === "statements") {
          try {
            const results = unit.statements.map((s) => runOn(db, s.sql, s.args));
            runControl(db, RELEASE_SQL);
            onCommit.push(() => unit.resolve(results));
            onFailure.push(unit.reject);
          } catch (error) {
            undoUnit(db, error);
            onCommit.push(() => unit.reject(error));
          }
          continue;
        }
        const slot = new GroupedTransaction(db);
        unit.open(slot);
        const outcome = await slot.finished;
        if (outcome === "commit") {
          runControl(db, RELEASE_SQL);
          onCommit.push(slot.confirmCommit);
          onFailure.push(slot.failCommit);
        } else {
          undoUnit(db, null);
        }
      }
      runControl(db, "COMMIT");
    } catch (error) {
      // A store closed under a pending group (a stop racing a late write) has nothing to roll
      // back; its units fail with the original error instead of the flush throwing.
      try {
        if (db.inTransaction) runControl(db, "ROLLBACK");
      } catch {}
      for (const fail of onFailure) fail(error);
      // Units that never got their turn fail too; their callers may retry.
      for (const unit of group.slice(started)) unit.reject(error);
      return;
    }
    for (const confirm of onCommit) confirm();
  }
}

/** Rolls one unit back to its savepoint. Errors such as SQLITE_FULL end the whole transaction. */
function undoUnit(db: Database, error: unknown): void {
  if (!db.inTransaction) throw error ?? new StoreError("the group transaction ended unexpectedly", "SQLITE_ABORT");
  runControl(db, `ROLLBACK TO ${SAVEPOINT}`);
  runControl(db, RELEASE_SQL);
}

/** One caller's interactive transaction inside a group: a savepoint on the writer connection. */
class GroupedTransaction implements Transaction {
  closed = false;
  /** Resolves when the caller commits or rolls back, so the group can move on. */
  readonly finished: Promise<"commit" | "rollback">;
  private finish!: (outcome: "commit" | "rollback") => void;
  private committed: { resolve: () => void; reject: (error: unknown) => void } | null = null;

  constructor(private readonly db: Database) {
    this.finished = new Promise((resolve) => (this.finish = resolve));
  }

  async execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    this.assertOpen();
    const { sql, args: bound } = normaliseStatement(stmtOrSql, args);
    return runOn(this.db, sql, bound);
  }

  async batch(stmts: Array<InStatement | string>): Promise<ResultSet[]> {
    this.assertOpen();
    return stmts.map((s) => {
      const { sql, args } = normaliseStatement(s);
      return runOn(this.db, sql, args);
    });
  }

  async executeMultiple(sql: string): Promise<void> {
    this.assertOpen();
    try {
      this.db.run(sql);
    } finally {
      noteSchemaChange();
    }
  }

  /** Resolves only after the group's COMMIT: the caller may then report the work as done. */
  commit(): Promise<void> {
    this.assertOpen();
    this.closed = true;
    const done = new Promise<void>((resolve, reject) => (this.committed = { resolve, reject }));
    this.finish("commit");
    return done;
  }

  async rollback(): Promise<void> {
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.finish("rollback");
  }

  readonly confirmCommit = () => this.committed?.resolve();
  readonly failCommit = (error: unknown) => this.committed?.reject(error);

  private assertOpen(): void {
    if (this.closed) throw new StoreError("the transaction is closed", "TRANSACTION_CLOSED");
  }
}
