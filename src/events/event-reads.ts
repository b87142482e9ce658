// Reading recorded events: the feed's and the stream's pages, the head of the sequence, and the
// retention sweep. Other doors (webhooks, the Events page, `parla events tail`) reuse these.
import { and, asc, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../store/open-store.ts";
import { preparedQueries } from "../store/prepared.ts";
import type { Listener } from "./catalogue.ts";
import { events } from "./schema.ts";

/** One stored event, as every door reads it. */
export interface EventRow {
  seq: number;
  id: string;
  type: string;
  accountId: string;
  createdAt: number;
  aboutUserId: string | null;
  clientId: string | null;
  data: Record<string, unknown>;
}

const COLUMNS = {
  seq: events.seq,
  id: events.id,
  type: events.type,
  accountId: events.accountId,
  createdAt: events.createdAt,
  aboutUserId: events.aboutUserId,
  clientId: events.clientId,
  data: events.data,
};

const p = sql.placeholder;

// The types arrive as one JSON array, so one prepared statement serves every filter.
const readQueries = preparedQueries((db) => ({
  forListener: db
    .select(COLUMNS)
    .from(events)
    .where(
      and(
        eq(events.accountId, p("account")),
        gt(events.seq, p("after")),
        sql`${events.type} IN (SELECT value FROM json_each(${p("types")}))`,
        or(isNull(events.clientId), eq(events.clientId, p("client"))),
        sql`(${p("user")} IS NULL OR ${events.aboutUserId} = ${p("user")})`,
      ),
    )
    .orderBy(asc(events.seq))
    .limit(p("limit"))
    .prepare(),
  everyAccount: db.select(COLUMNS).from(events).where(gt(events.seq, p("after"))).orderBy(asc(events.seq)).limit(p("limit")).prepare(),
  head: db.select({ seq: events.seq }).from(events).orderBy(desc(events.seq)).limit(1).prepare(),
}));

/**
 * The listener's account's events after `afterSeq` of the given types, in sequence order. The
 * statement is a prefilter that keeps at least every event the listener hears — events that name
 * no client or this one, and about its user when it acts for one; the catalogue's mayHear, which
 * every caller applies to the rows, stays the rule.
 */
export function readEventsAfter(db: Db, listener: Listener, afterSeq: number, limit: number, types: readonly string[]): Promise<EventRow[]> {
  return readQueries(db).forListener.all({ account: listener.accountId, after: afterSeq, types: JSON.stringify(types), client: listener.clientId, user: listener.userId, limit });
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
