// What this process has counted and spent but not yet written, and the credit leases it holds.
//
// A write per call costs more than a whole authenticated /v1/ request (measured: ~40 µs of commit
// against a ~25 µs route, scripts/bench/billing.ts), so calls are counted in memory per (account,
// client, budget, day, operation), and credits spent from a lease (credit-leases.ts) are summed per
// budget holder. Every FLUSH_MS // one write transaction adds them to usage_daily, usage_monthly and spend_totals, moves the spent credits out of
// the lease rows, renews the leases still in use, releases the idle ones, and reports spending-limit
// thresholds crossed on the way.
//
// Reading the usage record in this process needs no write: a report reads the store and adds what
// this process still holds (pendingUsage, HolderState.pending) under read(), while every move of
// counts from memory to the store (a flush, an exact spend) runs under move() — the two exclude
// each other, so a count is never seen twice nor missed. Other processes' counts reach the store
// within their FLUSH_MS.
//
// What a crash can lose: at most FLUSH_MS of counts and of spending from leases (never more credits
// than were reserved, so never an overspend), and the lease's unspent credits stay reserved until
// the lease expires (LEASE_TTL_MS). A graceful stop calls release() before closing the store. The composition root makes one
// ledger per process and passes it to everything that charges.
import { sql } from "drizzle-orm";
import { MoveGate } from "./move-gate.ts";
import type { Clock } from "../lib/clock.ts";
import type { DbOrTx, Store } from "../store/open-store.ts";
import { PayerSettingsCache } from "./payer-settings.ts";
import type { Budget } from "./payer.ts";
import { monthOf } from "./periods.ts";
import { reportCrossing, type ThresholdHook } from "./thresholds.ts";
import { addUsage, monthOfDay, type UsageKey } from "./usage-rows.ts";

export type { UsageKey };

export const FLUSH_MS = 250;
/** Flush early when this many distinct rows are waiting, so memory stays bounded under load. */
export const MAX_PENDING_ROWS = 500;
/** Slots kept at most (one per active payer, operation and day); beyond, they are made afresh. */
const MAX_SLOTS = 10_000;
/** How long a lease row counts against a budget unless its process renews it (each flush does). */
export const LEASE_TTL_MS = 10_000;

interface UsageRow extends UsageKey {
  calls: number;
  credits: number;
}

/** This process's view of one budget holder's month: its lease and its spending not yet written. */
export interface HolderState {
  holder: string;
  month: string;
  /** For thresholds reported at flush: whose limit it is. */
  subject: "client" | "account";
  accountId: string;
  clientId: string | null;
  reportsThresholds: boolean;
  /** The limit the lease was granted under; a call that finds another limit goes to the store. */
  limit: number | null;
  /** Credits of the lease not yet spent. */
  remaining: number;
  /** Credits spent (from the lease, or on a holder without a limit) and not yet in spend_totals. */
  pending: number;
  /** When the lease row expires in the store; 0 when this process holds no lease row. */
  expiresAt: number;
  /** Spent from since the last flush; an idle lease is released. */
  used: boolean;
  /** Counts the leases granted, so a flush does not end a lease granted while it was writing. */
  grants: number;
  /** A spending transaction for this holder is under way: calls wait for it (credit-leases.ts). */
  busy: Promise<void> | null;
}

/** One payer's calls of one operation on one day: its budget holders and its usage row. */
export interface ChargeSlot {
  states: HolderState[];
  /** The states' holder keys, frozen: every receipt of the slot shares it. */
  holders: readonly string[];
  usage: UsageKey;
  usageKey: string;
}

export interface PendingLedgerDeps {
  store: Pick<Store, "db" | "client">;
  clock: Clock;
  onUsageThreshold?: ThresholdHook;
  onError?: (error: unknown) => void;
}

export const usageKey = (k: UsageKey) => `${k.accountId}\u0000${k.clientId}\u0000${k.budget}\u0000${k.day}\u0000${k.operation}`;
const stateKey = (holder: string, month: string) => `${holder}\u0000${month}`;

/** What one flush writes for a holder. */
interface HolderWrite {
  state: HolderState;
  spent: number;
  /** Unspent lease credits given back (the whole remainder, when the lease is released). */
  released: number;
  /** The lease's new expiry, or null when it is released (or there is none). */
  renewTo: number | null;
  /** state.grants when taken: a lease granted since then is not this write's to end. */
  grants: number;
}

