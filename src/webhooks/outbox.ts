// The outbox (DESIGN §4): every recorded event becomes a delivery row per endpoint that subscribes
// to its type and whose client may hear it (spec 6.2, with the client's scopes as they are now), in
// the event's own transaction — so a crash loses nothing and a rollback sends nothing.
import { eq } from "drizzle-orm";
import { clients } from "../clients/schema.ts";
import { mayHear } from "../events/catalogue.ts";
import { envelopeFor } from "../events/envelope.ts";
import type { OutboxHook } from "../events/recorder.ts";
import { newRowId } from "../lib/secrets.ts";
import { webhookDeliveries, webhookEndpoints } from "./schema.ts";

/** Shapes an event's data as an older API version knows it (spec 9.2: events use the client's pin). */
export interface EventDataShaper {
  eventDataAt(type: string, data: Record<string, unknown>, version: string): Record<string, unknown>;
}

export function webhookOutbox(serverKey: Uint8Array, versions: EventDataShaper, onQueued: () => void): OutboxHook {
  return async (tx, event) => {
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events, state: webhookEndpoints.state, clientId: clients.id, scopes: clients.scopes, version: clients.pinnedVersion })
      .from(webhookEndpoints)
      .innerJoin(clients, eq(clients.id, webhookEndpoints.clientId))
      .where(eq(webhookEndpoints.accountId, event.accountId));
    const rows = [];
    for (const e of endpoints) {
      if (!e.events.includes(event.type)) continue;
      if (!mayHear({ clientId: e.clientId, accountId: event.accountId, scopes: e.scopes }, event)) continue;
      // The envelope is fixed here: every retry and redelivery sends the same bytes and id (spec 6.4.6).
      const body = JSON.stringify(envelopeFor(serverKey, e.clientId, e.version, event, versions.eventDataAt(event.type, event.data, e.version)));
      // Missed while disabled: listed on the Webhooks page for redelivery, never sent by itself.
      const state = e.state === "enabled" ? ("pending" as const) : ("missed" as const);
      rows.push({ id: "whd_" + newRowId(event.createdAt), endpointId: e.id, eventId: event.id, eventType: event.type, kind: "auto" as const, body, state, nextAttemptAt: event.createdAt, createdAt: event.createdAt, finishedAt: state === "missed" ? event.createdAt : null });
    }
    if (rows.length === 0) return;
    await tx.insert(webhookDeliveries).values(rows);
    onQueued();
  };
}
