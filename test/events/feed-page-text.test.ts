// The feed page the store puts together as JSON text (src/events/feed-page-text.ts) against the
// general one (feedPage: rows read, envelopes built, JSON.stringify), on both store drivers: the
// same envelopes byte for byte — odd characters in data, subjects about users, audiences, types,
// scopes, events recorded before envelope_template existed — the same has_more, and cursors that walk
// the same sequence. Then through the routes: the feed's envelopes are the stream's, and a version
// that reshapes data still reshapes it.
import { afterEach, describe, expect, test } from "bun:test";
import { createUser } from "../../src/accounts/service.ts";
import { EventRecorder, type NewEvent } from "../../src/events/recorder.ts";
import { feedPage, parseTypes, type FeedDeps, type FeedReader } from "../../src/events/event-feed.ts";
import { FeedPageText } from "../../src/events/feed-page-text.ts";
import { envelopeTemplate } from "../../src/events/envelope.ts";
import { decodeCursor, filterKey } from "../../src/events/cursor.ts";
import { createAdjustableClock, type AdjustableClock } from "../../src/lib/clock.ts";
import { SCOPES } from "../../src/lib/scopes.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore, type Store } from "../../src/store/open-store.ts";
import { API_VERSIONS, CURRENT_API_VERSION, VersionRegistry, type ApiVersion, type VersionChange } from "../../src/versions/registry.ts";
import { clientWithToken } from "../billing/fixtures.ts";
import { STORE_DRIVERS } from "../helpers/store-drivers.ts";
import { createTestApp, TEST_START, type TestApp } from "../helpers/test-app.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { bearer, feed, frameReader, recordEvent } from "./fixtures.ts";

const ODD = {
  plan_id: 'q"uote \\ back\\slash\nnew line\ttab \u2028\u2029 </script> é ß 漢字 😀 \u0001\u001f\u007f \ud800 lone',
  status: "complete",
  nested: { list: [1, 0.1, -0, 1e21, 2 ** 53, true, null, "x"], empty: {}, 'key with "quotes"': "" },
};

const drivers = STORE_DRIVERS;

const ME = "parla_cli_me";
const OTHER = "parla_cli_other";

/** Events of every kind the page must get right, in `accountId`, and a few in another account. */
async function seed(store: Store, clock: AdjustableClock, accountId: string, otherAccountId: string) {
  const recorder = new EventRecorder();
  const record = (event: NewEvent) => store.db.transaction((tx) => recorder.record(tx, clock.now(), event));
  const failed = (plan: string, extra: Partial<NewEvent> = {}) => record({ accountId, type: "lesson_plan.failed", data: { plan_id: plan }, ...extra });
  await record({ accountId, type: "lesson_plan.ready", data: ODD });
  await failed("about-user-1", { aboutUserId: "parla_usr_one" });
  await failed("about-user-2", { aboutUserId: "parla_usr_two" });
  await record({ accountId: otherAccountId, type: "lesson_plan.failed", data: { plan_id: "another account" } });
  await record({ accountId, type: "app.installed", data: { client_id: ME }, clientId: ME, aboutUserId: "parla_usr_one" });
  await record({ accountId, type: "app.installed", data: { client_id: OTHER }, clientId: OTHER, aboutUserId: "parla_usr_one" });
  await record({ accountId, type: "app.uninstalled", data: { client_id: "nobody" } });
  await record({ accountId, type: "usage.threshold_reached", data: { subject: "account", percent: 50, limit_credits: 100, used_credits: 50, month: "2026-11" } });
  await record({ accountId, type: "usage.threshold_reached", data: { subject: "client", client_id: OTHER, percent: 75, limit_credits: 100, used_credits: 75, month: "2026-11" }, clientId: OTHER });
  for (let i = 0; i < 6; i++) {
    clock.advance(1234);
    await failed(`p${i}`, i % 2 ? { aboutUserId: "parla_usr_two" } : {});
  }
  // Recorded before envelope_template existed: the statement makes the opening from the columns
  // (milliseconds under 100 too: toISOString pads them to three digits).
  clock.advance(603);
  const old = await record({ accountId, type: "lesson_plan.ready", data: { plan_id: "old", status: "partial" } });
  await store.client.execute({ sql: "UPDATE events SET envelope_template = NULL WHERE id = ?", args: [old.id] });
}

