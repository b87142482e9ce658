// A feed page (spec 2.8, 4.4) read from the reader's client's copy of its feed (client-feeds.ts):
// the stored bytes of the chunks between the page's start and end, the first and last one cut at an
// envelope's edge when the page starts or ends inside them. Two reads: the chunks' places (which
// chunks, where each envelope starts), then the answer itself, put together by the store from those
// places — one value the size of the answer, handed to the response as it is. The page holds the
// envelopes feed-page-text.ts would give, byte for byte (tested); when the copy cannot answer
// exactly, this answers null and the caller goes the general way:
// - the client has no copy yet, or it is written at another api_version than the reader's;
// - the page starts before the copy does and the account has events there;
// - a chunk read holds a type this reader does not hear (its token's scopes or `types`, spec 6.2.2);
// - a chunk went (retention, a new version) between the two reads.
import { cursorAt, feedTypes, type FeedDeps, type FeedReader } from "./event-feed.ts";
import { blobBytes } from "../store/open-store.ts";
import { typeMask } from "./client-feeds.ts";

// The copy's state, the head of the whole sequence and whether the account has events between the
// reader's position and the start of the copy — read in the same snapshot as the chunks' places.
const STATE =
  "SELECT from_seq, api_version, last_seq, (SELECT seq FROM events ORDER BY seq DESC LIMIT 1), " +
  "from_seq > ? AND EXISTS (SELECT 1 FROM events WHERE account_id = ? AND seq > ? AND seq <= client_feeds.from_seq) " +
  "FROM client_feeds WHERE client_id = ?";
// The chunk holding the first envelope after the position, and those after it up to `limit` more
// envelopes (chunks are numbered by their first envelope, so that is a range of first_n).
// (`CAST(? AS TEXT)`: SQLite 3.54 spends ~2 µs per run of a statement that orders by an index whose
// leading text column is compared with a bare parameter — store pitfall in the README.)
const FIRST_AFTER = "FROM client_feed_chunks WHERE client_id = CAST(? AS TEXT) AND last_seq > ? ORDER BY last_seq LIMIT 1";
const PLACES =
  "SELECT first_n, first_seq, last_seq, count, type_mask, positions, length(body) FROM client_feed_chunks WHERE client_id = CAST(? AS TEXT) " +
  `AND first_n >= (SELECT first_n ${FIRST_AFTER}) AND first_n < (SELECT first_n + count ${FIRST_AFTER}) + ? ORDER BY first_n`;
// The answer: its opening, the chunks from first_n A to B (A cut from byte a for a_length bytes, B
// to its first b_length bytes; SQLite's substr counts from 1), its tail; and how many chunks there
// were. Appending to the newest chunk never moves a byte already in it, so the places still hold.
const ANSWER =
  "SELECT CAST(? || group_concat(CASE WHEN first_n = ? THEN substr(body, ?, ?) WHEN first_n = ? THEN substr(body, 1, ?) ELSE body END, '') || ? AS BLOB), count(*) " +
  "FROM (SELECT first_n, body FROM client_feed_chunks WHERE client_id = CAST(? AS TEXT) AND first_n >= ? AND first_n <= ? ORDER BY first_n)";

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
    const [states, places] = (await this.deps.store.readAll([
      { sql: STATE, args: [afterSeq, accountId, afterSeq, clientId] },
      { sql: PLACES, args: [clientId, clientId, afterSeq, clientId, afterSeq, limit] },
    ])) as [unknown[][], unknown[][]];
    const state = states[0];
    if (state === undefined || state[1] !== reader.apiVersion || Number(state[4]) !== 0) return null;
    // Which chunks, and where the page starts in the first (after the comma before its first
    // envelope) and ends in the last.
    let firstN = -1;
    let lastN = -1;
    let start = 0;
    let end = 0;
    let chunks = 0;
    let taken = 0;
    let lastOnPage = afterSeq;
    for (const place of places) {
      if (taken === limit) break;
      if ((Number(place[4]) & unheard) !== 0) return null;
      const count = Number(place[3]);
      let from = 0;
      let to = count;
      let positions: number[][] | null = null;
      if (Number(place[1]) <= afterSeq) {
        positions = positionsOf(String(place[5]));
        while (from < count && positions[from]![0]! <= afterSeq) from++;
      }
      if (to - from > limit - taken) {
        positions ??= positionsOf(String(place[5]));
        to = from + (limit - taken);
      }
      if (from === to) continue;
      if (firstN === -1) {
        firstN = Number(place[0]);
        start = from === 0 ? 0 : positions![from]![1]!;
      }
      lastN = Number(place[0]);
      end = to === count ? Number(place[6]) : positions![to]![1]!;
      chunks++;
      taken += to - from;
      lastOnPage = to === count ? Number(place[2]) : positions![to - 1]![0]!;
    }
    const copyEnd = Number(state[2]);
    const head = state[3] === null ? 0 : Number(state[3]);
    const hasMore = copyEnd > lastOnPage;
    // At the end the position moves to the head read with the page, as event-feed.ts's pages do.
    // (A cursor is base64url: nothing in it needs escaping in JSON.)
    const next = cursorAt(this.deps, reader, hasMore ? lastOnPage : Math.max(lastOnPage, head, afterSeq));
    const tail = `],"next_cursor":"${next}","has_more":${hasMore}}`;
    if (chunks === 0) return Buffer.from(`{"items":[${tail}`);
    // The first chunk from its page start, skipping that envelope's comma; when it is also the last,
    // up to the page's end.
    const firstLength = firstN === lastN ? end - start - 1 : 1_000_000_000;
    const [answer] = await this.deps.store.read(ANSWER, ['{"items":[', firstN, start + 2, firstLength, lastN, end, tail, clientId, firstN, lastN]);
    if (answer === undefined || Number(answer[1]) !== chunks) return null;
    return blobBytes(answer[0]);
  }
}
