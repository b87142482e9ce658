// The event catalogue as data (spec 6.1, 6.2): each type with what it means, the scope needed to
// hear it, the schema of its `data` (the AsyncAPI document reuses it) and its audience. Nothing
// else in Parla decides who hears what.
import { Type } from "@sinclair/typebox";
import { t, type Static, type TSchema } from "elysia";
import type { Scope } from "../lib/scopes.ts";
import type { RecordedEventType } from "./recorder.ts";

export type EventType = RecordedEventType | "webhook.test";

export interface CatalogueEntry {
  description: string;
  /** Besides events:read, the scope a client needs to hear the type (spec 6.2.1). */
  scope: Scope;
  data: TSchema;
  /** "account": every client of the account that may hear it; "own_client": only the client it names. */
  audience: "account" | "own_client";
  /** False for webhook.test: only the endpoint it was sent to, never the feed or the stream (spec 6.1). */
  onFeed: boolean;
  /** False for webhook.test: it cannot be subscribed to (spec 6.1). */
  subscribable: boolean;
}

const PlanId = t.String({ description: "The lesson plan's id; read it with GET /v1/lesson-plans/{id} (scope lesson_plans:read)." });

export const EVENT_CATALOGUE = {
  "lesson_plan.ready": {
    description: "A lesson plan can be read: first with status partial (its first set exists), then complete (every set exists). May arrive twice for one plan.",
    scope: "lesson_plans:read",
    data: t.Object({ plan_id: PlanId, status: t.Union([t.Literal("partial"), t.Literal("complete")]) }),
    audience: "account",
    onFeed: true,
    subscribable: true,
  },
  "lesson_plan.failed": {
    description: "A lesson plan's generation failed; its credits were refunded.",
    scope: "lesson_plans:read",
    data: t.Object({ plan_id: PlanId }),
    audience: "account",
    onFeed: true,
    subscribable: true,
  },
  "usage.threshold_reached": {
    description: "A metered client or account passed 50, 75, 90 or 100 % of its monthly spending limit; a jump past several reports only the highest.",
    scope: "usage:read",
    data: t.Object({
      subject: t.Union([t.Literal("client"), t.Literal("account")], { description: "Whose limit: one metered client's, or the account's for all its metered clients." }),
      client_id: t.Optional(t.String({ description: "The metered client whose limit it is (subject client)." })),
      percent: t.Union([t.Literal(50), t.Literal(75), t.Literal(90), t.Literal(100)]),
      limit_credits: Type.Integer({ minimum: 0 }),
      used_credits: Type.Integer({ minimum: 0 }),
      month: t.String({ description: "The calendar month in UTC, YYYY-MM." }),
    }),
    audience: "account",
    onFeed: true,
    subscribable: true,
  },
  "app.installed": {
    description: "A user approved this app (authorization code grant); subject names the user for this client.",
    scope: "events:read",
    data: t.Object({ client_id: t.String() }),
    audience: "own_client",
    onFeed: true,
    subscribable: true,
  },
  "app.uninstalled": {
    description: "A user removed this app (Connected apps, or revoked at uninstall); its tokens for that user ended.",
    scope: "events:read",
    data: t.Object({ client_id: t.String() }),
    audience: "own_client",
    onFeed: true,
    subscribable: true,
  },
  "webhook.test": {
    description: "A test sent from the Webhooks page to one endpoint. Never on the feed or the stream; cannot be subscribed to.",
    scope: "events:read",
    data: t.Object({ endpoint_id: t.String(), message: t.String() }),
    audience: "own_client",
    onFeed: false,
    subscribable: false,
  },
} as const satisfies Record<EventType, CatalogueEntry>;

export type EventData<T extends EventType> = Static<(typeof EVENT_CATALOGUE)[T]["data"]>;

export const EVENT_TYPES = Object.keys(EVENT_CATALOGUE) as EventType[];

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_CATALOGUE, value);
}

/**
 * Who might hear events: a client, its owner, the scopes in force (token ∩ client, as the store has
 * them now) and, for a delegated token (authorization code), the user it acts for.
 */
export interface Listener {
  clientId: string;
  accountId: string;
  /** The user a delegated token acts for; null for the client itself (client credentials, webhooks). */
  userId: string | null;
  scopes: readonly string[];
}

/** What the rule reads of an event: the columns every door has. */
export interface HeardEvent {
  type: string;
  accountId: string;
  clientId: string | null;
  aboutUserId: string | null;
}

/**
 * The one audience rule (spec 6.1, 6.2), used by the feed, the stream and webhooks alike. A listener
 * hears an event when
 * - it holds events:read and the type's own scope;
 * - the event is about its owner's account;
 * - an app.* event names this very client (spec 6.1);
 * - for a delegated token, the event is about its user (the user's plans and installs) — as its
 *   plan reads already are: a delegated token reads only its user's plans (spec 5.6.5).
 * A client-credentials token (and a webhook endpoint, which belongs to the client) hears the
 * owner's whole account (spec 6.2).
 */
export function mayHear(listener: Listener, event: HeardEvent): boolean {
  if (event.accountId !== listener.accountId || !scopesAllow(listener.scopes, event.type)) return false;
  const entry: CatalogueEntry = EVENT_CATALOGUE[event.type as EventType];
  if (entry.audience === "own_client" && event.clientId !== listener.clientId) return false;
  return listener.userId === null || event.aboutUserId === listener.userId;
}

/** The scope part of mayHear: events:read and the type's own scope (spec 6.2.1); false for an unknown type. */
export function scopesAllow(scopes: readonly string[], type: string): boolean {
  if (!isEventType(type)) return false;
  const entry: CatalogueEntry = EVENT_CATALOGUE[type];
  return scopes.includes("events:read") && scopes.includes(entry.scope);
}

/** The types a listener with these scopes may subscribe an endpoint to or filter a feed by. */
export function hearableTypes(scopes: readonly string[], what: "subscribe" | "feed"): EventType[] {
  if (!scopes.includes("events:read")) return [];
  return EVENT_TYPES.filter((type) => {
    const entry: CatalogueEntry = EVENT_CATALOGUE[type];
    return scopes.includes(entry.scope) && (what === "subscribe" ? entry.subscribable : entry.onFeed);
  });
}
