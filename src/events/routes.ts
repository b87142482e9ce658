// GET /v1/events (the pull feed) and GET /v1/events/stream (spec 4.4): both scope events:read, both
// answered at Parla-Version when sent (spec 9.2), each feed call and each stream opened counted as a
// /v1 call (spec 6.5). The rules are in event-feed.ts and event-stream.ts.
import type { Operation } from "../billing/credits.ts";
import type { ChargeReceipt } from "../billing/service.ts";
import type { CoreDeps } from "../config/core-deps.ts";
import type { Caller, V1Doorway } from "../http/v1.ts";
import { AppError } from "../lib/errors.ts";
import { feedLimit, feedPage, parseTypes, startPosition, type FeedReader } from "./event-feed.ts";
import type { EventVersions } from "./envelope.ts";
import type { EventSignal } from "./event-signal.ts";
import { openEventStream, StreamSlots, STREAMS_PER_TOKEN, type StreamDeps } from "./event-stream.ts";
import { jsonTextAnswer } from "../http/json-text-answer.ts";
import { FeedPageSchema, FeedQuery, StreamQuery } from "./model.ts";

export interface EventRouteDeps extends CoreDeps {
  v1: V1Doorway<Operation, ChargeReceipt>;
  eventSignal: EventSignal;
  versions: EventVersions;
}

/** The caller as a listener (catalogue.ts mayHear): a delegated token listens for its user only. */
function readerOf(caller: Caller, apiVersion: string, types: string | undefined): FeedReader {
  const listener = { clientId: caller.clientId, accountId: caller.ownerAccountId, userId: caller.actingForUser ? caller.userId : null, scopes: caller.scopes };
  return { listener, apiVersion, requested: parseTypes(types) };
}

export function eventRoutes(deps: EventRouteDeps) {
  const streamDeps: StreamDeps = {
    store: deps.store,
    clock: deps.clock,
    serverKey: deps.serverKey,
    versions: deps.versions,
    log: deps.log,
    signal: deps.eventSignal,
    heartbeatSeconds: deps.config.streamHeartbeatSeconds,
    maxSeconds: deps.config.streamMaxSeconds,
  };
  const slots = new StreamSlots();
  return deps.v1
    .plugin("events")
    .get(
      "/v1/events",
      {
        scope: "events:read",
        operation: "events.feed",
        version: "header",
        query: FeedQuery,
        response: { 200: FeedPageSchema },
        errors: [410],
        summary: "Read the event feed",
        description:
          "Events about your account that this token may hear (events:read plus each type's scope), oldest first. Without cursor the feed starts from now; start=oldest reads the last 30 days. " +
          "Pass next_cursor back as cursor; has_more true means call again now. A cursor is a position in the account's events: it works with any types filter, here and on the stream. " +
          "A delegated (authorization code) token hears only events about its user. A cursor from another account is 400 invalid_request; one older than 30 days is 410 cursor_expired.",
        tags: ["events"],
      },
      async ({ caller, apiVersion, query }) => {
        const reader = readerOf(caller, apiVersion, query.types);
        const limit = feedLimit(query.limit);
        const after = await startPosition(deps, reader, { cursor: query.cursor, start: query.start, cursorParam: "cursor" });
        // The page arrives as JSON text and is answered as it is; the doorway's headers are written into it by http-base.
        return jsonTextAnswer(await feedPage(deps, reader, after, limit), { "content-type": "application/json;charset=utf-8", "cache-control": "no-store" });
      },
    )
    .get(
      "/v1/events/stream",
      {
        scope: "events:read",
        operation: "events.stream",
        version: "header",
        query: StreamQuery,
        produces: "text/event-stream",
        errors: [410, 429],
        summary: "Stream events (server-sent events)",
        description:
          "The feed's events as text/event-stream: each event frame has id: (a cursor, the same as the feed's next_cursor) and data: (one envelope); ': hb' heartbeats; " +
          "'event: done' when the stream ends itself and 'event: error' on a failure or when the token stops granting it (revoked, expired, its client deleted, events:read removed; within a second). " +
          "When the client's scopes narrow, the stream carries only what they allow from the next event on. Reconnect with Last-Event-ID set to the last id: received (it wins over cursor). " +
          `At most ${STREAMS_PER_TOKEN} streams per token are open at once; one more is 429 rate_limited.`,
        tags: ["events"],
      },
      async ({ caller, apiVersion, query, request }) => {
        const reader = readerOf(caller, apiVersion, query.types);
        // A reconnect's Last-Event-ID wins over the cursor in the URL (DESIGN §6).
        const lastEventId = request.headers.get("last-event-id");
        const cursor = lastEventId !== null && lastEventId !== "" ? lastEventId : query.cursor;
        const after = await startPosition(deps, reader, { cursor, start: query.start, cursorParam: lastEventId ? "Last-Event-ID" : "cursor" });
        const release = slots.take(caller.tokenHash);
        if (release === null) {
          throw new AppError(429, "rate_limited", `this access token already holds ${STREAMS_PER_TOKEN} open event streams; close one before opening another`, { headers: { "retry-after": "5" } });
        }
        const token = { key: caller.tokenHash, clientId: caller.clientId, expiresAt: caller.expiresAt };
        const body = openEventStream(streamDeps, reader, token, after, request.signal, release);
        return new Response(body, { headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" } });
      },
    ).elysia;
}
