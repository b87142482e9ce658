// A feed page (spec 2.8, 4.4) read from the reader's client's copy of its feed (client-feeds.ts):
// the bytes of the chunks between the page's start and end, the first and last one cut at an
// envelope's edge when the page starts or ends inside them. One read decides the page: the copy's
// state and the chunks' places (which chunks, how many envelopes and bytes each holds now), from
// one snapshot. The chunks' bytes come from this process's memory when it holds them: appending to
// a chunk never moves a byte already in it, so a chunk read once with n envelopes holds the same
// first n forever (a new copy of the feed numbers its chunks from a later first event, which the
// key carries). Chunks not held are read in a second read and kept. The places of each client's
// last read are kept too (its run): when they hold the next page as the copy is now — the same page
// again, or a poll at the end that finds nothing new — the copy's state is the only read. The page
// holds the envelopes feed-page-text.ts would give, byte for byte (tested); when the copy cannot
// answer exactly, this answers null and the caller goes the general way:
// - the client has no copy yet, or it is written at another api_version than the reader's;
// - the page starts before the copy does and the account has events there;
// - a chunk read holds a type this reader does not hear (its token's scopes or `types`, spec 6.2.2);
// - a chunk went (retention, a new copy) between the two reads.
import { cursorAt, feedTypes, type FeedDeps, type FeedReader } from "./event-feed.ts";
import { blobBytes, type ReadStatement } from "../store/open-store.ts";
import { ByteBoundedCache } from "../lib/byte-bounded-cache.ts";
import { typeMask } from "./client-feeds.ts";

// The copy's state, the head of the whole sequence and whether the account has events between the
// reader's position and the start of the copy — read in the same snapshot as the chunks' places.
// Also the open chunk (the newest: the only one that still grows) with its length, the oldest chunk
// retention left, and the position, account and client it was read for (the doorway may read it along with
// the token, and the page checks it asked the same).
const STATE =
  "SELECT from_seq, api_version, last_seq, (SELECT seq FROM events ORDER BY seq DESC LIMIT 1), " +
  "from_seq > ?1 AND EXISTS (SELECT 1 FROM events WHERE account_id = ?2 AND seq > ?1 AND seq <= client_feeds.from_seq), " +
  "open_first_n, open_bytes, (SELECT first_n FROM client_feed_chunks WHERE client_id = CAST(?3 AS TEXT) ORDER BY first_n LIMIT 1), ?1, ?2, ?3 " +
  "FROM client_feeds WHERE client_id = ?3";
// The chunk holding the first envelope after the position, and those after it up to `limit` more
// envelopes (chunks are numbered by their first envelope, so that is a range of first_n).
// (`CAST(? AS TEXT)`: SQLite 3.54 spends ~2 µs per run of a statement that orders by an index whose
// leading text column is compared with a bare parameter — store pitfall in the README.)
const FIRST_AFTER = "FROM client_feed_chunks WHERE client_id = CAST(? AS TEXT) AND last_seq > ? ORDER BY last_seq LIMIT 1";
// With nothing after the position, the newest chunk alone: kept as a run, it lets the next poll that
// finds nothing new read only the copy's state.
const NEWEST = "(SELECT first_n FROM client_feed_chunks WHERE client_id = CAST(? AS TEXT) ORDER BY first_n DESC LIMIT 1)";
const PLACES =
  "SELECT first_n, first_seq, last_seq, count, type_mask, length(body) FROM client_feed_chunks WHERE client_id = CAST(? AS TEXT) " +
  `AND first_n >= coalesce((SELECT first_n ${FIRST_AFTER}), ${NEWEST}) AND first_n < coalesce((SELECT first_n + count ${FIRST_AFTER}), ${NEWEST} + 1) + ? ORDER BY first_n`;
// Chunks this process does not hold (or holds with fewer envelopes than they have now).
const CHUNKS = "SELECT first_n, first_seq, positions, body FROM client_feed_chunks WHERE client_id = CAST(? AS TEXT) AND first_n >= ? AND first_n <= ? ORDER BY first_n";

