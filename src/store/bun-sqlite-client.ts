// The embedded store: a libSQL `Client` over bun:sqlite (DESIGN §2), so all code uses one async
// interface (drizzle-orm/libsql) whether the database is a local file or a libSQL server.
//
// Why not drizzle-orm/bun-sqlite: its transaction(async …) commits before the awaits run (§9).
// Shape: one writer connection behind an async mutex (every write and every transaction), and a
// read-only connection for SELECTs outside a transaction, which in WAL mode never sees another
// transaction's uncommitted writes. Write transactions start with BEGIN IMMEDIATE so two processes
// on one file queue on busy_timeout instead of failing with "database is locked" (§9).
import { Database, type Statement } from "bun:sqlite";
import type {
  Client,
  InArgs,
  InStatement,
  InValue,
  ResultSet,
  Row,
  Transaction,
  TransactionMode,
  Value,
} from "@libsql/client";
import { AsyncMutex } from "./async-mutex.ts";
import { GroupCommit } from "./group-commit.ts";

const BUSY_TIMEOUT_MS = 10_000;

export interface BunSqliteClientOptions {
  /** How long a caller may wait for the writer before giving up (guards against self-deadlock). */
  lockTimeoutMs?: number;
  readonly?: boolean;
}

export class StoreError extends Error {
  constructor(message: string, readonly code: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreError";
  }
}

/** Opens `file:path` (or `:memory:`) as a libSQL-compatible client. */
export function createBunSqliteClient(url: string, options: BunSqliteClientOptions = {}): Client {
  return new BunSqliteClient(pathFromUrl(url), options);
}

export function pathFromUrl(url: string): string {
  if (url === ":memory:" || url === "file::memory:") return ":memory:";
  if (!url.startsWith("file:")) throw new StoreError(`not a file: URL: ${url}`, "SQLITE_MISUSE");
  const path = decodeURIComponent(url.slice("file:".length).replace(/^\/\/(?=\/)/, "").split("?")[0] ?? "");
  if (!path) throw new StoreError(`empty path in ${url}`, "SQLITE_MISUSE");
  return path;
}

function openConnection(path: string, readonly: boolean): Database {
  const db = readonly ? new Database(path, { readonly: true, strict: true }) : new Database(path, { create: true, readwrite: true, strict: true });
  db.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  if (!readonly) {
    db.run("PRAGMA journal_mode = WAL");
    db.run("PRAGMA synchronous = NORMAL");
  }
  db.run("PRAGMA foreign_keys = ON");
  return db;
}

function toSqlValue(value: InValue | undefined): string | number | bigint | Uint8Array | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return value as string | number | bigint | Uint8Array;
}

function bindArgs(args: InArgs | undefined): unknown[] {
  if (args === undefined) return [];
  if (Array.isArray(args)) return args.map(toSqlValue);
  const named: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) named[key.replace(/^[:@$]/, "")] = toSqlValue(value);
  return [named];
}

function fromSqlValue(value: unknown): Value {
  if (value instanceof Uint8Array) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) as ArrayBuffer;
  return value as Value;
}

const VALUES = Symbol("values");

/**
 * Rows look like libSQL's: indexable by position (non-enumerable) and by column name (enumerable).
 * Positions are getters on a prototype shared by every row of one statement, so a row costs one
 * object and plain assignments (defining each property cost ~4 µs per ten-column row, measured).
 */
function rowPrototype(columnCount: number): object {
  const proto: Record<string | number, unknown> = {};
  for (let i = 0; i < columnCount; i++) {
    Object.defineProperty(proto, i, { get(this: { [VALUES]: unknown[] }) { return this[VALUES][i]; } });
  }
  Object.defineProperty(proto, "length", { value: columnCount });
  return proto;
}

function makeRow(values: unknown[], columns: string[], firstOccurrence: boolean[], proto: object): Row {
  const row = Object.create(proto) as Record<string | symbol, unknown>;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] instanceof Uint8Array ? fromSqlValue(values[i]) : values[i];
    values[i] = value;
    if (firstOccurrence[i]) row[columns[i] as string] = value;
  }
  Object.defineProperty(row, VALUES, { value: values });
  return row as unknown as Row;
}

function resultSet(columns: string[], rows: Row[], rowsAffected: number, lastInsertRowid: bigint | undefined): ResultSet {
  return {
    columns,
    columnTypes: columns.map(() => ""),
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON() {
      return { columns, rows: rows.map((r) => Array.from(r as unknown as ArrayLike<unknown>)), rowsAffected, lastInsertRowid: lastInsertRowid?.toString() ?? null };
    },
  };
}

