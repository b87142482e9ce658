// The embedded store's Store.read and Store.readAll (src/store/turn-reads.ts): answered without
// leaving the turn, in one read transaction per turn, and never staler than its rules allow — this
// process's writes are seen by the next read, another connection's commits by the next turn, or by
// a read that starts a new run after SNAPSHOT_MAX_AGE_MS. "Another connection" is a second bun:sqlite
// connection to the file: to SQLite the same as another process.
import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openStore, type Store } from "../../src/store/open-store.ts";
import { SNAPSHOT_MAX_AGE_MS } from "../../src/store/turn-reads.ts";
import { tempDir } from "../helpers/temp-dir.ts";

describe("reads of one turn on the embedded store", () => {
  let store: Store;
  let other: Database;
  let cleanup: () => void;

  beforeEach(async () => {
    const dir = tempDir();
    const path = join(dir.path, "turn.db");
    store = openStore(`file:${path}`);
    await store.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
    await store.client.execute({ sql: "INSERT INTO t (id, name) VALUES (1, 'one')", args: [] });
    other = new Database(path);
    other.run("PRAGMA busy_timeout = 5000");
    cleanup = () => {
      other.close();
      store.close();
      dir.cleanup();
    };
  });
  afterEach(() => cleanup());

  const nameOf = async () => (await store.read("SELECT name FROM t WHERE id = 1"))[0]![0];
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  test("answer without leaving the turn", async () => {
    let turnEnded = false;
    setImmediate(() => (turnEnded = true));
    expect(await nameOf()).toBe("one");
    const [a, b] = await store.readAll([
      { sql: "SELECT count(*) FROM t", args: [] },
      { sql: "SELECT name FROM t WHERE id = ?", args: [1] },
    ]);
    expect([a, b]).toEqual([[[1]], [["one"]]]);
    expect(turnEnded).toBe(false);
  });

  test("share one snapshot within a run; another connection's commit is seen from the next turn", async () => {
    // Reads asked in one synchronous run, however long it takes, see the snapshot it started with.
    const first = store.read("SELECT name FROM t WHERE id = 1");
    other.run("UPDATE t SET name = 'changed elsewhere' WHERE id = 1");
    const second = store.read("SELECT name FROM t WHERE id = 1");
    expect(await Promise.all([first, second])).toEqual([[["one"]], [["one"]]]);
    await nextTurn();
    expect(await nameOf()).toBe("changed elsewhere");
  });

  test("a run that starts after the snapshot's age limit takes a new one", async () => {
    expect(await nameOf()).toBe("one");
    other.run("UPDATE t SET name = 'changed elsewhere' WHERE id = 1");
    // Still this turn: a microtask later, with more than the limit gone by (a busy wait, not a timer).
    const started = performance.now();
    while (performance.now() - started < SNAPSHOT_MAX_AGE_MS * 4);
    expect(await nameOf()).toBe("changed elsewhere");
  });

  test("this process's writes are seen by the very next read, in the same turn", async () => {
    expect(await nameOf()).toBe("one");
    await store.client.execute({ sql: "UPDATE t SET name = 'changed here' WHERE id = 1", args: [] });
    expect(await nameOf()).toBe("changed here");
    const tx = await store.client.transaction("write");
    await tx.execute({ sql: "UPDATE t SET name = 'in a transaction' WHERE id = 1", args: [] });
    // Not committed yet: the read runs on the other connection and sees the committed row.
    expect(await nameOf()).toBe("changed here");
    await tx.commit();
    expect(await nameOf()).toBe("in a transaction");
    await store.db.transaction(async (t) => {
      await t.run("UPDATE t SET name = 'through drizzle' WHERE id = 1" as never);
    });
    expect(await nameOf()).toBe("through drizzle");
  });

  test("reads and writes interleaved from many callers never see a write's state before it is acknowledged, and always after", async () => {
    const writes = Array.from({ length: 30 }, async (_, i) => {
      await store.client.execute({ sql: "INSERT INTO t (id, name) VALUES (?, ?)", args: [i + 10, `w${i}`] });
      expect(await store.read("SELECT name FROM t WHERE id = ?", [i + 10])).toEqual([[`w${i}`]]);
    });
    const reads = Array.from({ length: 30 }, () => store.read("SELECT count(*) FROM t"));
    await Promise.all([...writes, ...reads]);
    expect(await store.read("SELECT count(*) FROM t")).toEqual([[31]]);
  });
});
