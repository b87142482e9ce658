// A feed page (spec 4.4) as the JSON text of its answer, put together by the store in one
// statement: each event's envelope (spec 2.5) is its stored template (envelopeTemplate: the JSON
// written when it was recorded), with this reader's api_version and subject put in. Reading 101
// rows into objects and serialising them again cost ~300 µs a page; this reads one string. The
// rules are the feed's (event-feed.ts): the same audience, types and positions, so the events are
// the ones feedPage() gives, byte for byte, and next_cursor works on the stream too (DESIGN §6).
// When the version asked for reshapes event data (spec 9), the page is made the general way,
// through the version registry.
import { EVENT_CATALOGUE, type CatalogueEntry, type EventType } from "./catalogue.ts";
import { READER_MARK, readerFields, SubjectCache } from "./envelope.ts";
import { cursorAt, feedPage, feedTypes, type FeedDeps, type FeedReader } from "./event-feed.ts";

/** One SQL string literal (the type names are the catalogue's, but quoting keeps that from mattering). */
const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** An event about a user comes with the user in front of its template: U+0002 user id U+0003. */
const USER_OPEN = "\u0002";
const USER_CLOSE = "\u0003";

/**
 * The template of one row. Events recorded before `envelope_template` existed get the same text
 * from their columns (created_at in toISOString's form: milliseconds and Z).
 */
const TEMPLATE =
  `coalesce(envelope_template, '{"id":' || json_quote(id) || ',"type":' || json_quote(type) || ',"created_at":"' || ` +
  `strftime('%Y-%m-%dT%H:%M:%S', created_at / 1000, 'unixepoch') || printf('.%03dZ"', created_at % 1000) || char(1) || ',"data":' || data || '}')`;

/**
 * Who hears what, in SQL: catalogue.ts's mayHear for this account and these types. Types every
 * client of the account hears are skipped when they name another client (as readEventsAfter's
 * prefilter does); app.* types reach only the client they name (spec 6.1).
 */
function audienceSql(types: readonly EventType[]): { sql: string; clientArgs: number } {
  const byAudience = (audience: CatalogueEntry["audience"]) => types.filter((type) => (EVENT_CATALOGUE[type] as CatalogueEntry).audience === audience).map(sqlString);
  const shared = byAudience("account");
  const own = byAudience("own_client");
  const parts: string[] = [];
  if (shared.length > 0) parts.push(`type IN (${shared.join(", ")}) AND (client_id IS NULL OR client_id = ?)`);
  if (own.length > 0) parts.push(`type IN (${own.join(", ")}) AND client_id = ?`);
  return { sql: parts.map((p) => `(${p})`).join(" OR "), clientArgs: parts.length };
}

/**
 * The page's statement. It reads up to limit + 1 events in sequence order (the extra one answers
 * has_more) and returns one row: how many, the last one's seq and id (SQLite takes bare columns
 * from the max() row), how many are about a user, the templates joined by commas in the
 * subquery's order, and the head of the sequence, read in the same snapshot.
 */
function pageStatement(types: readonly EventType[]): { sql: string; clientArgs: number } {
  const audience = audienceSql(types);
  const sql =
    `SELECT count(*), max(seq), id, count(about_user_id), ` +
    `group_concat(CASE WHEN about_user_id IS NULL THEN template ELSE char(2) || about_user_id || char(3) || template END, ','), ` +
    `(SELECT seq FROM events ORDER BY seq DESC LIMIT 1) ` +
    `FROM (SELECT seq, id, about_user_id, ${TEMPLATE} AS template FROM events ` +
    `WHERE account_id = CAST(? AS TEXT) AND seq > ? AND (${audience.sql}) ORDER BY seq LIMIT ?)`;
  return { sql, clientArgs: audience.clientArgs };
}

export class FeedPageText {
  private readonly statements = new Map<string, { sql: string; clientArgs: number }>();
  private readonly subjects: SubjectCache;

  constructor(private readonly deps: FeedDeps) {
    this.subjects = new SubjectCache(deps.serverKey);
  }

