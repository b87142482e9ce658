// Pages for the operator (web/operator.ts): GET /operator/outbox. Not an operator: 404.
import { Elysia } from "elysia";
import { listOutbox } from "../mail/service.ts";
import { OutboxPage } from "./outbox-page.tsx";
import { isOperator } from "./operator.ts";
import { envelope } from "../http/error-responses.ts";
import { requireSignedIn } from "./web-context.ts";
import type { WebDeps } from "./web-deps.ts";

const OUTBOX_PAGE_SIZE = 50;

export function operatorRoutes(deps: WebDeps) {
  return new Elysia({ name: "web-operator" }).get(
    "/operator/outbox",
    async ({ request }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const { ctx } = r;
      // The answer of a route that does not exist: the page's existence is not told either.
      if (!isOperator(deps.config, ctx.session.user.email)) return envelope(404, "not_found", "no route for GET /operator/outbox");
      const rows = await listOutbox(deps.store.db, OUTBOX_PAGE_SIZE);
      return ctx.page(OutboxPage({ t: ctx.t, user: ctx.user, rows, smtp: deps.config.smtpUrl !== null }) as string);
    },
    { detail: { hide: true } },
  );
}