export class PendingLedger {
  /** Names this process's lease rows. */
  readonly lessee = crypto.randomUUID();
  /** The payers' settings this process read last (payer-settings.ts). */
  readonly payers = new PayerSettingsCache();
  /** Reports of the usage record against moves of counts into the store (see the top of this file). */
  readonly gate = new MoveGate();
  private usage = new Map<string, UsageRow>();
  private readonly holders = new Map<string, HolderState>();
  /** Payer, day and operation → their slot; emptied whenever a state is dropped. */
  private readonly slots = new Map<string, ChargeSlot>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> = Promise.resolve();
  /** The last write failed: wait for the retry timer instead of writing early on every call. */
  private failing = false;

  constructor(
    private readonly deps: PendingLedgerDeps,
    private readonly flushMs = FLUSH_MS,
  ) {}

  /** Counts one call and the credits it spent without a write of its own. */
  count(key: UsageKey, credits: number): void {
    this.addUsage(usageKey(key), key, 1, credits);
    this.schedule();
  }

  /** Takes back credits counted here and not yet written; false when they were written already. */
  uncount(key: UsageKey, credits: number): boolean {
    const row = this.usage.get(usageKey(key));
    if (!row || row.credits < credits) return false;
    row.credits -= credits;
    return true;
  }

  /** What every call of one payer, day and operation shares, made once: one lookup per call. */
  slot(key: string, make: () => ChargeSlot): ChargeSlot {
    let slot = this.slots.get(key);
    if (!slot) {
      if (this.slots.size >= MAX_SLOTS) this.slots.clear(); // bounded: yesterday's slots go too
      this.slots.set(key, (slot = make()));
    }
    return slot;
  }

  /** count() for a slot's payer and operation: its row key is made once, not on every call. */
  countIn(slot: ChargeSlot, credits: number): void {
    this.addUsage(slot.usageKey, slot.usage, 1, credits);
    this.schedule();
  }

  /** Records usage.threshold_reached inside the transaction that crossed it (thresholds.ts). */
  get onUsageThreshold(): ThresholdHook | undefined {
    return this.deps.onUsageThreshold;
  }

  /** Writes everything pending and gives back every lease; call before closing the store. */
  release(): Promise<void> {
    return this.flush({ release: true });
  }

  holder(holder: string, month: string): HolderState | undefined {
    return this.holders.get(stateKey(holder, month));
  }

  /** The holder's state, created empty (no lease) on first use. */
  holderState(init: Pick<HolderState, "holder" | "month" | "subject" | "accountId" | "clientId">): HolderState {
    const key = stateKey(init.holder, init.month);
    let state = this.holders.get(key);
    if (!state) this.holders.set(key, (state = { ...init, reportsThresholds: false, limit: null, remaining: 0, pending: 0, expiresAt: 0, used: false, grants: 0, busy: null }));
    return state;
  }

  /**
   * Calls and credits counted here and not yet written, by operation, for one budget of an
   * account's month (optionally one client's). Exact only under gate.read().
   */
  pendingUsage(filter: { accountId: string; budget: Budget; month: string; clientId?: string }): Map<string, { calls: number; credits: number }> {
    const byOperation = new Map<string, { calls: number; credits: number }>();
    for (const row of this.usage.values()) {
      if (row.accountId !== filter.accountId || row.budget !== filter.budget || monthOfDay(row.day) !== filter.month) continue;
      if (filter.clientId !== undefined && row.clientId !== filter.clientId) continue;
      const sum = byOperation.get(row.operation);
      if (sum) {
        sum.calls += row.calls;
        sum.credits += row.credits;
      } else byOperation.set(row.operation, { calls: row.calls, credits: row.credits });
    }
    return byOperation;
  }

  /** Calls counted and not yet written (for tests and diagnostics). */
  pendingCalls(): number {
    let n = 0;
    for (const row of this.usage.values()) n += row.calls;
    return n;
  }

  /** Calls the writer after spending from a lease, so the spending is written within FLUSH_MS. */
  schedule(): void {
    if (this.usage.size >= MAX_PENDING_ROWS && !this.failing) void this.flushInBackground();
    else this.retryLater();
  }

