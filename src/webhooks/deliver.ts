// Sends one claimed delivery and records what happened, in one transaction that only the lease's
// owner can commit (spec 3.2, 6.4, 6.5): the attempt, the next retry or the final state, the
// endpoint's failure clock, disabling, and the usage count at the event's first 2xx.
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { countUsage } from "../billing/service.ts";
import { clientPayer } from "../billing/payer.ts";
import { clients } from "../clients/schema.ts";
import { scopesAllow } from "../events/catalogue.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import { newRowId } from "../lib/secrets.ts";
import type { DbOrTx, Store } from "../store/open-store.ts";
import type { AddressGuard } from "./address-guard.ts";
import { signingKeys } from "./endpoints.ts";
import { DISABLE_AFTER_MS, FAILURE_RUN_BREAK_MS, nextGapMs } from "./retry-schedule.ts";
import { webhookAttempts, webhookCounted, webhookDeliveries, webhookEndpoints } from "./schema.ts";
import { sendAttempt, type AttemptOutcome } from "./send-attempt.ts";
import { signatureHeader } from "./signature.ts";

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface DisabledNotice {
  accountId: string;
  endpointId: string;
  url: string;
  /** Why: "gone" (the receiver answered 410) or "failing" (five days of failed deliveries). */
  reason: "gone" | "failing";
  atMs: number;
}

/** Tells the endpoint's owner it was disabled (spec 3.2); the composition root plugs in the mailer. */
export type DisabledNotifier = (notice: DisabledNotice) => Promise<void>;

export interface WebhookDeps {
  store: Store;
  clock: Clock;
  log: Logger;
  serverKey: Uint8Array;
  guard: AddressGuard;
  /** PEM of an extra trusted CA (PARLA_WEBHOOK_CA_FILE), tests and local development only. */
  ca: string | null;
  userAgent: string;
  /** Spec 8: 10 s. Injectable so a test of "an answer after 11 s fails" needs no 11 s. */
  timeoutMs: number;
  notifyDisabled: DisabledNotifier;
  random?: () => number;
}

export interface EndpointForDelivery {
  id: string;
  accountId: string;
  url: string;
  state: "enabled" | "disabled";
  failingSince: number | null;
  /** The client's facts as the claim read them: its current scopes decide whether a delivery goes. */
  client: { id: string; accountId: string; billingMode: "allowance" | "metered"; scopes: readonly string[] };
}

/**
 * The live signing keys per endpoint, read once per claimed batch (the worker calls `forget()` before
 * each claim), so a secret added or revoked applies from the next batch. Opened boxes are kept by secret id.
 */
export class KeyRing {
  private readonly opened = new Map<string, Uint8Array>();
  private readonly recent = new Map<string, Promise<Uint8Array[]>>();
  constructor(private readonly deps: Pick<WebhookDeps, "store" | "serverKey">) {}

  async forEndpoint(endpointId: string): Promise<Uint8Array[]> {
    let keys = this.recent.get(endpointId);
    if (!keys) {
      keys = signingKeys(this.deps.store.db, this.deps.serverKey, endpointId, this.opened);
      this.recent.set(endpointId, keys);
    }
    return keys;
  }

  forget(): void {
    this.recent.clear();
  }
}

