// GET /v1/asyncapi.json (spec 1.5): AsyncAPI 3.1 of the events — the webhook channel (Standard
// Webhooks headers and signature, spec 6.4), the server-sent-event stream (DESIGN §6), and the
// inbound events (spec 2.6). Every event type and its `data` schema come from the catalogue.
import type { TSchema } from "@sinclair/typebox";
import { EVENT_CATALOGUE, type CatalogueEntry, type EventType } from "../events/catalogue.ts";
import { INBOUND_EVENT_TYPES } from "../events/inbound-model.ts";

type Json = Record<string, unknown>;

const plain = (schema: TSchema): Json => JSON.parse(JSON.stringify(schema)) as Json;
const messageName = (type: string) => type.replace(/\./g, "_");

function envelopeSchema(type: EventType, entry: CatalogueEntry): Json {
  return {
    type: "object",
    description: "The event envelope, identical on webhooks, the feed and the stream.",
    properties: {
      id: { type: "string", description: "parla_evt_…: unique; deduplicate on it (the same on every retry and redelivery)." },
      type: { type: "string", const: type },
      created_at: { type: "string", format: "date-time" },
      api_version: { type: "string", description: "The version `data` is shaped at: the client's pin, or on the feed and stream the Parla-Version asked for." },
      subject: { type: "string", description: "parla_sub_…: whom the event is about; stable for a client, different for each client." },
      data: plain(entry.data),
    },
    required: ["id", "type", "created_at", "api_version", "subject", "data"],
  };
}