  /** The JSON text of one page after `afterSeq`: `{"items":[…],"next_cursor":…,"has_more":…}`. */
  async page(reader: FeedReader, afterSeq: number, limit: number): Promise<string> {
    const deps = this.deps;
    if (deps.versions.reshapesEventData(reader.apiVersion)) return JSON.stringify(await feedPage(deps, reader, afterSeq, limit));
    const types = feedTypes(reader);
    if (types.length === 0) return answer("", cursorAt(deps, reader, afterSeq), false);
    const { clientId, accountId } = reader.listener;
    const statement = this.statement(types);
    const args: (string | number)[] = [accountId, afterSeq];
    for (let i = 0; i < statement.clientArgs; i++) args.push(clientId);
    args.push(limit + 1);
    const [row] = (await deps.store.read(statement.sql, args)) as [unknown[]];
    const count = Number(row[0]);
    const head = row[5] === null ? 0 : Number(row[5]);
    if (count === 0) return answer("", cursorAt(deps, reader, Math.max(afterSeq, head)), false);
    let items = String(row[4]);
    const hasMore = count > limit;
    let position: number;
    if (hasMore) {
      // Drop the extra event (and the user marked in front of it). Every event before it that this
      // reader hears is on the page, so the position just before it is where the next page starts
      // (seq order is commit order, DESIGN §4).
      let extra = items.lastIndexOf(`{"id":${JSON.stringify(String(row[2]))}`);
      if (extra > 0 && items[extra - 1] === USER_CLOSE) extra = items.lastIndexOf(USER_OPEN, extra);
      if (extra < 1 || items[extra - 1] !== ",") throw new Error("feed page: the extra event is not at the end of the page");
      items = items.slice(0, extra - 1);
      position = Number(row[1]) - 1;
    } else {
      // The end: every event up to the head read with the page was committed and seen.
      position = Math.max(Number(row[1]), head, afterSeq);
    }
    const aboutAccount = readerFields(reader.apiVersion, this.subjects.get(clientId, accountId, null));
    items = Number(row[3]) === 0 ? items.replaceAll(READER_MARK, aboutAccount) : this.withUsers(items, reader.apiVersion, aboutAccount, clientId, accountId);
    return answer(items, cursorAt(deps, reader, position), hasMore);
  }

  /**
   * Puts the reader's fields in at every READER_MARK: the subject of the user marked in front of
   * the event's template when there is one (the mark goes), else the account's. One pass.
   */
  private withUsers(items: string, apiVersion: string, aboutAccount: string, clientId: string, accountId: string): string {
    const fields = new Map<string, string>();
    const parts: string[] = [];
    let from = 0;
    let user = items.indexOf(USER_OPEN);
    for (let mark = items.indexOf(READER_MARK); mark >= 0; mark = items.indexOf(READER_MARK, from)) {
      if (user >= 0 && user < mark) {
        const close = items.indexOf(USER_CLOSE, user);
        const userId = items.slice(user + 1, close);
        let aboutUser = fields.get(userId);
        if (aboutUser === undefined) fields.set(userId, (aboutUser = readerFields(apiVersion, this.subjects.get(clientId, accountId, userId))));
        parts.push(items.slice(from, user), items.slice(close + 1, mark), aboutUser);
        user = items.indexOf(USER_OPEN, mark);
      } else {
        parts.push(items.slice(from, mark), aboutAccount);
      }
      from = mark + 1;
    }
    parts.push(items.slice(from));
    return parts.join("");
  }

  private statement(types: readonly EventType[]): { sql: string; clientArgs: number } {
    const key = types.join(",");
    let statement = this.statements.get(key);
    if (statement === undefined) {
      statement = pageStatement(types);
      this.statements.set(key, statement);
    }
    return statement;
  }
}

/** The page's JSON text, keys in FeedPageSchema's order (what JSON.stringify of a FeedPage gives). */
function answer(items: string, nextCursor: string, hasMore: boolean): string {
  return `{"items":[${items}],"next_cursor":${JSON.stringify(nextCursor)},"has_more":${hasMore}}`;
}
