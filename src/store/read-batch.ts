// Shared read transactions for the embedded store's hottest reads (Store.read). Outside a
// transaction every SELECT is its own read transaction, and on a WAL file starting one costs more
// than the read: a shared lock taken and dropped on the database file (two fcntl calls and an fstat,
// measured 1.5–2 µs of a 2.1 µs point read; 0.3 µs inside a transaction). So the reads that arrive
// in the same event-loop turn — concurrent requests' token lookups — run in one read transaction.
//
// Freshness is exactly that of running each read at once: the transaction starts after every read
// in it was asked for, so each sees every commit that happened before it was asked (and a caller's
// own earlier writes). Nothing is written here, so nothing can be half-done.
//
// Tried and measured slower (wrk -c64, server CPU per request against raw Bun.serve): answering each
// read at once, in a read transaction opened by a turn's first read and ended at setImmediate (~60
// reads shared one; ~1 µs a read). The answer then leaves in the request's own turn, yet a /v1 call
// with the token's read cost 1.65 → 1.95× raw's µs and a feed page 3.6 → 4.8×, while the same change
// in a bare Elysia app over bun:sqlite was neutral. Each read on its own, under load: ~10 µs.
// Also tried: a /v1 route's own read (a plan's row by the id in its path) in the same readAll as
// the token's, saving the route its round here: GET /v1/lesson-plans/{id} stayed at ~28–31 µs CPU
// in process (scripts/bench/plan-read-cpu.ts) and 0.18 of raw Bun.serve under wrk. A second round
// costs ~2 µs in process (the doorway's tiny answer 10.2 µs, with one indexed read 12.4 µs); the
// plan's cost is its 15 KB answer: SQLite's read of the blob (~3 µs alone, more under load) and
// writing it out.
import type { Database } from "bun:sqlite";
import type { AsyncMutex } from "./async-mutex.ts";
import { runControl, valuesOn } from "./sqlite-statements.ts";

interface QueuedRead {
  /** One statement, or several answered together (readAll). */
  statements: readonly { sql: string; args: readonly unknown[] }[];
  resolve: (rows: unknown[][][]) => void;
  reject: (error: unknown) => void;
}

export class ReadBatch {
  private pending: QueuedRead[] = [];
  private scheduled = false;

  /**
   * `writer` serves when no write holds it (its page cache is warm after its own commits, where the
   * reader's is dropped after each of them); otherwise `reader`, which in WAL mode never sees
   * another transaction's uncommitted rows. With no reader (`:memory:`) the batch waits its turn.
   */
  constructor(
    private readonly writer: Database,
    private readonly reader: Database | null,
    private readonly mutex: AsyncMutex,
  ) {}

  read(sql: string, args: readonly unknown[]): Promise<unknown[][]> {
    return new Promise((resolve, reject) => this.enqueue({ statements: [{ sql, args }], resolve: (results) => resolve(results[0]!), reject }));
  }

  /** Several SELECTs answered from one snapshot: they run one after the other in the same transaction. */
  readAll(statements: readonly { sql: string; args: readonly unknown[] }[]): Promise<unknown[][][]> {
    return new Promise((resolve, reject) => this.enqueue({ statements, resolve, reject }));
  }

  private enqueue(read: QueuedRead): void {
    this.pending.push(read);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (!this.mutex.isLocked) this.runOn(this.writer, batch);
    else if (this.reader) this.runOn(this.reader, batch);
    else void this.mutex.run(() => this.runOn(this.writer, batch));
  }

  private runOn(db: Database, batch: QueuedRead[]): void {
    // One statement alone gains nothing from a transaction around it.
    const shared = batch.length > 1 || batch[0]!.statements.length > 1;
    try {
      if (shared) runControl(db, "BEGIN DEFERRED");
    } catch (error) {
      for (const read of batch) read.reject(error);
      return;
    }
    try {
      for (const read of batch) {
        try {
          read.resolve(read.statements.map(({ sql, args }) => valuesOn(db, sql, args)));
        } catch (error) {
          read.reject(error);
        }
      }
    } finally {
      if (shared && db.inTransaction) runControl(db, "COMMIT");
    }
  }
}
