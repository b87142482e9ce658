// GET /v1/events (the pull feed) and GET /v1/events/stream (spec 4.4): both scope events:read, both
// answered at Parla-Version when sent (spec 9.2), each feed call and each stream opened counted as a
// /v1 call (spec 6.5). The rules are in event-feed.ts and event-stream.ts.
import type { Operation } from "../billing/credits.ts";
import type { ChargeReceipt } from "../billing/service.ts";
import type { CoreDeps } from "../config/core-deps.ts";
import type { Caller, V1Doorway } from "../http/v1.ts";
import { feedLimit, parseTypes, positionFrom, startPosition, type FeedReader } from "./event-feed.ts";
import { ClientFeedPages, copyStateRead, positionReadAlong } from "./client-feed-page.ts";
import { FeedPageText } from "./feed-page-text.ts";
import type { EventVersions } from "./envelope.ts";
import type { EventSignal } from "./event-signal.ts";
import { openEventStream, type StreamDeps } from "./event-stream.ts";
import { jsonPiecesAnswer, jsonTextAnswer } from "../http/json-text-answer.ts";
import { FeedPageSchema, FeedQuery, StreamQuery } from "./model.ts";

export interface EventRouteDeps extends CoreDeps {
  v1: V1Doorway<Operation, ChargeReceipt>;
  eventSignal: EventSignal;
  versions: EventVersions;
}

function readerOf(caller: Caller, apiVersion: string, types: string | undefined): FeedReader {
  return { listener: { clientId: caller.clientId, accountId: caller.ownerAccountId, scopes: caller.scopes }, apiVersion, requested: parseTypes(types) };
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
  const pages = new FeedPageText(deps);
  const copies = new ClientFeedPages(deps);
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
        // With a token kept from an earlier call the doorway knows the caller before its read, so the
        // copy's state rides on it when the position is known without the store (a cursor, or
        // start=oldest; "from now" needs the head). Anything unusable here is refused below.
        readAlong: ({ query }, caller) => {
          if (caller === null) return null;
          try {
            // The state's read does not depend on the version the page is answered at.
            const reader = readerOf(caller, "", query.types);
            const after = positionFrom(deps, reader, { cursor: query.cursor, start: query.start, cursorParam: "cursor" });
            return after === null ? null : copyStateRead(reader, after);
          } catch {
            return null;
          }
        },
        summary: "Read the event feed",
        description:
          "Events about your account that this token may hear (events:read plus each type's scope), oldest first. Without cursor the feed starts from now; start=oldest reads the last 30 days. " +
          "Pass next_cursor back as cursor; has_more true means call again now. A cursor from another account or another types filter is 400 invalid_request; one older than 30 days is 410 cursor_expired.",
        tags: ["events"],
      },
      async ({ caller, apiVersion, query, readAlong }) => {
        const reader = readerOf(caller, apiVersion, query.types);
        const limit = feedLimit(query.limit);
        // A position read along with the token was checked there, from this query, for this caller.
        const after = positionReadAlong(readAlong, reader) ?? (await startPosition(deps, reader, { cursor: query.cursor, start: query.start, cursorParam: "cursor" }));
        // The page arrives as JSON — the client's copy's bytes (client-feed-page.ts), else text put
        // together by the store (feed-page-text.ts) — and is answered as it is; the doorway's headers
        // are written into the answer by http-base.
        const headers = { "content-type": "application/json;charset=utf-8", "cache-control": "no-store" };
        const copied = await copies.page(reader, after, limit, readAlong);
        return copied !== null ? jsonPiecesAnswer(copied.pieces, copied.byteLength, headers) : jsonTextAnswer(await pages.page(reader, after, limit), headers);
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
        errors: [410],
        summary: "Stream events (server-sent events)",
        description:
          "The feed's events as text/event-stream: each event frame has id: (a cursor, the same as the feed's next_cursor) and data: (one envelope); ': hb' heartbeats; " +
          "'event: done' when the stream ends itself and 'event: error' on a failure. Reconnect with Last-Event-ID set to the last id: received (it wins over cursor).",
        tags: ["events"],
      },
      async ({ caller, apiVersion, query, request }) => {
        const reader = readerOf(caller, apiVersion, query.types);
        // A reconnect's Last-Event-ID wins over the cursor in the URL (DESIGN §6).
        const lastEventId = request.headers.get("last-event-id");
        const cursor = lastEventId !== null && lastEventId !== "" ? lastEventId : query.cursor;
        const after = await startPosition(deps, reader, { cursor, start: query.start, cursorParam: lastEventId ? "Last-Event-ID" : "cursor" });
        const body = openEventStream(streamDeps, reader, after, request.signal);
        return new Response(body, { headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" } });
      },
    ).elysia;
}