  /**
   * Writes everything counted and spent so far in one transaction; with `release`, gives back every
   * lease (a graceful stop). Resolves once it is in the store (and after any flush already under
   * way). On failure the counts and spending are kept for the next flush, unless the store is closed.
   */
  flush(options: { release?: boolean } = {}): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const previous = this.inFlight;
    const write = (async () => {
      await previous.catch(() => {});
      await this.gate.move(() => this.write(options.release === true));
    })();
    this.inFlight = write;
    return write;
  }

  /** One flush's write: takes what is pending and writes it in one transaction. */
  private async write(releaseAll: boolean): Promise<void> {
    const nowMs = this.deps.clock.now();
    const rows = [...this.usage.values()];
    this.usage = new Map();
    const writes = this.takeHolderWrites(nowMs, releaseAll);
    if (rows.length === 0 && writes.length === 0) return;
    if (this.deps.store.client.closed) return;
    try {
      await this.deps.store.db.transaction(async (tx) => {
        for (const row of rows) await addUsage(tx, row, row.calls, row.credits);
        for (const w of writes) await this.writeHolder(tx, w, nowMs);
      });
      this.failing = false;
    } catch (error) {
      if (this.deps.store.client.closed) return;
      this.failing = true;
      for (const row of rows) this.addUsage(usageKey(row), row, row.calls, row.credits);
      for (const w of writes) w.state.pending += w.spent; // released credits stay reserved in the store until the row expires
      this.retryLater(); // never at once: a failing store must not be hammered in a loop
      throw error;
    }
    for (const w of writes) {
      if (w.renewTo !== null) w.state.expiresAt = Math.max(w.state.expiresAt, w.renewTo);
      else if (w.state.grants === w.grants) w.state.expiresAt = 0;
    }
    this.forgetIdleHolders();
    if (this.holdsLeases()) this.retryLater(); // renew or release them at the next flush
  }

  /** Takes every holder's pending spending, and releases idle leases (all of them with `release`). */
  private takeHolderWrites(nowMs: number, releaseAll: boolean): HolderWrite[] {
    const writes: HolderWrite[] = [];
    const month = monthOf(nowMs);
    for (const state of this.holders.values()) {
      if (state.busy) continue; // its spending transaction writes what it takes
      const hasLease = state.expiresAt > 0;
      if (state.pending === 0 && !hasLease) continue;
      const release = hasLease && (releaseAll || !state.used || state.month !== month);
      const w: HolderWrite = { state, spent: state.pending, released: release ? state.remaining : 0, renewTo: hasLease && !release ? nowMs + LEASE_TTL_MS : null, grants: state.grants };
      state.pending = 0;
      if (release) state.remaining = 0;
      state.used = false;
      writes.push(w);
    }
    return writes;
  }

  /** Moves spent credits from the lease row to spend_totals, and reports any threshold crossed. */
  private async writeHolder(tx: DbOrTx, w: HolderWrite, nowMs: number): Promise<void> {
    const { state } = w;
    if (w.spent > 0) {
      const [total] = await tx.all<{ credits: number; threshold_reported: number }>(sql`
        INSERT INTO spend_totals (holder, month, credits, threshold_reported, updated_at) VALUES (${state.holder}, ${state.month}, ${w.spent}, 0, ${nowMs})
        ON CONFLICT (holder, month) DO UPDATE SET credits = spend_totals.credits + excluded.credits, updated_at = excluded.updated_at
        RETURNING credits, threshold_reported`);
      if (state.reportsThresholds && total) await reportCrossing(tx, this.deps.onUsageThreshold, state, total.credits, total.threshold_reported, nowMs);
    }
    // Relative updates only: a spending transaction may have granted this process a new lease on
    // the same row since these amounts were taken, and that grant must survive this write.
    const mine = sql`holder = ${state.holder} AND month = ${state.month} AND lessee = ${this.lessee}`;
    const taken = w.spent + w.released;
    if (w.renewTo !== null) await tx.run(sql`UPDATE spend_leases SET credits = max(credits - ${taken}, 0), expires_at = max(expires_at, ${w.renewTo}) WHERE ${mine}`);
    else if (taken > 0) await tx.run(sql`UPDATE spend_leases SET credits = max(credits - ${taken}, 0) WHERE ${mine}`);
    await tx.run(sql`DELETE FROM spend_leases WHERE ${mine} AND credits <= 0`);
  }

  private holdsLeases(): boolean {
    for (const s of this.holders.values()) if (s.expiresAt > 0 || s.pending > 0) return true;
    return false;
  }

  /** Holders with nothing pending and no lease are dropped, so memory follows the active payers. */
  private forgetIdleHolders(): void {
    for (const [key, s] of this.holders) {
      if (s.busy || s.pending > 0 || s.expiresAt > 0) continue;
      this.holders.delete(key);
      this.slots.clear(); // no slot may keep a state the flush no longer sees
    }
  }

  private addUsage(key: string, row: UsageKey, calls: number, credits: number): void {
    const found = this.usage.get(key);
    if (found) {
      found.calls += calls;
      found.credits += credits;
    } else this.usage.set(key, { accountId: row.accountId, clientId: row.clientId, budget: row.budget, day: row.day, operation: row.operation, calls, credits });
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
