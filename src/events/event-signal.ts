// One poller per process (DESIGN §4 "Feed order"): it follows the head of the events' sequence and
// hands each new batch to the open streams of the accounts it concerns, so a thousand streams cost
// one query per poll, not a thousand. Events committed by this process arrive within a few
// milliseconds (the recorder pokes the poller, which then polls fast for a moment, since the poke
// comes before the commit); events of another process sharing the database within one poll
// interval. It also drives every stream's heartbeat and lifetime from one timer.
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { Db } from "../store/open-store.ts";
import { headSeq, readAllEventsAfter, type EventRow } from "./event-reads.ts";

export interface SignalSubscriber {
  readonly accountId: string;
  /** The batch (from, to] of the sequence holds `rows`: every event of this account in it. */
  onEvents(rows: EventRow[], from: number, to: number): void;
  /** Called every tick with the clock's time (heartbeats, lifetime). */
  onTick(nowMs: number): void;
  /** The poller cannot read the store: end with an error frame. */
  onFailure(error: unknown): void;
  /** The process is stopping: end now. */
  onShutdown(): void;
}

export interface EventSignalOptions {
  db: Db;
  clock: Clock;
  log: Pick<Logger, "error" | "warn">;
  /** How often the head is read while any stream is open. */
  pollMs: number;
  /** How often heartbeats and lifetimes are checked. */
  tickMs?: number;
}

const BATCH = 1000;
/** After a poke: poll every FAST_MS for BOOST_MS (the poking transaction commits in between). */
const FAST_MS = 2;
const BOOST_MS = 200;
/** Consecutive failed polls before the streams are told (each then reconnects with its cursor). */
const FAILURES_BEFORE_ENDING = 3;

export class EventSignal {
  private readonly byAccount = new Map<string, Set<SignalSubscriber>>();
  private count = 0;
  private headSeq = 0;
  private started: Promise<void> | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private tickTimer: ReturnType<typeof setInterval> | null = null;
  private polling = false;
  private boostUntil = 0;
  private failures = 0;
  private closed = false;

  constructor(private readonly options: EventSignalOptions) {}

  /** The newest sequence number this process has dispatched. */
  get head(): number {
    return this.headSeq;
  }

  /** Open subscriptions (streams) in this process. */
  get size(): number {
    return this.count;
  }

  /** Adds a subscriber; resolves once the poller runs, so `head` is known. Returns the way out. */
  async subscribe(subscriber: SignalSubscriber): Promise<() => void> {
    if (this.closed) throw new Error("the event signal is closed");
    let set = this.byAccount.get(subscriber.accountId);
    if (!set) this.byAccount.set(subscriber.accountId, (set = new Set()));
    set.add(subscriber);
    this.count++;
    let subscribed = true;
    const unsubscribe = () => {
      if (!subscribed) return;
      subscribed = false;
      const s = this.byAccount.get(subscriber.accountId);
      if (s?.delete(subscriber)) {
        this.count--;
        if (s.size === 0) this.byAccount.delete(subscriber.accountId);
      }
      if (this.count === 0) this.stop();
    };
    try {
      await this.start();
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /** A transaction of this process is recording an event: look often until it has committed. */
  poke(): void {
    this.boostUntil = performance.now() + BOOST_MS;
    if (this.count > 0 && this.started && !this.polling) this.schedule(0);
  }

  /** Ends every stream (the process is stopping) and stops polling. */
  close(): void {
    this.closed = true;
    for (const set of [...this.byAccount.values()]) for (const subscriber of [...set]) subscriber.onShutdown();
    this.stop();
  }

  private start(): Promise<void> {
    this.started ??= (async () => {
      this.headSeq = Math.max(this.headSeq, await headSeq(this.options.db));
      if (this.count === 0) {
        this.started = null;
        return;
      }
      this.tickTimer = setInterval(() => this.tick(), this.options.tickMs ?? 250);
      this.schedule(this.options.pollMs);
    })().catch((error) => {
      this.started = null;
      throw error;
    });
    return this.started;
  }

  private stop(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.pollTimer = null;
    this.tickTimer = null;
    this.started = null;
  }

  private schedule(delayMs: number): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => void this.poll(), delayMs);
  }

  private async poll(): Promise<void> {
    this.pollTimer = null;
    if (this.count === 0 || this.polling) return;
    this.polling = true;
    try {
      for (;;) {
        const rows = await readAllEventsAfter(this.options.db, this.headSeq, BATCH);
        if (rows.length === 0) break;
        this.dispatch(rows);
        if (rows.length < BATCH) break;
      }
      this.failures = 0;
    } catch (error) {
      this.failures++;
      this.options.log.error("events.poll_failed", { error: error instanceof Error ? error.message : String(error), failures: this.failures });
      if (this.failures >= FAILURES_BEFORE_ENDING) {
        this.failures = 0;
        for (const set of [...this.byAccount.values()]) for (const subscriber of [...set]) subscriber.onFailure(error);
      }
    } finally {
      this.polling = false;
    }
    if (this.count > 0 && this.started) this.schedule(performance.now() < this.boostUntil ? FAST_MS : this.options.pollMs);
  }

  private dispatch(rows: EventRow[]): void {
    const from = this.headSeq;
    const to = rows[rows.length - 1]!.seq;
    this.headSeq = to;
    const byAccount = new Map<string, EventRow[]>();
    for (const row of rows) {
      if (!this.byAccount.has(row.accountId)) continue;
      const list = byAccount.get(row.accountId);
      if (list) list.push(row);
      else byAccount.set(row.accountId, [row]);
    }
    for (const [accountId, list] of byAccount) {
      for (const subscriber of [...(this.byAccount.get(accountId) ?? [])]) {
        try {
          subscriber.onEvents(list, from, to);
        } catch (error) {
          this.options.log.error("events.dispatch_failed", { error: error instanceof Error ? error.message : String(error) });
        }
      }
    }
  }

  private tick(): void {
    const now = this.options.clock.now();
    for (const set of [...this.byAccount.values()]) for (const subscriber of [...set]) subscriber.onTick(now);
  }
}
