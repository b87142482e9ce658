// Calls are counted in memory and written in batches (src/billing/pending-ledger.ts): nothing is
// lost, reads of the usage record see everything counted, and a failing store keeps the counts.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createUser } from "../../src/accounts/service.ts";
import { usageDaily } from "../../src/billing/schema.ts";
import { MAX_PENDING_ROWS, PendingLedger } from "../../src/billing/pending-ledger.ts";
import { createAdjustableClock } from "../../src/lib/clock.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore, type Store } from "../../src/store/open-store.ts";
import { tempDir } from "../helpers/temp-dir.ts";

let dir: ReturnType<typeof tempDir>;
let store: Store;
let accountId: string;
beforeEach(async () => {
  dir = tempDir();
  store = openStore(`file:${join(dir.path, "b.db")}`);
  await migrate(store.client);
  const user = await createUser(store.db, Date.UTC(2026, 10, 2), { email: "a@example.com", password: null });
  accountId = user.accountId;
});
afterEach(() => {
  store.close();
  dir.cleanup();
});

const row = (operation = "events.feed", day = "2026-11-02") => ({ accountId, clientId: "parla_cid_x", budget: "allowance" as const, day, operation });
const rows = () => store.db.select().from(usageDaily);
const clock = createAdjustableClock(Date.UTC(2026, 10, 2, 12));
const ledgerOn = (s: Store) => new PendingLedger({ store: s, clock });

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await Bun.sleep(10);
  }
  throw new Error("condition not reached in 2 s");
}

describe("the pending ledger's call counts", () => {
  test("counts are summed per row and written by flush, exactly once", async () => {
    const buffer = ledgerOn(store);
    for (let i = 0; i < 7; i++) buffer.count(row());
    buffer.count(row("events.stream"));
    buffer.count(row("events.feed", "2026-11-03"));
    expect(buffer.pendingCalls()).toBe(9);
    expect(await rows()).toEqual([]);
    await buffer.flush();
    await buffer.flush();
    expect(buffer.pendingCalls()).toBe(0);
    const written = (await rows()).map((r) => [r.day, r.operation, r.calls, r.credits]).sort();
    expect(written).toEqual([
      ["2026-11-02", "events.feed", 7, 0],
      ["2026-11-02", "events.stream", 1, 0],
      ["2026-11-03", "events.feed", 1, 0],
    ]);
    buffer.count(row());
    await buffer.flush();
    expect((await rows()).find((r) => r.day === "2026-11-02" && r.operation === "events.feed")!.calls).toBe(8);
  });

  test("a timer writes pending counts without anyone asking", async () => {
    const buffer = new PendingLedger({ store, clock }, 5);
    buffer.count(row());
    await until(async () => (await rows()).length === 1);
    expect(buffer.pendingCalls()).toBe(0);
  });

  test(`${MAX_PENDING_ROWS} distinct rows waiting start a write at once`, async () => {
    const buffer = new PendingLedger({ store, clock }, 60_000);
    for (let i = 0; i < MAX_PENDING_ROWS; i++) buffer.count(row(`op.${i}`));
    await until(async () => (await rows()).length === MAX_PENDING_ROWS);
  });

  test("a failed write keeps the counts for the next one and reports the error", async () => {
    let failures = 1;
    const flakyDb = Object.create(store.db) as Store["db"];
    flakyDb.transaction = ((...args: Parameters<Store["db"]["transaction"]>) => (failures-- > 0 ? Promise.reject(new Error("database is locked")) : store.db.transaction(...args))) as Store["db"]["transaction"];
    const flaky = { db: flakyDb, client: store.client };
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    const buffer = new PendingLedger({ store: flaky, clock, onError }, 60_000);
    buffer.count(row());
    buffer.count(row());
    await expect(buffer.flush()).rejects.toThrow("database is locked");
    expect(buffer.pendingCalls()).toBe(2);
    buffer.count(row());
    await buffer.flush();
    expect((await rows())[0]!.calls).toBe(3);
    // In the background: the error goes to onError and the retry timer writes the counts.
    failures = 1;
    const background = new PendingLedger({ store: flaky, clock, onError }, 5);
    background.count(row());
    await until(async () => (await rows())[0]!.calls === 4);
    expect(errors.map((e) => (e as Error).message)).toEqual(["database is locked"]);
  });

  test("after the store is closed, a flush writes nothing and does not throw", async () => {
    const other = openStore(`file:${join(dir.path, "b.db")}`);
    const buffer = ledgerOn(other);
    buffer.count(row());
    other.close();
    await buffer.flush();
    expect(await rows()).toEqual([]);
  });
});
