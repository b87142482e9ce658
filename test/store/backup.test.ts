// `parla admin backup` under a write load and `parla admin restore` into an empty directory, as an
// operator runs them (real processes on real files); refusals; scheduled backups keep the last N.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createUser } from "../../src/accounts/service.ts";
import { createClient } from "../../src/clients/service.ts";
import { loadConfig } from "../../src/config/config.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { housekeepingTasks } from "../../src/compose.ts";
import { startServer } from "../../src/server.ts";
import { inspectCopy } from "../../src/store/backup.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore } from "../../src/store/open-store.ts";
import { createTestApp } from "../helpers/test-app.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const main = join(import.meta.dir, "../../src/main.ts");
const writer = join(import.meta.dir, "../helpers/store-writer-process.ts");
let dir: ReturnType<typeof tempDir>;
let url: string;

beforeAll(async () => {
  dir = tempDir();
  url = `file:${join(dir.path, "live/parla.db")}`;
  const store = openStore(url);
  await migrate(store.client);
  // Accounts, clients and plans to find again after the restore.
  for (let i = 0; i < 20; i++) {
    const user = await createUser(store.db, Date.now(), { email: `u${i}@example.com`, password: null, plan: i % 2 ? "paid" : "free" });
    const c = await createClient(store.db, Date.now(), { accountId: user.accountId, name: `Game ${i}`, type: "confidential", scopes: ["usage:read"], billingMode: "allowance", redirectUris: [] });
  }
  store.close();
});
afterAll(() => dir.cleanup());

async function parla(env: Record<string, string>, ...args: string[]) {
  const proc = Bun.spawn(["bun", main, ...args], { env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PARLA_LOG_LEVEL: "silent", ...env }, stdout: "pipe", stderr: "pipe" });
  return { code: await proc.exited, out: await new Response(proc.stdout).text(), err: await new Response(proc.stderr).text() };
}

/** The writer processes' invariant: "total" counts their rows, each written in one transaction with its increment. */
function writerInvariant(path: string): { rows: number; total: number } {
  const db = new Database(path, { readonly: true });
  try {
    // A writer opening the file may be recovering its WAL at this moment (SQLITE_BUSY_RECOVERY):
    // wait for it as the server's own connections do, rather than fail.
    db.run("PRAGMA busy_timeout = 5000");
    const rows = (db.query("SELECT count(*) AS n FROM settings WHERE key LIKE 'w_-%'").get() as { n: number }).n;
    const total = Number((db.query("SELECT value FROM settings WHERE key = 'total'").get() as { value: string } | null)?.value ?? 0);
    return { rows, total };
  } finally {
    db.close();
  }
}

