// Sends one claimed delivery and records what happened, in one transaction that only the lease's
// owner can commit (spec 3.2, 6.4, 6.5): the attempt, the next retry or the final state, the
// endpoint's failure clock, disabling, and the usage count at the event's first 2xx.
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import { countUsage } from "../billing/service.ts";
import { clientPayer } from "../billing/payer.ts";
import { clients } from "../clients/schema.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import { newRowId } from "../lib/secrets.ts";
import type { Store } from "../store/open-store.ts";
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
  client: { id: string; accountId: string; billingMode: "allowance" | "metered" };
}

export async function endpointsForDelivery(deps: Pick<WebhookDeps, "store">, ids: string[]): Promise<Map<string, EndpointForDelivery>> {
  const rows = await deps.store.db
    .select({ id: webhookEndpoints.id, accountId: webhookEndpoints.accountId, url: webhookEndpoints.url, state: webhookEndpoints.state, clientId: clients.id, clientAccount: clients.accountId, billingMode: clients.billingMode })
    .from(webhookEndpoints)
    .innerJoin(clients, eq(clients.id, webhookEndpoints.clientId))
    .where(sql`${webhookEndpoints.id} IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  return new Map(rows.map((r) => [r.id, { id: r.id, accountId: r.accountId, url: r.url, state: r.state, client: { id: r.clientId, accountId: r.clientAccount, billingMode: r.billingMode } }]));
}

/**
 * One attempt of a claimed delivery. Automatic deliveries to a disabled endpoint are not sent:
 * they become `missed`, listed for redelivery. Tests and redeliveries go even to a disabled one.
 */
export async function deliverClaimed(deps: WebhookDeps, owner: string, row: DeliveryRow, endpoint: EndpointForDelivery | undefined, keyCache: Map<string, Uint8Array>): Promise<AttemptOutcome | null> {
  if (!endpoint) return null; // deleted: the row went with it
  if (row.kind === "auto" && endpoint.state === "disabled") {
    await deps.store.db
      .update(webhookDeliveries)
      .set({ state: "missed", leaseOwner: null, leaseExpiresAt: null, finishedAt: deps.clock.now() })
      .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.leaseOwner, owner)));
    return null;
  }
  const keys = await signingKeys(deps.store.db, deps.serverKey, endpoint.id, keyCache);
  const timestamp = Math.floor(deps.clock.now() / 1000);
  const headers = {
    "content-type": "application/json",
    "user-agent": deps.userAgent,
    "webhook-id": row.eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatureHeader(keys, row.eventId, timestamp, row.body),
  };
  const outcome = await sendAttempt({ guard: deps.guard, ca: deps.ca, timeoutMs: deps.timeoutMs, userAgent: deps.userAgent }, endpoint.url, headers, row.body);
  await recordOutcome(deps, owner, row, endpoint, outcome);
  return outcome;
}

async function recordOutcome(deps: WebhookDeps, owner: string, row: DeliveryRow, endpoint: EndpointForDelivery, outcome: AttemptOutcome): Promise<void> {
  const now = deps.clock.now();
  const success = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const automatic = row.kind === "auto";
  // A fault on Parla's side is not the receiver's failure: the attempt is shown but not counted (spec 3.2).
  const attempts = row.attempts + (outcome.localFault ? 0 : 1);
  let next: { state: DeliveryRow["state"]; nextAttemptAt: number; finishedAt: number | null };
  if (success) next = { state: "succeeded", nextAttemptAt: row.nextAttemptAt, finishedAt: now };
  else if (!automatic) next = { state: "failed", nextAttemptAt: row.nextAttemptAt, finishedAt: now };
  else {
    const gap = nextGapMs(Math.max(attempts, 1), outcome.retryAfterMs, deps.random);
    next = gap === null || outcome.status === 410 ? { state: "failed", nextAttemptAt: row.nextAttemptAt, finishedAt: now } : { state: "pending", nextAttemptAt: now + gap, finishedAt: null };
  }
  let notice: DisabledNotice | null = null;
  await deps.store.db.transaction(async (tx) => {
    const kept = await tx
      .update(webhookDeliveries)
      .set({ ...next, attempts, leaseOwner: null, leaseExpiresAt: null })
      .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.leaseOwner, owner)))
      .returning({ id: webhookDeliveries.id });
    if (kept.length === 0) return; // the lease was lost: another process owns this attempt now
    await tx.insert(webhookAttempts).values({ id: newRowId(now), deliveryId: row.id, at: now, status: outcome.status, durationMs: Math.round(outcome.durationMs), error: outcome.error, response: outcome.response });
    if (success) {
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(and(eq(webhookEndpoints.id, endpoint.id), isNotNull(webhookEndpoints.failingSince)));
      // Spec 6.5: once per event per endpoint, at its first 2xx; a test never counts.
      if (row.kind !== "test") {
        const first = await tx.insert(webhookCounted).values({ endpointId: endpoint.id, eventId: row.eventId, at: now }).onConflictDoNothing().returning({ id: webhookCounted.eventId });
        if (first.length) await countUsage(tx, now, clientPayer(endpoint.client), "webhook.delivery");
      }
      return;
    }
    if (!automatic || outcome.localFault) return; // spec 3.2: tests, redeliveries and Parla's own faults never disable
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
    if (disabled.length) notice = { accountId: endpoint.accountId, endpointId: endpoint.id, url: endpoint.url, reason: outcome.status === 410 ? "gone" : "failing", atMs: now };
  });
  if (notice) {
    deps.log.warn("webhook.endpoint_disabled", { endpoint_id: endpoint.id, reason: (notice as DisabledNotice).reason });
    await deps.notifyDisabled(notice).catch((e) => deps.log.error("webhook.disabled_notice_failed", { endpoint_id: endpoint.id, error: String(e) }));
  }
}
