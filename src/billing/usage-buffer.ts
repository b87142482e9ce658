// Counting calls that cost nothing (spec 6.5: every /v1/ call, feed call, stream opened…) without
// a write per request. A write per GET would take the store's single writer on every read-only
// call and, in WAL mode, make the next read re-fetch its pages; measured, that alone added ~45 µs
// (over 20 %) to an authenticated request (scripts/bench/billing.ts). So such calls are summed in
// memory per (account, client, budget, day, operation) and written in one transaction every
// FLUSH_MS, and before anything reads the usage record in this process.
//
// Nothing is decided from this memory: a free call spends nothing, and whether a metered call may
// run at all is read from the store on every call. What a crash can lose is at most FLUSH_MS of
// free-call counts; a graceful stop calls flushUsage() before closing the store.
import type { Store } from "../store/open-store.ts";
import type { Budget } from "./payer.ts";

export const FLUSH_MS = 250;
/** Flush early when this many distinct rows are waiting, so memory stays bounded under load. */
export const MAX_PENDING_ROWS = 500;

interface PendingRow {
  accountId: string;
  clientId: string;
  budget: Budget;
  day: string;
  operation: string;
  calls: number;
}

const UPSERT = `
  INSERT INTO usage_daily (account_id, client_id, budget, day, operation, calls, credits) VALUES (?, ?, ?, ?, ?, ?, 0)
  ON CONFLICT (account_id, client_id, budget, day, operation) DO UPDATE SET calls = usage_daily.calls + excluded.calls`;

export class UsageBuffer {
  private pending = new Map<string, PendingRow>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> = Promise.resolve();
  /** The last write failed: wait for the retry timer instead of writing early on every call. */
  private failing = false;

  constructor(
    private readonly client: Store["client"],
    private readonly onError: (error: unknown) => void = () => {},
    private readonly flushMs = FLUSH_MS,
  ) {}

  add(row: Omit<PendingRow, "calls">): void {
    this.merge({ ...row, calls: 1 });
    this.schedule();
  }

  /** Calls counted here and not yet written (for tests and diagnostics). */
  pendingCalls(): number {
    let n = 0;
    for (const row of this.pending.values()) n += row.calls;
    return n;
  }

  /**
   * Writes everything counted so far, in one transaction; resolves once it is in the store (and
   * after any flush already under way). On failure the counts are put back for the next flush,
   * unless the store has been closed (then nothing can be written any more).
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    const previous = this.inFlight;
    const write = (async () => {
      await previous.catch(() => {});
      if (rows.length === 0 || this.client.closed) return;
      try {
        await this.client.batch(rows.map((r) => ({ sql: UPSERT, args: [r.accountId, r.clientId, r.budget, r.day, r.operation, r.calls] })), "write");
        this.failing = false;
      } catch (error) {
        if (this.client.closed) return;
        this.failing = true;
        for (const r of rows) this.merge(r);
        this.retryLater(); // never at once: a failing store must not be hammered in a loop
        throw error;
      }
    })();
    this.inFlight = write;
    return write;
  }

  private merge(row: PendingRow): void {
    const key = `${row.accountId}\u0000${row.clientId}\u0000${row.budget}\u0000${row.day}\u0000${row.operation}`;
    const found = this.pending.get(key);
    if (found) found.calls += row.calls;
    else this.pending.set(key, { ...row });
  }

  private schedule(): void {
    if (this.pending.size >= MAX_PENDING_ROWS && !this.failing) void this.flushInBackground();
    else this.retryLater();
  }

  private retryLater(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flushInBackground(), this.flushMs);
    this.timer.unref?.();
  }

  private async flushInBackground(): Promise<void> {
    try {
      await this.flush();
    } catch (error) {
      this.onError(error);
    }
  }
}

// One buffer per store (per app): keyed weakly, so a closed and dropped store takes its buffer along.
const buffers = new WeakMap<object, UsageBuffer>();

export function usageBuffer(store: Pick<Store, "client">, onError?: (error: unknown) => void): UsageBuffer {
  let buffer = buffers.get(store.client);
  if (!buffer) buffers.set(store.client, (buffer = new UsageBuffer(store.client, onError)));
  return buffer;
}

/** Writes this process's pending free-call counts; call before reading usage and before closing the store. */
export async function flushUsage(store: Pick<Store, "client">): Promise<void> {
  await buffers.get(store.client)?.flush();
}
