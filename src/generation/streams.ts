// The two generation streams as bytes of text/event-stream (DESIGN §6, §8): the vocabulary list
// (`item` frames, then `done {"count"}`) and a plan's progress (`status`, `set`, then `done` or
// `error`). JSON is serialised here, never by Elysia's sse() (DESIGN §9). Both stop at once when the
// client goes: the vocabulary is pulled one item per read, so nothing is generated ahead of the
// reader; the plan stream waits on progress, a heartbeat or the request's abort signal.
import type { Engine } from "./engine.ts";
import type { VocabItem, VocabularyInput } from "./model.ts";
import { findPlanRow, setsOf, type PlanOwner } from "./plans-service.ts";
import type { PlanProgress } from "./plan-progress.ts";
import type { Db } from "../store/open-store.ts";

const encoder = new TextEncoder();

export function frame(event: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

const HEARTBEAT = encoder.encode(": hb\n\n");

export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-store",
  "x-accel-buffering": "no",
} as const;

/**
 * A vocabulary list as frames. `onFailure` runs when the engine fails mid-stream (the caller
 * refunds); the client then gets an `error` frame.
 */
export function vocabularyStream(engine: Engine, input: VocabularyInput, signal: AbortSignal, onFailure: (error: unknown) => Promise<void>): ReadableStream<Uint8Array> {
  const items = engine.vocabulary(input)[Symbol.asyncIterator]();
  let count = 0;
  let finished = false;
  const stop = () => {
    if (finished) return;
    finished = true;
    void items.return?.(undefined)?.catch(() => {});
  };
  signal.addEventListener("abort", stop, { once: true });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (finished) return;
        let next: IteratorResult<VocabItem>;
        try {
          next = await items.next();
        } catch (error) {
          finished = true;
          await onFailure(error).catch(() => {});
          controller.enqueue(frame("error", { code: "internal", error: "the vocabulary could not be generated; the credits were given back" }));
          controller.close();
          return;
        }
        if (finished) return;
        if (next.done) {
          finished = true;
          controller.enqueue(frame("done", { count }));
          controller.close();
          return;
        }
        count += 1;
        controller.enqueue(frame("item", next.value));
      },
      cancel: stop,
    },
    { highWaterMark: 0 },
  );
}

export interface PlanStreamDeps {
  db: Db;
  progress: PlanProgress;
  heartbeatMs: number;
  maxMs: number;
}

/**
 * A plan's progress as frames: first its status and every set made so far, then what follows as it
 * is committed (here or on another process), then `done` (complete) or `error` (failed), and the
 * stream ends. After `maxMs` it ends without `done`; the client reconnects and is caught up.
 */
export function planStream(deps: PlanStreamDeps, owner: PlanOwner, planId: string, signal: AbortSignal): ReadableStream<Uint8Array> {
  let wake: (() => void) | null = null;
  let changed = true;
  const poke = () => {
    changed = true;
    wake?.();
  };
  let closed = false;
  const unwatch = deps.progress.watch(planId, poke);
  const onAbort = () => {
    closed = true;
    wake?.();
  };
  signal.addEventListener("abort", onAbort, { once: true });
  const cleanup = () => {
    closed = true;
    unwatch();
    signal.removeEventListener("abort", onAbort);
    wake?.();
  };

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (bytes: Uint8Array) => {
        if (!closed) controller.enqueue(bytes);
      };
      const run = async () => {
        const deadline = performance.now() + deps.maxMs;
        let sent = 0;
        let lastMark = "";
        while (!closed) {
          if (changed) {
            changed = false;
            const row = await findPlanRow(deps.db, owner, planId);
            const mark = `${row.status}:${row.setsReady}`;
            if (mark !== lastMark) {
              lastMark = mark;
              send(frame("status", { status: row.status, sets_ready: row.setsReady }));
            }
            if (row.setsReady > sent) {
              // Only the sets the status frame counted: a set committed since is announced with its own status.
              for (const set of await setsOf(deps.db, planId, sent)) if (set.index <= row.setsReady) send(frame("set", set));
              sent = row.setsReady;
            }
            if (row.status === "complete") {
              send(frame("done", { status: row.status, sets_ready: row.setsReady }));
              return;
            }
            if (row.status === "failed") {
              send(frame("error", { code: "generation_failed", error: "the lesson plan could not be generated; the credits were given back", status: row.status, sets_ready: row.setsReady }));
              return;
            }
            continue;
          }
          const left = deadline - performance.now();
          if (left <= 0) return;
          const timedOut = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(true), Math.min(left, deps.heartbeatMs));
            wake = () => {
              clearTimeout(timer);
              resolve(false);
            };
            if (changed || closed) wake();
          });
          wake = null;
          if (timedOut && !changed) send(HEARTBEAT);
        }
      };
      run()
        .catch(() => send(frame("error", { code: "internal", error: "the stream failed; reconnect" })))
        .finally(() => {
          const wasClosed = closed;
          cleanup();
          if (!wasClosed) controller.close();
        });
    },
    cancel: cleanup,
  });
}
