// Running SQL on a bun:sqlite connection and answering in libSQL's shapes (ResultSet, Row), with
// statements prepared once per connection. Shared by the embedded client and its group commit.
import type { Database, Statement } from "bun:sqlite";
import type { InArgs, InStatement, InValue, ResultSet, Row, Value } from "@libsql/client";

export class StoreError extends Error {
  constructor(message: string, readonly code: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreError";
  }
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

export function normaliseStatement(stmt: InStatement, args?: InArgs): { sql: string; args?: InArgs } {
  return typeof stmt === "string" ? { sql: stmt, args } : stmt;
}

export function mapError(error: unknown): never {
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

/**
 * Runs a statement without parameters or rows (BEGIN, SAVEPOINT, COMMIT…) from the statement cache:
 * `Database.run(sql)` compiles its SQL on every call, and the group commit runs several per group.
 */
export function runControl(db: Database, sql: string): void {
  cachedStatement(db, sql).statement.run();
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

/**
 * A read answered as arrays of column values, in the SELECT's order: no row objects, no result
 * set. The hottest reads (every /v1 call's token lookup) run here; measured on bun:sqlite, a point
 * read costs ~2 µs this way against ~5 µs as libSQL-shaped rows.
 */
export function valuesOn(db: Database, sql: string, args: readonly unknown[]): unknown[][] {
  const entry = cachedStatement(db, sql);
  try {
    return entry.statement.values(...(args as never[])) as unknown[][];
  } catch (error) {
    mapError(error);
  }
}

export type StatementKind = "read" | "dml" | "other";
const statementKinds = new Map<string, StatementKind>();

/** Routing needs the kind before a connection is chosen, so it is cached by SQL text too. */
export function kindOf(sql: string): StatementKind {
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

/** Statements must be finalized before their connection closes. */
export function finalizeStatements(db: Database): void {
  const cache = statementCaches.get(db);
  if (cache) finalizeAll(cache.statements);
}

/** Called after SQL that may change the schema ran outside runOn (executeMultiple). */
export function noteSchemaChange(): void {
  schemaVersion++;
}