/** Feed chunks kept in memory, in bytes (each process; least recently read first out). */
export const FEED_CHUNKS_MAX_BYTES = 32 * 1024 * 1024;

/** A chunk as read: its bytes (each envelope after a comma) and where each envelope starts. */
interface KeptChunk {
  bytes: Uint8Array;
  /** Each envelope's seq and the offset of the comma before it. */
  seqs: number[];
  offsets: number[];
}

type Place = [firstN: number, firstSeq: number, lastSeq: number, count: number, typeMask: number, length: number];

const OPENING = Buffer.from('{"items":[');

/** The copy as STATE reads it, once it can answer the reader at all. */
interface CopyState {
  fromSeq: number;
  apiVersion: string;
  lastSeq: number;
  head: number;
  openFirstN: number;
  openBytes: number;
  /** The oldest chunk left; null when retention left none. */
  oldestFirstN: number | null;
}

/** The places of one read of PLACES and their chunks, in order: a contiguous run of the copy's chunks. */
interface Run {
  apiVersion: string;
  fromSeq: number;
  /** The copy's open chunk when the run was read. */
  openFirstN: number;
  places: Place[];
  chunks: KeptChunk[];
}

/** Runs kept, one per client (their chunks' bytes count again here; the bound is what matters). */
export const FEED_RUNS_MAX_BYTES = 16 * 1024 * 1024;

/** STATE for the reader's client at `afterSeq`: the doorway reads it with the token when it can. */
export function copyStateRead(reader: FeedReader, afterSeq: number): ReadStatement {
  return { sql: STATE, args: [afterSeq, reader.listener.accountId, reader.listener.clientId] };
}

/**
 * The position rows of copyStateRead were read at, if they were read for this reader's client and
 * account; null otherwise. Read along with the token, they carry a position already checked (a
 * cursor's signature and age), so the handler need not decode the cursor again. No row: the client
 * asked for has no copy, and nothing is known.
 */
export function positionReadAlong(rows: unknown[][] | null, reader: FeedReader): number | null {
  const row = rows?.[0];
  if (row === undefined || row[9] !== reader.listener.accountId || row[10] !== reader.listener.clientId) return null;
  return Number(row[8]);
}

/** The copy's state, or null when it cannot answer this reader (no copy, another version, events before it). */
function copyState(row: unknown[] | undefined, reader: FeedReader): CopyState | null {
  if (row === undefined || row[1] !== reader.apiVersion || Number(row[4]) !== 0) return null;
  return {
    fromSeq: Number(row[0]),
    apiVersion: String(row[1]),
    lastSeq: Number(row[2]),
    head: row[3] === null ? 0 : Number(row[3]),
    openFirstN: Number(row[5]),
    openBytes: Number(row[6]),
    oldestFirstN: row[7] === null ? null : Number(row[7]),
  };
}

/** Where the page after `afterSeq` lies in the run: places first..last-1, and whether they hold fewer than `limit` envelopes. */
interface RunWalk {
  first: number;
  last: number;
  short: boolean;
}

function walkRun(run: Run, afterSeq: number, limit: number): RunWalk {
  const { places, chunks } = run;
  let first = 0;
  while (first < places.length && places[first]![2] <= afterSeq) first++;
  let taken = 0;
  let last = first;
  for (; last < places.length && taken < limit; last++) {
    const [, firstSeq, , count] = places[last]!;
    taken += count - firstAfter(chunks[last]!, firstSeq, count, afterSeq);
  }
  return { first, last, short: taken < limit };
}

/**
 * Whether the run may hold the page, known without reading: a page it holds short of the limit
 * ends at the copy's end, so its last chunk must have been the open one when it was read (the open
 * chunk only ever moves on). Reading through the feed page by page goes straight to the places.
 */
function mayHold(run: Run, walk: RunWalk): boolean {
  return !walk.short || run.places[run.places.length - 1]![0] === run.openFirstN;
}

