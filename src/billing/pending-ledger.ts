// Calls that spend no credits (reads, feed calls, stream openings), counted in memory and written
// behind. A write per such call would cost more than the call itself (scripts/bench/billing.ts), so
// they are summed per (account, client, budget, day, operation) and written every FLUSH_MS in one
// transaction to usage_daily and usage_monthly. Credits are never counted here: a credit is written
// in the transaction of the work it pays for (spend.ts).
//
// Reading the usage record in this process needs no write: a report reads the store and adds what
// this process still holds (pendingUsage) under gate.read(), while a flush moves counts from memory
// to the store under gate.move() — the two exclude each other, so a count is never seen twice nor
// missed. Other processes' counts reach the store within their FLUSH_MS.
//
// What a crash can lose: at most FLUSH_MS of call counts, never a credit. A graceful stop calls
// release() before closing the store. The composition root makes one ledger per process.
import { MoveGate } from "./move-gate.ts";
import type { Clock } from "../lib/clock.ts";
import type { Store } from "../store/open-store.ts";
import type { Budget } from "./payer.ts";
import type { ThresholdHook } from "./thresholds.ts";
import { addUsage, monthOfDay, type UsageKey } from "./usage-rows.ts";

export type { UsageKey };

/** Call counts are at most this far behind in the store (README "Billing"). */
export const FLUSH_MS = 250;
/** Flush early when this many distinct rows are waiting, so memory stays bounded under load. */
export const MAX_PENDING_ROWS = 500;

interface UsageRow extends UsageKey {
  calls: number;
}

export interface PendingLedgerDeps {
  store: Pick<Store, "db" | "client">;
  clock: Clock;
  /** Where a spending transaction records usage.threshold_reached (spend.ts); the ledger only carries it. */
  onUsageThreshold?: ThresholdHook;
  onError?: (error: unknown) => void;
}

export const usageKey = (k: UsageKey) => `${k.accountId}\u0000${k.clientId}\u0000${k.budget}\u0000${k.day}\u0000${k.operation}`;

export class PendingLedger {
  /** Reports of the usage record against moves of counts into the store (see the top of this file). */
  readonly gate = new MoveGate();
  private usage = new Map<string, UsageRow>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> = Promise.resolve();
  /** The last write failed: wait for the retry timer instead of writing early on every call. */
  private failing = false;

  constructor(
    private readonly deps: PendingLedgerDeps,
    private readonly flushMs = FLUSH_MS,
  ) {}

  /** Records usage.threshold_reached inside the transaction that crossed it (thresholds.ts). */
  get onUsageThreshold(): ThresholdHook | undefined {
    return this.deps.onUsageThreshold;
  }

  /** Counts one call that spends no credits, without a write of its own. */
  count(key: UsageKey): void {
    const k = usageKey(key);
    const found = this.usage.get(k);
    if (found) found.calls++;
    else this.usage.set(k, { accountId: key.accountId, clientId: key.clientId, budget: key.budget, day: key.day, operation: key.operation, calls: 1 });
    this.schedule();
  }

  /** Writes every count still held; call before closing the store. */
  release(): Promise<void> {
    return this.flush();
  }

  /**
   * Calls counted here and not yet written, by operation, for one budget of an account's month
   * (optionally one client's). Exact only under gate.read().
   */
  pendingUsage(filter: { accountId: string; budget: Budget; month: string; clientId?: string }): Map<string, { calls: number; credits: number }> {
    const byOperation = new Map<string, { calls: number; credits: number }>();
    for (const row of this.usage.values()) {
      if (row.accountId !== filter.accountId || row.budget !== filter.budget || monthOfDay(row.day) !== filter.month) continue;
      if (filter.clientId !== undefined && row.clientId !== filter.clientId) continue;
      const sum = byOperation.get(row.operation);
      if (sum) sum.calls += row.calls;
      else byOperation.set(row.operation, { calls: row.calls, credits: 0 });
    }
    return byOperation;
  }

  /** Calls counted and not yet written (for tests and diagnostics). */
  pendingCalls(): number {
    let n = 0;
    for (const row of this.usage.values()) n += row.calls;
    return n;
  }

  private schedule(): void {
    if (this.usage.size >= MAX_PENDING_ROWS && !this.failing) void this.flushInBackground();
    else this.retryLater();
  }

  /**
   * Writes everything counted so far in one transaction. Resolves once it is in the store (and after
   * any flush already under way). On failure the counts are kept for the next flush, unless the
   * store is closed.
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const previous = this.inFlight;
    const write = (async () => {
      await previous.catch(() => {});
      await this.gate.move(() => this.write());
    })();
    this.inFlight = write;
    return write;
  }

  private async write(): Promise<void> {
    const rows = [...this.usage.values()];
    if (rows.length === 0 || this.deps.store.client.closed) return;
    this.usage = new Map();
    try {
      await this.deps.store.db.transaction(async (tx) => {
        for (const row of rows) await addUsage(tx, row, row.calls, 0);
      });
      this.failing = false;
    } catch (error) {
      if (this.deps.store.client.closed) return;
      this.failing = true;
      for (const row of rows) {
        const k = usageKey(row);
        const found = this.usage.get(k);
        if (found) found.calls += row.calls;
        else this.usage.set(k, row);
      }
      this.retryLater(); // never at once: a failing store must not be hammered in a loop
      throw error;
    }
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
      this.deps.onError?.(error);
    }
  }
}
