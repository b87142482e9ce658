// Events for tests, recorded through the one recorder in a transaction, as producers do.
import { expect } from "bun:test";
import type { RecordedEventType } from "../../src/events/recorder.ts";
import type { TestApp } from "../helpers/test-app.ts";

export async function recordEvent(t: TestApp, accountId: string, type: RecordedEventType = "lesson_plan.ready", data: Record<string, unknown> = { plan_id: "parla_lp_test", status: "complete" }, extra: { clientId?: string; aboutUserId?: string } = {}) {
  return t.deps.store.db.transaction((tx) => t.deps.events.record(tx, t.clock.now(), { accountId, type, data, ...extra }));
}

export const bearer = (token: string, more: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...more });

export async function feed(t: TestApp, token: string, query = "", headers: Record<string, string> = {}) {
  const res = await t.request("GET", `/v1/events${query ? "?" + query : ""}`, { headers: bearer(token, headers) });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

/** Reads SSE frames from a response body until `until` says stop; returns the frames parsed. */
export interface Frame {
  event?: string;
  id?: string;
  data?: string;
  comment?: string;
}

export function frameReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const queue: Frame[] = [];
  async function fill(): Promise<boolean> {
    const { value, done } = await reader.read();
    if (done) return false;
    buffer += typeof value === "string" ? value : decoder.decode(value, { stream: true });
    let at: number;
    while ((at = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const frame: Frame = {};
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) frame.comment = line.slice(1).trim();
        else {
          const [name, ...rest] = line.split(":");
          const value = rest.join(":").replace(/^ /, "");
          if (name === "data") frame.data = frame.data === undefined ? value : frame.data + "\n" + value;
          else (frame as Record<string, string>)[name!] = value;
        }
      }
      queue.push(frame);
    }
    return true;
  }
  return {
    /** The next frame, or null when the stream ended. */
    async next(): Promise<Frame | null> {
      while (queue.length === 0) if (!(await fill())) return null;
      return queue.shift()!;
    },
    /** The next frame that is not a heartbeat. */
    async nextNonHeartbeat(): Promise<Frame | null> {
      for (;;) {
        const f = await this.next();
        if (f === null || f.comment === undefined) return f;
      }
    },
    cancel: () => reader.cancel(),
  };
}

/** A stream that has subscribed to the process's poller (it hears events from now on): its frames reader. */
export async function openSubscribedStream(t: TestApp, token: string, query = "") {
  const before = t.deps.eventSignal.size;
  const res = await t.request("GET", `/v1/events/stream${query ? `?${query}` : ""}`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  const frames = frameReader(res.body!);
  expect((await frames.next())!.comment).toBe("hb");
  while (t.deps.eventSignal.size === before) await Bun.sleep(5);
  return frames;
}
