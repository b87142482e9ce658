// The event stream (spec 4.4, DESIGN §6): the feed's events as server-sent-event frames. Each event
// frame has no `event:` field, `id:` = the cursor after that event (the feed's next_cursor) and
// `data:` = one envelope; `: hb` every heartbeat; `event: done` after the lifetime and
// `event: error` on a failure, both with the `id:` of the position reached, then the stream ends.
// A stream first catches up from the store, then follows the process's one poller (event-signal.ts).
import type { EventType } from "./catalogue.ts";
import { envelopeAt } from "./envelope.ts";
import { cursorAt, feedTypes, readerHears, type FeedDeps, type FeedReader } from "./event-feed.ts";
import { readEventsAfter, type EventRow } from "./event-reads.ts";
import type { EventSignal, SignalSubscriber } from "./event-signal.ts";

export interface StreamDeps extends FeedDeps {
  signal: EventSignal;
  log: { error(event: string, fields?: Record<string, unknown>): void };
  heartbeatSeconds: number;
  maxSeconds: number;
}

const CATCH_UP_PAGE = 500;
/** Frames queued for a reader that does not read: past this the stream ends (it reconnects with its cursor). */
const MAX_QUEUED_FRAMES = 1000;

export const HEARTBEAT_FRAME = ": hb\n\n";

/**
 * A stream of frames for `reader` from the position after `startSeq`. It ends by itself (done),
 * on a failure (error), when `abort` fires or the body is cancelled (the caller went away: every
 * resource is freed at once).
 */
export function openEventStream(deps: StreamDeps, reader: FeedReader, startSeq: number, abort: AbortSignal | null): ReadableStream<string> {
  let stream: EventStream | null = null;
  return new ReadableStream<string>(
    {
      start(controller) {
        stream = new EventStream(deps, reader, startSeq, controller);
        abort?.addEventListener("abort", () => stream?.end(null), { once: true });
        if (abort?.aborted) stream.end(null);
        else void stream.run();
      },
      cancel() {
        stream?.end(null);
      },
    },
    { highWaterMark: 0 },
  );
}

class EventStream implements SignalSubscriber {
  readonly accountId: string;
  private readonly types: EventType[];
  private readonly openedAt: number;
  private lastWriteAt: number;
  /** Every event up to here that this reader hears has been sent. */
  private upTo: number;
  /** Live: the poller's batches arrive in order, nothing missed; before: catching up from the store. */
  private live = false;
  private behind = false;
  private closed = false;
  private unsubscribe: (() => void) | null = null;
  private readonly subjects = new Map<string, string>();

  constructor(
    private readonly deps: StreamDeps,
    private readonly reader: FeedReader,
    startSeq: number,
    private readonly controller: ReadableStreamDefaultController<string>,
  ) {
    this.accountId = reader.listener.accountId;
    this.types = feedTypes(reader);
    this.upTo = startSeq;
    this.openedAt = this.lastWriteAt = deps.clock.now();
    // Headers leave with the first bytes, so the first frame goes at once (DESIGN §9).
    this.write(HEARTBEAT_FRAME);
  }

  async run(): Promise<void> {
    try {
      this.unsubscribe = await this.deps.signal.subscribe(this);
      if (this.closed) return this.unsubscribe();
      await this.catchUp();
    } catch (error) {
      this.fail(error);
    }
  }

  /** Reads from the store until the position reaches the poller's head, then goes live. */
  private async catchUp(): Promise<void> {
    while (!this.closed) {
      this.behind = false;
      const head = this.deps.signal.head;
      if (this.types.length === 0) {
        this.upTo = Math.max(this.upTo, head);
      } else {
        const rows = await readEventsAfter(this.deps.store.db, this.accountId, this.upTo, CATCH_UP_PAGE, { types: this.types, clientId: this.reader.listener.clientId });
        if (this.closed) return;
        this.send(rows);
        if (rows.length === CATCH_UP_PAGE) continue;
        // Fewer than a page: everything committed up to the head read before it has been seen.
        this.upTo = Math.max(this.upTo, head);
      }
      if (this.upTo >= this.deps.signal.head && !this.behind) {
        this.live = true;
        return;
      }
    }
  }

  onEvents(rows: EventRow[], _from: number, to: number): void {
    if (this.closed) return;
    if (!this.live) {
      this.behind = true;
      return;
    }
    this.send(rows);
    this.upTo = Math.max(this.upTo, to);
  }

  onTick(nowMs: number): void {
    if (this.closed) return;
    if (nowMs - this.openedAt >= this.deps.maxSeconds * 1000) return this.finish("done", {});
    if (nowMs - this.lastWriteAt >= this.deps.heartbeatSeconds * 1000) this.write(HEARTBEAT_FRAME);
  }

  onFailure(error: unknown): void {
    this.fail(error);
  }

  onShutdown(): void {
    this.finish("done", {});
  }

  private send(rows: EventRow[]): void {
    const { serverKey } = this.deps;
    let frames = "";
    for (const row of rows) {
      if (row.seq <= this.upTo) continue;
      this.upTo = row.seq;
      if (!readerHears(this.reader, this.types, row)) continue;
      const envelope = envelopeAt(serverKey, this.deps.versions, this.reader.listener.clientId, this.reader.apiVersion, row, this.subjects);
      frames += `id: ${cursorAt(this.deps, this.reader, row.seq)}\ndata: ${JSON.stringify(envelope)}\n\n`;
    }
    if (frames) this.write(frames);
  }

  private fail(error: unknown): void {
    if (this.closed) return;
    this.deps.log.error("events.stream_failed", { error: error instanceof Error ? error.message : String(error) });
    this.finish("error", { code: "internal_error", error: "the stream failed; reconnect with Last-Event-ID set to the last id received" });
  }

  /** The last frame (done or error), with the position reached, then the end. */
  private finish(kind: "done" | "error", data: Record<string, unknown>): void {
    if (this.closed) return;
    const position = this.live ? Math.max(this.upTo, this.deps.signal.head) : this.upTo;
    this.write(`event: ${kind}\nid: ${cursorAt(this.deps, this.reader, position)}\ndata: ${JSON.stringify(data)}\n\n`);
    this.end(null);
  }

  private write(chunk: string): void {
    if (this.closed) return;
    if ((this.controller.desiredSize ?? 0) < -MAX_QUEUED_FRAMES) return this.end(null);
    try {
      this.controller.enqueue(chunk);
      this.lastWriteAt = this.deps.clock.now();
    } catch {
      this.end(null);
    }
  }

  end(_reason: null): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    try {
      this.controller.close();
    } catch {
      // Already closed or cancelled by the reader.
    }
  }
}
