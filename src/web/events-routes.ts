// The Events page: a thin handler over events/account-events.ts. Every member of the account may look.
import { Elysia } from "elysia";
import { accountEvents } from "../events/account-events.ts";
import { EVENT_CATALOGUE, isEventType } from "../events/catalogue.ts";
import { INBOUND_EVENT_TYPES } from "../events/inbound-model.ts";
import { recentInboundEvents } from "../inbound/recent-inbound.ts";
import { EventsPage } from "./events-page.tsx";
import { requireSignedIn } from "./web-context.ts";
import type { WebDeps } from "./web-deps.ts";

const FEED_TYPES = (Object.keys(EVENT_CATALOGUE) as (keyof typeof EVENT_CATALOGUE)[]).filter((type) => EVENT_CATALOGUE[type].onFeed);
const INBOUND_TYPES = Object.keys(INBOUND_EVENT_TYPES);

export function eventsRoutes(deps: WebDeps) {
  return new Elysia({ name: "web-events" }).get(
    "/events",
    async ({ request }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const url = new URL(request.url);
      const rawType = url.searchParams.get("type") ?? "";
      const type = isEventType(rawType) ? rawType : undefined;
      const inboundType = INBOUND_TYPES.includes(rawType) ? rawType : undefined;
      const clientId = url.searchParams.get("client") ?? "";
      const accountId = r.ctx.session.account.id;
      // A type names one direction: an outbound type lists no inbound events, and the other way round.
      const view = await accountEvents(deps, accountId, { type, clientId: clientId || undefined }, inboundType ? 0 : undefined);
      const known = view.clients.some((c) => c.id === clientId);
      const inbound = type ? [] : await recentInboundEvents(deps.store.db, accountId, { type: inboundType, clientId: known ? clientId : undefined });
      const html = EventsPage({ t: r.ctx.t, user: r.ctx.user, flash: r.ctx.flash, view, inbound, types: FEED_TYPES, inboundTypes: INBOUND_TYPES, type: type ?? inboundType ?? "", clientId: known ? clientId : "" }) as string;
      return r.ctx.page(html);
    },
    { detail: { hide: true } },
  );
}
