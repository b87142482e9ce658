// TEST DOUBLE — a minimal libSQL server (Hrana v2 over HTTP, JSON) on bun:sqlite, so the remote
// driver (@libsql/client/web) can be tested on machines with no sqld package. It implements what
// the client uses: /v2 version probe, /v2/pipeline with execute, batch (with conditions), sequence,
// get_autocommit and close, and one SQLite connection per stream (baton), like sqld. A request
// whose client went away while it waited for its turn is dropped unserved, as sqld drops a request
// whose connection is gone. With `streamIdleMs`, a stream left idle that long — its client died
// mid-transaction — expires as sqld's do: its transaction is rolled back and its connection closed,
// or a killed client would hold the write lock for ever. Off by default: on a loaded test machine a
// live transaction can wait longer than sqld's expiry between two of its statements.
// Not for production use; the README documents running Parla against a real sqld or Turso.
import { Database } from "bun:sqlite";

type HranaValue = { type: "null" } | { type: "integer"; value: string } | { type: "float"; value: number } | { type: "text"; value: string } | { type: "blob"; base64: string };
interface HranaStmt {
  sql?: string;
  sql_id?: number;
  args?: HranaValue[];
  named_args?: { name: string; value: HranaValue }[];
  want_rows?: boolean;
}
type BatchCond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: BatchCond }
  | { type: "and" | "or"; conds: BatchCond[] }
  | { type: "is_autocommit" };

interface StreamState {
  db: Database;
  /** SQL texts stored with store_sql, referenced by sql_id. */
  sqls: Map<number, string>;
  lastUsed: number;
  /** Requests of this stream being served now: a busy stream never expires. */
  busy: number;
}

/** What the crash tests pass as streamIdleMs: sqld's expiry of idle HTTP streams. */
export const SQLD_STREAM_IDLE_MS = 10_000;

export interface HranaTestServer {
  url: string;
  requests: number;
  stop(): void;
}

function decodeValue(v: HranaValue): unknown {
  switch (v.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(v.value);
    case "float":
      return v.value;
    case "text":
      return v.value;
    case "blob":
      return Buffer.from(v.base64, "base64");
  }
}

function encodeValue(v: unknown): HranaValue {
  if (v === null || v === undefined) return { type: "null" };
  if (typeof v === "bigint") return { type: "integer", value: v.toString() };
  if (typeof v === "number") return Number.isInteger(v) ? { type: "integer", value: String(v) } : { type: "float", value: v };
  if (typeof v === "string") return { type: "text", value: v };
  if (v instanceof Uint8Array) return { type: "blob", base64: Buffer.from(v).toString("base64") };
  return { type: "text", value: String(v) };
}

function executeStmt(db: Database, stmt: HranaStmt, sqls: Map<number, string>) {
  const text = stmt.sql ?? (stmt.sql_id !== undefined ? sqls.get(stmt.sql_id) : undefined) ?? "";
  stmt = { ...stmt, sql: text };
  const query = db.query(text);
  const params: unknown[] = (stmt.args ?? []).map(decodeValue);
  const named: Record<string, unknown> = {};
  for (const a of stmt.named_args ?? []) named[a.name] = decodeValue(a.value);
  const bound = (stmt.named_args?.length ? [named] : params) as never[];
  const columns = query.columnNames;
  if (columns.length > 0) {
    const rows = query.values(...bound) as unknown[][];
    return {
      cols: columns.map((name) => ({ name, decltype: null })),
      rows: rows.map((r) => r.map(encodeValue)),
      affected_row_count: /^\s*select/i.test(stmt.sql ?? "") ? 0 : rows.length,
      last_insert_rowid: null,
    };
  }
  const info = query.run(...bound);
  return { cols: [], rows: [], affected_row_count: info.changes, last_insert_rowid: String(info.lastInsertRowid) };
}

function errorOf(e: unknown) {
  const err = e as { message?: string; code?: string };
  return { message: err.message ?? String(e), code: err.code ?? "SQLITE_ERROR" };
}

function evalCond(cond: BatchCond | undefined, results: unknown[], errors: unknown[], db: Database): boolean {
  if (!cond) return true;
  switch (cond.type) {
    case "ok":
      return results[cond.step] != null;
    case "error":
      return errors[cond.step] != null;
    case "not":
      return !evalCond(cond.cond, results, errors, db);
    case "and":
      return cond.conds.every((c) => evalCond(c, results, errors, db));
    case "or":
      return cond.conds.some((c) => evalCond(c, results, errors, db));
    case "is_autocommit":
      return !db.inTransaction;
  }
}

