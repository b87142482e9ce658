// Integrations page routes: thin handlers over clients/service.ts.
import { Elysia } from "elysia";
import type { WebDeps } from "./web-deps.ts";
import {
  createClient,
  createClientSecret,
  deleteClient,
  getOwnedClient,
  listClients,
  renameClient,
  revokeClientSecret,
  setClientScopes,
  setPinnedVersion,
} from "../clients/service.ts";
import { AppError, refusalOr } from "../lib/errors.ts";
import { secretReveal } from "./secret-reveal.ts";
import { DeleteClientPage, IntegrationsPage, type CreateFormState, type RevealedSecret } from "./integrations-page.tsx";
import { fieldErrors } from "./form-errors.ts";
import type { Flash } from "./layout.tsx";
import { CSRF_FAILED, formList, formString, requireSignedIn, type WebContext } from "./web-context.ts";

type SignedIn = WebContext & { session: NonNullable<WebContext["session"]>; user: NonNullable<WebContext["user"]> };

export function integrationsRoutes(deps: WebDeps) {
  const { db } = deps.store;

  async function render(ctx: SignedIn, extra: { create?: CreateFormState; revealed?: RevealedSecret | null; clientErrors?: { clientId: string; errors: Record<string, string> } | null } = {}, status = 200, cookies: string[] = []) {
    const clients = await listClients(db, ctx.session.account.id);
    return ctx.page(IntegrationsPage({ t: ctx.t, user: ctx.user, clients, flash: ctx.flash, unverified: ctx.session.user.emailUnverifiedSince !== null, mailHeld: deps.config.smtpUrl === null, ...extra }) as string, status, cookies);
  }

  // A new secret is shown once (src/web/secret-reveal.ts).
  const reveals = secretReveal(
    { db, serverKey: deps.serverKey, clock: deps.clock },
    "reveal",
    (v): v is { client_id: string; secret: string } => typeof (v as { client_id?: unknown })?.client_id === "string" && typeof (v as { secret?: unknown }).secret === "string",
  );

  async function revealAfterRedirect(ctx: SignedIn, clientId: string, secret: string, flash: Flash): Promise<Response> {
    return ctx.redirect("/admin", flash, [await reveals.cookie(ctx.names, ctx.session.tokenHash, { client_id: clientId, secret })]);
  }

  /** Another account's client (or none at all): the same answer as a missing one, and nothing changes. */
  function noSuchClient(ctx: SignedIn) {
    ctx.flash = { kind: "error", text: "No such client." };
    return render(ctx, {}, 404);
  }

  /**
   * A refusal on a client's card: its message next to the field it names (`version` is the card's
   * key for pinned_version), or the 404 page when the account has no such client.
   */
  function refusedOnCard(ctx: SignedIn, clientId: string, error: AppError, fallback: string) {
    if (error.status === 404 && error.param === "client") return noSuchClient(ctx);
    return render(ctx, { clientErrors: { clientId, errors: fieldErrors(error, fallback, { pinned_version: "version" }) } }, error.status);
  }

  /** Signed in, same origin, valid CSRF token — or the response that says why not. */
  async function guarded(request: Request, body: unknown): Promise<{ ctx: SignedIn } | { response: Response }> {
    const r = await requireSignedIn(deps, request);
    if ("response" in r) return r;
    if (!r.ctx.csrfOk(formString(body, "csrf_token"))) return { response: r.ctx.redirect("/admin", CSRF_FAILED) };
    return r as { ctx: SignedIn };
  }

  return new Elysia({ name: "web-integrations" })
    .get("/admin", async ({ request }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const ctx = r.ctx as SignedIn;
      const reveal = await reveals.take(request, ctx.names, ctx.session.tokenHash);
      if (reveal === undefined) return render(ctx);
      if (reveal.value === null) return render(ctx, {}, 200, [reveal.clear]);
      const client = await getOwnedClient(db, ctx.session.account.id, reveal.value.client_id);
      const revealed = client ? { clientId: client.id, clientName: client.name, secret: reveal.value.secret } : null;
      return render(ctx, { revealed }, 200, [reveal.clear]);
    }, { detail: { hide: true } })
    .post("/admin/clients", async ({ request, body }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      // An unconfirmed sign-up can learn but not create API clients (it may not own the address).
      if (g.ctx.session.user.emailUnverifiedSince !== null) {
        g.ctx.flash = { kind: "error", text: "Confirm your e-mail address first: follow the link we sent you, or send it again below." };
        return render(g.ctx, {}, 403);
      }
      const values = {
        name: formString(body, "name"),
        type: formString(body, "type") || "confidential",
        billing_mode: formString(body, "billing_mode") || "allowance",
        scopes: formList(body, "scopes"),
        pinned_version: formString(body, "pinned_version") || undefined,
        redirect_uris: formString(body, "redirect_uris"),
      };
      const created = await refusalOr(createClient(db, deps.clock.now(), {
        accountId: g.ctx.session.account.id,
        name: values.name,
        type: values.type as "public" | "confidential",
        scopes: values.scopes,
        billingMode: values.billing_mode,
        pinnedVersion: values.pinned_version,
        redirectUris: values.redirect_uris.split(/\r?\n/),
      }));
      if (created instanceof AppError) return render(g.ctx, { create: { values, errors: fieldErrors(created, "name") } }, created.status);
      deps.log.info("client.created", { client_id: created.client.id, account_id: g.ctx.session.account.id });
      const flash: Flash = { kind: "ok", text: `Client “${created.client.name}” created.${created.secret ? "" : " Public clients have no secret."}` };
      if (!created.secret) return g.ctx.redirect("/admin", flash);
      return revealAfterRedirect(g.ctx, created.client.id, created.secret, flash);
    }, { detail: { hide: true } })
    .post("/admin/clients/:id/rename", async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const r = await refusalOr(renameClient(db, g.ctx.session.account.id, params.id, formString(body, "name")));
      if (r instanceof AppError) return refusedOnCard(g.ctx, params.id, r, "name");
      return g.ctx.redirect("/admin", { kind: "ok", text: "Client renamed." });
    }, { detail: { hide: true } })
    .post("/admin/clients/:id/scopes", async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const r = await refusalOr(setClientScopes(db, g.ctx.session.account.id, params.id, formList(body, "scopes")));
      if (r instanceof AppError) return refusedOnCard(g.ctx, params.id, r, "scopes");
      return g.ctx.redirect("/admin", { kind: "ok", text: "Scopes saved. Narrowing applies at once; widening from the next token exchange." });
    }, { detail: { hide: true } })
    .post("/admin/clients/:id/version", async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const r = await refusalOr(setPinnedVersion(db, g.ctx.session.account.id, params.id, formString(body, "pinned_version")));
      if (r instanceof AppError) return refusedOnCard(g.ctx, params.id, r, "pinned_version");
      return g.ctx.redirect("/admin", { kind: "ok", text: "API version saved. It applies from the next token exchange." });
    }, { detail: { hide: true } })
    .post("/admin/clients/:id/secrets", async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const client = await getOwnedClient(db, g.ctx.session.account.id, params.id);
      if (!client) return noSuchClient(g.ctx);
      const r = await refusalOr(createClientSecret(db, deps.clock.now(), g.ctx.session.account.id, params.id));
      if (r instanceof AppError) return refusedOnCard(g.ctx, params.id, r, "secret");
      deps.log.info("client.secret_created", { client_id: params.id });
      return revealAfterRedirect(g.ctx, client.id, r.secret, { kind: "ok", text: "Second secret created." });
    }, { detail: { hide: true } })
    .post("/admin/clients/:id/secrets/:secretId/revoke", async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      if (!(await getOwnedClient(db, g.ctx.session.account.id, params.id))) return noSuchClient(g.ctx);
      const r = await refusalOr(revokeClientSecret(db, g.ctx.session.account.id, params.id, params.secretId));
      if (r instanceof AppError) return refusedOnCard(g.ctx, params.id, r, "secret");
      deps.log.info("client.secret_revoked", { client_id: params.id });
      return g.ctx.redirect("/admin", { kind: "ok", text: "Secret revoked. Tokens exchanged with it have stopped." });
    }, { detail: { hide: true } })
    .get("/admin/clients/:id/delete", async ({ request, params }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const ctx = r.ctx as SignedIn;
      const client = await getOwnedClient(db, ctx.session.account.id, params.id);
      if (!client) return ctx.redirect("/admin", { kind: "error", text: "No such client." });
      return ctx.page(DeleteClientPage({ t: ctx.t, user: ctx.user, client, flash: ctx.flash }) as string);
    }, { detail: { hide: true } })
    .post("/admin/clients/:id/delete", async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const client = await getOwnedClient(db, g.ctx.session.account.id, params.id);
      if (!client) return g.ctx.redirect("/admin", { kind: "error", text: "No such client." });
      if (formString(body, "confirm_name").trim() !== client.name) {
        return g.ctx.redirect(`/admin/clients/${encodeURIComponent(client.id)}/delete`, { kind: "error", text: "The name you typed does not match; nothing was deleted." });
      }
      await deleteClient(db, g.ctx.session.account.id, client.id);
      deps.log.info("client.deleted", { client_id: client.id });
      return g.ctx.redirect("/admin", { kind: "ok", text: `Client “${client.name}” deleted. Its tokens and grants have ended.` });
    }, { detail: { hide: true } });
}
