// Webhooks page routes: thin handlers over webhooks/ (endpoints, manual deliveries). A new signing
// secret is shown once after its POST's redirect (src/web/secret-reveal.ts), as on the Integrations page.
import { Elysia } from "elysia";
import { getOwnedClient, listClients } from "../clients/service.ts";
import { AppError, refusalOr } from "../lib/errors.ts";
import type { WebhookDeps } from "../webhooks/deliver.ts";
import type { DeliveryWorker } from "../webhooks/delivery-worker.ts";
import { createEndpoint, createEndpointSecret, deleteEndpoint, enableEndpoint, findEndpoint, listEndpoints, revokeEndpointSecret } from "../webhooks/endpoints.ts";
import { listDeliveries, redeliver, sendTest } from "../webhooks/manual-deliveries.ts";
import { secretReveal } from "./secret-reveal.ts";
import { fieldErrors } from "./form-errors.ts";
import type { Flash } from "./layout.tsx";
import type { WebDeps } from "./web-deps.ts";
import { CSRF_FAILED, formList, formString, requireSignedIn, type WebContext } from "./web-context.ts";
import { WebhooksPage, type RegisterFormState, type RevealedSigningSecret } from "./webhooks-page.tsx";

type SignedIn = WebContext & { session: NonNullable<WebContext["session"]>; user: NonNullable<WebContext["user"]> };

const PAGE = "/admin/webhooks";

