// Each client's copy of its feed (src/events/client-feeds.ts) and the page read from it
// (client-feed-page.ts), on both store drivers, against the general page (event-feed.ts feedPage):
// the same envelopes byte for byte, the same has_more, from every position and with every limit —
// pages that start and end inside chunks included — and null (the general way) whenever the copy
// cannot answer exactly: narrower scopes or types over a chunk with other types, another version,
// a client younger than the account's events. Then what happens to copies over time: a new current
// version starts them again, retention drops old chunks (an append after its chunk went starts a new
// one), and deleting a client deletes its copy.
import { afterEach, describe, expect, test } from "bun:test";
import { createUser } from "../../src/accounts/service.ts";
import { createClient, deleteClient } from "../../src/clients/service.ts";
import { ClientFeedPages, copyStateRead } from "../../src/events/client-feed-page.ts";
import { CHUNK_BYTES, ClientFeedWriter } from "../../src/events/client-feeds.ts";
import { feedPage, parseTypes, type FeedDeps, type FeedReader } from "../../src/events/event-feed.ts";
import { pruneEventsBefore } from "../../src/events/event-reads.ts";
import { EventRecorder, type NewEvent } from "../../src/events/recorder.ts";
import { createAdjustableClock, DAY } from "../../src/lib/clock.ts";
import { SCOPES } from "../../src/lib/scopes.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore, type Store } from "../../src/store/open-store.ts";
import { CURRENT_API_VERSION, VersionRegistry } from "../../src/versions/registry.ts";
import { clientWithToken } from "../billing/fixtures.ts";
import { STORE_DRIVERS } from "../helpers/store-drivers.ts";
import { createTestApp, TEST_START, type TestApp } from "../helpers/test-app.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { feed, recordEvent } from "./fixtures.ts";

const ODD = { plan_id: 'q"uote \\ back\\slash\nnew line é ß 漢字 😀 \u2028 \u0001 </script>', status: "complete" };

