// Plain SQL beside drizzle (store/raw-sql.ts): a statement sent through a drizzle transaction's
// executor is part of that transaction, and inTransaction commits or rolls back as a whole.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openStore, type Store } from "../../src/store/open-store.ts";
import { executorOf, inTransaction } from "../../src/store/raw-sql.ts";
import { tempDir } from "../helpers/temp-dir.ts";

describe("plain SQL on the store", () => {
  let dir: ReturnType<typeof tempDir>;
  let store: Store;
  beforeEach(async () => {
    dir = tempDir();
    store = openStore(`file:${join(dir.path, "raw.db")}`);
    await store.client.execute("CREATE TABLE t (x INTEGER NOT NULL)");
  });
  afterEach(() => {
    store.close();
    dir.cleanup();
  });
  const count = async () => Number((await store.client.execute("SELECT count(*) AS n FROM t")).rows[0]!.n);

  test("through a drizzle transaction: rolled back with it, committed with it", async () => {
    await expect(
      store.db.transaction(async (tx) => {
        expect(executorOf(tx)).not.toBe(store.client);
        await executorOf(tx).execute({ sql: "INSERT INTO t VALUES (?)", args: [1] });
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await count()).toBe(0);
    await store.db.transaction(async (tx) => void (await executorOf(tx).execute({ sql: "INSERT INTO t VALUES (?)", args: [2] })));
    expect(await count()).toBe(1);
    expect(executorOf(store.db)).toBe(store.client);
  });

  test("inTransaction: all or nothing", async () => {
    await expect(
      inTransaction(store.client, async (tx) => {
        await tx.execute({ sql: "INSERT INTO t VALUES (?)", args: [1] });
        await tx.execute({ sql: "INSERT INTO t VALUES (?)", args: [null] });
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(0);
    const answer = await inTransaction(store.client, async (tx) => {
      await tx.execute({ sql: "INSERT INTO t VALUES (?)", args: [1] });
      await tx.execute({ sql: "INSERT INTO t VALUES (?)", args: [2] });
      return "done";
    });
    expect(answer).toBe("done");
    expect(await count()).toBe(2);
  });
});
