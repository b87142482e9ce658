import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "../accounts/schema.ts";
import { clients } from "../clients/schema.ts";
import { json, millis } from "../store/schema-helpers.ts";

/**
 * Events a game or integration sent (spec 2.6, 4.3), one per client and Idempotency-Key: the
 * unique key is what decides, across processes, that one key is one event. `answer` is the first
 * answer, replayed for a day (spec 4.3.8) and then forgotten; `plan_id` is kept with the event.
 */
export const inboundEvents = sqliteTable(
  "inbound_events",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id").notNull().references(() => clients.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    type: text("type").notNull(),
    data: json<Record<string, unknown>>("data").notNull(),
    createdAt: millis("created_at").notNull(),
    /** Null while the first request is still deciding (or if it died deciding). */
    answer: json<Record<string, unknown>>("answer"),
    planId: text("plan_id"),
    answeredAt: millis("answered_at"),
    /** 1 when the event asked for a plan. */
    generate: integer("generate", { mode: "boolean" }).notNull(),
  },
  (t) => [uniqueIndex("inbound_events_client_key").on(t.clientId, t.idempotencyKey), index("inbound_events_created_at").on(t.createdAt), index("inbound_events_account_created").on(t.accountId, t.createdAt)],
);
