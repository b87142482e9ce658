// The feed's and the stream's request and answer shapes (spec 2.5, 2.8, 4.4).
import { t } from "elysia";
import { FEED_PAGE_DEFAULT, FEED_PAGE_MAX } from "./event-feed.ts";

export const EventEnvelopeSchema = t.Object(
  {
    id: t.String({ description: "parla_evt_…: unique; the key to deduplicate on (the same on every door and every redelivery)." }),
    type: t.String({ description: "The event type (GET /v1/asyncapi.json lists them)." }),
    created_at: t.String({ format: "date-time", description: "When the event happened." }),
    api_version: t.String({ description: "The version data is shaped at: on the feed and stream, Parla-Version if sent, else the client's pin." }),
    subject: t.String({ description: "parla_sub_…: whom the event is about; stable for a client, different for each client." }),
    data: t.Record(t.String(), t.Unknown(), { description: "Small: names resources rather than copying them." }),
  },
  { description: "An event envelope, identical on webhooks, the feed and the stream." },
);

const Cursor = t.String({ description: "The previous next_cursor (or a stream frame's id), unchanged. Opaque; valid for 30 days." });
const Types = t.String({ description: "Comma-separated event types to narrow to, e.g. lesson_plan.ready,lesson_plan.failed. An unknown type is 400 invalid_request." });

export const FeedQuery = t.Object({
  cursor: t.Optional(Cursor),
  start: t.Optional(t.String({ description: "oldest: from the oldest kept event (about 30 days). Without it and without cursor the feed starts from now." })),
  types: t.Optional(Types),
  // Digits checked here, the range by feedLimit(): TypeBox's numeric decoding cost ~4 µs a call, a
  // sixth of a whole feed request.
  limit: t.Optional(t.String({ pattern: "^[0-9]{1,4}$", description: `Events per page: an integer from 1 to ${FEED_PAGE_MAX} (default ${FEED_PAGE_DEFAULT}).` })),
});

export const StreamQuery = t.Object({
  cursor: t.Optional(Cursor),
  start: t.Optional(t.String({ description: "oldest: from the oldest kept event. Without it and without a cursor or Last-Event-ID the stream starts from now." })),
  types: t.Optional(Types),
});

export const FeedPageSchema = t.Object({
  items: t.Array(EventEnvelopeSchema),
  next_cursor: t.String({ description: "Always present: pass it back as cursor (or as Last-Event-ID to the stream)." }),
  has_more: t.Boolean({ description: "true: call again now; false: caught up." }),
});
