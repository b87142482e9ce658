// One store suite, run against both drivers: the embedded bun:sqlite client and @libsql/client/web
// talking to a Hrana test server (test/helpers/hrana-test-server.ts).
import { afterAll, afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { migrate, migrationStatus } from "../../src/store/migrate.ts";
import { isUniqueViolation, openStore, type Store } from "../../src/store/open-store.ts";
import { settings } from "../../src/store/schema.ts";
import { startHranaTestServer, type HranaTestServer } from "../helpers/hrana-test-server.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const drivers: { name: string; open(dir: string): { store: Store; stop(): void } }[] = [
  { name: "embedded", open: (dir) => ({ store: openStore(`file:${join(dir, "p.db")}`), stop: () => {} }) },
  {
    name: "remote (Hrana test server)",
    open: (dir) => {
      const server: HranaTestServer = startHranaTestServer(join(dir, "remote.db"));
      return { store: openStore(server.url), stop: () => server.stop() };
    },
  },
];

for (const driver of drivers) {
  describe(`store on the ${driver.name} driver`, () => {
    let dir: ReturnType<typeof tempDir>;
    let store: Store;
    let stop: () => void;
    beforeEach(async () => {
      dir = tempDir();
      ({ store, stop } = driver.open(dir.path));
      await migrate(store.client);
    });
    afterEach(() => {
      store.close();
      stop();
      dir.cleanup();
    });

    test("migrations apply once and report nothing pending", async () => {
      expect(await migrate(store.client)).toEqual([]);
      const status = await migrationStatus(store.client);
      expect(status.pending).toEqual([]);
      expect(status.applied).toBe(status.known);
    });

    test("a database written by a newer binary is refused with a clear error", async () => {
      await store.client.execute({ sql: "INSERT INTO __parla_migrations (idx, tag, applied_at) VALUES (?, ?, ?)", args: [999, "9999_future", 0] });
      await expect(migrationStatus(store.client)).rejects.toThrow(/newer Parla/);
    });

    test("result sets look like libSQL's", async () => {
      await store.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n INTEGER)");
      const ins = await store.client.execute({ sql: "INSERT INTO t (name, n) VALUES (?, ?)", args: ["a", 5] });
      expect(ins.rowsAffected).toBe(1);
      expect(Number(ins.lastInsertRowid)).toBe(1);
      await store.client.execute({ sql: "INSERT INTO t (name, n) VALUES (:name, :n)", args: { name: "b", n: 7 } });
      const res = await store.client.execute("SELECT id, name, n FROM t ORDER BY id");
      expect(res.columns).toEqual(["id", "name", "n"]);
      expect(res.rows.length).toBe(2);
      const row = res.rows[1]!;
      expect(row[1]).toBe("b");
      expect(row.name).toBe("b");
      expect(Number(row.n)).toBe(7);
      expect(Object.keys(row)).toEqual(["id", "name", "n"]);
      const upd = await store.client.execute("UPDATE t SET n = n + 1");
      expect(upd.rowsAffected).toBe(2);
    });

    test("read answers rows as arrays of values in the SELECT's order, and sees only committed rows", async () => {
      await store.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, n INTEGER)");
      await store.client.execute({ sql: "INSERT INTO t (name, n) VALUES (?, ?), (?, ?)", args: ["a", 5, "b", null] });
      expect(await store.read("SELECT n, name, id FROM t ORDER BY id")).toEqual([
        [5, "a", 1],
        [null, "b", 2],
      ]);
      expect(await store.read("SELECT name FROM t WHERE id = ?", [2])).toEqual([["b"]]);
      expect(await store.read("SELECT name FROM t WHERE id = ?", [3])).toEqual([]);
      const tx = await store.client.transaction("write");
      await tx.execute({ sql: "INSERT INTO t (name, n) VALUES (?, ?)", args: ["c", 1] });
      expect(await store.read("SELECT count(*) FROM t")).toEqual([[2]]);
      await tx.commit();
      expect(await store.read("SELECT count(*) FROM t")).toEqual([[3]]);
    });

    test("reads asked together all answer, each with its own rows, and a failing one fails alone", async () => {
      await store.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
      for (let i = 1; i <= 20; i++) await store.client.execute({ sql: "INSERT INTO t (id, name) VALUES (?, ?)", args: [i, `n${i}`] });
      const reads = Array.from({ length: 20 }, (_, i) => store.read("SELECT name FROM t WHERE id = ?", [i + 1]));
      const failing = store.read("SELECT name FROM no_such_table");
      expect(await Promise.all(reads)).toEqual(Array.from({ length: 20 }, (_, i) => [[`n${i + 1}`]]));
      await expect(failing).rejects.toThrow(/no such table/);
      // A write acknowledged before a read is asked is always seen.
      await store.client.execute({ sql: "UPDATE t SET name = ? WHERE id = 1", args: ["changed"] });
      expect(await store.read("SELECT name FROM t WHERE id = 1")).toEqual([["changed"]]);
    });

    test("readAll answers several SELECTs together, in order; one failing fails them all", async () => {
      await store.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
      await store.client.execute({ sql: "INSERT INTO t (id, name) VALUES (1, 'a'), (2, 'b')", args: [] });
      const [count, names] = await store.readAll([
        { sql: "SELECT count(*) FROM t", args: [] },
        { sql: "SELECT name FROM t WHERE id >= ? ORDER BY id", args: [1] },
      ]);
      expect(count).toEqual([[2]]);
      expect(names).toEqual([["a"], ["b"]]);
      const alone = store.read("SELECT name FROM t WHERE id = 2");
      await expect(store.readAll([{ sql: "SELECT 1", args: [] }, { sql: "SELECT name FROM no_such_table", args: [] }])).rejects.toThrow(/no such table/);
      expect(await alone).toEqual([["b"]]);
    });

    test("the same read without arguments, asked by many together, answers each the same and stays fresh across turns", async () => {
      await store.client.execute("CREATE TABLE counter (n INTEGER NOT NULL)");
      await store.client.execute("INSERT INTO counter (n) VALUES (1)");
      const together = await Promise.all(Array.from({ length: 8 }, (_, i) => store.readAll([{ sql: "SELECT n FROM counter", args: [] }, { sql: "SELECT ? + 0", args: [i] }])));
      expect(together.map(([n, i]) => [n, i])).toEqual(Array.from({ length: 8 }, (_, i) => [[[1]], [[i]]]));
      await store.client.execute("UPDATE counter SET n = 2");
      expect(await Promise.all([store.read("SELECT n FROM counter"), store.read("SELECT n FROM counter")])).toEqual([[[2]], [[2]]]);
    });

    test("an async transaction that throws rolls back everything", async () => {
      await expect(
        store.db.transaction(async (tx) => {
          await tx.insert(settings).values({ key: "a", value: "1", updatedAt: 1 });
          await Bun.sleep(5);
          await tx.insert(settings).values({ key: "b", value: "2", updatedAt: 1 });
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect(await store.db.select().from(settings)).toEqual([]);
    });

    test("concurrent transactions are serialised and none fails", async () => {
      await store.db.insert(settings).values({ key: "counter", value: "0", updatedAt: 0 });
      const increments = Array.from({ length: 40 }, () =>
        store.db.transaction(async (tx) => {
          const [row] = await tx.select().from(settings).where(eq(settings.key, "counter"));
          await Bun.sleep(1);
          await tx.update(settings).set({ value: String(Number(row!.value) + 1) }).where(eq(settings.key, "counter"));
        }),
      );
      await Promise.all(increments);
      const [row] = await store.db.select().from(settings).where(eq(settings.key, "counter"));
      expect(row!.value).toBe("40");
    });

    test("a read outside a transaction never sees uncommitted writes", async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let inside!: () => void;
      const written = new Promise<void>((r) => (inside = r));
      const tx = store.db.transaction(async (t) => {
        await t.insert(settings).values({ key: "pending", value: "x", updatedAt: 1 });
        inside();
        await gate;
      });
      await written;
      expect(await store.db.select().from(settings).where(eq(settings.key, "pending"))).toEqual([]);
      release();
      await tx;
      expect((await store.db.select().from(settings).where(eq(settings.key, "pending"))).length).toBe(1);
    });

    test("a failing statement in a batch rolls back the whole batch", async () => {
      await store.client.execute("CREATE TABLE u (k TEXT PRIMARY KEY)");
      await expect(store.client.batch([{ sql: "INSERT INTO u VALUES ('a')", args: [] }, { sql: "INSERT INTO u VALUES ('a')", args: [] }], "write")).rejects.toThrow();
      expect((await store.client.execute("SELECT count(*) AS c FROM u")).rows[0]!.c).toBe(0);
    });

    test("unique violations are recognised through drizzle's wrapping", async () => {
      await store.db.insert(settings).values({ key: "k", value: "1", updatedAt: 1 });
      const error = await store.db.insert(settings).values({ key: "k", value: "2", updatedAt: 1 }).then(() => null, (e) => e);
      expect(isUniqueViolation(error)).toBe(true);
      expect(isUniqueViolation(new Error("something else"))).toBe(false);
    });

    test("executeMultiple runs several statements", async () => {
      await store.client.executeMultiple("CREATE TABLE m (x INTEGER); INSERT INTO m VALUES (1); INSERT INTO m VALUES (2);");
      const r = await store.db.get<{ s: number }>(sql`SELECT sum(x) AS s FROM m`);
      expect(Number(r!.s)).toBe(3);
    });
  });
}

describe("embedded driver across OS processes", () => {
  const dir = tempDir();
  afterAll(() => dir.cleanup());

  test("two processes writing the same file concurrently lose nothing", async () => {
    const url = `file:${join(dir.path, "shared.db")}`;
    const setup = openStore(url);
    await migrate(setup.client);
    setup.close();
    const worker = join(import.meta.dir, "../helpers/store-writer-process.ts");
    const procs = ["a", "b"].map((name) => Bun.spawn(["bun", worker, url, name, "150"], { stdout: "pipe", stderr: "pipe" }));
    const codes = await Promise.all(procs.map((p) => p.exited));
    for (const p of procs) if ((await p.exited) !== 0) console.error(await new Response(p.stderr).text());
    expect(codes).toEqual([0, 0]);
    const check = openStore(url);
    const rows = await check.db.select().from(settings);
    check.close();
    expect(rows.filter((r) => r.key.startsWith("a-")).length).toBe(150);
    expect(rows.filter((r) => r.key.startsWith("b-")).length).toBe(150);
    expect(rows.find((r) => r.key === "total")?.value).toBe("300");
  });
});
