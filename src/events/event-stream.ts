// The event stream (spec 4.4, DESIGN §6): the feed's events as server-sent-event frames. Each event
// frame has no `event:` field, `id:` = the cursor after that event (the feed's next_cursor) and
// `data:` = one envelope; `: hb` every heartbeat; `event: done` after the lifetime and
// `event: error` on a failure or when its access ends, both with the `id:` of the position reached,
// then the stream ends. A stream first catches up from the store, then follows the process's one
// poller (event-signal.ts), which also keeps its token's access as the store has it (spec 3.4, 3.5,
// 5.4.2: revocations and narrowed scopes apply at once, to open streams too).
import type { EventType } from "./catalogue.ts";
import { envelopeJson } from "./envelope.ts";
import { cursorAt, feedTypes, readerHears, type FeedDeps, type FeedReader } from "./event-feed.ts";
import { readListenerEvents, type EventRow } from "./event-reads.ts";
import type { EventSignal, SignalSubscriber, StreamGrant } from "./event-signal.ts";

export interface StreamDeps extends FeedDeps {
  signal: EventSignal;
  log: { error(event: string, fields?: Record<string, unknown>): void };
  heartbeatSeconds: number;
  maxSeconds: number;
}

/** The token a stream was opened with: its key (to read it again), its client and when it expires. */
export interface StreamToken {
  key: string;
  clientId: string;
  expiresAt: number;
}

const CATCH_UP_PAGE = 500;
/** Frames queued for a reader that does not read: past this the stream ends (it reconnects with its cursor). */
const MAX_QUEUED_FRAMES = 1000;

export const HEARTBEAT_FRAME = ": hb\n\n";

/** Open streams per access token in one process: a 33rd is refused with 429 until one closes. */
export const STREAMS_PER_TOKEN = 32;

/**
 * The open streams of each token in this process (their connections are this process's own): a
 * slot is taken before a stream opens and given back when it ends.
 */
export class StreamSlots {
  private readonly open = new Map<string, number>();

  constructor(private readonly perToken = STREAMS_PER_TOKEN) {}

  /** A slot for this token, or null when it holds `perToken` already. The function gives it back (once). */
  take(tokenKey: string): (() => void) | null {
    const held = this.open.get(tokenKey) ?? 0;
    if (held >= this.perToken) return null;
    this.open.set(tokenKey, held + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.open.get(tokenKey) ?? 1) - 1;
      if (left === 0) this.open.delete(tokenKey);
      else this.open.set(tokenKey, left);
    };
  }
}

/**
 * A stream of frames for `reader` from the position after `startSeq`. It ends by itself (done),
 * on a failure or when its token stops granting it (error), when `abort` fires or the body is
 * cancelled (the caller went away: every resource is freed at once); `onEnd` runs once, then.
 */
export function openEventStream(deps: StreamDeps, reader: FeedReader, token: StreamToken, startSeq: number, abort: AbortSignal | null, onEnd: () => void = () => {}): ReadableStream<string> {
  let stream: EventStream | null = null;
  return new ReadableStream<string>(
    {
      start(controller) {
        stream = new EventStream(deps, reader, token, startSeq, controller, onEnd);
        abort?.addEventListener("abort", () => stream?.end(), { once: true });
        if (abort?.aborted) stream.end();
        else void stream.run();
      },
      cancel() {
        stream?.end();
      },
    },
    { highWaterMark: 0 },
  );
}

