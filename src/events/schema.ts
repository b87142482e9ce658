import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "../accounts/schema.ts";
import { json, millis } from "../store/schema-helpers.ts";

/**
 * Events recorded per account (spec 1.3, 2.5, 6.2; DESIGN §4). `seq` is assigned at insert and,
 * because SQLite serialises writers, orders the feed in commit order; cursors are positions in it.
 * The envelope's `subject` and `api_version` depend on who reads, so they are made when an event is
 * read or delivered, from `about_user_id` (or the account) and the reader's client.
 */
export const events = sqliteTable(
  "events",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    id: text("id").notNull().unique(),
    accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    createdAt: millis("created_at").notNull(),
    /** The user the event is about (app grants); null: the account itself. */
    aboutUserId: text("about_user_id"),
    /** Set for events only one client may hear (app.installed, app.uninstalled: spec 6.1). */
    clientId: text("client_id"),
    data: json<Record<string, unknown>>("data").notNull(),
  },
  (t) => [index("events_account_seq").on(t.accountId, t.seq), index("events_created_at").on(t.createdAt)],
);
