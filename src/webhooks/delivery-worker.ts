// The delivery loop: claims due deliveries in batches with one conditional UPDATE and a lease, so
// several processes on one database never send one attempt twice (a crashed process's lease
// expires and its unrecorded attempt is sent again: at least once, spec 6.4.6). Bounded overall and
// per destination host (≤ 64, DESIGN §9: above that each extra request pays a TLS handshake), and a
// busy host's endpoints are left out of the next claim, so one slow receiver cannot starve the others.
import { and, asc, eq, isNull, lte, min, notInArray, or, sql } from "drizzle-orm";
import { newRowId } from "../lib/secrets.ts";
import { KeyRing, createOutcomeWriter, deliverClaimed, endpointsForDelivery, type DeliveryRow, type EndpointForDelivery, type WebhookDeps } from "./deliver.ts";
import { webhookDeliveries } from "./schema.ts";

export interface DeliveryWorkerOptions {
  owner?: string;
  /** Attempts in flight in this process. */
  concurrency?: number;
  perHost?: number;
  /** How long a claim stays this process's without renewal (default DELIVERY_LEASE_MS). */
  leaseMs?: number;
  /** Longest sleep between checks (other processes record without waking us). */
  pollMs?: number;
}

export interface DeliveryWorker {
  readonly owner: string;
  start(): void;
  /** A delivery may have been committed: look again soon. */
  wake(): void;
  /** Sends every due delivery until none is due (tests, and dev-clock jumps). */
  drain(): Promise<void>;
  stop(graceMs?: number): Promise<void>;
  /**
   * Lease columns for a row this process inserts and sends at once: the loop of this or another
   * process cannot claim it first, so deliverNow returns only once the attempt is recorded; if the
   * process dies in between, the lease runs out and a loop sends it.
   */
  leaseFor(nowMs: number): { leaseOwner: string; leaseExpiresAt: number };
  /** Sends one delivery row now: one inserted with leaseFor, or any that is due and unclaimed. */
  deliverNow(deliveryId: string): Promise<void>;
}

/**
 * A claimed delivery's lease. Claims still in flight are renewed every third of it in one UPDATE,
 * so only a process that died (or stalled that long) loses them, and its unrecorded attempts are
 * sent again within 15 s of a restart, as leased jobs are (README "Running several processes").
 */
export const DELIVERY_LEASE_MS = 10_000;