/**
 * The places (and chunks) of the page after `afterSeq` when the run holds all of them as the copy
 * is now; null sends the caller to read places. The run was contiguous when read, and a chunk's
 * first envelopes never change: a page filled from the run is the copy's page, if nothing before
 * its first chunk has an envelope after the position (retention only drops the oldest chunks). A
 * page short of the limit ends at the copy's end, so the run must end with the open chunk (the
 * newest) at the length the copy gives it now.
 */
function placesFromRun(run: Run, walk: RunWalk, state: CopyState): { places: Place[]; chunks: KeptChunk[] } | null {
  if (run.apiVersion !== state.apiVersion || run.fromSeq !== state.fromSeq || state.oldestFirstN === null) return null;
  const { places } = run;
  if (places[0]![0] < state.oldestFirstN) return null;
  const { first, last, short } = walk;
  if (first === 0 && places[0]![0] !== state.oldestFirstN) return null;
  if (short) {
    const end = places[places.length - 1]!;
    if (end[0] !== state.openFirstN || end[5] !== state.openBytes) return null;
  }
  return { places: places.slice(first, last), chunks: run.chunks.slice(first, last) };
}

export class ClientFeedPages {
  private readonly chunks = new ByteBoundedCache<KeptChunk>(FEED_CHUNKS_MAX_BYTES, (chunk) => chunk.bytes.byteLength + chunk.seqs.length * 16);
  private readonly runs = new ByteBoundedCache<Run>(FEED_RUNS_MAX_BYTES, (run) => run.chunks.reduce((sum, chunk) => sum + chunk.bytes.byteLength + chunk.seqs.length * 16, 0));

  constructor(private readonly deps: FeedDeps) {}

  /**
   * The JSON of the page after `afterSeq` in pieces (slices of kept chunks between its opening and
   * its tail, `byteLength` in all), or null when the general way must answer it. `readAlong`: the
   * rows of copyStateRead the doorway read with the token, if it could.
   */
  async page(reader: FeedReader, afterSeq: number, limit: number, readAlong: unknown[][] | null = null): Promise<{ pieces: Uint8Array[]; byteLength: number } | null> {
    const types = feedTypes(reader);
    if (types.length === 0) return null;
    const unheard = ~typeMask(types);
    const { clientId } = reader.listener;
    const stateRead = copyStateRead(reader, afterSeq);
    // The run kept from this client's last read of places often holds the page (the same page read
    // again, a poll at the end that finds nothing new): then the copy's state is the only read, and
    // the doorway has often read it already.
    const run = this.runs.get(clientId);
    const walk = run === null ? null : walkRun(run, afterSeq, limit);
    if (walk !== null && mayHold(run!, walk)) {
      const states = positionReadAlong(readAlong, reader) === afterSeq ? readAlong! : await this.deps.store.read(stateRead.sql, stateRead.args);
      const state = copyState(states[0], reader);
      if (state === null) return null;
      const fromRun = placesFromRun(run!, walk, state);
      if (fromRun !== null) return this.compose(reader, state, fromRun.places, fromRun.chunks, afterSeq, limit, unheard);
    }
    // Places need the state of their own snapshot: both are read again.
    const [states, rows] = (await this.deps.store.readAll([
      stateRead,
      { sql: PLACES, args: [clientId, clientId, afterSeq, clientId, clientId, afterSeq, clientId, limit] },
    ])) as [unknown[][], unknown[][]];
    const state = copyState(states[0], reader);
    if (state === null) return null;
    const places = rows.map((row) => row.map(Number) as Place);
    const held = await this.held(clientId, places);
    if (held === null) return null;
    if (places.length > 0) this.runs.remember(clientId, { apiVersion: state.apiVersion, fromSeq: state.fromSeq, openFirstN: state.openFirstN, places, chunks: held });
    return this.compose(reader, state, places, held, afterSeq, limit, unheard);
  }