class EventStream implements SignalSubscriber {
  readonly accountId: string;
  readonly access: { tokenKey: string; clientId: string };
  private types: EventType[];
  private expiresAt: number;
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
    private reader: FeedReader,
    token: StreamToken,
    startSeq: number,
    private readonly controller: ReadableStreamDefaultController<string>,
    private readonly onEnd: () => void,
  ) {
    this.accountId = reader.listener.accountId;
    this.access = { tokenKey: token.key, clientId: token.clientId };
    this.expiresAt = token.expiresAt;
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
        const { rows } = await readListenerEvents(this.deps.store, this.reader.listener, this.upTo, CATCH_UP_PAGE, this.types);
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

  onEvents(rows: EventRow[], _from: number, to: number, shared: Map<string, string>): void {
    if (this.closed) return;
    if (!this.live) {
      this.behind = true;
      return;
    }
    this.send(rows, shared);
    this.upTo = Math.max(this.upTo, to);
  }

  onTick(nowMs: number): void {
    if (this.closed) return;
    if (nowMs >= this.expiresAt) return this.refuse("unauthorized", "invalid_token: the access token expired; exchange again and reconnect with Last-Event-ID");
    if (nowMs - this.openedAt >= this.deps.maxSeconds * 1000) return this.finish("done", {});
    if (nowMs - this.lastWriteAt >= this.deps.heartbeatSeconds * 1000) this.write(HEARTBEAT_FRAME);
  }

  onGrant(grant: StreamGrant | null): void {
    if (this.closed) return;
    if (grant === null) return this.refuse("unauthorized", "invalid_token: the access token is unknown or was revoked");
    this.expiresAt = grant.expiresAt;
    this.narrowTo(grant.scopes);
    if (!this.closed) this.onTick(this.deps.clock.now());
  }

  onClientScopes(scopes: readonly string[] | null): void {
    if (this.closed) return;
    if (scopes === null) return this.refuse("unauthorized", "invalid_token: the access token is unknown or was revoked");
    // The scopes in force are the token's narrowed by its client's (spec 5.4.2); the client's can
    // only take away from what this stream holds — a widening applies from the next exchange.
    this.narrowTo(this.reader.listener.scopes.filter((scope) => scopes.includes(scope)));
  }

  onFailure(error: unknown): void {
    this.fail(error);
  }

  onShutdown(): void {
    this.finish("done", {});
  }

  /** From the next event on, only what these scopes allow; without events:read the stream ends. */
  private narrowTo(scopes: readonly string[]): void {
    const held = this.reader.listener.scopes;
    if (scopes.length === held.length && scopes.every((scope) => held.includes(scope))) return;
    if (!scopes.includes("events:read")) return this.refuse("insufficient_scope", "this stream needs the scope events:read, which the token no longer holds");
    this.reader = { ...this.reader, listener: { ...this.reader.listener, scopes } };
    this.types = feedTypes(this.reader);
  }

  /**
   * Frames for the rows this reader hears. A frame depends on the event, the client (its subject)
   * and the version only — the cursor is the account's — so the poller's batch shares it between
   * every stream of one client and version (`shared`): a thousand streams, one envelope and one
   * signed cursor per event instead of a thousand (measured: the fan-out of one event to 5,000
   * streams spent 30–150 ms making frames). A catch-up page, read by this stream alone, has its own.
   */
  private send(rows: EventRow[], shared = new Map<string, string>()): void {
    const { clientId } = this.reader.listener;
    let frames = "";
    for (const row of rows) {
      if (row.seq <= this.upTo) continue;
      this.upTo = row.seq;
      if (!readerHears(this.reader, this.types, row)) continue;
      const key = `${clientId}\u0000${this.reader.apiVersion}\u0000${row.seq}`;
      let frame = shared.get(key);
      if (frame === undefined) {
        const envelope = envelopeJson(this.deps.serverKey, this.deps.versions, clientId, this.reader.apiVersion, row, row.dataJson, this.subjects);
        frame = `id: ${cursorAt(this.deps, this.reader, row.seq)}\ndata: ${envelope}\n\n`;
        shared.set(key, frame);
      }
      frames += frame;
    }
    if (frames) this.write(frames);
  }

  private fail(error: unknown): void {
    if (this.closed) return;
    this.deps.log.error("events.stream_failed", { error: error instanceof Error ? error.message : String(error) });
    this.finish("error", { code: "internal_error", error: "the stream failed; reconnect with Last-Event-ID set to the last id received" });
  }

  /** Access ended: the error frame says why in the /v1 error shape, with the position reached. */
  private refuse(code: "unauthorized" | "insufficient_scope", error: string): void {
    this.finish("error", { code, error });
  }

  /** The last frame (done or error), with the position reached, then the end. */
  private finish(kind: "done" | "error", data: Record<string, unknown>): void {
    if (this.closed) return;
    const position = this.live ? Math.max(this.upTo, this.deps.signal.head) : this.upTo;
    this.write(`event: ${kind}\nid: ${cursorAt(this.deps, this.reader, position)}\ndata: ${JSON.stringify(data)}\n\n`);
    this.end();
  }

  private write(chunk: string): void {
    if (this.closed) return;
    if ((this.controller.desiredSize ?? 0) < -MAX_QUEUED_FRAMES) return this.end();
    try {
      this.controller.enqueue(chunk);
      this.lastWriteAt = this.deps.clock.now();
    } catch {
      this.end();
    }
  }

  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.onEnd();
    try {
      this.controller.close();
    } catch {
      // Already closed or cancelled by the reader.
    }
  }
}
