import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { millis } from "./schema-helpers.ts";

/** Process-wide settings kept in the store so every process sees them (maintenance mode, server key). */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: millis("updated_at").notNull(),
});

/** Fixed-window counters shared by every process (rate limits). */
export const rateCounters = sqliteTable("rate_counters", {
  key: text("key").primaryKey(),
  windowStart: millis("window_start").notNull(),
  count: millis("count").notNull(),
});