export function webhooksRoutes(deps: WebDeps & { webhooks: { deps: WebhookDeps; worker: DeliveryWorker } }) {
  const { db } = deps.store;
  const wh = deps.webhooks;
  const endpointDeps = { db, serverKey: deps.serverKey, guard: wh.deps.guard };

  async function render(ctx: SignedIn, extra: { chosenId?: string; revealed?: RevealedSigningSecret | null; register?: RegisterFormState; endpointError?: { endpointId: string; text: string } } = {}, status = 200, cookies: string[] = []) {
    const accountId = ctx.session.account.id;
    const clients = await listClients(db, accountId);
    const names = new Map(clients.map((c) => [c.id, c.name]));
    const endpoints = await Promise.all((await listEndpoints(db, { accountId })).map(async (e) => ({ ...e, clientName: names.get(e.clientId) ?? e.clientId, deliveries: await listDeliveries(db, deps.clock.now(), e.id, 20) })));
    const chosen = extra.chosenId ? (clients.find((c) => c.id === extra.chosenId) ?? null) : null;
    return ctx.page(WebhooksPage({ t: ctx.t, user: ctx.user, clients, chosen, endpoints, flash: ctx.flash, revealed: extra.revealed, register: extra.register, endpointError: extra.endpointError }) as string, status, cookies);
  }

  const reveals = secretReveal(
    { db, serverKey: deps.serverKey, clock: deps.clock },
    "whreveal",
    (v): v is { endpoint_id: string; secret: string } => typeof (v as { endpoint_id?: unknown })?.endpoint_id === "string" && typeof (v as { secret?: unknown }).secret === "string",
  );

  async function revealAfterRedirect(ctx: SignedIn, endpointId: string, secret: string, flash: Flash): Promise<Response> {
    return ctx.redirect(PAGE, flash, [await reveals.cookie(ctx.names, ctx.session.tokenHash, { endpoint_id: endpointId, secret })]);
  }

  async function guarded(request: Request, body: unknown): Promise<{ ctx: SignedIn } | { response: Response }> {
    const r = await requireSignedIn(deps, request);
    if ("response" in r) return r;
    if (!r.ctx.csrfOk(formString(body, "csrf_token"))) return { response: r.ctx.redirect(PAGE, CSRF_FAILED) };
    return r as { ctx: SignedIn };
  }

  /** Another account's endpoint (or none at all): the same answer as a missing one. */
  const noSuchEndpoint = (ctx: SignedIn) => ctx.redirect(PAGE, { kind: "error", text: "No such endpoint." });

  function sent(what: string, deliveryId: string): Flash {
    return { kind: "ok", text: `${what} sent (${deliveryId}); its attempt is listed below.` };
  }

  /** A refusal about one endpoint's secrets: the 404 redirect, or the message on the endpoint's card. */
  function refusedOnEndpoint(ctx: SignedIn, endpointId: string, error: AppError) {
    if (error.status === 404 && error.param === "endpoint") return noSuchEndpoint(ctx);
    return render(ctx, { endpointError: { endpointId, text: error.message } }, error.status);
  }

  return new Elysia({ name: "web-webhooks" })
    .get(PAGE, async ({ request }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const ctx = r.ctx as SignedIn;
      const chosenId = new URL(request.url).searchParams.get("client") ?? undefined;
      const reveal = await reveals.take(request, ctx.names, ctx.session.tokenHash);
      if (reveal === undefined) return render(ctx, { chosenId });
      const shown = reveal.value;
      const endpoint = shown ? await findEndpoint(db, ctx.session.account.id, shown.endpoint_id) : null;
      return render(ctx, { chosenId, revealed: shown && endpoint ? { endpointId: endpoint.id, url: endpoint.url, secret: shown.secret } : null }, 200, [reveal.clear]);
    }, { detail: { hide: true } })
    .post(PAGE, async ({ request, body }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const clientId = formString(body, "client_id");
      const values = { url: formString(body, "url"), events: formList(body, "events") };
      if (!(await getOwnedClient(db, g.ctx.session.account.id, clientId))) return render(g.ctx, { register: { values, errors: { client: "Choose one of your clients." } } }, 400);
      const r = await refusalOr(createEndpoint(endpointDeps, deps.clock.now(), g.ctx.session.account.id, { clientId, url: values.url, events: values.events }));
      if (r instanceof AppError) return render(g.ctx, { chosenId: clientId, register: { values, errors: fieldErrors(r, "url") } }, r.status);
      deps.log.info("webhook.endpoint_created", { endpoint_id: r.endpoint.id, client_id: clientId });
      return revealAfterRedirect(g.ctx, r.endpoint.id, r.secret, { kind: "ok", text: "Endpoint registered." });
    }, { detail: { hide: true } })
    .post(`${PAGE}/:id/secrets`, async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const r = await refusalOr(createEndpointSecret(endpointDeps, deps.clock.now(), g.ctx.session.account.id, params.id));
      if (r instanceof AppError) return refusedOnEndpoint(g.ctx, params.id, r);
      return revealAfterRedirect(g.ctx, params.id, r.secret, { kind: "ok", text: "Second signing secret added: deliveries now carry two signatures." });
    }, { detail: { hide: true } })
    .post(`${PAGE}/:id/secrets/:secretId/revoke`, async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const r = await refusalOr(revokeEndpointSecret(db, g.ctx.session.account.id, params.id, params.secretId));
      if (r instanceof AppError) return refusedOnEndpoint(g.ctx, params.id, r);
      return g.ctx.redirect(PAGE, { kind: "ok", text: "Signing secret revoked." });
    }, { detail: { hide: true } })
    .post(`${PAGE}/:id/test`, async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const r = await refusalOr(sendTest(wh.deps, wh.worker, g.ctx.session.account.id, params.id));
      if (r instanceof AppError) return noSuchEndpoint(g.ctx);
      return g.ctx.redirect(PAGE, sent("Test", r));
    }, { detail: { hide: true } })
    .post(`${PAGE}/deliveries/:id/redeliver`, async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const r = await refusalOr(redeliver(wh.deps, wh.worker, g.ctx.session.account.id, params.id));
      if (r instanceof AppError) return g.ctx.redirect(PAGE, { kind: "error", text: r.message });
      return g.ctx.redirect(PAGE, sent("Redelivery", r));
    }, { detail: { hide: true } })
    .post(`${PAGE}/:id/enable`, async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      if (!(await enableEndpoint(db, g.ctx.session.account.id, params.id))) return noSuchEndpoint(g.ctx);
      return g.ctx.redirect(PAGE, { kind: "ok", text: "Endpoint re-enabled. Missed deliveries stay listed: redeliver the ones you need." });
    }, { detail: { hide: true } })
    .post(`${PAGE}/:id/delete`, async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      if (!(await deleteEndpoint(db, g.ctx.session.account.id, params.id))) return noSuchEndpoint(g.ctx);
      return g.ctx.redirect(PAGE, { kind: "ok", text: "Endpoint deleted." });
    }, { detail: { hide: true } });
}
