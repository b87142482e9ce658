// Online backups and restores of the embedded store. A backup is `VACUUM INTO` on a read-only
// connection: it copies one read snapshot, so it is consistent while other connections and
// processes keep writing (WAL readers never block writers), and the copy is compacted and
// self-contained (no -wal file). A libSQL server (sqld, Turso) has its own backups; this module
// refuses it rather than copying row by row.
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { pathFromUrl } from "./bun-sqlite-client.ts";
import { MIGRATIONS } from "./migrations.ts";
import { isEmbeddedUrl } from "./open-store.ts";
import { HEARTBEAT_KEY_PREFIX, HEARTBEAT_STALE_MS, parseHeartbeat } from "./heartbeat.ts";

export class BackupRefused extends Error {
  constructor(
    message: string,
    readonly code: "not_supported" | "exists" | "not_found" | "integrity_failed" | "schema_newer" | "not_a_backup" | "server_running",
  ) {
    super(message);
    this.name = "BackupRefused";
  }
}

export interface CopyReport {
  path: string;
  bytes: number;
  /** Row count of every table, so a copy can be compared with its source. */
  tables: Record<string, number>;
  /** Migrations recorded in the copy (its schema version). */
  migrations: number;
  ms: number;
}

const NOT_SUPPORTED =
  "backups of a libSQL server (sqld, Turso) are not supported by parla admin backup: use the server's own backups (sqld snapshots, Turso point-in-time restore)";

/** The file behind an embedded database URL, or a refusal for a libSQL server. */
export function embeddedPath(databaseUrl: string): string {
  if (!isEmbeddedUrl(databaseUrl)) throw new BackupRefused(NOT_SUPPORTED, "not_supported");
  const path = pathFromUrl(databaseUrl);
  if (path === ":memory:") throw new BackupRefused("an in-memory database cannot be backed up", "not_supported");
  return resolve(path);
}

function open(path: string, readonly: boolean): Database {
  const db = new Database(path, readonly ? { readonly: true } : { readwrite: true });
  db.run("PRAGMA busy_timeout = 10000");
  return db;
}

