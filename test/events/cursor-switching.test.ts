// Cursors are positions (DESIGN §4, spec 4.4): a caller that moves between the feed and the stream,
// changing its `types` filter each time, in both directions, while events are written, gets for
// each stretch exactly the events of that stretch its filter names — no gap, no duplicate.
import { afterEach, expect, test } from "bun:test";
import { decodeCursor } from "../../src/events/cursor.ts";
import type { RecordedEventType } from "../../src/events/recorder.ts";
import { clientWithToken } from "../billing/fixtures.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { bearer, feed, frameReader, recordEvent } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

const TYPES: RecordedEventType[] = ["lesson_plan.ready", "lesson_plan.failed", "usage.threshold_reached"];
const DATA: Record<string, Record<string, unknown>> = {
  "lesson_plan.ready": { plan_id: "p", status: "complete" },
  "lesson_plan.failed": { plan_id: "p" },
  "usage.threshold_reached": { subject: "account", percent: 50, limit_credits: 10, used_credits: 5, month: "2026-11" },
};
const FILTERS: (RecordedEventType[] | null)[] = [["lesson_plan.ready"], ["lesson_plan.failed", "usage.threshold_reached"], null, ["usage.threshold_reached"], ["lesson_plan.ready", "lesson_plan.failed"]];

interface Stretch {
  door: "feed" | "stream";
  filter: RecordedEventType[] | null;
  from: number;
  to: number;
  ids: string[];
}

test("feed and stream under different filters, in both directions, while events are written: each stretch exactly its events", async () => {
  t = await createTestApp();
  const a = await clientWithToken(t);
  const position = (cursor: string) => {
    const read = decodeCursor(t.deps.serverKey, { accountId: a.accountId }, cursor, t.clock.now());
    if (!read.ok) throw new Error(`not a cursor: ${cursor}`);
    return read.seq;
  };
  const TOTAL = 90;
  let written = 0;
  const writer = (async () => {
    for (; written < TOTAL; written++) {
      const type = TYPES[(written * 7) % 3]!;
      await recordEvent(t, a.accountId, type, DATA[type]);
      await Bun.sleep(written % 5 === 0 ? 3 : 0);
    }
  })();

  let cursor: string = (await feed(t, a.token)).body.next_cursor;
  const stretches: Stretch[] = [];
  for (let round = 0; round < 60 && (written < TOTAL || stretches.length < 10); round++) {
    const filter = FILTERS[round % FILTERS.length]!;
    const types = filter ? `types=${filter.join(",")}` : "";
    const from = position(cursor);
    const ids: string[] = [];
    const door = round % 2 === 0 ? "feed" : "stream";
    if (door === "feed") {
      const page = await feed(t, a.token, [`cursor=${cursor}`, `limit=${1 + (round % 4)}`, types].filter(Boolean).join("&"));
      expect(page.status).toBe(200);
      ids.push(...page.body.items.map((e: { id: string }) => e.id));
      cursor = page.body.next_cursor;
    } else {
      const res = await t.request("GET", `/v1/events/stream${types ? `?${types}` : ""}`, { headers: bearer(a.token, { "last-event-id": cursor }) });
      expect(res.status).toBe(200);
      const frames = frameReader(res.body!);
      for (let got = 0; got < 1 + (round % 3); got++) {
        const next = await Promise.race([frames.nextNonHeartbeat(), Bun.sleep(40).then(() => "idle" as const)]);
        if (next === "idle" || next === null) break;
        ids.push(JSON.parse(next.data!).id);
        cursor = next.id!;
      }
      await frames.cancel();
    }
    stretches.push({ door, filter, from, to: position(cursor), ids });
  }
  await writer;
  // The last stretch reads to the end on the feed, unfiltered.
  for (;;) {
    const from = position(cursor);
    const page = await feed(t, a.token, `cursor=${cursor}`);
    cursor = page.body.next_cursor;
    stretches.push({ door: "feed", filter: null, from, to: position(cursor), ids: page.body.items.map((e: { id: string }) => e.id) });
    if (!page.body.has_more) break;
  }

  const { rows } = await t.deps.store.client.execute({ sql: "SELECT seq, id, type FROM events WHERE account_id = ? ORDER BY seq", args: [a.accountId] });
  const events = rows.map((r) => ({ seq: Number(r.seq), id: String(r.id), type: String(r.type) as RecordedEventType }));
  expect(events).toHaveLength(TOTAL);
  // The stretches follow one another: each starts where the one before ended, and they cover everything.
  for (let i = 1; i < stretches.length; i++) expect(stretches[i]!.from).toBe(stretches[i - 1]!.to);
  expect(stretches.at(-1)!.to).toBeGreaterThanOrEqual(events.at(-1)!.seq);
  for (const s of stretches) {
    const expected = events.filter((e) => e.seq > s.from && e.seq <= s.to && (s.filter === null || s.filter.includes(e.type))).map((e) => e.id);
    expect(s.ids, `${s.door} ${s.filter?.join(",") ?? "all"} (${s.from}, ${s.to}]`).toEqual(expected);
  }
  const all = stretches.flatMap((s) => s.ids);
  expect(new Set(all).size).toBe(all.length);
  // Both doors and several filters were really used.
  expect(stretches.filter((s) => s.door === "stream" && s.ids.length > 0).length).toBeGreaterThan(2);
  expect(stretches.filter((s) => s.door === "feed" && s.ids.length > 0).length).toBeGreaterThan(2);
}, 60_000);
