// Integrations page routes: thin handlers over clients/service.ts.
import { Elysia } from "elysia";
import type { AppDeps } from "../app-deps.ts";
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
import { DeleteClientPage, IntegrationsPage, type CreateFormState, type RevealedSecret } from "./integrations-page.tsx";
import { CSRF_FAILED, formList, formString, requireSignedIn, type WebContext } from "./web-context.ts";

type SignedIn = WebContext & { session: NonNullable<WebContext["session"]>; user: NonNullable<WebContext["user"]> };

export function integrationsRoutes(deps: AppDeps) {
  const { db } = deps.store;

  async function render(ctx: SignedIn, extra: { create?: CreateFormState; revealed?: RevealedSecret | null; clientErrors?: { clientId: string; errors: Record<string, string> } | null } = {}, status = 200) {
    const clients = await listClients(db, ctx.session.account.id);
    return ctx.page(IntegrationsPage({ user: ctx.user, clients, flash: ctx.flash, ...extra }) as string, status);
  }

  /** Another account's client (or none at all): the same answer as a missing one, and nothing changes. */
  function noSuchClient(ctx: SignedIn) {
    ctx.flash = { kind: "error", text: "No such client." };
    return render(ctx, {}, 404);
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
      return render(r.ctx as SignedIn);
    }, { detail: { hide: true } })
    .post("/admin/clients", async ({ request, body }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const values = {
        name: formString(body, "name"),
        type: formString(body, "type") || "confidential",
        billing_mode: formString(body, "billing_mode") || "allowance",
        scopes: formList(body, "scopes"),
        pinned_version: formString(body, "pinned_version") || undefined,
        redirect_uris: formString(body, "redirect_uris"),
      };
      const created = await createClient(db, deps.clock.now(), {
        accountId: g.ctx.session.account.id,
        name: values.name,
        type: values.type as "public" | "confidential",
        scopes: values.scopes,
        billingMode: values.billing_mode,
        pinnedVersion: values.pinned_version,
        redirectUris: values.redirect_uris.split(/\r?\n/),
      });
      if (!created.ok) return render(g.ctx, { create: { values, errors: { [created.field]: created.reason } } }, 400);
      deps.log.info("client.created", { client_id: created.client.id, account_id: g.ctx.session.account.id });
      // The secret is rendered in this response only (no-store) and never stored in plain text.
      const revealed = created.secret ? { clientId: created.client.id, clientName: created.client.name, secret: created.secret } : null;
      g.ctx.flash = { kind: "ok", text: `Client “${created.client.name}” created.${created.secret ? "" : " Public clients have no secret."}` };
      return render(g.ctx, { revealed });
    }, { detail: { hide: true } })
    .post("/admin/clients/:id/rename", async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const r = await renameClient(db, g.ctx.session.account.id, params.id, formString(body, "name"));
      if (!r.ok && r.field === "client") return noSuchClient(g.ctx);
      if (!r.ok) return render(g.ctx, { clientErrors: { clientId: params.id, errors: { name: r.reason } } }, 400);
      return g.ctx.redirect("/admin", { kind: "ok", text: "Client renamed." });
    }, { detail: { hide: true } })
    .post("/admin/clients/:id/scopes", async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const r = await setClientScopes(db, g.ctx.session.account.id, params.id, formList(body, "scopes"));
      if (!r.ok && r.field === "client") return noSuchClient(g.ctx);
      if (!r.ok) return render(g.ctx, { clientErrors: { clientId: params.id, errors: { scopes: r.reason } } }, 400);
      return g.ctx.redirect("/admin", { kind: "ok", text: "Scopes saved. Narrowing applies at once; widening from the next token exchange." });
    }, { detail: { hide: true } })
    .post("/admin/clients/:id/version", async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const r = await setPinnedVersion(db, g.ctx.session.account.id, params.id, formString(body, "pinned_version"));
      if (!r.ok && r.field === "client") return noSuchClient(g.ctx);
      if (!r.ok) return render(g.ctx, { clientErrors: { clientId: params.id, errors: { version: r.reason } } }, 400);
      return g.ctx.redirect("/admin", { kind: "ok", text: "API version saved. It applies from the next token exchange." });
    }, { detail: { hide: true } })
    .post("/admin/clients/:id/secrets", async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      const client = await getOwnedClient(db, g.ctx.session.account.id, params.id);
      if (!client) return noSuchClient(g.ctx);
      const r = await createClientSecret(db, deps.clock.now(), g.ctx.session.account.id, params.id);
      if (!r.ok) return render(g.ctx, { clientErrors: { clientId: params.id, errors: { secret: r.reason } } }, 400);
      deps.log.info("client.secret_created", { client_id: params.id });
      g.ctx.flash = { kind: "ok", text: "Second secret created." };
      return render(g.ctx, { revealed: { clientId: client.id, clientName: client.name, secret: r.secret } });
    }, { detail: { hide: true } })
    .post("/admin/clients/:id/secrets/:secretId/revoke", async ({ request, body, params }) => {
      const g = await guarded(request, body);
      if ("response" in g) return g.response;
      if (!(await getOwnedClient(db, g.ctx.session.account.id, params.id))) return noSuchClient(g.ctx);
      const r = await revokeClientSecret(db, g.ctx.session.account.id, params.id, params.secretId);
      if (!r.ok) return render(g.ctx, { clientErrors: { clientId: params.id, errors: { secret: r.reason } } }, 400);
      deps.log.info("client.secret_revoked", { client_id: params.id });
      return g.ctx.redirect("/admin", { kind: "ok", text: "Secret revoked. Tokens exchanged with it have stopped." });
    }, { detail: { hide: true } })
    .get("/admin/clients/:id/delete", async ({ request, params }) => {
      const r = await requireSignedIn(deps, request);
      if ("response" in r) return r.response;
      const ctx = r.ctx as SignedIn;
      const client = await getOwnedClient(db, ctx.session.account.id, params.id);
      if (!client) return ctx.redirect("/admin", { kind: "error", text: "No such client." });
      return ctx.page(DeleteClientPage({ user: ctx.user, client, flash: ctx.flash }) as string);
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
