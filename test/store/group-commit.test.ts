// Group commit on the embedded store: concurrent row changes share one transaction, each caller's
// statements stay atomic on their own, and nobody is answered before the shared COMMIT.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "../../src/store/migrate.ts";
import { isUniqueViolation, openStore, type Store } from "../../src/store/open-store.ts";
import { tempDir } from "../helpers/temp-dir.ts";

describe("group commit (embedded store)", () => {
  let dir: ReturnType<typeof tempDir>;
  let store: Store;
  let path: string;
  beforeEach(async () => {
    dir = tempDir();
    path = join(dir.path, "g.db");
    store = openStore(`file:${path}`);
    await migrate(store.client);
    await store.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  });
  afterEach(() => {
    store.close();
    dir.cleanup();
  });

  /** Frames in the WAL: each commit appends at least one, so 100 separate commits make ≥ 100. */
  function walFrames(): number {
    const probe = new Database(path);
    try {
      const row = probe.query("PRAGMA wal_checkpoint(PASSIVE)").values()[0] as number[];
      return row[1]!;
    } finally {
      probe.close();
    }
  }

  const insert = (key: string, value: string) => store.client.execute({ sql: "INSERT INTO settings (key, value, updated_at) VALUES (?, ?, 0)", args: [key, value] });

  test("100 concurrent inserts share commits; a duplicate fails alone", async () => {
    const keys = Array.from({ length: 100 }, (_, i) => `k${i}`);
    keys[57] = "k3"; // the one duplicate
    const results = await Promise.allSettled(keys.map((k, i) => insert(k, `v${i}`)));
    const failed = results.flatMap((r, i) => (r.status === "rejected" ? [{ i, reason: r.reason }] : []));
    expect(failed.map((f) => f.i)).toEqual([57]);
    expect(isUniqueViolation(failed[0]!.reason)).toBe(true);
    const count = await store.client.execute("SELECT count(*) AS n FROM settings WHERE key LIKE 'k%'");
    expect(Number(count.rows[0]!.n)).toBe(99);
    expect(walFrames()).toBeLessThan(20);
  });

  test("a one-statement unit that fails part-way leaves none of its rows, and its group commits the rest", async () => {
    await insert("m2", "already there");
    const settled = await Promise.allSettled([
      insert("m0", "a"),
      // Three rows, the third a duplicate: SQLite undoes the whole statement, with no savepoint of ours.
      store.client.execute("INSERT INTO settings (key, value, updated_at) VALUES ('m1', 'x', 0), ('m3', 'x', 0), ('m2', 'x', 0)"),
      insert("m4", "b"),
    ]);
    expect(settled.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(isUniqueViolation((settled[1] as PromiseRejectedResult).reason)).toBe(true);
    const rows = await store.client.execute("SELECT key, value FROM settings WHERE key LIKE 'm%' ORDER BY key");
    expect(rows.rows.map((r) => [r.key, r.value])).toEqual([
      ["m0", "a"],
      ["m2", "already there"],
      ["m4", "b"],
    ]);
  });

  test("sequential writes are each durable before the caller continues", async () => {
    for (let i = 0; i < 5; i++) {
      await insert(`s${i}`, "x");
      const probe = new Database(path, { readonly: true });
      expect(probe.query("SELECT count(*) AS n FROM settings WHERE key LIKE 's%'").get()).toEqual({ n: i + 1 });
      probe.close();
    }
  });

  test("a failing batch rolls back only its own statements", async () => {
    const [bad, good] = await Promise.allSettled([
      store.client.batch([
        { sql: "INSERT INTO settings (key, value, updated_at) VALUES ('b1', 'x', 0)", args: [] },
        { sql: "INSERT INTO settings (key, value, updated_at) VALUES ('b1', 'again', 0)", args: [] },
      ]),
      insert("other", "y"),
    ]);
    expect(bad.status).toBe("rejected");
    expect(good.status).toBe("fulfilled");
    const rows = await store.client.execute("SELECT key FROM settings WHERE key IN ('b1', 'other')");
    expect(rows.rows.map((r) => r.key)).toEqual(["other"]);
  });

  test("RETURNING rows and rowsAffected come back to each caller", async () => {
    const [a, b] = await Promise.all([
      store.client.execute({ sql: "INSERT INTO settings (key, value, updated_at) VALUES (?, ?, 0) RETURNING key", args: ["r1", "1"] }),
      store.client.execute({ sql: "UPDATE settings SET value = 'z' WHERE key LIKE 'none%'", args: [] }),
    ]);
    expect(a.rows[0]!.key).toBe("r1");
    expect(b.rowsAffected).toBe(0);
  });

  test("writes queued behind an open transaction commit after it, in order", async () => {
    const tx = await store.client.transaction("write");
    await tx.execute({ sql: "INSERT INTO settings (key, value, updated_at) VALUES ('t', 'in-tx', 0)", args: [] });
    const queued = store.client.execute({ sql: "UPDATE settings SET value = 'after' WHERE key = 't'", args: [] });
    await Bun.sleep(5);
    await tx.commit();
    expect((await queued).rowsAffected).toBe(1);
    const row = await store.client.execute("SELECT value FROM settings WHERE key = 't'");
    expect(row.rows[0]!.value).toBe("after");
  });

  test("concurrent interactive transactions share commits; one that throws undoes only itself", async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        store.db.transaction(async (tx) => {
          await tx.run(sql`INSERT INTO settings (key, value, updated_at) VALUES (${`t${i}`}, 'a', 0)`);
          await tx.run(sql`UPDATE settings SET value = 'b' WHERE key = ${`t${i}`}`);
          if (i === 13) throw new Error("changed my mind");
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "rejected").length).toBe(1);
    const rows = await store.client.execute("SELECT key, value FROM settings WHERE key LIKE 't%'");
    expect(rows.rows.length).toBe(49);
    expect(rows.rows.every((r) => r.value === "b")).toBe(true);
    expect(rows.rows.some((r) => r.key === "t13")).toBe(false);
    expect(walFrames()).toBeLessThan(20);
  });

  test("a transaction's commit resolves only when its work is on disk", async () => {
    await store.db.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO settings (key, value, updated_at) VALUES ('durable', 'x', 0)`);
    });
    const probe = new Database(path, { readonly: true });
    expect(probe.query("SELECT value FROM settings WHERE key = 'durable'").get()).toEqual({ value: "x" });
    probe.close();
  });

  test("reads outside a transaction never see a grouped transaction's uncommitted work", async () => {
    let seen: unknown[] = [];
    await store.db.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO settings (key, value, updated_at) VALUES ('hidden', 'x', 0)`);
      seen = (await store.client.execute("SELECT key FROM settings WHERE key = 'hidden'")).rows;
    });
    expect(seen).toEqual([]);
  });
});
