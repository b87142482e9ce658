// Access changes reach open streams (spec 3.4, 3.5, 5.4.2; DESIGN §4 "One truth"): an open
// GET /v1/events/stream ends with `event: error` and the position reached within a second of its
// token being revoked or expiring, its client deleted, the secret it was exchanged with revoked, or
// the user removing the app — each change made through another connection to the database, as
// another process or the admin CLI makes it, on both store drivers. Narrowed scopes apply from the
// next event on. A token holds at most 32 open streams.
import { afterEach, describe, expect, test } from "bun:test";
import { createClientSecret, deleteClient, revokeClientSecret, setClientScopes } from "../../src/clients/service.ts";
import { removeConnectedApp } from "../../src/oauth/connected-apps.ts";
import { openStore, type Store } from "../../src/store/open-store.ts";
import { STREAMS_PER_TOKEN } from "../../src/events/event-stream.ts";
import { playerToken, tokenFor } from "../billing/fixtures.ts";
import { STORE_DRIVERS, type StoreDriver } from "../helpers/store-drivers.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { ownerWithClient } from "../oauth/fixtures.ts";
import { bearer, feed, frameReader, openSubscribedStream, recordEvent, type Frame } from "./fixtures.ts";

let t: TestApp;
let other: Store | null = null;
let stopStore: (() => void) | null = null;
afterEach(() => {
  other?.close();
  other = null;
  t?.cleanup();
  stopStore?.();
  stopStore = null;
});

/** The stream's last frame and how long after `since` it came (ms); the stream has ended after it. */
async function lastFrame(frames: ReturnType<typeof frameReader>, since: number): Promise<{ frame: Frame; ms: number }> {
  const frame = (await frames.nextNonHeartbeat())!;
  const ms = performance.now() - since;
  expect(await frames.next()).toBeNull();
  return { frame, ms };
}

async function setUp(driver: StoreDriver = STORE_DRIVERS[0]!) {
  const dir = tempDir();
  const store = driver.open(dir.path);
  stopStore = () => {
    store.stop();
    dir.cleanup();
  };
  t = await createTestApp({}, { PARLA_DATABASE_URL: store.url });
  // A second connection to the same file: what another process sharing the database writes through.
  other = openStore(t.deps.config.databaseUrl);
  const owner = await ownerWithClient(t);
  const token = await tokenFor(t, owner.client.id, owner.secret!);
  return { owner, token };
}

for (const driver of STORE_DRIVERS)
  describe(`an open stream ends within a second when its access ends (${driver.name})`, () => {
    const cases: [string, (s: Awaited<ReturnType<typeof setUp>>) => Promise<void>][] = [
      ["its token revoked (row deleted by another process)", async () => void (await other!.client.execute("DELETE FROM access_tokens"))],
      ["its client deleted", async ({ owner }) => void (await deleteClient(other!.db, owner.accountId, owner.client.id))],
      [
        "the secret it was exchanged with revoked",
        async ({ owner }) => {
          const [secret] = (
            await other!.client.execute({
              sql: "SELECT id FROM client_secrets WHERE client_id = ?",
              args: [owner.client.id],
            })
          ).rows;
          await createClientSecret(other!.db, t.clock.now(), owner.accountId, owner.client.id);
          await revokeClientSecret(other!.db, owner.accountId, owner.client.id, String(secret!.id));
        },
      ],
      ["events:read taken from its client", async ({ owner }) => void (await setClientScopes(other!.db, owner.accountId, owner.client.id, ["lesson_plans:read"]))],
    ];
    for (const [what, change] of cases) {
      test(what, async () => {
        const s = await setUp(driver);
        const frames = await openSubscribedStream(t, s.token);
        await recordEvent(t, s.owner.accountId);
        const heard = (await frames.nextNonHeartbeat())!;
        const changedAt = performance.now();
        await change(s);
        const { frame, ms } = await lastFrame(frames, changedAt);
        expect(frame.event).toBe("error");
        expect(JSON.parse(frame.data!).code).toBe(what.startsWith("events:read") ? "insufficient_scope" : "unauthorized");
        expect(ms).toBeLessThan(1500);
        // The position reached: right after the last event heard (nothing was recorded since).
        expect(frame.id).toBe(heard.id);
      });
    }

    test("its token expires (the injectable clock)", async () => {
      const s = await setUp(driver);
      const frames = await openSubscribedStream(t, s.token);
      const movedAt = performance.now();
      t.clock.advance(60 * 60 * 1000);
      const { frame, ms } = await lastFrame(frames, movedAt);
      expect(frame.event).toBe("error");
      expect(JSON.parse(frame.data!)).toMatchObject({ code: "unauthorized" });
      expect(JSON.parse(frame.data!).error).toContain("expired");
      expect(ms).toBeLessThan(1000);
    });

    test("the user removes the app (a delegated token)", async () => {
      const s = await setUp(driver);
      const p = await playerToken(t, s.owner.client, s.owner.secret!);
      const frames = await openSubscribedStream(t, p.token);
      const [grant] = (
        await other!.client.execute({
          sql: "SELECT id FROM grants WHERE user_id = ? AND client_id = ?",
          args: [p.userId, s.owner.client.id],
        })
      ).rows;
      const removedAt = performance.now();
      expect(await removeConnectedApp(other!.db, t.deps.events, t.clock.now(), p.userId, String(grant!.id))).toBe(true);
      // The removal records app.uninstalled about the user; the stream may carry it before it ends.
      let frame = (await frames.nextNonHeartbeat())!;
      if (frame.event === undefined) frame = (await frames.nextNonHeartbeat())!;
      expect(performance.now() - removedAt).toBeLessThan(1500);
      expect(frame.event).toBe("error");
      expect(JSON.parse(frame.data!).code).toBe("unauthorized");
      expect(await frames.next()).toBeNull();
    });
  });

