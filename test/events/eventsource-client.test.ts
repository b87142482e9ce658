// The stream through a real port and the `eventsource` package as an independent client (DESIGN §7):
// it reconnects with Last-Event-ID after `done` and after a dropped connection, missing nothing and
// repeating nothing; a 410 on an expired cursor stops it.
import { afterEach, describe, expect, test } from "bun:test";
import { EventSource } from "eventsource";
import { DAY } from "../../src/lib/clock.ts";
import { clientWithToken, tokenFor } from "../billing/fixtures.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { feed, recordEvent } from "./fixtures.ts";

let t: TestApp;
let server: ReturnType<typeof Bun.serve> | null = null;
const sources: EventSource[] = [];
afterEach(async () => {
  for (const s of sources.splice(0)) s.close();
  await server?.stop(true);
  server = null;
  t?.cleanup();
});

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await Bun.sleep(10);
  }
}

function serve() {
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", idleTimeout: 0, fetch: (request) => t.app.handle(request) });
  return `http://127.0.0.1:${server.port}`;
}

interface Seen {
  plans: string[];
  lastEventIds: (string | null)[];
  dones: number;
  errors: number;
}

/** An EventSource with the bearer token; `drop()` cuts the current connection from the client's side. */
function connect(url: string, token: string) {
  const seen: Seen = { plans: [], lastEventIds: [], dones: 0, errors: 0 };
  let cut: (() => void) | null = null;
  const source = new EventSource(url, {
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      seen.lastEventIds.push(headers.get("last-event-id"));
      headers.set("authorization", `Bearer ${token}`);
      const response = await fetch(input, { ...init, headers });
      if (!response.body) return response;
      const reader = response.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          cut = () => {
            controller.error(new Error("connection dropped"));
            void reader.cancel();
          };
        },
        async pull(controller) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) controller.close();
          else controller.enqueue(value);
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    },
  });
  sources.push(source);
  source.onmessage = (e) => seen.plans.push(JSON.parse(e.data).data.plan_id);
  source.addEventListener("done", () => seen.dones++);
  source.onerror = () => seen.errors++;
  return { source, seen, drop: () => cut?.() };
}

describe("the stream with the eventsource package", () => {
  test("reconnects after done and after a dropped connection with Last-Event-ID: every event exactly once, in order", async () => {
    t = await createTestApp({ streamMaxSeconds: 60 });
    const a = await clientWithToken(t);
    const base = serve();
    const { source, seen, drop } = connect(`${base}/v1/events/stream`, a.token);
    await until(() => source.readyState === source.OPEN && t.deps.eventSignal.size === 1);
    await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: "e1" });
    await until(() => seen.plans.length === 1);

    // The stream ends itself: done, then the client comes back with the last id.
    t.clock.advance(60_000);
    await until(() => seen.dones === 1);
    await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: "e2" }); // while disconnected
    await until(() => seen.plans.length === 2);
    expect(seen.lastEventIds.length).toBe(2);
    expect(seen.lastEventIds[1]).toBeString();

    // A dropped connection: the client reconnects with the last id it saw.
    drop();
    await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: "e3" });
    await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: "e4" });
    await until(() => seen.plans.length === 4);
    expect(seen.plans).toEqual(["e1", "e2", "e3", "e4"]);
    expect(seen.lastEventIds.length).toBe(3);
    // The server noticed the dropped connections and freed them: one stream left open.
    await until(() => t.deps.eventSignal.size === 1);
  }, 30_000);

  test("a 410 on an expired cursor stops the client", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    const base = serve();
    const cursor = (await feed(t, a.token)).body.next_cursor;
    t.clock.advance(31 * DAY);
    const token = await tokenFor(t, a.client.id, a.secret!); // the first one expired too
    const { source, seen } = connect(`${base}/v1/events/stream?cursor=${cursor}`, token);
    await until(() => source.readyState === source.CLOSED);
    expect(seen.errors).toBe(1);
    await Bun.sleep(100);
    expect(seen.lastEventIds.length).toBe(1);
  });
});