/** Every page after `after`, by one path, following its own cursors (decoded back to positions by the next call). */
async function walk(read: (after: string | null) => Promise<{ items: unknown[]; next_cursor: string; has_more: boolean; text: string }>) {
  const pages: { items: string; has_more: boolean }[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const page = await read(cursor);
    pages.push({ items: JSON.stringify(page.items), has_more: page.has_more });
    cursor = page.next_cursor;
    if (!page.has_more) return pages;
  }
  throw new Error("the feed never reached its end");
}

for (const driver of drivers) {
  describe(`the feed page as text, on the ${driver.name} driver`, () => {
    let cleanup: () => void = () => {};
    afterEach(() => cleanup());

    test("is the general page byte for byte: envelopes, audiences, types, scopes, has_more and cursors", async () => {
      const dir = tempDir();
      const { url, stop } = driver.open(dir.path);
      const store = openStore(url);
      cleanup = () => {
        store.close();
        stop();
        dir.cleanup();
      };
      await migrate(store.client, TEST_START);
      const owner = await createUser(store.db, TEST_START, { email: "owner@example.com", password: null });
      const stranger = await createUser(store.db, TEST_START, { email: "stranger@example.com", password: null });
      const clock = createAdjustableClock(TEST_START);
      await seed(store, clock, owner.accountId, stranger.accountId);
      const deps: FeedDeps = { store, clock, serverKey: crypto.getRandomValues(new Uint8Array(32)), versions: new VersionRegistry() };
      const pages = new FeedPageText(deps);

      const readers: FeedReader[] = [
        { listener: { clientId: ME, accountId: owner.accountId, scopes: [...SCOPES] }, apiVersion: CURRENT_API_VERSION, requested: null },
        { listener: { clientId: ME, accountId: owner.accountId, scopes: ["events:read", "lesson_plans:read"] }, apiVersion: CURRENT_API_VERSION, requested: null },
        { listener: { clientId: ME, accountId: owner.accountId, scopes: [...SCOPES] }, apiVersion: CURRENT_API_VERSION, requested: parseTypes("app.installed,lesson_plan.ready") },
        { listener: { clientId: OTHER, accountId: owner.accountId, scopes: [...SCOPES] }, apiVersion: CURRENT_API_VERSION, requested: null },
        { listener: { clientId: ME, accountId: owner.accountId, scopes: ["events:read"] }, apiVersion: CURRENT_API_VERSION, requested: null },
      ];
      for (const reader of readers) {
        const position = (cursor: string | null) => {
          if (cursor === null) return 0;
          const read = decodeCursor(deps.serverKey, { accountId: reader.listener.accountId, filter: filterKey(reader.requested) }, cursor, clock.now());
          if (!read.ok) throw new Error("a cursor the feed issued does not decode");
          return read.seq;
        };
        for (const limit of [1, 2, 3, 100]) {
          const fast = await walk(async (cursor) => {
            const text = await pages.page(reader, position(cursor), limit);
            return { ...JSON.parse(text), text };
          });
          const general = await walk(async (cursor) => {
            const page = await feedPage(deps, reader, position(cursor), limit);
            return { ...page, text: JSON.stringify(page) };
          });
          // The same events in the same order; pages may split differently, because the general
          // page drops events its reader does not hear after its LIMIT, the statement before.
          const all = (p: { items: string }[]) => p.flatMap((x) => JSON.parse(x.items));
          expect(JSON.stringify(all(fast))).toBe(JSON.stringify(all(general)));
          expect(fast.slice(0, -1).every((p) => p.has_more && JSON.parse(p.items).length === limit)).toBe(true);
        }
        // The text itself, not only its parse: the general page's JSON, character for character.
        const text = await pages.page(reader, 0, 100);
        const general = await feedPage(deps, reader, 0, 100);
        expect(text.slice(0, text.lastIndexOf(',"next_cursor":'))).toBe(JSON.stringify(general).slice(0, JSON.stringify(general).lastIndexOf(',"next_cursor":')));
        expect(JSON.parse(text).has_more).toBe(false);
      }

      const everything = JSON.parse(await pages.page(readers[0]!, 0, 100)).items as any[];
      expect(everything.map((e) => e.type)).toEqual([
        "lesson_plan.ready",
        "lesson_plan.failed",
        "lesson_plan.failed",
        "app.installed",
        "usage.threshold_reached",
        ...Array(6).fill("lesson_plan.failed"),
        "lesson_plan.ready",
      ]);
      expect(everything[0].data).toEqual(JSON.parse(JSON.stringify(ODD)));
      expect(everything.at(-1)).toMatchObject({ data: { plan_id: "old" }, created_at: new Date(TEST_START + 6 * 1234 + 603).toISOString() });
      expect(everything.at(-1).created_at).toEndWith(".007Z");
      const subjects = new Set(everything.map((e) => e.subject));
      expect(subjects.size).toBe(3); // the account, user one, user two
      expect(everything[3].subject).toBe(everything[1].subject);
    }, 30_000);
  });
}

