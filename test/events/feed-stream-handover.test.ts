// Feed and stream are one sequence (spec 4.4): a caller moving between feed pages and stream
// reconnects, while events are written, ends with every event exactly once, in order. And an event
// recorded by another process on the same database reaches a stream here within a second.
import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { clientWithToken } from "../billing/fixtures.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { bearer, feed, frameReader, recordEvent } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

describe("feed ↔ stream", () => {
  test("alternating feed pages and stream reconnects while events are written: each event exactly once, in order", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    const other = await clientWithToken(t);
    const TOTAL = 120;
    let cursor: string = (await feed(t, a.token)).body.next_cursor;
    let written = 0;
    const writer = (async () => {
      for (; written < TOTAL; written++) {
        await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: `p${written}` });
        if (written % 3 === 0) await recordEvent(t, other.accountId, "lesson_plan.failed", { plan_id: `other${written}` });
        await Bun.sleep(written % 7 === 0 ? 4 : 0);
      }
    })();
    const received: string[] = [];
    for (let round = 0; received.length < TOTAL && round < 500; round++) {
      if (round % 2 === 0) {
        const page = await feed(t, a.token, `cursor=${cursor}&limit=${1 + (round % 9)}`);
        expect(page.status).toBe(200);
        received.push(...page.body.items.map((e: any) => e.data.plan_id));
        cursor = page.body.next_cursor;
      } else {
        const res = await t.request("GET", "/v1/events/stream", { headers: bearer(a.token, { "last-event-id": cursor }) });
        expect(res.status).toBe(200);
        const frames = frameReader(res.body!);
        // Take a few event frames (or give up after a moment when none come), then drop the stream.
        const want = 1 + (round % 5);
        for (let got = 0; got < want; ) {
          const next = await Promise.race([frames.nextNonHeartbeat(), Bun.sleep(30).then(() => "idle" as const)]);
          if (next === "idle" || next === null) break;
          received.push(JSON.parse(next.data!).data.plan_id);
          cursor = next.id!;
          got++;
        }
        await frames.cancel();
      }
    }
    await writer;
    // Whatever is left after the writer stopped, from the feed.
    for (;;) {
      const page = await feed(t, a.token, `cursor=${cursor}`);
      received.push(...page.body.items.map((e: any) => e.data.plan_id));
      cursor = page.body.next_cursor;
      if (!page.body.has_more) break;
    }
    expect(received).toEqual(Array.from({ length: TOTAL }, (_, i) => `p${i}`));
  }, 30_000);

  test("an event recorded by another process reaches a stream here within one second", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    const res = await t.request("GET", "/v1/events/stream", { headers: bearer(a.token) });
    const frames = frameReader(res.body!);
    expect((await frames.next())!.comment).toBe("hb");
    while (t.deps.eventSignal.size === 0) await Bun.sleep(5);
    const child = Bun.spawn(["bun", join(import.meta.dir, "../helpers/event-writer-process.ts"), t.deps.config.databaseUrl, a.accountId, "from-another-process"], { stdout: "pipe", stderr: "inherit" });
    const line = await new Response(child.stdout).text();
    const committedAt = performance.now();
    expect(line).toStartWith("recorded parla_evt_");
    const frame = (await frames.nextNonHeartbeat())!;
    const latency = performance.now() - committedAt;
    expect(JSON.parse(frame.data!).id).toBe(line.trim().slice("recorded ".length));
    expect(latency).toBeLessThan(1000);
    await frames.cancel();
  }, 20_000);
});