describe("backup and restore", () => {
  test("a backup taken under write load is a consistent snapshot; restored into an empty directory every row is there and the integrity check passes", async () => {
    const procs = ["w1", "w2"].map((name) => Bun.spawn(["bun", writer, url, name, "1500"], { stdout: "pipe", stderr: "pipe" }));
    // Wait until the load is under way, then back up while it runs.
    const livePath = join(dir.path, "live/parla.db");
    for (let i = 0; i < 200 && writerInvariant(livePath).rows < 20; i++) await Bun.sleep(10);
    const backupPath = join(dir.path, "backups/first.db");
    const backup = await parla({ PARLA_DATABASE_URL: url }, "admin", "backup", "--to", backupPath, "--json");
    const stillWriting = procs.some((p) => p.exitCode === null);
    expect(await Promise.all(procs.map((p) => p.exited))).toEqual([0, 0]);
    expect(backup.err).toBe("");
    expect(backup.code).toBe(0);
    const report = JSON.parse(backup.out) as { path: string; tables: Record<string, number>; migrations: number };
    expect(report.path).toBe(backupPath);
    // The copy was taken mid-load: some of the writers' rows, not all, and never a row without its increment.
    const snap = writerInvariant(backupPath);
    expect(stillWriting).toBe(true);
    expect(snap.rows).toBeGreaterThan(0);
    expect(snap.rows).toBeLessThan(3000);
    expect(snap.total).toBe(snap.rows);
    expect(writerInvariant(livePath)).toEqual({ rows: 3000, total: 3000 });

    const emptyDir = join(dir.path, "restored");
    const restoredUrl = `file:${join(emptyDir, "parla.db")}`;
    const restore = await parla({ PARLA_DATABASE_URL: restoredUrl }, "admin", "restore", "--from", backupPath, "--json");
    expect(restore.err).toBe("");
    expect(restore.code).toBe(0);
    expect(JSON.parse(restore.out)).toMatchObject({ replaced: null, restored_from: backupPath });
    const restored = inspectCopy(join(emptyDir, "parla.db"));
    expect(restored.tables).toEqual(report.tables);
    expect(restored.tables.accounts).toBe(20);
    expect(restored.tables.clients).toBe(20);
    expect(restored.tables.client_secrets).toBe(20);
    expect(restored.migrations).toBe(report.migrations);
    // The restored database serves: migrate is a no-op and the data reads back through the services.
    const store = openStore(restoredUrl);
    expect(await migrate(store.client)).toEqual([]);
    const paid = await store.client.execute("SELECT count(*) AS n FROM accounts WHERE plan = 'paid'");
    expect(Number(paid.rows[0]!.n)).toBe(10);
    store.close();
  });

  test("restore refuses the database of a running server, and works once it has stopped (the old database is kept)", async () => {
    const live = join(dir.path, "serving/parla.db");
    const config = loadConfig({ PARLA_DATABASE_URL: `file:${live}`, PARLA_HOST: "127.0.0.1", PARLA_PORT: "0" });
    const server = await startServer(config, createLogger("silent"));
    const backupPath = join(dir.path, "backups/serving.db");
    let stopped = false;
    try {
      expect((await parla({ PARLA_DATABASE_URL: config.databaseUrl }, "admin", "backup", "--to", backupPath)).code).toBe(0);
      const refused = await parla({ PARLA_DATABASE_URL: config.databaseUrl }, "admin", "restore", "--from", backupPath, "--json");
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.err)).toMatchObject({ code: "server_running" });
      expect(JSON.parse(refused.err).error).toContain(`pid ${process.pid}`);
      await server.stop();
      stopped = true;
      const ok = await parla({ PARLA_DATABASE_URL: config.databaseUrl }, "admin", "restore", "--from", backupPath, "--json");
      expect(ok.code).toBe(0);
      const replaced = JSON.parse(ok.out).replaced as string;
      expect(existsSync(replaced)).toBe(true);
      // The heartbeat the backup carried from the serving process is gone from the restored copy.
      const db = new Database(live, { readonly: true });
      expect((db.query("SELECT count(*) AS n FROM settings WHERE key LIKE 'heartbeat:%'").get() as { n: number }).n).toBe(0);
      db.close();
    } finally {
      if (!stopped) await server.stop();
    }
  });

  test("refusals: an existing target, a newer schema, a file that is not a database, a libSQL server", async () => {
    const env = { PARLA_DATABASE_URL: url };
    const existing = join(dir.path, "backups/exists.db");
    writeFileSync(existing, "x");
    const exists = await parla(env, "admin", "backup", "--to", existing, "--json");
    expect(exists.code).toBe(1);
    expect(JSON.parse(exists.err).code).toBe("exists");

    const newer = join(dir.path, "backups/newer.db");
    expect((await parla(env, "admin", "backup", "--to", newer)).code).toBe(0);
    const db = new Database(newer);
    db.run("INSERT INTO __parla_migrations (idx, tag, applied_at) VALUES (999, '0999_future', 0)");
    db.close();
    const target = { PARLA_DATABASE_URL: `file:${join(dir.path, "other/parla.db")}` };
    expect(JSON.parse((await parla(target, "admin", "restore", "--from", newer, "--json")).err).code).toBe("schema_newer");

    const junk = join(dir.path, "backups/junk.db");
    writeFileSync(junk, "not a database ".repeat(500));
    const notDb = await parla(target, "admin", "restore", "--from", junk, "--json");
    expect(notDb.code).toBe(1);
    expect(JSON.parse(notDb.err).code).toBe("not_a_backup");
    expect(existsSync(join(dir.path, "other/parla.db"))).toBe(false);

    const remote = await parla({ PARLA_DATABASE_URL: "http://127.0.0.1:9" }, "admin", "backup", "--to", join(dir.path, "backups/remote.db"));
    expect(remote.code).toBe(1);
    expect(remote.err).toContain("not supported");
    expect(remote.err).toContain("sqld");
    expect(remote.err.trim().split("\n")).toHaveLength(1);
  });

  test("scheduled backups: one per run into PARLA_BACKUP_DIR, the newest N kept", async () => {
    const backups = join(dir.path, "scheduled");
    const t = await createTestApp({}, { PARLA_BACKUP_DIR: backups, PARLA_BACKUP_EVERY_HOURS: "6", PARLA_BACKUP_KEEP: "2" });
    try {
      const task = housekeepingTasks(t.deps).find((x) => x.name === "backup")!;
      expect(task.everyMs).toBe(6 * 3600_000);
      for (let i = 0; i < 4; i++) {
        await task.run(t.clock.now());
        t.clock.advance(6 * 3600_000);
      }
      const files = readdirSync(backups).sort();
      expect(files).toEqual(["parla-20261102T210000Z.db", "parla-20261103T030000Z.db"]);
      expect(inspectCopy(join(backups, files[1]!)).tables.settings).toBeGreaterThan(0);
      copyFileSync(join(backups, files[0]!), join(backups, "manual.db"));
      await task.run(t.clock.now());
      expect(readdirSync(backups)).toContain("manual.db");
    } finally {
      t.cleanup();
    }
    expect(() => loadConfig({ PARLA_DATABASE_URL: "libsql://x.turso.io", PARLA_BACKUP_DIR: "/tmp/x" })).toThrow(/PARLA_BACKUP_DIR/);
  });
});