  /** The page from its chunks' places and bytes: from the first envelope after the position, `limit` of them. */
  private compose(reader: FeedReader, state: CopyState, places: readonly Place[], held: readonly KeptChunk[], afterSeq: number, limit: number, unheard: number) {
    const pieces: Uint8Array[] = [OPENING];
    let size = OPENING.byteLength;
    let taken = 0;
    let lastOnPage = afterSeq;
    for (let i = 0; i < places.length && taken < limit; i++) {
      const [, firstSeq, lastSeq, count, mask, length] = places[i]!;
      const chunk = held[i]!;
      const from = firstAfter(chunk, firstSeq, count, afterSeq);
      const to = Math.min(count, from + (limit - taken));
      if (from === to) continue;
      if ((mask & unheard) !== 0) return null;
      // Every envelope after a comma: the page's first skips its own.
      const start = chunk.offsets[from]! + (taken === 0 ? 1 : 0);
      const end = to === count ? length : chunk.offsets[to]!;
      pieces.push(chunk.bytes.subarray(start, end));
      size += end - start;
      taken += to - from;
      lastOnPage = to === count ? lastSeq : chunk.seqs[to - 1]!;
    }
    const hasMore = state.lastSeq > lastOnPage;
    // At the end the position moves to the head read with the page, as event-feed.ts's pages do.
    // (A cursor is base64url: nothing in it needs escaping in JSON.)
    const next = cursorAt(this.deps, reader, hasMore ? lastOnPage : Math.max(lastOnPage, state.head, afterSeq));
    const tail = Buffer.from(`],"next_cursor":"${next}","has_more":${hasMore}}`);
    pieces.push(tail);
    return { pieces, byteLength: size + tail.byteLength };
  }

  /**
   * Each place's chunk with at least the envelopes the place counts: from memory, or read (one read
   * for every chunk not held) and kept. Null when a chunk went between the reads.
   */
  private async held(clientId: string, places: readonly Place[]): Promise<KeptChunk[] | null> {
    const held: (KeptChunk | null)[] = places.map(([firstN, firstSeq, , count]) => {
      const chunk = this.chunks.get(keyOf(clientId, firstN, firstSeq));
      return chunk !== null && chunk.seqs.length >= count ? chunk : null;
    });
    const missing = places.filter((_, i) => held[i] === null);
    if (missing.length === 0) return held as KeptChunk[];
    const rows = await this.deps.store.read(CHUNKS, [clientId, missing[0]![0], missing[missing.length - 1]![0]]);
    const read = new Map<string, KeptChunk>();
    for (const [firstN, firstSeq, positions, body] of rows) {
      const bytes = blobBytes(body);
      if (bytes === null) return null;
      const chunk = chunkOf(bytes, String(positions));
      const key = keyOf(clientId, Number(firstN), Number(firstSeq));
      read.set(key, chunk);
      this.chunks.remember(key, chunk);
    }
    for (let i = 0; i < places.length; i++) {
      if (held[i] !== null) continue;
      const [firstN, firstSeq, , count] = places[i]!;
      const chunk = read.get(keyOf(clientId, firstN, firstSeq));
      // A chunk read again holds at least what its place counted: appends only add at the end.
      if (chunk === undefined || chunk.seqs.length < count) return null;
      held[i] = chunk;
    }
    return held as KeptChunk[];
  }
}

/** The index of the chunk's first envelope after `afterSeq` (`count` when none is). */
function firstAfter(chunk: KeptChunk, firstSeq: number, count: number, afterSeq: number): number {
  let index = 0;
  if (firstSeq <= afterSeq) while (index < count && chunk.seqs[index]! <= afterSeq) index++;
  return index;
}

/** A chunk is its client's, numbered by its first envelope; its first event tells one copy of the feed from a later one. */
function keyOf(clientId: string, firstN: number, firstSeq: number): string {
  return `${clientId} ${firstN} ${firstSeq}`;
}

/** A chunk's bytes with its "seq:offset,…" places. */
function chunkOf(bytes: Uint8Array, positions: string): KeptChunk {
  const seqs: number[] = [];
  const offsets: number[] = [];
  for (const pair of positions.split(",")) {
    const colon = pair.indexOf(":");
    seqs.push(Number(pair.slice(0, colon)));
    offsets.push(Number(pair.slice(colon + 1)));
  }
  return { bytes, seqs, offsets };
}