async function setUp(driverIndex: number) {
  const dir = tempDir();
  const { url, stop } = STORE_DRIVERS[driverIndex]!.open(dir.path);
  const store = openStore(url);
  await migrate(store.client, TEST_START);
  const clock = createAdjustableClock(TEST_START);
  const serverKey = crypto.getRandomValues(new Uint8Array(32));
  const owner = await createUser(store.db, TEST_START, { email: "owner@example.com", password: null });
  const stranger = await createUser(store.db, TEST_START, { email: "stranger@example.com", password: null });
  const newClient = async (accountId: string, name: string) =>
    (await createClient(store.db, clock.now(), { accountId, name, type: "confidential", scopes: [...SCOPES], billingMode: "allowance", redirectUris: [] })).client.id;
  const recorder = new EventRecorder();
  recorder.addOutbox(new ClientFeedWriter(serverKey, CURRENT_API_VERSION).hook);
  const record = (event: NewEvent) => store.db.transaction((tx) => recorder.record(tx, clock.now(), event));
  const deps: FeedDeps = { store, clock, serverKey, versions: new VersionRegistry() };
  const cleanup = () => {
    store.close();
    stop();
    dir.cleanup();
  };
  return { store, clock, serverKey, owner, stranger, newClient, recorder, record, deps, copies: new ClientFeedPages(deps), cleanup };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

/** `n` events of every kind a copy must get right, in the owner's account, a few elsewhere. */
async function seed(s: Setup, n: number, me: string, other: string) {
  const accountId = s.owner.accountId;
  for (let i = 0; i < n; i++) {
    s.clock.advance(997);
    const kind = i % 11;
    if (kind === 0) await s.record({ accountId, type: "lesson_plan.ready", data: { ...ODD, plan_id: `${ODD.plan_id} ${i}` } });
    else if (kind === 1) await s.record({ accountId, type: "lesson_plan.failed", data: { plan_id: `p${i}` }, aboutUserId: `parla_usr_${i % 3}` });
    else if (kind === 2) await s.record({ accountId: s.stranger.accountId, type: "lesson_plan.failed", data: { plan_id: "another account" } });
    else if (kind === 3 && i % 2 === 0) await s.record({ accountId, type: "app.installed", data: { client_id: me }, clientId: me, aboutUserId: "parla_usr_1" });
    else if (kind === 3) await s.record({ accountId, type: "app.uninstalled", data: { client_id: other }, clientId: other, aboutUserId: "parla_usr_2" });
    else if (kind === 4) await s.record({ accountId, type: "usage.threshold_reached", data: { subject: "client", client_id: other, percent: 50, limit_credits: 10, used_credits: 5, month: "2026-11" }, clientId: other });
    else await s.record({ accountId, type: "lesson_plan.ready", data: { plan_id: `parla_lp_${i}`, status: i % 2 ? "partial" : "complete" } });
  }
}

/** The owner's two clients, "Me" and "Other", after `n` seeded events. */
async function twoClientsSeeded(s: Setup, n: number): Promise<{ me: string; other: string }> {
  const me = await s.newClient(s.owner.accountId, "Me");
  const other = await s.newClient(s.owner.accountId, "Other");
  await seed(s, n, me, other);
  return { me, other };
}

const everyScope = (clientId: string, accountId: string, extra: Partial<FeedReader> = {}): FeedReader => ({
  listener: { clientId, accountId, scopes: [...SCOPES] },
  apiVersion: CURRENT_API_VERSION,
  requested: null,
  ...extra,
});

/** The page from the copy, as text, or null; and the general page for the same call. */
async function bothPages(s: Setup, reader: FeedReader, after: number, limit: number) {
  const fast = textOf(await s.copies.page(reader, after, limit));
  const general = await feedPage(s.deps, reader, after, limit);
  return { fast, general };
}

/** A page from the copy as text (its pieces one after the other), or null. */
function textOf(page: { pieces: Uint8Array[] } | null): string | null {
  return page === null ? null : Buffer.concat(page.pieces).toString("utf8");
}

/** The answer up to its cursor: the envelopes and how they are written. */
const items = (text: string) => text.slice(0, text.lastIndexOf(',"next_cursor":'));

async function seqs(store: Store, accountId: string): Promise<number[]> {
  return (await store.read("SELECT seq FROM events WHERE account_id = ? ORDER BY seq", [accountId])).map((r) => Number(r[0]));
}

for (const [index, driver] of STORE_DRIVERS.entries()) {
  describe(`a client's copy of its feed, on the ${driver.name} driver`, () => {
    let s: Setup | null = null;
    afterEach(() => s?.cleanup());

    test("answers the general page byte for byte from every position and with every limit", async () => {
      s = await setUp(index);
      const { me, other } = await twoClientsSeeded(s, 240);
      const chunks = await s.store.read("SELECT count(*), max(length(body)), sum(count) FROM client_feed_chunks WHERE client_id = ?", [me]);
      expect(Number(chunks[0]![0])).toBeGreaterThan(8);
      expect(Number(chunks[0]![1])).toBeLessThan(CHUNK_BYTES + 600);

      const positions = [0, ...(await seqs(s.store, s.owner.accountId))];
      for (const clientId of [me, other]) {
        const reader = everyScope(clientId, s.owner.accountId);
        for (const limit of [1, 7, 100]) {
          for (const after of positions.filter((_, i) => i % (limit === 100 ? 3 : 17) === 0)) {
            const { fast, general } = await bothPages(s, reader, after, limit);
            expect(fast).not.toBeNull();
            expect(items(fast!)).toBe(items(JSON.stringify(general)));
            expect(JSON.parse(fast!).has_more).toBe(general.has_more);
          }
        }
      }
      // Walking the whole feed page by page from the start: every event once, in order, as the general walk.
      const reader = everyScope(me, s.owner.accountId);
      const fromCopy = await walk(s, async (after) => JSON.parse(textOf(await s!.copies.page(reader, after, 13))!));
      const fromEvents = await walk(s, (after) => feedPage(s!.deps, reader, after, 100));
      expect(fromCopy.length).toBeGreaterThan(150);
      expect(JSON.stringify(fromCopy)).toBe(JSON.stringify(fromEvents));
    }, 60_000);

    test("keeps chunks read once in memory, and reads a chunk again when it holds more envelopes than kept", async () => {
      s = await setUp(index);
      const { me, other } = await twoClientsSeeded(s, 40);
      const reader = everyScope(me, s.owner.accountId);
      const first = await bothPages(s, reader, 0, 100);
      expect(items(first.fast!)).toBe(items(JSON.stringify(first.general)));
      // The open chunk grows: the page holds the new envelopes, as the general page does.
      for (let i = 0; i < 3; i++) await s.record({ accountId: s.owner.accountId, type: "lesson_plan.ready", data: { plan_id: `grown ${i}`, status: "complete" } });
      const grown = await bothPages(s, reader, 0, 100);
      expect(items(grown.fast!)).toBe(items(JSON.stringify(grown.general)));
      expect(grown.general.items.length).toBe(first.general.items.length + 3);
      // Bytes changed in the store behind a chunk already read (same length) do not show: those
      // bytes came from memory. (Nothing in Parla rewrites a chunk's bytes; appends only add.)
      await s.store.client.execute({ sql: "UPDATE client_feed_chunks SET body = CAST(replace(CAST(body AS TEXT), 'parla_lp_5\"', 'parla_lp_X\"') AS BLOB)", args: [] });
      const kept = textOf(await s.copies.page(reader, 0, 100))!;
      expect(kept).toContain("parla_lp_5\"");
      expect(items(kept)).toBe(items(JSON.stringify(grown.general)));
      // Another process (its own memory) reads the stored bytes.
      const fresh = textOf(await new ClientFeedPages(s.deps).page(reader, 0, 100))!;
      expect(fresh).toContain("parla_lp_X\"");
    }, 30_000);

    test("a page the last read of places holds is answered after reading only the copy's state, and still follows the copy", async () => {
      s = await setUp(index);
      const { me, other } = await twoClientsSeeded(s, 60);
      const reader = everyScope(me, s.owner.accountId);
      const asked: number[] = [];
      const { read, readAll } = s.store;
      // The copy's reads (its state, with its places or alone); the general page reads the events.
      s.store.readAll = (statements) => (statements.some((st) => st.sql.includes("FROM client_feeds")) && asked.push(statements.length), readAll(statements));
      s.store.read = (sql, args) => (sql.includes("FROM client_feeds") && asked.push(1), read(sql, args));
      const expectSame = async (after: number, limit: number) => {
        const { fast, general } = await bothPages(s!, reader, after, limit);
        expect(items(fast!)).toBe(items(JSON.stringify(general)));
        expect(JSON.parse(fast!).has_more).toBe(general.has_more);
        return general;
      };
      const all = await seqs(s.store, s.owner.accountId);
      const end = all.at(-1)!;
      // Read once (state and places), then again from the state alone.
      await expectSame(all[5]!, 20);
      await expectSame(all[5]!, 20);
      await expectSame(all[7]!, 10);
      expect(asked.slice(0, 3)).toEqual([2, 1, 1]);
      // A poll at the end that finds nothing new: the kept run cannot reach there (it did not end with
      // the open chunk), so the state and places are read, keeping the newest chunk; the next such
      // poll reads the state alone.
      asked.length = 0;
      await expectSame(end, 100);
      await expectSame(end, 100);
      expect(asked).toEqual([2, 1]);
      // New events: the open chunk grew (or a new one began), so places are read again; the page holds them.
      for (let i = 0; i < 3; i++) await s.record({ accountId: s.owner.accountId, type: "lesson_plan.ready", data: { plan_id: `new ${i}`, status: "complete" } });
      asked.length = 0;
      const grown = await expectSame(end, 100);
      expect(grown.items).toHaveLength(3);
      expect(asked).toEqual([1, 2]);
      // Retention drops the run's first chunks (and their events): read again, answered as the general
      // page, from the start and from inside a dropped chunk.
      const [first, second] = await s.store.read("SELECT first_n, first_seq, last_seq FROM client_feed_chunks WHERE client_id = ? ORDER BY first_n LIMIT 2", [me]);
      await expectSame(0, 30);
      await s.store.client.execute({ sql: "DELETE FROM client_feed_chunks WHERE client_id = ? AND first_n <= ?", args: [me, second![0] as number] });
      await s.store.client.execute({ sql: "DELETE FROM events WHERE seq <= ?", args: [second![2] as number] });
      asked.length = 0;
      await expectSame(Number(second![1]), 5);
      await expectSame(0, 30);
      expect(asked).toEqual([1, 2, 1]);
      expect(Number(first![0])).toBeLessThan(Number(second![0]));
      Object.assign(s.store, { read, readAll });
    }, 30_000);

    test("uses state rows read along only when they were read for this reader at this position", async () => {
      s = await setUp(index);
      const { me, other } = await twoClientsSeeded(s, 60);
      const reader = everyScope(me, s.owner.accountId);
      const all = await seqs(s.store, s.owner.accountId);
      const stateAt = (r: FeedReader, after: number) => {
        const { sql, args } = copyStateRead(r, after);
        return s!.store.read(sql, args);
      };
      // Keep a run, so a page needs the state alone.
      await s.copies.page(reader, all[5]!, 20);
      const general = await feedPage(s.deps, reader, all[5]!, 20);
      const along = await stateAt(reader, all[5]!);
      const misleading = [await stateAt(reader, all[7]!), await stateAt(everyScope(other, s.owner.accountId), all[5]!), []];
      const read = s.store.read;
      let stateReads = 0;
      s.store.read = (sql, args) => (sql.includes("FROM client_feeds") && stateReads++, read(sql, args));
      try {
        // Rows read for this reader at this position: used as they are, no read of its own.
        expect(items(textOf(await s.copies.page(reader, all[5]!, 20, along))!)).toBe(items(JSON.stringify(general)));
        expect(stateReads).toBe(0);
        // Rows for another position, another client of the account, or none: read again.
        for (const rows of misleading) expect(items(textOf(await s.copies.page(reader, all[5]!, 20, rows))!)).toBe(items(JSON.stringify(general)));
        expect(stateReads).toBe(misleading.length);
      } finally {
        s.store.read = read;
      }
    });

    test("leaves the page to the general way when the copy cannot answer it exactly", async () => {
      s = await setUp(index);
      const { me, other } = await twoClientsSeeded(s, 60);
      const accountId = s.owner.accountId;
      // Narrower scopes or a types filter over chunks that hold other types.
      const narrow = everyScope(me, accountId, { listener: { clientId: me, accountId, scopes: ["events:read", "usage:read"] } });
      expect((await bothPages(s, narrow, 0, 100)).fast === null).toBe(true);
      expect((await bothPages(s, everyScope(me, accountId, { requested: parseTypes("lesson_plan.ready") }), 0, 100)).fast === null).toBe(true);
      // Scopes that leave out only types this client's copy never holds (usage limits of another client): from the copy.
      const enough = await bothPages(s, everyScope(me, accountId, { listener: { clientId: me, accountId, scopes: ["events:read", "lesson_plans:read"] } }), 0, 100);
      expect(items(enough.fast!)).toBe(items(JSON.stringify(enough.general)));
      // Another version than the copy's.
      expect((await bothPages(s, everyScope(me, accountId, { apiVersion: "2026-04-some-other" }), 0, 100)).fast === null).toBe(true);
      // A client younger than the account's events: from before it existed, no; from then on, yes.
      const late = await s.newClient(accountId, "Late");
      const before = await seqs(s.store, accountId);
      await s.record({ accountId, type: "lesson_plan.ready", data: { plan_id: "after late", status: "complete" } });
      expect((await bothPages(s, everyScope(late, accountId), 0, 100)).fast === null).toBe(true);
      const since = await bothPages(s, everyScope(late, accountId), before.at(-1)!, 100);
      expect(items(since.fast!)).toBe(items(JSON.stringify(since.general)));
      expect(since.general.items).toHaveLength(1);
      // A types filter over a stretch that holds only its types is answered from the copy.
      const onlyReady = everyScope(late, accountId, { requested: parseTypes("lesson_plan.ready") });
      const filtered = await bothPages(s, onlyReady, before.at(-1)!, 100);
      expect(items(filtered.fast!)).toBe(items(JSON.stringify(filtered.general)));
      // No copy at all: a client whose account recorded nothing since it exists.
      const quiet = await s.newClient(s.stranger.accountId, "Quiet");
      expect((await bothPages(s, everyScope(quiet, s.stranger.accountId), 0, 100)).fast === null).toBe(true);
    }, 30_000);

    test("a new current version starts the copies again; retention drops old chunks; a deleted client's copy goes", async () => {
      s = await setUp(index);
      const { me, other } = await twoClientsSeeded(s, 40);
      const accountId = s.owner.accountId;
      // Retention: everything recorded so far is old; the open chunk goes too, and the next event starts a new one.
      s.clock.advance(31 * DAY);
      await pruneEventsBefore(s.store.db, s.clock.now() - 30 * DAY);
      expect(Number((await s.store.read("SELECT count(*) FROM client_feed_chunks", []))[0]![0])).toBe(0);
      const fresh = await s.record({ accountId, type: "lesson_plan.ready", data: { plan_id: "after a quiet month", status: "complete" } });
      await s.record({ accountId, type: "lesson_plan.failed", data: { plan_id: "and one more" } });
      const page = await bothPages(s, everyScope(me, accountId), 0, 100);
      expect(items(page.fast!)).toBe(items(JSON.stringify(page.general)));
      expect(page.general.items.map((e) => e.id)[0]).toBe(fresh.id);

      // A release with a new current version: the copy starts again at the next event, at that version.
      const NEXT = "2099-01-test-next";
      const upgraded = new EventRecorder();
      upgraded.addOutbox(new ClientFeedWriter(s.serverKey, NEXT).hook);
      const first = await s.store.db.transaction((tx) => upgraded.record(tx, s!.clock.now(), { accountId, type: "lesson_plan.ready", data: { plan_id: "next", status: "complete" } }));
      const [state] = await s.store.read("SELECT from_seq, api_version FROM client_feeds WHERE client_id = ?", [me]);
      expect(state).toEqual([first.seq - 1, NEXT]);
      expect(Number((await s.store.read("SELECT count(*) FROM client_feed_chunks WHERE client_id = ?", [me]))[0]![0])).toBe(1);
      expect((await bothPages(s, everyScope(me, accountId), 0, 100)).fast === null).toBe(true);
      const atNext = textOf(await s.copies.page(everyScope(me, accountId, { apiVersion: NEXT }), first.seq - 1, 100))!;
      expect(JSON.parse(atNext).items).toMatchObject([{ id: first.id, api_version: NEXT }]);

      // Deleting a client deletes its copy.
      await deleteClient(s.store.db, accountId, me);
      expect(Number((await s.store.read("SELECT count(*) FROM client_feeds WHERE client_id = ?", [me]))[0]![0])).toBe(0);
      expect(Number((await s.store.read("SELECT count(*) FROM client_feed_chunks WHERE client_id = ?", [me]))[0]![0])).toBe(0);
    }, 30_000);
  });
}

/** Every page from the start, each call after the last envelope of the one before. */
async function walk(s: Setup, read: (after: number) => Promise<{ items: { id: string }[]; has_more: boolean }>): Promise<unknown[]> {
  const all: unknown[] = [];
  for (let after = 0; ; ) {
    const page = await read(after);
    all.push(...page.items);
    if (!page.has_more) return all;
    const [row] = await s.store.read("SELECT seq FROM events WHERE id = ?", [page.items.at(-1)!.id]);
    after = Number(row![0]);
  }
}

describe("the feed through the routes, from the client's copy", () => {
  let t: TestApp | null = null;
  afterEach(() => t?.cleanup());

  test("GET /v1/events answers from the copy when it can, and from the events when it cannot", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    for (let i = 0; i < 30; i++) await recordEvent(t, a.accountId, "lesson_plan.ready", { plan_id: `parla_lp_${i}`, status: "complete" });
    // Mark the copy's stored bytes (same length): the answer shows the mark, so it came from the copy.
    await t.deps.store.client.execute({ sql: "UPDATE client_feed_chunks SET body = CAST(replace(CAST(body AS TEXT), 'parla_lp_1\"', 'parla_lp_X\"') AS BLOB)", args: [] });
    const marked = await feed(t, a.token, "start=oldest&limit=100");
    expect(marked.status).toBe(200);
    expect(marked.body.items).toHaveLength(30);
    expect(marked.body.items.map((e: { data: { plan_id: string } }) => e.data.plan_id)).toContain("parla_lp_X");
    // A token with fewer scopes over events of one type it hears: still the copy.
    const narrow = await tokenWithScopes(t, a, "events:read lesson_plans:read");
    expect((await feed(t, narrow, "start=oldest&limit=100")).body.items.map((e: { data: { plan_id: string } }) => e.data.plan_id)).toContain("parla_lp_X");
    // A types filter that leaves out a type in the copy's chunks: answered from the events.
    await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: "parla_lp_failed" });
    const filtered = await feed(t, a.token, "start=oldest&limit=100&types=lesson_plan.ready");
    expect(filtered.body.items).toHaveLength(30);
    expect(filtered.body.items.map((e: { data: { plan_id: string } }) => e.data.plan_id)).toContain("parla_lp_1");
    expect(filtered.body.items.map((e: { data: { plan_id: string } }) => e.data.plan_id)).not.toContain("parla_lp_X");
  });

  test("with a kept token the copy's state is read along with it, from start=oldest and from a cursor, never for another caller", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    const b = await clientWithToken(t, { email: "b@example.com" });
    for (let i = 0; i < 30; i++) await recordEvent(t, a.accountId, "lesson_plan.ready", { plan_id: `parla_lp_${i}`, status: "complete" });
    const store = t.deps.store;
    const { read, readAll } = store;
    const asked: string[] = [];
    const name = (sql: string) => (sql.includes("access_epoch") ? "epoch" : sql.includes("access_tokens") ? "token" : sql.includes("FROM client_feeds") ? "state" : sql.includes("client_feed_chunks") ? "chunks" : "other");
    store.readAll = (statements) => (asked.push(statements.map((st) => name(st.sql)).join("+")), readAll(statements));
    store.read = (sql, args) => (asked.push(name(sql)), read(sql, args));
    try {
      const first = await feed(t, a.token, "start=oldest&limit=10");
      // A token read the first time: the caller is not known before the read, so nothing rides on it.
      expect(asked[0]).toBe("epoch+token");
      asked.length = 0;
      const again = await feed(t, a.token, "start=oldest&limit=10");
      expect(again.body).toEqual({ ...first.body, next_cursor: again.body.next_cursor });
      // Kept: the state rides on the epoch's read, and the kept run holds the page.
      expect(asked).toEqual(["epoch+state"]);
      asked.length = 0;
      const next = await feed(t, a.token, `cursor=${encodeURIComponent(first.body.next_cursor)}&limit=10`);
      expect(next.body.items.map((e: { data: { plan_id: string } }) => e.data.plan_id)).toEqual(Array.from({ length: 10 }, (_, i) => `parla_lp_${10 + i}`));
      expect(asked[0]).toBe("epoch+state");
      // Another client of another account, its token kept: its own state, never a's.
      await feed(t, b.token, "start=oldest&limit=10");
      asked.length = 0;
      const theirs = await feed(t, b.token, "start=oldest&limit=10");
      expect(theirs.body.items).toEqual([]);
      expect(asked[0]).toBe("epoch+state");
      // From now (the head's position is read by the handler) and a foreign cursor: nothing rides
      // along, and the cursor is refused as before.
      asked.length = 0;
      expect((await feed(t, a.token, "limit=10")).status).toBe(200);
      expect(asked[0]).toBe("epoch");
      asked.length = 0;
      const foreign = await feed(t, b.token, `cursor=${encodeURIComponent(first.body.next_cursor)}`);
      expect(foreign.status).toBe(400);
      expect(asked).toEqual(["epoch"]);
    } finally {
      Object.assign(store, { read, readAll });
    }
  });
});

/** A token for the same client with fewer scopes (client credentials may ask for a subset, RFC 6749 §3.3). */
async function tokenWithScopes(t: TestApp, a: { client: { id: string }; secret: string | null }, scope: string): Promise<string> {
  const res = await t.request("POST", "/oauth/token", { form: { grant_type: "client_credentials", scope }, headers: { authorization: "Basic " + btoa(`${a.client.id}:${a.secret}`) } });
  return ((await res.json()) as { access_token: string }).access_token;
}
