// One poller per process (DESIGN §4 "Feed order"): it follows the head of the events' sequence and
// hands each new batch to the open streams of the accounts it concerns, so a thousand streams cost
// one query per poll, not a thousand. Events committed by this process arrive within a few
// milliseconds (the recorder pokes the poller, which then polls fast for a moment, since the poke
// comes before the commit); events of another process sharing the database within one poll
// interval. It also drives every stream's heartbeat and lifetime from one timer, and keeps each
// stream's access as the store has it (DESIGN §4 "One truth": access changes reach open streams):
// - before a batch of events goes to a stream, the scopes of the stream's client are read (one read
//   for every client the batch concerns), so a narrowing committed before an event applies to it;
// - about once a second every open stream's token is read again (one read per 500 tokens, for all
//   the streams of the process), so a revoked or deleted token, a deleted client, a revoked secret
//   or a removed app ends the stream within a second, whichever process made the change.
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { Db } from "../store/open-store.ts";
import { headSeq, readAllEventsAfter, type EventRow } from "./event-reads.ts";

/** What a stream holds of its token, as the store has it now. */
export interface StreamGrant {
  /** The scopes in force: the token's, narrowed by its client's current scopes. */
  scopes: readonly string[];
  expiresAt: number;
}

/** The reads that keep open streams' access true (the oauth and clients domains answer them). */
export interface StreamAccessReads {
  /** The grants of these token keys as the store has them now; a key left out grants nothing any more. */
  grants(tokenKeys: readonly string[]): Promise<Map<string, StreamGrant>>;
  /** The current scopes of these clients; a client left out was deleted. */
  clientScopes(clientIds: readonly string[]): Promise<Map<string, readonly string[]>>;
}

export interface SignalSubscriber {
  readonly accountId: string;
  /** The token a stream was opened with and its client; null for the operators' tail, which has none. */
  readonly access: { tokenKey: string; clientId: string } | null;
  /** The token re-read: its grant, or null when it grants nothing any more. */
  onGrant(grant: StreamGrant | null): void;
  /** Its client's current scopes, read before a batch of events is handed over; null: the client is gone. */
  onClientScopes(scopes: readonly string[] | null): void;
  /**
   * The batch (from, to] of the sequence holds `rows`: every event of this account in it. `shared`
   * is one map for every subscriber of this batch, dropped after it: what they derive from the rows
   * alone (a stream's frame for a client and version) is made once, not once per stream.
   */
  onEvents(rows: EventRow[], from: number, to: number, shared: Map<string, string>): void;
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
  /** Streams' access; without it (the tail) nothing is re-read. */
  access?: StreamAccessReads;
  /** How often open streams' tokens are read again (default ACCESS_EVERY_MS). */
  accessEveryMs?: number;
}

const BATCH = 1000;
/** After a poke: poll every FAST_MS for BOOST_MS (the poking transaction commits in between). */
const FAST_MS = 2;
const BOOST_MS = 200;
/** Consecutive failed polls before the streams are told (each then reconnects with its cursor). */
const FAILURES_BEFORE_ENDING = 3;
/** Tokens re-read at most this often, so a change reaches every open stream within a second. */
export const ACCESS_EVERY_MS = 900;
/** Token keys per read of the periodic check. */
const ACCESS_KEYS_PER_READ = 500;

export class EventSignal {
  private readonly byAccount = new Map<string, Set<SignalSubscriber>>();
  private count = 0;
  private headSeq = 0;
  private started: Promise<void> | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private tickTimer: ReturnType<typeof setInterval> | null = null;
  private accessTimer: ReturnType<typeof setInterval> | null = null;
  private checkingAccess = false;
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
      if (this.options.access) this.accessTimer = setInterval(() => void this.checkAccess(), this.options.accessEveryMs ?? ACCESS_EVERY_MS);
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
    if (this.accessTimer) clearInterval(this.accessTimer);
    this.pollTimer = null;
    this.tickTimer = null;
    this.accessTimer = null;
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
        await this.refreshClientScopes(rows);
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
      const shared = new Map<string, string>();
      for (const subscriber of [...(this.byAccount.get(accountId) ?? [])]) {
        try {
          subscriber.onEvents(list, from, to, shared);
        } catch (error) {
          this.options.log.error("events.dispatch_failed", { error: error instanceof Error ? error.message : String(error) });
        }
      }
    }
  }

  /** The scopes of the clients whose streams hear of this batch, read after the batch (so never older). */
  private async refreshClientScopes(rows: EventRow[]): Promise<void> {
    const access = this.options.access;
    if (!access) return;
    const concerned: SignalSubscriber[] = [];
    const clientIds = new Set<string>();
    for (const accountId of new Set(rows.map((row) => row.accountId))) {
      for (const subscriber of this.byAccount.get(accountId) ?? []) {
        if (subscriber.access === null) continue;
        concerned.push(subscriber);
        clientIds.add(subscriber.access.clientId);
      }
    }
    if (concerned.length === 0) return;
    const scopes = await access.clientScopes([...clientIds]);
    for (const subscriber of concerned) subscriber.onClientScopes(scopes.get(subscriber.access!.clientId) ?? null);
  }

  /** Every open stream's token, read again: one read per ACCESS_KEYS_PER_READ distinct tokens. */
  private async checkAccess(): Promise<void> {
    const access = this.options.access;
    if (!access || this.checkingAccess) return;
    this.checkingAccess = true;
    try {
      const byToken = new Map<string, SignalSubscriber[]>();
      for (const set of this.byAccount.values()) {
        for (const subscriber of set) {
          if (subscriber.access === null) continue;
          const list = byToken.get(subscriber.access.tokenKey);
          if (list) list.push(subscriber);
          else byToken.set(subscriber.access.tokenKey, [subscriber]);
        }
      }
      const keys = [...byToken.keys()];
      for (let i = 0; i < keys.length; i += ACCESS_KEYS_PER_READ) {
        const chunk = keys.slice(i, i + ACCESS_KEYS_PER_READ);
        const grants = await access.grants(chunk);
        for (const key of chunk) for (const subscriber of byToken.get(key)!) subscriber.onGrant(grants.get(key) ?? null);
      }
    } catch (error) {
      // The poller meets the same store and ends the streams after repeated failures.
      this.options.log.error("events.access_check_failed", { error: error instanceof Error ? error.message : String(error) });
    } finally {
      this.checkingAccess = false;
    }
  }

  private tick(): void {
    const now = this.options.clock.now();
    for (const set of [...this.byAccount.values()]) for (const subscriber of [...set]) subscriber.onTick(now);
  }
}
