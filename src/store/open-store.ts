// Opens the store named by PARLA_DATABASE_URL: the embedded bun:sqlite client for file: URLs,
// @libsql/client/web for a libSQL server (sqld, Turso). Both are used through drizzle-orm/libsql.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Client, InValue } from "@libsql/client";

/** One SELECT and its arguments, for Store.readAll. */
export interface ReadStatement {
  sql: string;
  args: readonly InValue[];
}
import { createClient as createRemoteClient } from "@libsql/client/web";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { drizzle } from "drizzle-orm/libsql/web";
import { createBunSqliteClient, pathFromUrl } from "./bun-sqlite-client.ts";
import * as schema from "./schema.ts";

/** drizzle over the store's libSQL client; `$client` is that client, for the few hot statements run without drizzle. */
export type Db = LibSQLDatabase<typeof schema> & { $client: Client };
/** A database handle or a transaction on it: services accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Store {
  client: Client;
  db: Db;
  /**
   * Runs a SELECT and answers its rows as arrays of column values, in the SELECT's order: the
   * cheapest read either store offers, for statements on every request's path. Integers come back
   * as numbers; blobs as Uint8Array (embedded) or ArrayBuffer (remote). The rows are read-only:
   * reads of one snapshot may share them.
   */
  read(sql: string, args?: readonly InValue[]): Promise<unknown[][]>;
  /** Several SELECTs answered as `read` does, all from one snapshot of the store. */
  readAll(statements: readonly ReadStatement[]): Promise<unknown[][][]>;
  kind: "embedded" | "remote";
  close(): void;
}

/** A blob from Store.read as bytes: Uint8Array from the embedded store, ArrayBuffer from a libSQL server; null for anything else. */
export function blobBytes(value: unknown): Uint8Array<ArrayBuffer> | null {
  if (value instanceof Uint8Array) return value as Uint8Array<ArrayBuffer>;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return null;
}

export function isEmbeddedUrl(url: string): boolean {
  return url.startsWith("file:") || url === ":memory:";
}

export function openStore(url: string, authToken: string | null = null): Store {
  let client: Client;
  let read: Store["read"];
  let readAll: Store["readAll"];
  if (isEmbeddedUrl(url)) {
    const path = pathFromUrl(url);
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    const embedded = createBunSqliteClient(url);
    client = embedded;
    read = (sql, args = []) => embedded.readValues(sql, args);
    readAll = (statements) => embedded.readAllValues(statements);
  } else if (/^(libsql|https?|wss?):\/\//.test(url)) {
    const remote = createRemoteClient({ url, authToken: authToken ?? undefined, intMode: "number" });
    client = remote;
    const valuesOf = (result: { rows: ArrayLike<unknown>[] }) => result.rows.map((row) => Array.from(row));
    read = async (sql, args = []) => valuesOf(await remote.execute({ sql, args: args as InValue[] }));
    readAll = async (statements) => (await remote.batch(statements.map(({ sql, args }) => ({ sql, args: args as InValue[] })), "read")).map(valuesOf);
  } else {
    throw new Error(`PARLA_DATABASE_URL must start with file:, libsql://, https://, http://, wss:// or ws:// (got "${url}")`);
  }
  const db = drizzle(client, { schema });
  return { client, db, read, readAll, kind: isEmbeddedUrl(url) ? "embedded" : "remote", close: () => client.close() };
}

/** Is this error a UNIQUE constraint violation, whichever driver raised it and however it was wrapped? */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.message === "string" && /UNIQUE constraint failed|SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)/.test(e.message)) return true;
    if ((e as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE" || (e as { code?: string }).code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
  }
  return false;
}
