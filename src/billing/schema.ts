import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "../accounts/schema.ts";
import { millis } from "../store/schema-helpers.ts";

/**
 * The usage record: calls and credits per (account, client, budget, UTC day, operation).
 * `client_id` is '' for web-app sessions. Monthly figures are kept in usage_monthly, written with it.
 */
export const usageDaily = sqliteTable(
  "usage_daily",
  {
    accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    /** "allowance" or "metered": which budget this usage was charged to. */
    budget: text("budget", { enum: ["allowance", "metered"] }).notNull(),
    day: text("day").notNull(),
    operation: text("operation").notNull(),
    calls: integer("calls").notNull().default(0),
    credits: integer("credits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.clientId, t.budget, t.day, t.operation] }), index("usage_daily_day").on(t.accountId, t.day)],
);

/**
 * The usage record summed per UTC month: the same calls and credits as usage_daily, written by the
 * same statements (usage-rows.ts) in the same transaction, so GET /v1/usage reads a handful of rows
 * instead of summing a month of days. The key leads with (account, budget, month) so both of its
 * reads — the whole allowance, or one metered client — are one index range.
 */
export const usageMonthly = sqliteTable(
  "usage_monthly",
  {
    accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
    budget: text("budget", { enum: ["allowance", "metered"] }).notNull(),
    /** "2026-11" (UTC). */
    month: text("month").notNull(),
    clientId: text("client_id").notNull(),
    operation: text("operation").notNull(),
    calls: integer("calls").notNull().default(0),
    credits: integer("credits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.budget, t.month, t.clientId, t.operation] })],
);

/**
 * Monthly credit totals per budget holder: the row the atomic spend check updates (a conditional
 * upsert), so concurrent calls cannot overspend.
 */
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
