// The Events page: a thin handler over events/account-events.ts. Every member of the account may look.
import { Elysia } from "elysia";
import { accountEvents } from "../events/account-events.ts";
import { EVENT_CATALOGUE, isEventType } from "../events/catalogue.ts";
import { EventsPage } from "./events-page.tsx";
import { requireSignedIn } from "./web-context.ts";
import type { WebDeps } from "./web-deps.ts";

const FEED_TYPES = (Object.keys(EVENT_CATALOGUE) as (keyof typeof EVENT_CATALOGUE)[]).filter((type) => EVENT_CATALOGUE[type].onFeed);

export function eventsRoutes(deps: WebDeps) {
  return new Elysia({ name: "web-events" }).get(
    "/events",
    async ({ request }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const url = new URL(request.url);
      const rawType = url.searchParams.get("type") ?? "";
      const type = isEventType(rawType) ? rawType : undefined;
      const clientId = url.searchParams.get("client") ?? "";
      const view = await accountEvents(deps, r.ctx.session.account.id, { type, clientId: clientId || undefined });
      const known = view.clients.some((c) => c.id === clientId);
      const html = EventsPage({ t: r.ctx.t, user: r.ctx.user, flash: r.ctx.flash, view, types: FEED_TYPES, type: type ?? "", clientId: known ? clientId : "" }) as string;
      return r.ctx.page(html);
    },
    { detail: { hide: true } },
  );
}
