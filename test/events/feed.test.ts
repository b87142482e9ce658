import { afterEach, describe, expect, test } from "bun:test";
import { DAY } from "../../src/lib/clock.ts";
import { clientWithToken, tokenFor } from "../billing/fixtures.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { feed, recordEvent } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

describe("GET /v1/events", () => {
  test("starts from now, then returns new events in order with a cursor that always moves on", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    await recordEvent(t, a.accountId, "lesson_plan.ready", { plan_id: "before", status: "complete" });
    const first = await feed(t, a.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ items: [], next_cursor: expect.any(String), has_more: false });
    await recordEvent(t, a.accountId, "lesson_plan.ready", { plan_id: "p1", status: "partial" });
    await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: "p2" });
    const second = await feed(t, a.token, `cursor=${first.body.next_cursor}`);
    expect(second.status).toBe(200);
    expect(second.body.items.map((e: any) => e.data.plan_id)).toEqual(["p1", "p2"]);
    const e = second.body.items[0];
    expect(e.id).toStartWith("parla_evt_");
    expect(e.subject).toStartWith("parla_sub_");
    expect(e.type).toBe("lesson_plan.ready");
    expect(e.created_at).toBe(new Date(t.clock.now()).toISOString());
    expect(e.api_version).toBe("2026-10-affable-towhee");
    const third = await feed(t, a.token, `cursor=${second.body.next_cursor}`);
    expect(third.body.items).toEqual([]);
    expect(third.body.has_more).toBe(false);
  });

  test("start=oldest pages through the kept events with has_more and limit", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    for (let i = 0; i < 5; i++) await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: `p${i}` });
    const seen: string[] = [];
    let r = await feed(t, a.token, "start=oldest&limit=2");
    const pages: boolean[] = [];
    for (;;) {
      expect(r.status).toBe(200);
      seen.push(...r.body.items.map((e: any) => e.data.plan_id));
      pages.push(r.body.has_more);
      if (!r.body.has_more) break;
      r = await feed(t, a.token, `cursor=${r.body.next_cursor}&limit=2`);
    }
    expect(seen).toEqual(["p0", "p1", "p2", "p3", "p4"]);
    expect(pages).toEqual([true, true, false]);
  });

  test("types narrows; the cursor is bound to the account only, valid with any filter; garbage and unknown input are 400", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    const b = await clientWithToken(t);
    await recordEvent(t, a.accountId, "lesson_plan.ready", { plan_id: "r", status: "complete" });
    await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: "f" });
    const only = await feed(t, a.token, "start=oldest&types=lesson_plan.failed");
    expect(only.body.items.map((e: any) => e.type)).toEqual(["lesson_plan.failed"]);
    // A position: the same cursor under another filter, or none, goes on from there (DESIGN §4).
    const other = await feed(t, a.token, `cursor=${only.body.next_cursor}&types=lesson_plan.ready`);
    expect(other.status).toBe(200);
    expect(other.body.items).toEqual([]);
    const reordered = await feed(t, a.token, `cursor=${only.body.next_cursor}&types=lesson_plan.failed,lesson_plan.failed`);
    expect(reordered.status).toBe(200);
    const unfiltered = await feed(t, a.token, `cursor=${only.body.next_cursor}`);
    expect(unfiltered.status).toBe(200);
    await recordEvent(t, a.accountId, "lesson_plan.ready", { plan_id: "r2", status: "complete" });
    const next = await feed(t, a.token, `cursor=${only.body.next_cursor}&types=lesson_plan.ready`);
    expect(next.body.items.map((e: any) => e.data.plan_id)).toEqual(["r2"]);
    const foreign = await feed(t, b.token, `cursor=${only.body.next_cursor}&types=lesson_plan.failed`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe("invalid_request");
    for (const q of ["cursor=garbage", "cursor=" + "A".repeat(39), "types=lesson_plan.nope", "types=", "types=world.context_changed", "start=newest", "limit=0", "limit=101", "limit=abc", "limit=1.5", "limit=-1", "limit="]) {
      const r = await feed(t, a.token, q);
      expect(r.status, q).toBe(400);
      expect(r.body.code, q).toBe("invalid_request");
      if (q.startsWith("limit")) expect(r.body.param, q).toBe("limit");
    }
    // A tampered cursor (one character changed) is refused too.
    const c = only.body.next_cursor as string;
    const tampered = c.slice(0, 5) + (c[5] === "A" ? "B" : "A") + c.slice(6);
    expect((await feed(t, a.token, `cursor=${tampered}&types=lesson_plan.failed`)).status).toBe(400);
  });

  test("a cursor older than 30 days is 410 cursor_expired", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    const first = await feed(t, a.token);
    t.clock.advance(30 * DAY - 1000);
    const token = await tokenFor(t, a.client.id, a.secret!);
    expect((await feed(t, token, `cursor=${first.body.next_cursor}`)).status).toBe(200);
    t.clock.advance(2000);
    const old = await feed(t, token, `cursor=${first.body.next_cursor}`);
    expect(old.status).toBe(410);
    expect(old.body.code).toBe("cursor_expired");
  });

  test("scopes decide: events:read alone hears no lesson plans; without events:read it is 403", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t, { scopes: ["events:read"] });
    await recordEvent(t, a.accountId);
    const r = await feed(t, a.token, "start=oldest");
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual([]);
    const b = await clientWithToken(t, { scopes: ["lesson_plans:read"] });
    expect((await feed(t, b.token)).status).toBe(403);
    const c = await clientWithToken(t, { scopes: ["events:read", "usage:read"] });
    await recordEvent(t, c.accountId, "lesson_plan.failed", { plan_id: "x" });
    await recordEvent(t, c.accountId, "usage.threshold_reached", { subject: "account", percent: 50, limit_credits: 100, used_credits: 50, month: "2026-11" });
    expect((await feed(t, c.token, "start=oldest")).body.items.map((e: any) => e.type)).toEqual(["usage.threshold_reached"]);
  });

  test("Parla-Version sets api_version; an unknown one is 400 invalid_version", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    await recordEvent(t, a.accountId);
    const r = await feed(t, a.token, "start=oldest", { "parla-version": "2026-10-affable-towhee" });
    expect(r.body.items[0].api_version).toBe("2026-10-affable-towhee");
    const bad = await feed(t, a.token, "start=oldest", { "parla-version": "1999-01-nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("invalid_version");
    // A header of any length is quoted back only in part.
    const long = await feed(t, a.token, "start=oldest", { "parla-version": "v".repeat(3000) });
    expect(long.body.code).toBe("invalid_version");
    expect(long.body.error.length).toBeLessThan(200);
  });
});