export function createDeliveryWorker(deps: WebhookDeps & { clock: { onChange?(l: () => void): () => void } }, options: DeliveryWorkerOptions = {}): DeliveryWorker {
  const owner = options.owner ?? `wh-${process.pid}-${newRowId().slice(-6)}`;
  const concurrency = options.concurrency ?? 256;
  const perHost = options.perHost ?? 64;
  const leaseMs = options.leaseMs ?? DELIVERY_LEASE_MS;
  const pollMs = options.pollMs ?? 1_000;
  const minClaim = Math.max(1, Math.floor(concurrency / 8));
  const db = deps.store.db;
  const keys = new KeyRing(deps);
  const writer = createOutcomeWriter(deps, owner);
  const hostOf = new Map<string, string>(); // endpoint id → host (URLs never change)
  const active = new Map<string, number>(); // host → attempts in flight or waiting
  const waiting = new Map<string, (() => void)[]>();
  const running = new Set<Promise<void>>();
  let inFlight = 0;
  let started = false;
  let stopped = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let hintUntil = 0;
  let emptyBusyClaimAt = -Infinity;
  let unsubscribe: (() => void) | undefined;
  let renewal: ReturnType<typeof setInterval> | null = null;

  const claimable = (now: number) => and(eq(webhookDeliveries.state, "pending"), lte(webhookDeliveries.nextAttemptAt, now), or(isNull(webhookDeliveries.leaseExpiresAt), lte(webhookDeliveries.leaseExpiresAt, now)));

  async function claim(limit: number): Promise<DeliveryRow[]> {
    const now = deps.clock.now();
    // A host with a full queue behind its sending slots is left out of this claim. When such a claim
    // just found nothing, the next one waits a little: each would scan the busy host's backlog.
    const busy = [...hostOf].filter(([, host]) => (active.get(host) ?? 0) >= 2 * perHost).map(([id]) => id);
    if (busy.length && performance.now() - emptyBusyClaimAt < 100) return [];
    const where = busy.length ? and(claimable(now), notInArray(webhookDeliveries.endpointId, busy)) : claimable(now);
    const candidates = db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(where).orderBy(asc(webhookDeliveries.nextAttemptAt)).limit(limit);
    const rows = await db
      .update(webhookDeliveries)
      .set({ leaseOwner: owner, leaseExpiresAt: now + leaseMs })
      .where(and(sql`${webhookDeliveries.id} IN (${candidates})`, claimable(now)))
      .returning();
    if (busy.length && rows.length === 0) emptyBusyClaimAt = performance.now();
    return rows;
  }

  /** Renews the lease of every claim this process still holds, while any attempt is in flight. */
  function renewWhileSending(): void {
    if (renewal || stopped) return;
    renewal = setInterval(() => {
      if (running.size === 0) {
        clearInterval(renewal!);
        renewal = null;
        return;
      }
      db.update(webhookDeliveries)
        .set({ leaseExpiresAt: deps.clock.now() + leaseMs })
        .where(and(eq(webhookDeliveries.leaseOwner, owner), eq(webhookDeliveries.state, "pending")))
        .catch((error) => deps.log.warn("webhook.lease_renew_failed", { error: String(error) }));
    }, Math.max(250, leaseMs / 3));
  }

  async function acquire(host: string): Promise<void> {
    const n = active.get(host) ?? 0;
    active.set(host, n + 1);
    if (n < perHost) return;
    await new Promise<void>((resolve) => {
      const queue = waiting.get(host) ?? [];
      queue.push(resolve);
      waiting.set(host, queue);
    });
  }

  function release(host: string): void {
    const n = (active.get(host) ?? 1) - 1;
    if (n === 0) active.delete(host);
    else active.set(host, n);
    waiting.get(host)?.shift()?.();
  }

  async function send(row: DeliveryRow, endpoint: EndpointForDelivery | undefined): Promise<void> {
    const host = endpoint ? hostOfEndpoint(endpoint) : "";
    await acquire(host);
    try {
      await deliverClaimed(deps, owner, row, endpoint, keys, writer);
    } catch (error) {
      // The lease expires and another attempt follows: a fault of ours never counts (spec 3.2).
      deps.log.error("webhook.attempt_failed", { delivery_id: row.id, error: String(error) });
    } finally {
      release(host);
    }
  }

  function hostOfEndpoint(endpoint: EndpointForDelivery): string {
    let host = hostOf.get(endpoint.id);
    if (!host) {
      host = new URL(endpoint.url).host;
      hostOf.set(endpoint.id, host);
    }
    return host;
  }

  function launch(rows: DeliveryRow[], endpoints: Map<string, EndpointForDelivery>): Promise<void>[] {
    const launched = rows.map((row) => {
      inFlight++;
      const p: Promise<void> = send(row, endpoints.get(row.endpointId)).finally(() => {
        inFlight--;
        running.delete(p);
        wake();
      });
      running.add(p);
      return p;
    });
    renewWhileSending();
    return launched;
  }

  /** Claims and launches until nothing is due or the process is full; true when something was claimed. */
  async function pumpOnce(): Promise<boolean> {
    let claimedAny = false;
    // Claim in batches: a claim per finished attempt would cost a write per delivery.
    while (!stopped && (inFlight === 0 || concurrency - inFlight >= minClaim)) {
      const rows = await claim(Math.min(128, concurrency - inFlight));
      if (rows.length === 0) break;
      claimedAny = true;
      keys.forget();
      const endpoints = await endpointsForDelivery(deps, [...new Set(rows.map((r) => r.endpointId))]);
      launch(rows, endpoints);
    }
    return claimedAny;
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        await pumpOnce();
      } catch (error) {
        deps.log.error("webhook.claim_failed", { error: String(error) });
      }
    } while (again && !stopped);
    pumping = null;
    if (!stopped) await arm();
  }

  async function arm(): Promise<void> {
    let due = pollMs;
    // Just after an outbox hook the event's transaction may still be committing: look again shortly.
    if (Date.now() < hintUntil) due = 3;
    else {
      try {
        const [row] = await db.select({ at: min(webhookDeliveries.nextAttemptAt) }).from(webhookDeliveries).where(eq(webhookDeliveries.state, "pending"));
        if (row?.at != null) due = Math.min(due, Math.max(0, row.at - deps.clock.now()));
      } catch {
        // The store is briefly unavailable: poll again later.
      }
    }
    if (timer) clearTimeout(timer);
    if (!stopped) timer = setTimeout(pump, Math.max(due, inFlight >= concurrency ? 50 : 0));
  }

  function pump(): void {
    if (!started || stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    pumping = loop();
  }

  function wake(): void {
    hintUntil = Date.now() + 100;
    pump();
  }

  return {
    owner,
    start() {
      if (started) return;
      started = true;
      unsubscribe = deps.clock.onChange?.(() => pump());
      pump();
    },
    wake,
    leaseFor: (nowMs) => ({ leaseOwner: owner, leaseExpiresAt: nowMs + leaseMs }),
    async drain() {
      for (let i = 0; i < 10_000; i++) {
        const claimed = await pumpOnce();
        if (!claimed && running.size === 0) return;
        if (running.size > 0) await Promise.race(running);
      }
    },
    async stop(graceMs = 10_000) {
      stopped = true;
      unsubscribe?.();
      if (timer) clearTimeout(timer);
      if (pumping) await pumping.catch(() => {});
      if (running.size) await Promise.race([Promise.allSettled([...running]), Bun.sleep(graceMs)]);
      if (renewal) clearInterval(renewal);
      // Unsent claims go back at once; an attempt cut off in flight is retried after its lease.
      await db
        .update(webhookDeliveries)
        .set({ leaseOwner: null, leaseExpiresAt: null })
        .where(and(eq(webhookDeliveries.leaseOwner, owner), eq(webhookDeliveries.state, "pending")))
        .catch(() => {});
    },
    async deliverNow(deliveryId) {
      const now = deps.clock.now();
      const rows = await db
        .update(webhookDeliveries)
        .set({ leaseOwner: owner, leaseExpiresAt: now + leaseMs })
        .where(and(eq(webhookDeliveries.id, deliveryId), or(claimable(now), and(eq(webhookDeliveries.state, "pending"), eq(webhookDeliveries.leaseOwner, owner)))))
        .returning();
      if (rows.length === 0) return;
      keys.forget();
      const endpoints = await endpointsForDelivery(deps, [rows[0]!.endpointId]);
      await Promise.all(launch(rows, endpoints));
    },
  };
}
