import { blob, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "../accounts/schema.ts";
import { clients } from "../clients/schema.ts";
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
    /**
     * The envelope as JSON text with U+0001 where a reader's api_version and subject go
     * (envelopeTemplate()), written once when the event is recorded, so the store puts a feed page
     * together by concatenation (feed-page-text.ts). Null for events recorded before it existed.
     */
    envelopeTemplate: text("envelope_template"),
  },
  (t) => [index("events_account_seq").on(t.accountId, t.seq), index("events_created_at").on(t.createdAt)],
);

/**
 * Each client's copy of its feed (client-feeds.ts): the envelopes it hears, already written with its
 * subject and api_version, so a feed page is a few indexed reads of stored bytes instead of a hundred
 * rows put together per call. One row per client of an account that has recorded an event since the
 * client existed; events of the account up to `from_seq` are not in the copy (they came before it).
 */
export const clientFeeds = sqliteTable(
  "client_feeds",
  {
    clientId: text("client_id")
      .primaryKey()
      .references(() => clients.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    /** The copy holds the client's events after this position; earlier ones are only in `events`. */
    fromSeq: integer("from_seq").notNull(),
    /** The version the envelopes are written at (the current one when they were recorded). */
    apiVersion: text("api_version").notNull(),
    /** The newest event in the copy. */
    lastSeq: integer("last_seq").notNull(),
    /** The number the copy's next envelope gets (they are numbered 0, 1, 2… in order). */
    nextN: integer("next_n").notNull(),
    /** The chunk still being appended to (its first_n), and its body's length in bytes. */
    openFirstN: integer("open_first_n").notNull(),
    openBytes: integer("open_bytes").notNull(),
  },
  (t) => [index("client_feeds_account").on(t.accountId)],
);

/**
 * A run of consecutive envelopes of a client's copy: `body` is their JSON, each after a comma (UTF-8),
 * kept under a page of the database so it is read without overflow pages; `positions` is
 * "seq:offset of its comma" per envelope joined by commas, for a page that starts or ends inside it.
 */
export const clientFeedChunks = sqliteTable(
  "client_feed_chunks",
  {
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    firstN: integer("first_n").notNull(),
    firstSeq: integer("first_seq").notNull(),
    lastSeq: integer("last_seq").notNull(),
    count: integer("count").notNull(),
    /** The OR of the envelopes' type bits (1 << the type's place in the catalogue). */
    typeMask: integer("type_mask").notNull(),
    /** When its newest event was recorded: retention drops the chunk once that is old. */
    lastCreatedAt: millis("last_created_at").notNull(),
    positions: text("positions").notNull(),
    body: blob("body").notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.firstN] }), index("client_feed_chunks_last_seq").on(t.clientId, t.lastSeq)],
);
