// The pull feed (spec 2.8, 4.4, 6.2): where a read starts (now, the oldest kept event, or a
// cursor), and one page of envelopes — the one feed page builder. Who hears what is the
// catalogue's mayHear; the stream (event-stream.ts) uses the same rule, positions and cursors, so
// the two are interchangeable, under any `types` filter.
import type { Clock } from "../lib/clock.ts";
import { AppError, invalidRequest } from "../lib/errors.ts";
import type { Store } from "../store/open-store.ts";
import { hearableTypes, isEventType, mayHear, type EventType, type HeardEvent, type Listener } from "./catalogue.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { envelopeJson, type EventVersions } from "./envelope.ts";
import { headSeq, readListenerEvents } from "./event-reads.ts";

export interface FeedDeps {
  store: Pick<Store, "db" | "readAll">;
  clock: Clock;
  serverKey: Uint8Array;
  versions: EventVersions;
}

export const FEED_PAGE_DEFAULT = 100;
export const FEED_PAGE_MAX = 100;

/** A caller of the feed or the stream: the listener (token scopes), the version it reads at, and its `types`. */
export interface FeedReader {
  listener: Listener;
  apiVersion: string;
  /** The `types` asked for; null: every type the listener may hear. */
  requested: EventType[] | null;
}

/** `limit` on the feed: digits (the query model checks them), 1 to FEED_PAGE_MAX; absent: the default. */
export function feedLimit(raw: string | undefined): number {
  if (raw === undefined) return FEED_PAGE_DEFAULT;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > FEED_PAGE_MAX) throw invalidRequest(`limit must be an integer from 1 to ${FEED_PAGE_MAX}`, "limit");
  return limit;
}

/** `types`: comma-separated type names; an unknown or empty name is a 400 (issue rule: no silent narrowing). */
export function parseTypes(raw: string | undefined): EventType[] | null {
  if (raw === undefined) return null;
  const names = raw.split(",").map((s) => s.trim());
  const unknown = names.find((name) => !isEventType(name));
  if (unknown !== undefined) throw invalidRequest(unknown === "" ? "types names no type; give comma-separated event types" : `unknown event type ${JSON.stringify(unknown)} in types`, "types");
  return [...new Set(names as EventType[])];
}

/** The types this reader hears on the feed: the token's scopes (spec 6.2.2) narrowed by `types`. */
export function feedTypes(reader: FeedReader): EventType[] {
  const hearable = hearableTypes(reader.listener.scopes, "feed");
  return reader.requested === null ? hearable : hearable.filter((type) => reader.requested!.includes(type));
}

/** Does this reader get this event? The catalogue's rule (mayHear) and the `types` filter. */
export function readerHears(reader: FeedReader, types: readonly EventType[], row: HeardEvent): boolean {
  return (types as readonly string[]).includes(row.type) && mayHear(reader.listener, row);
}

/** The cursor for "everything after `seq`" in the reader's account (DESIGN §4: bound to the account only). */
export function cursorAt(deps: Pick<FeedDeps, "serverKey" | "clock">, reader: FeedReader, seq: number): string {
  return encodeCursor(deps.serverKey, { accountId: reader.listener.accountId }, seq, deps.clock.now());
}

/**
 * Where a read starts (spec 4.4): after the cursor's position; with `start=oldest` from the oldest
 * kept event; otherwise from now (events before are skipped). A forged or foreign cursor is 400
 * invalid_request, one older than 30 days 410 cursor_expired.
 */
export async function startPosition(deps: FeedDeps, reader: FeedReader, from: StartFrom): Promise<number> {
  if (from.start !== undefined && from.start !== "oldest") throw invalidRequest(`start must be "oldest" (or leave it out to start from now)`, "start");
  if (from.cursor !== undefined && from.cursor !== null) {
    const read = decodeCursor(deps.serverKey, { accountId: reader.listener.accountId }, from.cursor, deps.clock.now());
    if (!read.ok && read.reason === "expired") throw new AppError(410, "cursor_expired", "the cursor is older than 30 days; start again without a cursor, or with start=oldest");
    if (!read.ok) throw invalidRequest("the cursor is not one this feed issued for this account; pass back next_cursor (or a stream id:) unchanged", from.cursorParam);
    return read.seq;
  }
  return from.start === "oldest" ? 0 : headSeq(deps.store.db);
}

export interface StartFrom {
  cursor?: string | null;
  start?: string;
  /** The parameter a bad cursor is reported under. */
  cursorParam: string;
}

/**
 * One page after `afterSeq`, as the JSON text of the answer (FeedPageSchema's keys, in order): the
 * one feed page builder. When the page reaches the end, the position moves to the head read with it
 * (every event up to there was committed and seen), so a caller that hears nothing does not rescan
 * the same unheard events on every call.
 */
export async function feedPage(deps: FeedDeps, reader: FeedReader, afterSeq: number, limit: number): Promise<string> {
  const types = feedTypes(reader);
  if (types.length === 0) return pageJson([], cursorAt(deps, reader, afterSeq), false);
  const { head, rows } = await readListenerEvents(deps.store, reader.listener, afterSeq, limit + 1, types);
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const items: string[] = [];
  const subjects = new Map<string, string>();
  for (const row of page) if (readerHears(reader, types, row)) items.push(envelopeJson(deps.serverKey, deps.versions, reader.listener.clientId, reader.apiVersion, row, row.dataJson, subjects));
  const last = page.length > 0 ? page[page.length - 1]!.seq : afterSeq;
  const position = hasMore ? last : Math.max(last, head, afterSeq);
  return pageJson(items, cursorAt(deps, reader, position), hasMore);
}

function pageJson(items: string[], nextCursor: string, hasMore: boolean): string {
  return `{"items":[${items.join(",")}],"next_cursor":${JSON.stringify(nextCursor)},"has_more":${hasMore}}`;
}
