// A feed page (spec 2.8, 4.4) read from the reader's client's copy of its feed (client-feeds.ts):
// the stored bytes of the chunks between the page's start and end, the first and last one cut at an
// envelope's edge when the page starts or ends inside them — two indexed reads in one snapshot and
// one copy. The page holds the envelopes feed-page-text.ts would give, byte for byte (tested); when
// the copy cannot answer exactly, this answers null and the caller goes the general way:
// - the client has no copy yet, or it is written at another api_version than the reader's;
// - the page starts before the copy does and the account has events there;
// - a chunk read holds a type this reader does not hear (its token's scopes or `types`, spec 6.2.2).
import { cursorAt, feedTypes, type FeedDeps, type FeedReader } from "./event-feed.ts";
import { typeMask } from "./client-feeds.ts";

// The copy's state, the head of the whole sequence and whether the account has events between the
// reader's position and the start of the copy — read in the same snapshot as the chunks.
const STATE =
  "SELECT from_seq, api_version, last_seq, (SELECT seq FROM events ORDER BY seq DESC LIMIT 1), " +
  "from_seq > ? AND EXISTS (SELECT 1 FROM events WHERE account_id = ? AND seq > ? AND seq <= client_feeds.from_seq) " +
  "FROM client_feeds WHERE client_id = ?";
// The chunk holding the first envelope after the position, and those after it up to `limit` more
// envelopes (chunks are numbered by their first envelope, so that is a range of first_n).
// (`CAST(? AS TEXT)`: SQLite 3.54 spends ~2 µs per run of a statement that orders by an index whose
// leading text column is compared with a bare parameter — store pitfall in the README.)
const FIRST_AFTER = "FROM client_feed_chunks WHERE client_id = CAST(? AS TEXT) AND last_seq > ? ORDER BY last_seq LIMIT 1";
const CHUNKS =
  "SELECT first_seq, last_seq, count, type_mask, positions, body FROM client_feed_chunks WHERE client_id = CAST(? AS TEXT) " +
  `AND first_n >= (SELECT first_n ${FIRST_AFTER}) AND first_n < (SELECT first_n + count ${FIRST_AFTER}) + ? ORDER BY first_n`;

const OPEN = Buffer.from('{"items":[');

/** A blob as the store returns it: Uint8Array on the embedded store, ArrayBuffer from a libSQL server. */
function bytesOf(value: unknown): Uint8Array {
  return value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBuffer);
}

/** A chunk's "seq:offset,…" as [seq, offset] pairs. */
function positionsOf(text: string): number[][] {
  return text.split(",").map((pair) => pair.split(":").map(Number));
}

export class ClientFeedPages {
  constructor(private readonly deps: FeedDeps) {}

  /** The JSON of the page after `afterSeq` as bytes, or null when the general way must answer it. */
  async page(reader: FeedReader, afterSeq: number, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
    const types = feedTypes(reader);
    if (types.length === 0) return null;
    const unheard = ~typeMask(types);
    const { clientId, accountId } = reader.listener;
    const [states, chunks] = (await this.deps.store.readAll([
      { sql: STATE, args: [afterSeq, accountId, afterSeq, clientId] },
      { sql: CHUNKS, args: [clientId, clientId, afterSeq, clientId, afterSeq, limit] },
    ])) as [unknown[][], unknown[][]];
    const state = states[0];
    if (state === undefined || state[1] !== reader.apiVersion || Number(state[4]) !== 0) return null;
    // The envelopes as byte ranges of the chunks' bodies, each range starting at a comma.
    const ranges: { bytes: Uint8Array; start: number; end: number }[] = [];
    let length = 0;
    let taken = 0;
    let lastOnPage = afterSeq;
    for (const chunk of chunks) {
      if (taken === limit) break;
      if ((Number(chunk[3]) & unheard) !== 0) return null;
      const count = Number(chunk[2]);
      const bytes = bytesOf(chunk[5]);
      let from = 0;
      let to = count;
      let positions: number[][] | null = null;
      if (Number(chunk[0]) <= afterSeq) {
        positions = positionsOf(String(chunk[4]));
        while (from < count && positions[from]![0]! <= afterSeq) from++;
      }
      if (to - from > limit - taken) {
        positions ??= positionsOf(String(chunk[4]));
        to = from + (limit - taken);
      }
      if (from === to) continue;
      const start = from === 0 ? 0 : positions![from]![1]!;
      const end = to === count ? bytes.length : positions![to]![1]!;
      ranges.push({ bytes, start, end });
      length += end - start;
      taken += to - from;
      lastOnPage = to === count ? Number(chunk[1]) : positions![to - 1]![0]!;
    }
    const copyEnd = Number(state[2]);
    const head = state[3] === null ? 0 : Number(state[3]);
    const hasMore = copyEnd > lastOnPage;
    // At the end the position moves to the head read with the page, as event-feed.ts's pages do.
    const next = cursorAt(this.deps, reader, hasMore ? lastOnPage : Math.max(lastOnPage, head, afterSeq));
    const tail = `],"next_cursor":"${next}","has_more":${hasMore}}`;
    // One copy into the answer: the opening, the ranges (the first without its comma), the tail.
    const answer = Buffer.allocUnsafe(OPEN.length + Math.max(0, length - 1) + tail.length);
    OPEN.copy(answer, 0);
    let at = OPEN.length;
    for (const [i, range] of ranges.entries()) {
      const skip = i === 0 ? 1 : 0;
      answer.set(new Uint8Array(range.bytes.buffer, range.bytes.byteOffset + range.start + skip, range.end - range.start - skip), at);
      at += range.end - range.start - skip;
    }
    answer.write(tail, at, "latin1");
    return answer;
  }
}