function normaliseStatement(stmt: InStatement, args?: InArgs): { sql: string; args?: InArgs } {
  return typeof stmt === "string" ? { sql: stmt, args } : stmt;
}

function mapError(error: unknown): never {
  if (error instanceof StoreError) throw error;
  const e = error as { code?: string; message?: string };
  throw new StoreError(e?.message ?? String(error), e?.code ?? "SQLITE_ERROR", { cause: error });
}

/** A statement prepared once per connection, with what every run needs to know about it. */
interface CachedStatement {
  statement: Statement;
  columns: string[];
  firstOccurrence: boolean[];
  rowPrototype: object;
  isRead: boolean;
  isDdl: boolean;
}

/** Bounded: SQL text is built by drizzle from code, but raw SQL with inlined values could grow it. */
const STATEMENT_CACHE_SIZE = 512;
const statementCaches = new WeakMap<Database, { schemaVersion: number; statements: Map<string, CachedStatement> }>();
/** Bumped by every DDL statement: a cached `SELECT *` could otherwise describe old columns. */
let schemaVersion = 0;

function cachedStatement(db: Database, sql: string): CachedStatement {
  let cache = statementCaches.get(db);
  if (!cache || cache.schemaVersion !== schemaVersion) {
    if (cache) finalizeAll(cache.statements);
    statementCaches.set(db, (cache = { schemaVersion, statements: new Map() }));
  }
  let entry = cache.statements.get(sql);
  if (entry) return entry;
  let statement: Statement;
  try {
    statement = db.prepare(sql);
  } catch (error) {
    mapError(error);
  }
  const columns = statement.columnNames;
  entry = {
    statement,
    columns,
    firstOccurrence: columns.map((c, i) => columns.indexOf(c) === i),
    rowPrototype: rowPrototype(columns.length),
    isRead: isReadStatement(sql),
    isDdl: /^\s*(create|alter|drop)\b/i.test(sql),
  };
  if (cache.statements.size >= STATEMENT_CACHE_SIZE) finalizeAll(cache.statements);
  cache.statements.set(sql, entry);
  return entry;
}

function finalizeAll(statements: Map<string, CachedStatement>): void {
  for (const entry of statements.values()) entry.statement.finalize();
  statements.clear();
}

export function runOn(db: Database, sql: string, args: InArgs | undefined): ResultSet {
  const entry = cachedStatement(db, sql);
  try {
    const bound = bindArgs(args) as never[];
    const { statement, columns } = entry;
    if (columns.length > 0) {
      // .values() runs the statement to completion; .get() on INSERT … RETURNING would leave it open
      // and keep the WAL from resetting (DESIGN §9).
      const rows = statement.values(...bound).map((values) => makeRow(values as unknown[], columns, entry.firstOccurrence, entry.rowPrototype));
      return resultSet(columns, rows, entry.isRead ? 0 : rows.length, undefined);
    }
    const info = statement.run(...bound);
    if (entry.isDdl) schemaVersion++;
    return resultSet([], [], info.changes, BigInt(info.lastInsertRowid));
  } catch (error) {
    mapError(error);
  }
}

type StatementKind = "read" | "dml" | "other";
const statementKinds = new Map<string, StatementKind>();

/** Routing needs the kind before a connection is chosen, so it is cached by SQL text too. */
function kindOf(sql: string): StatementKind {
  let kind = statementKinds.get(sql);
  if (kind === undefined) {
    if (statementKinds.size >= STATEMENT_CACHE_SIZE) statementKinds.clear();
    kind = isReadStatement(sql) ? "read" : isDml(sql) ? "dml" : "other";
    statementKinds.set(sql, kind);
  }
  return kind;
}

/** Row changes that may share a transaction with others (not DDL, PRAGMA or transaction control). */
function isDml(sql: string): boolean {
  return /^\s*(insert|update|delete|replace|with)\b/i.test(sql);
}

function isReadStatement(sql: string): boolean {
  return /^\s*(select|pragma\s+\w+\s*$)/i.test(sql) && !/\breturning\b/i.test(sql);
}

class BunSqliteClient implements Client {
  readonly protocol = "file";
  closed = false;
  private readonly writer: Database;
  private readonly reader: Database | null;
  private readonly mutex: AsyncMutex;
  private readonly commits: GroupCommit;

  constructor(path: string, options: BunSqliteClientOptions) {
    this.writer = openConnection(path, options.readonly ?? false);
    // A second connection for reads only makes sense for a file; :memory: is private to one connection.
    this.reader = path === ":memory:" ? null : openConnection(path, true);
    this.mutex = new AsyncMutex(options.lockTimeoutMs ?? 30_000);
    this.commits = new GroupCommit(this.writer, this.mutex);
  }

