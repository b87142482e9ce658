// Tests and redeliveries from the Webhooks page and the CLI (spec 6.3): one attempt each, never
// retried, sent even to a disabled endpoint; and the deliveries list with every attempt.
import { and, desc, eq, gte, inArray } from "drizzle-orm";
import type { EventData } from "../events/catalogue.ts";
import type { EventEnvelope } from "../events/envelope.ts";
import { subjectFor } from "../events/envelope.ts";
import { clients } from "../clients/schema.ts";
import { invalidRequest } from "../lib/errors.ts";
import { PREFIX, newPublicId, newRowId } from "../lib/secrets.ts";
import type { DbOrTx } from "../store/open-store.ts";
import type { WebhookDeps } from "./deliver.ts";
import { findEndpoint, missing } from "./endpoints.ts";
import { REDELIVERY_WINDOW_MS } from "./retry-schedule.ts";
import { webhookAttempts, webhookDeliveries } from "./schema.ts";

export interface SendsNow {
  /** Lease columns for a delivery this process inserts and then sends itself (no other loop claims it first). */
  leaseFor(nowMs: number): { leaseOwner: string; leaseExpiresAt: number };
  deliverNow(deliveryId: string): Promise<void>;
}

/** Sends `webhook.test` to one endpoint (never recorded as an event, never counted: spec 6.1, 6.5). Returns the delivery's id. */
export async function sendTest(deps: WebhookDeps, sender: SendsNow, accountId: string | null, endpointId: string): Promise<string> {
  const endpoint = await findEndpoint(deps.store.db, accountId, endpointId);
  if (!endpoint) throw missing("endpoint");
  const [client] = await deps.store.db.select({ version: clients.pinnedVersion }).from(clients).where(eq(clients.id, endpoint.clientId));
  const now = deps.clock.now();
  const data: EventData<"webhook.test"> = { endpoint_id: endpoint.id, message: "A test from the Parla Webhooks page." };
  const envelope: EventEnvelope = {
    id: newPublicId(PREFIX.event),
    type: "webhook.test",
    created_at: new Date(now).toISOString(),
    api_version: client?.version ?? "",
    subject: subjectFor(deps.serverKey, endpoint.clientId, { accountId: endpoint.accountId, aboutUserId: null }),
    data,
  };
  const deliveryId = "whd_" + newRowId(now);
  await deps.store.db.insert(webhookDeliveries).values({ id: deliveryId, endpointId, eventId: envelope.id, eventType: envelope.type, kind: "test", body: JSON.stringify(envelope), state: "pending", nextAttemptAt: now, createdAt: now, ...sender.leaseFor(now) });
  await sender.deliverNow(deliveryId);
  return deliveryId;
}

/** Sends a delivery of the last 30 days again: same webhook-id and body, one attempt (spec 6.3, 6.4.6). Returns the new delivery's id. */
export async function redeliver(deps: WebhookDeps, sender: SendsNow, accountId: string | null, deliveryId: string): Promise<string> {
  const [original] = await deps.store.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  if (!original || !(await findEndpoint(deps.store.db, accountId, original.endpointId))) throw missing("delivery");
  const now = deps.clock.now();
  if (original.createdAt < now - REDELIVERY_WINDOW_MS) throw invalidRequest("only deliveries of the last 30 days can be redelivered", "delivery");
  const id = "whd_" + newRowId(now);
  await deps.store.db.insert(webhookDeliveries).values({ id, endpointId: original.endpointId, eventId: original.eventId, eventType: original.eventType, kind: original.kind === "test" ? "test" : "redelivery", body: original.body, state: "pending", nextAttemptAt: now, createdAt: now, ...sender.leaseFor(now) });
  await sender.deliverNow(id);
  return id;
}

export interface DeliveryView {
  id: string;
  eventId: string;
  type: string;
  kind: string;
  state: string;
  createdAt: number;
  nextAttemptAt: number | null;
  attempts: { at: number; status: number | null; durationMs: number; error: string | null; response: string | null }[];
}

/** An endpoint's deliveries of the last 30 days, newest first, each with every attempt. */
export async function listDeliveries(db: DbOrTx, nowMs: number, endpointId: string, limit = 50): Promise<DeliveryView[]> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), gte(webhookDeliveries.createdAt, nowMs - REDELIVERY_WINDOW_MS)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  const attempts = rows.length ? await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.id))).orderBy(webhookAttempts.id) : [];
  return rows.map((r) => ({
    id: r.id,
    eventId: r.eventId,
    type: r.eventType,
    kind: r.kind,
    state: r.state,
    createdAt: r.createdAt,
    nextAttemptAt: r.state === "pending" ? r.nextAttemptAt : null,
    attempts: attempts.filter((a) => a.deliveryId === r.id).map((a) => ({ at: a.at, status: a.status, durationMs: a.durationMs, error: a.error, response: a.response })),
  }));
}