export function asyncApiDocument(context: { baseUrl: string; apiVersion: string }): Json {
  const base = new URL(context.baseUrl);
  const messages: Record<string, Json> = {};
  const schemas: Record<string, Json> = {};
  const outbound = Object.entries(EVENT_CATALOGUE) as [EventType, CatalogueEntry][];
  for (const [type, entry] of outbound) {
    const name = messageName(type);
    schemas[name] = envelopeSchema(type, entry);
    messages[name] = {
      name: type,
      title: type,
      summary: entry.description,
      description: `${entry.description} Heard with events:read and ${entry.scope}.${entry.audience === "own_client" ? " Only the app's own client hears it." : ""}`,
      contentType: "application/json",
      payload: { $ref: `#/components/schemas/${name}` },
      "x-parla-scope": entry.scope,
    };
  }
  for (const [type, data] of Object.entries(INBOUND_EVENT_TYPES)) {
    const name = messageName(type);
    schemas[name] = {
      type: "object",
      description: `Body of POST /v1/events for ${type}: needs events:write, and lesson_plans:write when generate is true; send an Idempotency-Key header.`,
      properties: { type: { type: "string", const: type }, data: plain(data) },
      required: ["type", "data"],
    };
    messages[name] = { name: type, title: type, summary: (data as { description?: string }).description, contentType: "application/json", payload: { $ref: `#/components/schemas/${name}` } };
  }
  // The stream's own frames besides the envelopes: the last frame (done or error) and the heartbeat.
  schemas.stream_done = { type: "object", description: "`data:` of the `event: done` frame: empty; its `id:` is the position reached.", properties: {}, additionalProperties: false };
  schemas.stream_error = {
    type: "object",
    description: "`data:` of the `event: error` frame; its `id:` is the position reached: reconnect with it as Last-Event-ID.",
    properties: { code: { type: "string" }, error: { type: "string" } },
    required: ["code", "error"],
  };
  messages.stream_done = { name: "done", title: "event: done", summary: "The stream ends itself (its lifetime is over); reconnect with Last-Event-ID.", contentType: "application/json", payload: { $ref: "#/components/schemas/stream_done" }, "x-sse-event": "done" };
  messages.stream_error = { name: "error", title: "event: error", summary: "The stream failed or its access ended; the last frame before the connection closes.", contentType: "application/json", payload: { $ref: "#/components/schemas/stream_error" }, "x-sse-event": "error" };
  messages.stream_heartbeat = { name: "heartbeat", title: ": hb", summary: "A comment line (`: hb`) that keeps the connection open; no data.", contentType: "text/plain", payload: { type: "string", const: ": hb" }, "x-sse-event": null };
  const streamFrames = ["stream_done", "stream_error", "stream_heartbeat"];
  const ref = (names: string[]) => Object.fromEntries(names.map((n) => [n, { $ref: `#/components/messages/${n}` }]));
  const webhookTypes = outbound.filter(([, e]) => e.subscribable || e.onFeed === false).map(([t]) => messageName(t));
  const feedTypes = outbound.filter(([, e]) => e.onFeed).map(([t]) => messageName(t));
  const inboundTypes = Object.keys(INBOUND_EVENT_TYPES).map(messageName);
  const channelMessages = (channel: string, names: string[]) => names.map((n) => ({ $ref: `#/channels/${channel}/messages/${n}` }));
  return {
    asyncapi: "3.1.0",
    info: {
      title: "Parla events",
      version: context.apiVersion,
      description:
        "What Parla records about an account's lesson plans, usage and apps, delivered by signed webhooks and a server-sent-event stream (and the pull feed GET /v1/events, in the OpenAPI document), and the events a game sends to Parla. " +
        "Delivery is at least once and unordered: deduplicate on `id`, order by `created_at`.",
    },
    defaultContentType: "application/json",
    servers: {
      parla: {
        host: base.host,
        protocol: base.protocol.replace(":", ""),
        description: "The Parla server: the event stream and the inbound endpoint.",
        security: [{ $ref: "#/components/securitySchemes/oauth2" }],
      },
    },
    channels: {
      webhook: {
        address: null,
        title: "Webhook endpoint",
        description:
          "HTTPS POST to an endpoint registered on the Webhooks page (port 443, public addresses only). Headers follow Standard Webhooks: `webhook-id` (the event id), `webhook-timestamp` (seconds), `webhook-signature` (`v1,<base64 HMAC-SHA256>` per live secret, space-separated). " +
          "Verify over the raw body before parsing: signed = id + '.' + timestamp + '.' + body; key = base64-decoded part of the secret after `parla_whsec_`; accept within 5 minutes, comparing in constant time. " +
          "Answer any 2xx within 10 seconds; anything else is retried with growing gaps for about a day (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, ±20 %). A 410 disables the endpoint.",
        messages: ref(webhookTypes),
      },
      eventStream: {
        address: "/v1/events/stream",
        title: "Event stream (server-sent events)",
        description:
          "GET with an access token holding events:read and each wanted type's scope (GET /v1/events/stream in the OpenAPI document). Frames: an event has no `event:` field, `id:` = a cursor (the feed's next_cursor) and `data:` = one envelope; `event: done` when the stream ends itself, `event: error` before closing on a failure, both with the `id:` reached; a `: hb` comment every 15 s. Reconnect with `Last-Event-ID`.",
        messages: ref([...feedTypes, ...streamFrames]),
        servers: [{ $ref: "#/servers/parla" }],
      },
      inbound: {
        address: "/v1/events",
        title: "Inbound events",
        description: "POST with an access token holding events:write and an Idempotency-Key header; answered 202 with {reaction, plan_status, plan_id}.",
        messages: ref(inboundTypes),
        servers: [{ $ref: "#/servers/parla" }],
      },
    },
    operations: {
      deliverWebhook: {
        action: "send",
        channel: { $ref: "#/channels/webhook" },
        summary: "Parla POSTs each event an endpoint subscribed to, signed.",
        messages: channelMessages("webhook", webhookTypes),
        bindings: { http: { method: "POST" } },
      },
      streamEvents: {
        action: "send",
        channel: { $ref: "#/channels/eventStream" },
        summary: "Parla sends the account's events to an open stream.",
        messages: channelMessages("eventStream", [...feedTypes, ...streamFrames]),
      },
      receiveInbound: {
        action: "receive",
        channel: { $ref: "#/channels/inbound" },
        summary: "Parla receives events from a game or integration.",
        messages: channelMessages("inbound", inboundTypes),
        bindings: { http: { method: "POST" } },
      },
    },
    components: {
      schemas,
      messages,
      securitySchemes: {
        oauth2: {
          type: "oauth2",
          description: "Access tokens from the token endpoint.",
          flows: {
            clientCredentials: {
              tokenUrl: `${context.baseUrl}/oauth/token`,
              availableScopes: { "events:read": "read events", "events:write": "send events", "lesson_plans:read": "hear lesson_plan.*", "usage:read": "hear usage.threshold_reached", "lesson_plans:write": "generate true" },
            },
          },
          scopes: ["events:read"],
        },
      },
    },
  };
}