for (const driver of STORE_DRIVERS)
  describe(`narrowed scopes (${driver.name})`, () => {
    test("apply from the next event on, and the stream goes on", async () => {
      const s = await setUp(driver);
      const frames = await openSubscribedStream(t, s.token);
      await recordEvent(t, s.owner.accountId, "lesson_plan.ready", {
        plan_id: "before",
        status: "complete",
      });
      expect(JSON.parse((await frames.nextNonHeartbeat())!.data!).data.plan_id).toBe("before");
      // Narrowed by another process, then two events at once: only the one the new scopes allow comes.
      await setClientScopes(other!.db, s.owner.accountId, s.owner.client.id, ["events:read", "usage:read"]);
      await recordEvent(t, s.owner.accountId, "lesson_plan.ready", {
        plan_id: "after",
        status: "complete",
      });
      await recordEvent(t, s.owner.accountId, "usage.threshold_reached", {
        subject: "account",
        percent: 50,
        limit_credits: 10,
        used_credits: 5,
        month: "2026-11",
      });
      const next = (await frames.nextNonHeartbeat())!;
      expect(next.event).toBeUndefined();
      expect(JSON.parse(next.data!).type).toBe("usage.threshold_reached");
      await frames.cancel();
    });
  });

describe("open streams per token", () => {
  test(`at most ${STREAMS_PER_TOKEN}: one more is 429 rate_limited in the /v1 error shape; closing one frees its place`, async () => {
    const s = await setUp();
    const open: ReturnType<typeof frameReader>[] = [];
    for (let i = 0; i < STREAMS_PER_TOKEN; i++) open.push(await openSubscribedStream(t, s.token));
    const refused = await t.request("GET", "/v1/events/stream", {
      headers: bearer(s.token),
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeString();
    const body = (await refused.json()) as { code: string; error: string };
    expect(body.code).toBe("rate_limited");
    expect(body.error).toContain(`${STREAMS_PER_TOKEN} open event streams`);
    // Another token of the same client is not limited by this one's streams; the feed is not either.
    const second = await tokenFor(t, s.owner.client.id, s.owner.secret!);
    const elsewhere = await openSubscribedStream(t, second);
    expect((await feed(t, s.token)).status).toBe(200);
    await open.pop()!.cancel();
    while (t.deps.eventSignal.size > STREAMS_PER_TOKEN) await Bun.sleep(5);
    open.push(await openSubscribedStream(t, s.token));
    for (const frames of [...open, elsewhere]) await frames.cancel();
  }, 30_000);
});