/** Integrity, schema version and row counts of a database file; refuses one that is not a sound Parla database. */
export function inspectCopy(path: string): Omit<CopyReport, "ms" | "path"> {
  if (!existsSync(path)) throw new BackupRefused(`${path} does not exist`, "not_found");
  let db: Database;
  try {
    db = open(path, true);
  } catch (error) {
    throw new BackupRefused(`${path} cannot be opened as a database: ${(error as Error).message}`, "not_a_backup");
  }
  try {
    let check: string;
    try {
      check = (db.query("PRAGMA integrity_check").all() as { integrity_check: string }[]).map((r) => r.integrity_check).join("; ");
    } catch (error) {
      throw new BackupRefused(`${path} is not a valid database: ${(error as Error).message}`, "not_a_backup");
    }
    if (check !== "ok") throw new BackupRefused(`${path} fails SQLite's integrity check: ${check.slice(0, 300)}`, "integrity_failed");
    const names = (db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    if (!names.includes("__parla_migrations")) throw new BackupRefused(`${path} is not a Parla database (no migration ledger)`, "not_a_backup");
    const ledger = db.query("SELECT count(*) AS n, max(idx) AS newest FROM __parla_migrations").get() as { n: number; newest: number | null };
    if ((ledger.newest ?? -1) >= MIGRATIONS.length) {
      throw new BackupRefused(`${path} was written by a newer Parla (migration #${ledger.newest}; this binary knows ${MIGRATIONS.length}): upgrade the binary first`, "schema_newer");
    }
    const tables: Record<string, number> = {};
    for (const name of names) tables[name] = (db.query(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get() as { n: number }).n;
    return { bytes: statSync(path).size, tables, migrations: ledger.n };
  } finally {
    db.close();
  }
}

/** Copies the live database at `sourcePath` to `toPath` (which must not exist), then checks the copy. */
export function backupDatabase(sourcePath: string, toPath: string): CopyReport {
  const started = performance.now();
  const target = resolve(toPath);
  if (!existsSync(sourcePath)) throw new BackupRefused(`there is no database at ${sourcePath}`, "not_found");
  if (existsSync(target)) throw new BackupRefused(`${target} already exists; choose a new file name`, "exists");
  mkdirSync(dirname(target), { recursive: true });
  // Written beside the target and renamed, so a crash never leaves a half-written file under the final name.
  const partial = join(dirname(target), `.${basename(target)}.partial-${process.pid}`);
  rmSync(partial, { force: true });
  const source = open(sourcePath, true);
  try {
    source.query("VACUUM INTO ?").run(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
  try {
    const report = inspectCopy(partial);
    renameSync(partial, target);
    return { path: target, ...report, ms: Math.round(performance.now() - started) };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Heartbeats of servers using the database at `path` (store/heartbeat.ts), read without migrating it. */
function liveServersOf(path: string, wallNow: number): string[] {
  const db = open(path, true);
  try {
    const hasSettings = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'").get();
    if (!hasSettings) return [];
    const rows = db.query("SELECT key, value, updated_at AS seen FROM settings WHERE key LIKE ?").all(`${HEARTBEAT_KEY_PREFIX}%`) as { key: string; value: string; seen: number }[];
    return rows
      .filter((r) => wallNow - r.seen < HEARTBEAT_STALE_MS)
      .map((r) => parseHeartbeat(r.key, r.value, r.seen))
      .map((h) => `pid ${h.pid} on ${h.host}, seen ${Math.max(0, Math.round((wallNow - h.seenAt) / 1000))} s ago`);
  } finally {
    db.close();
  }
}

export interface RestoreReport extends CopyReport {
  database: string;
  /** Where the database that was replaced was kept, or null when there was none. */
  replaced: string | null;
}

/**
 * Replaces the database at `targetPath` with the backup at `fromPath`. Refuses while a server's
 * heartbeat on the target is fresh, and refuses a backup that fails the integrity check or was
 * written by a newer Parla. The replaced database is kept beside it (checkpointed first, so
 * nothing in its WAL is lost), never deleted.
 */
export function restoreDatabase(fromPath: string, targetPath: string, wallNow: number = Date.now()): RestoreReport {
  const started = performance.now();
  const from = resolve(fromPath);
  const target = resolve(targetPath);
  if (from === target) throw new BackupRefused("the backup and the database are the same file", "exists");
  const report = inspectCopy(from);
  let replaced: string | null = null;
  if (existsSync(target)) {
    const running = liveServersOf(target, wallNow);
    if (running.length > 0) {
      throw new BackupRefused(
        `a Parla server is using ${target} (${running.join("; ")}): stop every process first (a crashed one stops counting after ${HEARTBEAT_STALE_MS / 1000} s)`,
        "server_running",
      );
    }
    const old = open(target, false);
    try {
      old.run("PRAGMA wal_checkpoint(TRUNCATE)");
    } finally {
      old.close();
    }
    replaced = `${target}.replaced-${new Date(wallNow).toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}`;
    renameSync(target, replaced);
  }
  for (const suffix of ["-wal", "-shm"]) rmSync(target + suffix, { force: true });
  mkdirSync(dirname(target), { recursive: true });
  const partial = join(dirname(target), `.${basename(target)}.restoring-${process.pid}`);
  // VACUUM INTO again rather than a byte copy: the result is a fresh, compact file in rollback mode
  // that the server switches to WAL on open.
  const source = open(from, true);
  try {
    rmSync(partial, { force: true });
    source.query("VACUUM INTO ?").run(partial);
  } finally {
    source.close();
  }
  // The backup was taken from a serving database: its heartbeats belong to processes of that time.
  const restored = open(partial, false);
  try {
    if (restored.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'").get()) restored.query("DELETE FROM settings WHERE key LIKE ?").run(`${HEARTBEAT_KEY_PREFIX}%`);
  } finally {
    restored.close();
  }
  renameSync(partial, target);
  return { ...report, path: from, database: target, replaced, ms: Math.round(performance.now() - started) };
}

const SCHEDULED = /^parla-\d{8}T\d{6}Z\.db$/;

/** A scheduled backup into `dir`, keeping the newest `keep` scheduled files (others in the directory are left alone). */
export function backupIntoDirectory(sourcePath: string, dir: string, keep: number, wallNow: number): CopyReport & { removed: string[] } {
  const stamp = new Date(wallNow).toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  const report = backupDatabase(sourcePath, join(dir, `parla-${stamp}.db`));
  const files = readdirSync(dir).filter((f) => SCHEDULED.test(f)).sort();
  const removed = files.slice(0, Math.max(0, files.length - keep));
  for (const f of removed) rmSync(join(dir, f), { force: true });
  return { ...report, removed };
}