describe("the envelope template", () => {
  test("is the envelope's JSON with the reader's fields left out at one mark", () => {
    const event = { id: "parla_evt_x", type: "lesson_plan.ready", createdAt: TEST_START + 7, data: ODD };
    const template = envelopeTemplate(event);
    const envelope = { id: event.id, type: event.type, created_at: new Date(event.createdAt).toISOString(), api_version: "v", subject: "parla_sub_s", data: ODD };
    expect(template.split("\u0001")).toHaveLength(2);
    expect(template.replace("\u0001", ',"api_version":"v","subject":"parla_sub_s"')).toBe(JSON.stringify(envelope));
  });
});

describe("the feed through the routes", () => {
  let t: TestApp;
  afterEach(() => t?.cleanup());

  test("the feed's envelopes are the stream's, character for character", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    await recordEvent(t, a.accountId, "lesson_plan.ready", ODD);
    await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: "about a user" }, { aboutUserId: "parla_usr_someone" });
    await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: "about the account" });
    const res = await t.request("GET", "/v1/events?start=oldest", { headers: bearer(a.token) });
    expect(res.headers.get("content-type")).toBe("application/json;charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const page = (await res.json()) as { items: unknown[] };
    const stream = await t.request("GET", "/v1/events/stream?start=oldest", { headers: bearer(a.token) });
    const frames = frameReader(stream.body!);
    const streamed: string[] = [];
    while (streamed.length < 3) streamed.push((await frames.nextNonHeartbeat())!.data!);
    await frames.cancel();
    expect(streamed).toEqual(page.items.map((e) => JSON.stringify(e)));
  });

  test("a version that reshapes event data still reshapes the feed; its deprecation headers are sent", async () => {
    const OLDER = "2026-04-test-older";
    const versions: ApiVersion[] = [
      ...API_VERSIONS,
      { id: OLDER, status: "deprecated", released_at: "2026-04-01", changes: ["test only"], deprecated_at: "2026-09-01T00:00:00Z", sunset_at: "2027-03-01T00:00:00Z" },
    ];
    const changes: VersionChange[] = [
      {
        introducedIn: CURRENT_API_VERSION,
        description: "renamed lesson_plan_id to plan_id",
        events: { "lesson_plan.ready": ({ plan_id, ...rest }) => ({ ...rest, lesson_plan_id: plan_id }) },
      },
    ];
    t = await createTestApp({}, {}, { versions: new VersionRegistry(versions, changes) });
    expect(t.deps.versions.reshapesEventData(OLDER)).toBe(true);
    expect(t.deps.versions.reshapesEventData(CURRENT_API_VERSION)).toBe(false);
    const a = await clientWithToken(t);
    await recordEvent(t, a.accountId, "lesson_plan.ready", { plan_id: "p1", status: "complete" });
    const current = await feed(t, a.token, "start=oldest");
    expect(current.body.items[0]).toMatchObject({ api_version: CURRENT_API_VERSION, data: { plan_id: "p1", status: "complete" } });
    const older = await feed(t, a.token, "start=oldest", { "parla-version": OLDER });
    expect(older.body.items[0]).toMatchObject({ api_version: OLDER, data: { lesson_plan_id: "p1", status: "complete" } });
    expect(older.headers.get("deprecation")).toBe(`@${Date.parse("2026-09-01T00:00:00Z") / 1000}`);
    expect(older.headers.get("sunset")).toBeString();
    expect(older.headers.get("content-type")).toBe("application/json;charset=utf-8");
  });
});
