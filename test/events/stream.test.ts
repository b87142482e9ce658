import { afterEach, describe, expect, test } from "bun:test";
import { DAY } from "../../src/lib/clock.ts";
import { clientWithToken, tokenFor } from "../billing/fixtures.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { bearer, feed, frameReader, recordEvent } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

const openStream = (token: string, query = "", headers: Record<string, string> = {}) => t.request("GET", `/v1/events/stream${query ? "?" + query : ""}`, { headers: bearer(token, headers) });

/** Waits (on real time, bounded) until `check` holds: the stream's work is asynchronous. */
async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await Bun.sleep(5);
  }
}

describe("GET /v1/events/stream", () => {
  test("frames of DESIGN §6: a first heartbeat, event frames with id = a feed cursor, no duplicate with the feed", async () => {
    t = await createTestApp({ streamHeartbeatSeconds: 15, streamMaxSeconds: 300 });
    const a = await clientWithToken(t);
    const res = await openStream(a.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/event-stream");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    const frames = frameReader(res.body!);
    expect(await frames.next()).toEqual({ comment: "hb" });
    await until(() => t.deps.eventSignal.size === 1);
    await recordEvent(t, a.accountId, "lesson_plan.ready", { plan_id: "p1", status: "partial" });
    await recordEvent(t, a.accountId, "lesson_plan.ready", { plan_id: "p1", status: "complete" });
    const f1 = (await frames.nextNonHeartbeat())!;
    const f2 = (await frames.nextNonHeartbeat())!;
    expect(f1.event).toBeUndefined();
    expect(JSON.parse(f1.data!).data).toEqual({ plan_id: "p1", status: "partial" });
    expect(JSON.parse(f2.data!).data).toEqual({ plan_id: "p1", status: "complete" });
    expect(JSON.parse(f2.data!).id).toStartWith("parla_evt_");
    // id: is a cursor: the feed continues right after it.
    const afterFirst = await feed(t, a.token, `cursor=${f1.id}`);
    expect(afterFirst.body.items.map((e: any) => e.data.status)).toEqual(["complete"]);
    const afterSecond = await feed(t, a.token, `cursor=${f2.id}`);
    expect(afterSecond.body.items).toEqual([]);
    await frames.cancel();
    await until(() => t.deps.eventSignal.size === 0);
  });

  test("heartbeat every PARLA_STREAM_HEARTBEAT_SECONDS, done with an id after PARLA_STREAM_MAX_SECONDS", async () => {
    t = await createTestApp({ streamHeartbeatSeconds: 15, streamMaxSeconds: 60 });
    const a = await clientWithToken(t);
    const frames = frameReader((await openStream(a.token)).body!);
    expect(await frames.next()).toEqual({ comment: "hb" });
    await until(() => t.deps.eventSignal.size === 1);
    t.clock.advance(15_000);
    expect(await frames.next()).toEqual({ comment: "hb" });
    await recordEvent(t, a.accountId);
    const event = (await frames.next())!;
    expect(event.id).toBeString();
    t.clock.advance(45_000);
    const done = (await frames.nextNonHeartbeat())!;
    expect(done.event).toBe("done");
    expect(done.id).toBeString();
    expect(await frames.next()).toBeNull();
    expect(t.deps.eventSignal.size).toBe(0);
    // The done frame's id carries on where the stream stopped.
    await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: "later" });
    const rest = await feed(t, a.token, `cursor=${done.id}`);
    expect(rest.body.items.map((e: any) => e.data.plan_id)).toEqual(["later"]);
  });

  test("Last-Event-ID wins over cursor; start=oldest catches up; an expired cursor is 410 before the stream; bad input is 400", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    for (let i = 0; i < 3; i++) await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: `p${i}` });
    const oldest = frameReader((await openStream(a.token, "start=oldest")).body!);
    const got: any[] = [];
    for (let i = 0; i < 3; i++) got.push((await oldest.nextNonHeartbeat())!);
    expect(got.map((f) => JSON.parse(f.data).data.plan_id)).toEqual(["p0", "p1", "p2"]);
    await oldest.cancel();

    const resumed = await openStream(a.token, "cursor=garbage", { "last-event-id": got[0].id });
    expect(resumed.status).toBe(200);
    const frames = frameReader(resumed.body!);
    expect(JSON.parse((await frames.nextNonHeartbeat())!.data!).data.plan_id).toBe("p1");
    await frames.cancel();

    const forged = await openStream(a.token, "", { "last-event-id": "not-a-cursor" });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as any).code).toBe("invalid_request");
    for (const q of ["types=nope", "start=newest", "cursor=garbage"]) expect((await openStream(a.token, q)).status, q).toBe(400);

    t.clock.advance(31 * DAY);
    const token = await tokenFor(t, a.client.id, a.secret!);
    const expired = await openStream(token, `cursor=${got[2].id}`);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as any).code).toBe("cursor_expired");
  });

  test("a stream without events:read is 403; each stream opened counts as a call", async () => {
    t = await createTestApp();
    const b = await clientWithToken(t, { scopes: ["lesson_plans:read"] });
    expect((await openStream(b.token)).status).toBe(403);
    const a = await clientWithToken(t);
    const s = await openStream(a.token);
    await s.body!.cancel();
    await feed(t, a.token);
    await t.deps.ledger.flush();
    const usage = (await (await t.request("GET", "/v1/usage", { headers: bearer(a.token) })).json()) as any;
    const ops = Object.fromEntries(usage.usage.operations.map((o: any) => [o.operation, o.calls]));
    expect(ops["events.stream"]).toBe(1);
    expect(ops["events.feed"]).toBe(1);
  });
});
