// Reading recorded events: the feed's and the stream's pages, the head of the sequence, and the
// retention sweep. Other doors (webhooks, the Events page, `parla events tail`) reuse these.
import { and, asc, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Store } from "../store/open-store.ts";
import { preparedQueries } from "../store/prepared.ts";
import type { Listener } from "./catalogue.ts";
import { events } from "./schema.ts";

/** One stored event, as every door reads it: `dataJson` is its data as stored (JSON text). */
export interface EventRow {
  seq: number;
  id: string;
  type: string;
  accountId: string;
  createdAt: number;
  aboutUserId: string | null;
  clientId: string | null;
  dataJson: string;
}

const COLUMNS = {
  seq: events.seq,
  id: events.id,
  type: events.type,
  accountId: events.accountId,
  createdAt: events.createdAt,
  aboutUserId: events.aboutUserId,
  clientId: events.clientId,
  dataJson: sql<string>`${events.data}`,
};

const p = sql.placeholder;

const readQueries = preparedQueries((db) => ({
  everyAccount: db.select(COLUMNS).from(events).where(gt(events.seq, p("after"))).orderBy(asc(events.seq)).limit(p("limit")).prepare(),
  head: db.select({ seq: events.seq }).from(events).orderBy(desc(events.seq)).limit(1).prepare(),
}));

// A listener's read, as arrays (Store.readAll): the newest position, and its account's events
// after a position of the given types. The statement is a prefilter that keeps at least every
// event the listener hears — events that name no client or this one, about its user when it acts
// for one; the catalogue's mayHear, which every caller applies to the rows, stays the rule. The
// types arrive as one JSON array, so one statement serves every filter. `CAST(? AS TEXT)`: the
// store pitfall of an ordered read on an index led by a text column (README).
const HEAD = "SELECT seq FROM events ORDER BY seq DESC LIMIT 1";
const FEED_ROWS =
  "SELECT seq, id, type, created_at, about_user_id, client_id, data FROM events WHERE account_id = CAST(? AS TEXT) AND seq > ? " +
  "AND type IN (SELECT value FROM json_each(?)) AND (client_id IS NULL OR client_id = ?) AND (?5 IS NULL OR about_user_id = ?5) ORDER BY seq LIMIT ?";

/**
 * The head of the sequence and up to `limit` of the listener's events after `afterSeq`, from one
 * snapshot: every event up to the head read is committed (the feed and the stream's catch-up).
 */
export async function readListenerEvents(store: Pick<Store, "readAll">, listener: Listener, afterSeq: number, limit: number, types: readonly string[]): Promise<{ head: number; rows: EventRow[] }> {
  const [head, rows] = await store.readAll([
    { sql: HEAD, args: [] },
    { sql: FEED_ROWS, args: [listener.accountId, afterSeq, JSON.stringify(types), listener.clientId, listener.userId, limit] },
  ]);
  return {
    head: head![0] ? Number(head![0][0]) : 0,
    rows: rows!.map(([seq, id, type, createdAt, aboutUserId, clientId, data]) => ({
      seq: Number(seq),
      id: String(id),
      type: String(type),
      accountId: listener.accountId,
      createdAt: Number(createdAt),
      aboutUserId: aboutUserId === null ? null : String(aboutUserId),
      clientId: clientId === null ? null : String(clientId),
      dataJson: String(data),
    })),
  };
}

/** Every account's events after `afterSeq`: what the process's one poller reads (event-signal.ts). */
export function readAllEventsAfter(db: Db, afterSeq: number, limit: number): Promise<EventRow[]> {
  return readQueries(db).everyAccount.all({ after: afterSeq, limit });
}

/** The newest sequence number (0 when no event is kept): where "from now" starts. */
export async function headSeq(db: Db): Promise<number> {
  const [row] = await readQueries(db).head.all();
  return row?.seq ?? 0;
}

/** The account's most recent events, newest first (the Events page). */
export async function recentEvents(db: Db, accountId: string, limit: number, filter: { type?: string; clientId?: string } = {}): Promise<EventRow[]> {
  const conditions = [eq(events.accountId, accountId)];
  if (filter.type) conditions.push(eq(events.type, filter.type));
  if (filter.clientId) conditions.push(or(isNull(events.clientId), eq(events.clientId, filter.clientId))!);
  return db.select(COLUMNS).from(events).where(and(...conditions)).orderBy(desc(events.seq)).limit(limit);
}

/**
 * Retention (spec 4.4.2, 8: about 30 days): deletes events created before `cutoffMs`, a batch at a
 * time so the writer is never held for long. Returns how many went.
 */
export async function pruneEventsBefore(db: Db, cutoffMs: number, batch = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = await db
      .delete(events)
      .where(sql`${events.seq} IN (SELECT ${events.seq} FROM ${events} WHERE ${lt(events.createdAt, cutoffMs)} ORDER BY ${events.seq} LIMIT ${batch})`)
      .returning({ seq: events.seq });
    total += gone.length;
    if (gone.length < batch) break;
  }
  return total;
}
