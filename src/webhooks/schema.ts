import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "../accounts/schema.ts";
import { clients } from "../clients/schema.ts";
import { json, millis } from "../store/schema-helpers.ts";

/**
 * Webhook endpoints (spec 2.9, 3.2). URL and events never change after creation. `failing_since`
 * is when the current run of failed automatic deliveries began (null: none); five days of it
 * disables the endpoint (spec 3.2), any success clears it.
 */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull().references(() => clients.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: json<string[]>("events").notNull(),
    state: text("state", { enum: ["enabled", "disabled"] }).notNull(),
    disabledAt: millis("disabled_at"),
    disabledReason: text("disabled_reason"),
    failingSince: millis("failing_since"),
    /** The last failed automatic attempt: a day without one ends the run (no traffic never disables). */
    lastFailureAt: millis("last_failure_at"),
    createdAt: millis("created_at").notNull(),
  },
  (t) => [index("webhook_endpoints_account").on(t.accountId), index("webhook_endpoints_client").on(t.clientId)],
);

/** Signing secrets, sealed under the server key (DESIGN §4): they must be usable to sign. At most two live. */
export const webhookSecrets = sqliteTable(
  "webhook_secrets",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id").notNull().references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    sealed: text("sealed").notNull(),
    /** Last four characters, so the owner can tell two secrets apart. */
    hint: text("hint").notNull(),
    createdAt: millis("created_at").notNull(),
  },
  (t) => [index("webhook_secrets_endpoint").on(t.endpointId)],
);

/**
 * One delivery of one event (or test) to one endpoint: the outbox row written in the event's own
 * transaction (DESIGN §4), claimed by a worker with a lease so one attempt is sent once across
 * processes. `body` is the envelope as sent: the same bytes on every retry.
 * kind: auto (retried on DESIGN §6's gaps), test and redelivery (one attempt, spec 6.3).
 * state: pending → succeeded | failed; missed = recorded while the endpoint was disabled.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id").notNull().references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    kind: text("kind", { enum: ["auto", "test", "redelivery"] }).notNull(),
    body: text("body").notNull(),
    state: text("state", { enum: ["pending", "succeeded", "failed", "missed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: millis("next_attempt_at").notNull(),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: millis("lease_expires_at"),
    createdAt: millis("created_at").notNull(),
    finishedAt: millis("finished_at"),
  },
  (t) => [index("webhook_deliveries_due").on(t.state, t.nextAttemptAt, t.leaseExpiresAt, t.endpointId), index("webhook_deliveries_endpoint").on(t.endpointId, t.createdAt)],
);

/** Every attempt of a delivery, as the Webhooks page shows it. */
export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id").notNull().references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    at: millis("at").notNull(),
    status: integer("status"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    /** The first 2 KB of the answer. */
    response: text("response"),
  },
  (t) => [index("webhook_attempts_delivery").on(t.deliveryId)],
);

/** Events already counted for an endpoint (spec 6.5: once per event per endpoint, at the first 2xx). */
export const webhookCounted = sqliteTable(
  "webhook_counted",
  {
    endpointId: text("endpoint_id").notNull().references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    at: millis("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.eventId] })],
);
