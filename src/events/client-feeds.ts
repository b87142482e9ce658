// Each client's copy of its feed (spec 4.4, 6.2): every event a client of the account may hear by
// the catalogue's audience (spec 6.1), written once with that client's subject and api_version, in
// the transaction that records the event (an outbox hook, recorder.ts). The envelopes are appended
// to chunks — their JSON joined by commas, stored as bytes, each chunk small enough to sit on one
// page of the database (a larger value is read through overflow pages, with a system call each) —
// so a feed page is one indexed read of a few stored runs (client-feed-page.ts) instead of a
// hundred rows put together and serialised per call.
//
// What it costs: per event and per client of the account, one chunk appended to (or started) and
// the copy's row updated — the same pages an event row of its own would dirty. Scopes are not
// applied here: a copy holds what the client could hear with every scope; a reader whose token or
// `types` filter leaves out a type in the part it reads is answered the general way
// (feed-page-text.ts).
import { executorOf, type SqlExecutor, type SqlHandle } from "../store/raw-sql.ts";
import { EVENT_CATALOGUE, EVENT_TYPES, type CatalogueEntry, type EventType } from "./catalogue.ts";
import { READER_MARK, readerFields, SubjectCache } from "./envelope.ts";
import type { RecordedEvent } from "./recorder.ts";

/**
 * A chunk takes envelopes until its body reaches this many bytes. With ~250-byte envelopes that is
 * a dozen, and the row (body, positions, keys) stays under SQLite's 4,061-byte limit for a row kept
 * on a 4 KiB page.
 */
export const CHUNK_BYTES = 3_000;

/** 1 << the type's place in the catalogue (stored: the catalogue's order must only ever grow at the end). */
export function typeBit(type: EventType): number {
  return 1 << EVENT_TYPES.indexOf(type);
}

/** The OR of the types' bits. */
export function typeMask(types: readonly EventType[]): number {
  let mask = 0;
  for (const type of types) mask |= typeBit(type);
  return mask;
}

// The clients that may hear the event (spec 6.1, 6.2), with their copy's state when they have one.
// An event naming a client reaches only that client (app.*, and usage limits of one client).
const TARGETS_SELECT = "SELECT c.id, f.api_version, f.next_n, f.open_first_n, f.open_bytes FROM clients c LEFT JOIN client_feeds f ON f.client_id = c.id";
const EVERY_CLIENT = `${TARGETS_SELECT} WHERE c.account_id = ?`;
const ONE_CLIENT = `${TARGETS_SELECT} WHERE c.account_id = ? AND c.id = ?`;
const START_COPY =
  "INSERT INTO client_feeds (client_id, account_id, from_seq, api_version, last_seq, next_n, open_first_n, open_bytes) VALUES (?, ?, ?, ?, ?, 1, 0, ?) " +
  "ON CONFLICT (client_id) DO UPDATE SET from_seq = excluded.from_seq, api_version = excluded.api_version, last_seq = excluded.last_seq, next_n = 1, open_first_n = 0, open_bytes = excluded.open_bytes";
const DROP_CHUNKS = "DELETE FROM client_feed_chunks WHERE client_id = ?";
const NEW_CHUNK =
  "INSERT INTO client_feed_chunks (client_id, first_n, first_seq, last_seq, count, type_mask, last_created_at, positions, body) VALUES (?, ?, ?, ?, 1, ?, ?, ?, CAST(? AS BLOB))";
const APPEND =
  "UPDATE client_feed_chunks SET body = CAST(body || ? AS BLOB), positions = positions || ?, last_seq = ?, count = count + 1, type_mask = type_mask | ?, last_created_at = ? " +
  "WHERE client_id = ? AND first_n = ?";
const ADVANCE = "UPDATE client_feeds SET last_seq = ?, next_n = next_n + 1, open_first_n = ?, open_bytes = ? WHERE client_id = ?";

export class ClientFeedWriter {
  private readonly subjects: SubjectCache;

  constructor(
    serverKey: Uint8Array,
    /** The version envelopes are written at: the current one. */
    private readonly apiVersion: string,
  ) {
    this.subjects = new SubjectCache(serverKey);
  }

  /** The recorder's outbox hook: adds the event to the copy of every client that may hear it. */
  readonly hook = async (tx: SqlHandle, event: RecordedEvent): Promise<void> => {
    const entry: CatalogueEntry = EVENT_CATALOGUE[event.type];
    if (!entry.onFeed) return;
    if (event.clientId === null && entry.audience !== "account") return;
    const sql = executorOf(tx);
    const targets = event.clientId === null ? await sql.execute({ sql: EVERY_CLIENT, args: [event.accountId] }) : await sql.execute({ sql: ONE_CLIENT, args: [event.accountId, event.clientId] });
    const bit = typeBit(event.type);
    for (const target of targets.rows) {
      const clientId = String(target.id);
      const envelope = event.template.replace(READER_MARK, readerFields(this.apiVersion, this.subjects.get(clientId, event.accountId, event.aboutUserId)));
      const bytes = Buffer.byteLength(envelope);
      if (target.api_version === null || target.api_version !== this.apiVersion) {
        // A client's first event since it exists, or the first since the current version changed:
        // the copy starts here, written at this version; what came before is read from `events`.
        if (target.api_version !== null) await sql.execute({ sql: DROP_CHUNKS, args: [clientId] });
        await sql.execute({ sql: START_COPY, args: [clientId, event.accountId, event.seq - 1, this.apiVersion, event.seq, 1 + bytes] });
        await startChunk(sql, clientId, 0, event, bit, envelope);
        continue;
      }
      const n = Number(target.next_n);
      const openFirstN = Number(target.open_first_n);
      const openBytes = Number(target.open_bytes);
      // The open chunk takes it while it is under CHUNK_BYTES (and while it exists: retention may
      // have dropped it after a quiet month); otherwise the envelope starts the next chunk.
      const appended =
        openBytes < CHUNK_BYTES &&
        (await sql.execute({ sql: APPEND, args: [`,${envelope}`, `,${event.seq}:${openBytes}`, event.seq, bit, event.createdAt, clientId, openFirstN] })).rowsAffected === 1;
      if (appended) {
        await sql.execute({ sql: ADVANCE, args: [event.seq, openFirstN, openBytes + 1 + bytes, clientId] });
      } else {
        await startChunk(sql, clientId, n, event, bit, envelope);
        await sql.execute({ sql: ADVANCE, args: [event.seq, n, 1 + bytes, clientId] });
      }
    }
  };
}

async function startChunk(sql: SqlExecutor, clientId: string, n: number, event: RecordedEvent, bit: number, envelope: string): Promise<void> {
  await sql.execute({ sql: NEW_CHUNK, args: [clientId, n, event.seq, event.seq, bit, event.createdAt, `${event.seq}:0`, `,${envelope}`] });
}

/** Retention (spec 4.4.2): the chunks whose newest event is older than the cutoff. */
export async function pruneClientFeedsBefore(sql: SqlExecutor, cutoffMs: number): Promise<void> {
  await sql.execute({ sql: "DELETE FROM client_feed_chunks WHERE last_created_at < ?", args: [cutoffMs] });
}