  async execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    this.assertOpen();
    const { sql, args: bound } = normaliseStatement(stmtOrSql, args);
    const kind = kindOf(sql);
    if (this.reader && kind === "read") {
      // A free writer is never inside a transaction, and its page cache is warm after its own
      // writes, where the reader's is thrown away after every commit (measured: 42 µs → 8 µs for
      // the two reads of a token exchange). While a transaction holds it, the reader serves.
      return runOn(this.mutex.isLocked ? this.reader : this.writer, sql, bound);
    }
    if (kind === "dml") return this.commits.add([{ sql, args: bound }]).then((results) => results[0]!);
    return this.mutex.run(() => runOn(this.writer, sql, bound));
  }

  async batch(stmts: Array<InStatement | [string, InArgs?]>, mode: TransactionMode = "deferred"): Promise<ResultSet[]> {
    this.assertOpen();
    const normalised = stmts.map((s) => (Array.isArray(s) ? { sql: s[0], args: s[1] } : normaliseStatement(s)));
    if (mode !== "read" && normalised.every((s) => kindOf(s.sql) !== "other")) return this.commits.add(normalised);
    return this.mutex.run(() => this.runAtomically(normalised, beginSql(mode)));
  }

  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    this.assertOpen();
    return this.mutex.run(() => {
      this.writer.run("PRAGMA foreign_keys = OFF");
      try {
        return this.runAtomically(stmts.map((s) => normaliseStatement(s)), "BEGIN IMMEDIATE");
      } finally {
        this.writer.run("PRAGMA foreign_keys = ON");
      }
    });
  }

  /** Runs statements in one transaction on the writer; the caller holds the mutex. */
  private runAtomically(stmts: Array<{ sql: string; args?: InArgs }>, begin: string): ResultSet[] {
    this.writer.run(begin);
    try {
      const results = stmts.map(({ sql, args }) => runOn(this.writer, sql, args));
      this.writer.run("COMMIT");
      return results;
    } catch (error) {
      if (this.writer.inTransaction) this.writer.run("ROLLBACK");
      throw error;
    }
  }

  async transaction(mode: TransactionMode = "write"): Promise<Transaction> {
    this.assertOpen();
    const release = await this.mutex.acquire();
    try {
      this.writer.run(beginSql(mode));
    } catch (error) {
      release();
      mapError(error);
    }
    return new BunSqliteTransaction(this.writer, release);
  }

  async executeMultiple(sql: string): Promise<void> {
    this.assertOpen();
    await this.mutex.run(() => {
      try {
        this.writer.run(sql);
      } catch (error) {
        mapError(error);
      } finally {
        schemaVersion++;
      }
    });
  }

  async sync(): Promise<undefined> {
    return undefined;
  }

  reconnect(): void {}

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const db of [this.reader, this.writer]) {
      if (!db) continue;
      const cache = statementCaches.get(db);
      if (cache) finalizeAll(cache.statements);
      db.close();
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreError("the store is closed", "CLIENT_CLOSED");
  }
}

function beginSql(mode: TransactionMode): string {
  return mode === "write" ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED";
}

class BunSqliteTransaction implements Transaction {
  closed = false;
  constructor(private readonly db: Database, private readonly release: () => void) {}

  async execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    this.assertOpen();
    const { sql, args: bound } = normaliseStatement(stmtOrSql, args);
    return runOn(this.db, sql, bound);
  }

  async batch(stmts: Array<InStatement | string>): Promise<ResultSet[]> {
    this.assertOpen();
    return stmts.map((s) => {
      const { sql, args } = normaliseStatement(s);
      return runOn(this.db, sql, args);
    });
  }

  async executeMultiple(sql: string): Promise<void> {
    this.assertOpen();
    try {
      this.db.run(sql);
    } finally {
      schemaVersion++;
    }
  }

  async commit(): Promise<void> {
    this.assertOpen();
    try {
      this.db.run("COMMIT");
    } finally {
      this.finish();
    }
  }

  async rollback(): Promise<void> {
    if (this.closed) return;
    try {
      if (this.db.inTransaction) this.db.run("ROLLBACK");
    } finally {
      this.finish();
    }
  }

  close(): void {
    if (this.closed) return;
    if (this.db.inTransaction) this.db.run("ROLLBACK");
    this.finish();
  }

  private finish(): void {
    this.closed = true;
    this.release();
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreError("the transaction is closed", "TRANSACTION_CLOSED");
  }
}