export async function endpointsForDelivery(deps: Pick<WebhookDeps, "store">, ids: string[]): Promise<Map<string, EndpointForDelivery>> {
  const rows = await deps.store.db
    .select({ id: webhookEndpoints.id, accountId: webhookEndpoints.accountId, url: webhookEndpoints.url, state: webhookEndpoints.state, failingSince: webhookEndpoints.failingSince, clientId: clients.id, clientAccount: clients.accountId, billingMode: clients.billingMode, scopes: clients.scopes })
    .from(webhookEndpoints)
    .innerJoin(clients, eq(clients.id, webhookEndpoints.clientId))
    .where(sql`${webhookEndpoints.id} IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  return new Map(rows.map((r) => [r.id, { id: r.id, accountId: r.accountId, url: r.url, state: r.state, failingSince: r.failingSince, client: { id: r.clientId, accountId: r.clientAccount, billingMode: r.billingMode, scopes: r.scopes } }]));
}

/**
 * One attempt of a claimed delivery. Automatic deliveries to a disabled endpoint are not sent:
 * they become `missed`, listed for redelivery. Tests and redeliveries go even to a disabled one.
 */
export async function deliverClaimed(deps: WebhookDeps, owner: string, row: DeliveryRow, endpoint: EndpointForDelivery | undefined, keys: KeyRing, writer: { write(w: Written): Promise<void> }): Promise<AttemptOutcome | null> {
  if (!endpoint) return null; // deleted: the row went with it
  // Webhooks follow the client's scopes as they are now (spec 5.4.2, 6.2): a delivery queued before
  // a narrowing, or redelivered after it, is not sent; it ends failed with no attempt.
  if (!scopesAllow(endpoint.client.scopes, row.eventType)) {
    await deps.store.db
      .update(webhookDeliveries)
      .set({ state: "failed", leaseOwner: null, leaseExpiresAt: null, finishedAt: deps.clock.now() })
      .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.leaseOwner, owner)));
    return null;
  }
  if (row.kind === "auto" && endpoint.state === "disabled") {
    await deps.store.db
      .update(webhookDeliveries)
      .set({ state: "missed", leaseOwner: null, leaseExpiresAt: null, finishedAt: deps.clock.now() })
      .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.leaseOwner, owner)));
    return null;
  }
  const live = await keys.forEndpoint(endpoint.id);
  // The receiver compares webhook-timestamp with its own clock (spec 6.4.2, 5 minutes), so it is
  // wall time even when PARLA_DEV_CLOCK has moved Parla's clock to fire a retry early.
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    "content-type": "application/json",
    "user-agent": deps.userAgent,
    "webhook-id": row.eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatureHeader(live, row.eventId, timestamp, row.body),
  };
  const outcome = await sendAttempt({ guard: deps.guard, ca: deps.ca, timeoutMs: deps.timeoutMs, userAgent: deps.userAgent }, endpoint.url, headers, row.body);
  await writer.write({ row, endpoint, outcome });
  return outcome;
}

interface Written {
  row: DeliveryRow;
  endpoint: EndpointForDelivery;
  outcome: AttemptOutcome;
}

/**
 * Records outcomes in batches: the attempts that finish together share one transaction (one commit),
 * and plain successes — the common case — take a handful of statements per batch, not per delivery.
 * Each caller's promise settles when its outcome has committed.
 */
export function createOutcomeWriter(deps: WebhookDeps, owner: string, maxBatch = 256): { write(w: Written): Promise<void> } {
  let queue: { w: Written; resolve(): void; reject(e: unknown): void }[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    scheduled = false;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    try {
      const notices = await deps.store.db.transaction((tx) => applyOutcomes(tx, deps, owner, batch.map((b) => b.w)));
      for (const b of batch) b.resolve();
      for (const notice of notices) {
        deps.log.warn("webhook.endpoint_disabled", { endpoint_id: notice.endpointId, reason: notice.reason });
        await deps.notifyDisabled(notice).catch((e) => deps.log.error("webhook.disabled_notice_failed", { endpoint_id: notice.endpointId, error: String(e) }));
      }
    } catch (error) {
      for (const b of batch) b.reject(error);
    }
  }

  return {
    write(w) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ w, resolve, reject });
        if (queue.length >= maxBatch) void flush();
        else if (!scheduled) {
          scheduled = true;
          setImmediate(() => void flush());
        }
      });
    },
  };
}

const isSuccess = (o: AttemptOutcome) => o.status !== null && o.status >= 200 && o.status < 300;

async function applyOutcomes(tx: DbOrTx, deps: WebhookDeps, owner: string, items: Written[]): Promise<DisabledNotice[]> {
  const now = deps.clock.now();
  const notices: DisabledNotice[] = [];
  const successes = items.filter((w) => isSuccess(w.outcome));
  if (successes.length) {
    const kept = new Set(
      (
        await tx
          .update(webhookDeliveries)
          .set({ state: "succeeded", finishedAt: now, attempts: sql`${webhookDeliveries.attempts} + 1`, leaseOwner: null, leaseExpiresAt: null })
          .where(and(inArray(webhookDeliveries.id, successes.map((w) => w.row.id)), eq(webhookDeliveries.leaseOwner, owner)))
          .returning({ id: webhookDeliveries.id })
      ).map((r) => r.id),
    );
    // A lost lease means another process owns the attempt now: it records it, not us.
    const mine = successes.filter((w) => kept.has(w.row.id));
    if (mine.length) {
      await tx.insert(webhookAttempts).values(mine.map((w) => attemptRow(w, now)));
      const failing = [...new Set(mine.filter((w) => w.endpoint.failingSince !== null).map((w) => w.endpoint.id))];
      if (failing.length) await tx.update(webhookEndpoints).set({ failingSince: null }).where(inArray(webhookEndpoints.id, failing));
      // Spec 6.5: once per event per endpoint, at its first 2xx whichever attempt; a test never counts.
      const countable = mine.filter((w) => w.row.kind !== "test");
      if (countable.length) {
        const first = await tx
          .insert(webhookCounted)
          .values(countable.map((w) => ({ endpointId: w.endpoint.id, eventId: w.row.eventId, at: now })))
          .onConflictDoNothing()
          .returning({ endpointId: webhookCounted.endpointId });
        const perEndpoint = new Map<string, number>();
        for (const r of first) perEndpoint.set(r.endpointId, (perEndpoint.get(r.endpointId) ?? 0) + 1);
        for (const [endpointId, n] of perEndpoint) {
          const endpoint = countable.find((w) => w.endpoint.id === endpointId)!.endpoint;
          await countUsage(tx, now, clientPayer(endpoint.client), "webhook.delivery", n);
        }
      }
    }
  }
  for (const w of items) {
    if (isSuccess(w.outcome)) continue;
    const notice = await applyFailure(tx, deps, owner, w, now);
    if (notice) notices.push(notice);
  }
  return notices;
}

function attemptRow(w: Written, now: number) {
  return { id: newRowId(now), deliveryId: w.row.id, at: now, status: w.outcome.status, durationMs: Math.round(w.outcome.durationMs), error: w.outcome.error, response: w.outcome.response };
}

async function applyFailure(tx: DbOrTx, deps: WebhookDeps, owner: string, w: Written, now: number): Promise<DisabledNotice | null> {
  const { row, endpoint, outcome } = w;
  const automatic = row.kind === "auto";
  // A fault on Parla's side is not the receiver's failure: the attempt is shown but not counted (spec 3.2).
  const attempts = row.attempts + (outcome.localFault ? 0 : 1);
  let next: { state: DeliveryRow["state"]; nextAttemptAt: number; finishedAt: number | null };
  if (!automatic) next = { state: "failed", nextAttemptAt: row.nextAttemptAt, finishedAt: now };
  else {
    const gap = nextGapMs(Math.max(attempts, 1), outcome.retryAfterMs, deps.random);
    next = gap === null || outcome.status === 410 ? { state: "failed", nextAttemptAt: row.nextAttemptAt, finishedAt: now } : { state: "pending", nextAttemptAt: now + gap, finishedAt: null };
  }
  const kept = await tx
    .update(webhookDeliveries)
    .set({ ...next, attempts, leaseOwner: null, leaseExpiresAt: null })
    .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.leaseOwner, owner)))
    .returning({ id: webhookDeliveries.id });
  if (kept.length === 0) return null;
  await tx.insert(webhookAttempts).values(attemptRow(w, now));
  if (!automatic || outcome.localFault) return null; // spec 3.2: tests, redeliveries and Parla's own faults never disable
  const enabled = and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.state, "enabled"));
  let disabled: { id: string }[];
  if (outcome.status === 410) {
    disabled = await tx.update(webhookEndpoints).set({ state: "disabled", disabledAt: now, disabledReason: "gone" }).where(enabled).returning({ id: webhookEndpoints.id });
  } else {
    const runStart = sql`CASE WHEN ${webhookEndpoints.failingSince} IS NULL OR ${webhookEndpoints.lastFailureAt} < ${now - FAILURE_RUN_BREAK_MS} THEN ${now} ELSE ${webhookEndpoints.failingSince} END`;
    await tx.update(webhookEndpoints).set({ failingSince: runStart, lastFailureAt: now }).where(enabled);
    disabled = await tx
      .update(webhookEndpoints)
      .set({ state: "disabled", disabledAt: now, disabledReason: "failing" })
      .where(and(enabled, lte(webhookEndpoints.failingSince, now - DISABLE_AFTER_MS)))
      .returning({ id: webhookEndpoints.id });
  }
  return disabled.length ? { accountId: endpoint.accountId, endpointId: endpoint.id, url: endpoint.url, reason: outcome.status === 410 ? "gone" : "failing", atMs: now } : null;
}
