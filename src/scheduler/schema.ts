import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { json, millis } from "../store/schema-helpers.ts";

/** Durable jobs. Claiming is a conditional UPDATE, so a job runs once per attempt across processes. */
export const jobs = sqliteTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: json<unknown>("payload"),
    status: text("status", { enum: ["queued", "running", "done", "dead"] }).notNull(),
    runAt: millis("run_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: millis("lease_expires_at"),
    lastError: text("last_error"),
    /** Optional de-duplication key: at most one job per key. */
    uniqueKey: text("unique_key").unique(),
    createdAt: millis("created_at").notNull(),
    updatedAt: millis("updated_at").notNull(),
  },
  (t) => [index("jobs_due").on(t.status, t.runAt)],
);

/** Recurring housekeeping tasks, registered by name; the row holds the schedule and the lease. */
export const recurringTasks = sqliteTable("recurring_tasks", {
  name: text("name").primaryKey(),
  nextRunAt: millis("next_run_at").notNull(),
  leaseOwner: text("lease_owner"),
  leaseExpiresAt: millis("lease_expires_at"),
  lastRunAt: millis("last_run_at"),
  lastError: text("last_error"),
});