export function startHranaTestServer(path: string, options: { streamIdleMs?: number } = {}): HranaTestServer {
  const streams = new Map<string, StreamState>();
  // One JS thread serves every stream, so a stream inside a transaction holds this turnstile and
  // other streams wait for it instead of spinning on SQLite's busy timeout.
  let owner: string | null = null;
  const waiters: (() => void)[] = [];
  /** Waits for the turn; false (no turn taken) when the client went away meanwhile. */
  const takeTurn = async (baton: string, signal: AbortSignal): Promise<boolean> => {
    while (owner !== null && owner !== baton) {
      if (signal.aborted) return false;
      await new Promise<void>((r) => {
        waiters.push(r);
        signal.addEventListener("abort", () => r(), { once: true });
      });
    }
    if (signal.aborted) return false;
    owner = baton;
    return true;
  };
  const releaseTurn = (baton: string, db: Database) => {
    if (owner === baton && !db.inTransaction) {
      owner = null;
      waiters.splice(0).forEach((w) => w());
    }
  };
  let counter = 0;
  const state = { requests: 0 };

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method === "GET" && (url.pathname === "/v2" || url.pathname === "/")) return new Response("ok");
      if (req.method !== "POST" || url.pathname !== "/v2/pipeline") return new Response("not found", { status: 404 });
      state.requests++;
      const body = (await req.json()) as { baton: string | null; requests: { type: string; sql_id?: number; stmt?: HranaStmt; batch?: { steps: { stmt: HranaStmt; condition?: BatchCond }[] }; sql?: string }[] };
      let baton = body.baton;
      let stream = baton ? streams.get(baton) : undefined;
      if (baton && !stream) return Response.json({ message: "unknown baton" }, { status: 400 });
      if (!stream) {
        baton = `b${++counter}`;
        const db = new Database(path, { create: true, strict: true });
        db.run("PRAGMA busy_timeout = 5000");
        db.run("PRAGMA journal_mode = WAL");
        db.run("PRAGMA foreign_keys = ON");
        stream = { db, sqls: new Map(), lastUsed: Date.now(), busy: 0 };
        streams.set(baton, stream);
      }
      const id = baton as string;
      const { db, sqls } = stream;
      const served = stream;
      served.busy++;
      // Plain reads outside a transaction run at once (WAL readers never wait for the writer).
      const readOnly = !db.inTransaction && body.requests.every((r) => r.type === "close" || r.type === "store_sql" || r.type === "close_sql" || (r.type === "execute" && /^\s*select\b/i.test(r.stmt?.sql ?? (r.stmt?.sql_id !== undefined ? sqls.get(r.stmt.sql_id) ?? "" : ""))));
      if (!readOnly && !(await takeTurn(id, req.signal))) {
        served.busy--;
        if (!db.inTransaction) {
          db.close();
          streams.delete(id);
        }
        return new Response("client went away", { status: 499 });
      }
      const results: unknown[] = [];
      let closed = false;
      try {
        for (const r of body.requests) {
          try {
            switch (r.type) {
              case "execute":
                results.push({ type: "ok", response: { type: "execute", result: executeStmt(db, r.stmt!, sqls) } });
                break;
              case "batch": {
                const stepResults: unknown[] = [];
                const stepErrors: unknown[] = [];
                r.batch!.steps.forEach((step, i) => {
                  stepResults[i] = null;
                  stepErrors[i] = null;
                  if (!evalCond(step.condition, stepResults, stepErrors, db)) return;
                  try {
                    stepResults[i] = executeStmt(db, step.stmt, sqls);
                  } catch (e) {
                    stepErrors[i] = errorOf(e);
                  }
                });
                results.push({ type: "ok", response: { type: "batch", result: { step_results: stepResults, step_errors: stepErrors } } });
                break;
              }
              case "sequence":
                db.run(r.sql ?? "");
                results.push({ type: "ok", response: { type: "sequence" } });
                break;
              case "store_sql":
                sqls.set(r.sql_id!, r.sql ?? "");
                results.push({ type: "ok", response: { type: "store_sql" } });
                break;
              case "close_sql":
                sqls.delete(r.sql_id!);
                results.push({ type: "ok", response: { type: "close_sql" } });
                break;
              case "get_autocommit":
                results.push({ type: "ok", response: { type: "get_autocommit", is_autocommit: !db.inTransaction } });
                break;
              case "close":
                closed = true;
                results.push({ type: "ok", response: { type: "close" } });
                break;
              default:
                results.push({ type: "error", error: { message: `unsupported request ${r.type}`, code: "UNSUPPORTED" } });
            }
          } catch (e) {
            results.push({ type: "error", error: errorOf(e) });
          }
        }
      } finally {
        served.busy--;
        if (closed) {
          if (db.inTransaction) db.run("ROLLBACK");
          db.close();
          streams.delete(id);
          if (owner === id) {
            owner = null;
            waiters.splice(0).forEach((w) => w());
          }
        } else {
          stream.lastUsed = Date.now();
          releaseTurn(id, db);
        }
      }
      return Response.json({ baton: closed ? null : id, base_url: null, results });
    },
  });

  const expire = (id: string, stream: StreamState) => {
    if (stream.db.inTransaction) stream.db.run("ROLLBACK");
    stream.db.close();
    streams.delete(id);
    if (owner === id) {
      owner = null;
      waiters.splice(0).forEach((w) => w());
    }
  };
  const idleMs = options.streamIdleMs;
  const sweeper =
    idleMs === undefined
      ? null
      : setInterval(() => {
          const now = Date.now();
          for (const [id, stream] of streams) if (stream.busy === 0 && now - stream.lastUsed > idleMs) expire(id, stream);
        }, 500);
  sweeper?.unref?.();

  return {
    url: `http://127.0.0.1:${server.port}`,
    get requests() {
      return state.requests;
    },
    stop() {
      if (sweeper) clearInterval(sweeper);
      server.stop(true);
      for (const s of streams.values()) s.db.close();
      streams.clear();
    },
  };
}
