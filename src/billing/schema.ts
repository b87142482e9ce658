import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "../accounts/schema.ts";
import { millis } from "../store/schema-helpers.ts";

/**
 * Monthly usage counters, one row per (account, client, month, operation). `client_id` is '' for
 * web-app sessions. Spending is a conditional UPDATE against these rows, so concurrent calls
 * cannot overspend.
 */
export const usageCounters = sqliteTable(
  "usage_counters",
  {
    accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    /** "allowance" or "metered": which budget this usage was charged to. */
    budget: text("budget", { enum: ["allowance", "metered"] }).notNull(),
    month: text("month").notNull(),
    operation: text("operation").notNull(),
    calls: integer("calls").notNull().default(0),
    credits: integer("credits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.clientId, t.budget, t.month, t.operation] })],
);

/** Daily usage for charts and the CSV export. */
export const usageDaily = sqliteTable(
  "usage_daily",
  {
    accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    budget: text("budget", { enum: ["allowance", "metered"] }).notNull(),
    day: text("day").notNull(),
    operation: text("operation").notNull(),
    calls: integer("calls").notNull().default(0),
    credits: integer("credits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.clientId, t.budget, t.day, t.operation] }), index("usage_daily_day").on(t.accountId, t.day)],
);

/** Monthly totals per budget holder, the row the atomic spend check updates. */
export const spendTotals = sqliteTable(
  "spend_totals",
  {
    /** "account:<id>:allowance", "account:<id>:metered" or "client:<id>:metered". */
    holder: text("holder").notNull(),
    month: text("month").notNull(),
    credits: integer("credits").notNull().default(0),
    /** Highest threshold (percent) already reported this month, for usage.threshold_reached. */
    thresholdReported: integer("threshold_reported").notNull().default(0),
    updatedAt: millis("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.holder, t.month] })],
);
