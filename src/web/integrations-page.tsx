// The Integrations page ({web_app_url}/admin, spec 5.4): clients, their secrets, and the forms
// that change them. Every form works without JavaScript.
import type { listClients } from "../clients/service.ts";
import { SCOPES, SCOPE_DESCRIPTIONS } from "../lib/scopes.ts";
import { API_VERSIONS, CURRENT_API_VERSION } from "../versions/registry.ts";
import { UnverifiedNotice } from "./email-pages.tsx";
import { CsrfField, FieldError, Layout, PostButton, type Flash } from "./layout.tsx";
import type { UiText } from "./ui-text/index.ts";

type ClientView = Awaited<ReturnType<typeof listClients>>[number];

export interface CreateFormState {
  values?: { name?: string; type?: string; billing_mode?: string; scopes?: string[]; pinned_version?: string; redirect_uris?: string };
  errors?: Record<string, string>;
}

export interface RevealedSecret {
  clientId: string;
  clientName: string;
  secret: string;
}

function date(ms: number | null): string {
  return ms === null ? "never" : new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";
}

function ScopeBoxes(props: { name: string; checked: readonly string[]; idPrefix: string }) {
  return (
    <>
      {SCOPES.map((s) => (
        <label for={`${props.idPrefix}-${s}`}>
          <input type="checkbox" id={`${props.idPrefix}-${s}`} name={props.name} value={s} checked={props.checked.includes(s)} />
          <span>
            <code>{s}</code> <span class="muted" safe>{SCOPE_DESCRIPTIONS[s]}</span>
          </span>
        </label>
      ))}
    </>
  );
}

function SecretReveal(props: { revealed: RevealedSecret }) {
  return (
    <div class="card" role="status" aria-live="polite">
      <h2>
        New secret for <span safe>{props.revealed.clientName}</span>
      </h2>
      <p>Copy it now: it is shown only once. Parla keeps only a hash of it.</p>
      <p class="secret" id="new-secret" data-testid="new-secret" safe>
        {props.revealed.secret}
      </p>
      <button type="button" class="secondary" data-copy="new-secret">
        Copy
      </button>
      <p class="hint">Keep it on a server you control: never in a web page, an app bundle or a game build.</p>
    </div>
  );
}

function ClientCard(props: { client: ClientView; csrf: string; errors?: Record<string, string> }) {
  const c = props.client;
  const base = `/admin/clients/${encodeURIComponent(c.id)}`;
  return (
    <section class="card" aria-labelledby={`client-${c.id}`} data-client-id={c.id}>
      <h2 id={`client-${c.id}`} safe>
        {c.name}
      </h2>
      <table>
        <tbody>
          <tr>
            <th scope="row">Client ID</th>
            <td>
              <code id={`client-id-${c.id}`} safe>
                {c.id}
              </code>{" "}
              <button type="button" class="secondary" data-copy={`client-id-${c.id}`} aria-label="Copy the client ID">
                Copy
              </button>
            </td>
          </tr>
          <tr>
            <th scope="row">Type</th>
            <td>{c.type === "public" ? "public (no secret)" : "confidential"}</td>
          </tr>
          <tr>
            <th scope="row">Billing</th>
            <td>{c.billingMode}</td>
          </tr>
          <tr>
            <th scope="row">Scopes</th>
            <td>
              {c.scopes.map((s) => (
                <span class="tag" safe>
                  {s}
                </span>
              ))}
            </td>
          </tr>
          <tr>
            <th scope="row">API version</th>
            <td>
              <code safe>{c.pinnedVersion}</code>
            </td>
          </tr>
          <tr>
            <th scope="row">Redirect URIs</th>
            <td>{c.redirectUris.length ? c.redirectUris.map((u) => <div class="mono" safe>{u}</div>) : <span class="muted">none</span>}</td>
          </tr>
        </tbody>
      </table>

      {c.type === "confidential" ? (
        <>
          <h3>Secrets</h3>
          <table>
            <thead>
              <tr>
                <th>Secret</th>
                <th>Created</th>
                <th>Last used</th>
                <th></th>
              </tr>
            </thead>
            <tbody>
              {c.secrets.map((s) => (
                <tr data-secret-id={s.id}>
                  <td class="mono" safe>{`parla_cs_…${s.hint}`}</td>
                  <td safe>{date(s.createdAt)}</td>
                  <td safe>{date(s.lastUsedAt)}</td>
                  <td>
                    <PostButton action={`${base}/secrets/${encodeURIComponent(s.id)}/revoke`} csrf={props.csrf} label="Revoke" confirm="Revoke this secret? Tokens exchanged with it stop at once." />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <form method="post" action={`${base}/secrets`} class="actions">
            <CsrfField csrf={props.csrf} />
            <button type="submit" class="secondary">
              Create another secret
            </button>
            <span class="hint">Rotation: create the new one, deploy it, revoke the old one once its Last used date stops changing.</span>
          </form>
        </>
      ) : (
        ""
      )}
      <FieldError id={`secret-error-${c.id}`} error={props.errors?.secret} />

      <details>
        <summary>Change this client</summary>
        <form method="post" action={`${base}/rename`}>
          <CsrfField csrf={props.csrf} />
          <label for={`name-${c.id}`}>Name</label>
          <input type="text" id={`name-${c.id}`} name="name" value={c.name} maxlength="64" required />
          <FieldError id={`name-error-${c.id}`} error={props.errors?.name} />
          <div class="actions">
            <button type="submit">Rename</button>
          </div>
        </form>
        <form method="post" action={`${base}/scopes`}>
          <CsrfField csrf={props.csrf} />
          <fieldset>
            <legend>Scopes (narrowing applies at once; widening from the next token exchange)</legend>
            <ScopeBoxes name="scopes" checked={c.scopes} idPrefix={`scopes-${c.id}`} />
          </fieldset>
          <FieldError id={`scopes-error-${c.id}`} error={props.errors?.scopes} />
          <div class="actions">
            <button type="submit">Save scopes</button>
          </div>
        </form>
        <form method="post" action={`${base}/version`}>
          <CsrfField csrf={props.csrf} />
          <label for={`version-${c.id}`}>Pinned API version (applies from the next token exchange)</label>
          <select id={`version-${c.id}`} name="pinned_version">
            {API_VERSIONS.filter((v) => v.status !== "discontinued").map((v) => (
              <option value={v.id} selected={v.id === c.pinnedVersion} safe>
                {`${v.id} (${v.status})`}
              </option>
            ))}
          </select>
          <FieldError id={`version-error-${c.id}`} error={props.errors?.version} />
          <div class="actions">
            <button type="submit">Save version</button>
          </div>
        </form>
        <p class="actions">
          <a class="button secondary" href={`${base}/delete`}>
            Delete this client…
          </a>
        </p>
      </details>
    </section>
  );
}

export function IntegrationsPage(props: { t: UiText;
  user: { email: string; csrf: string };
  clients: ClientView[];
  flash?: Flash | null;
  create?: CreateFormState;
  revealed?: RevealedSecret | null;
  clientErrors?: { clientId: string; errors: Record<string, string> } | null;
  /** The address is not confirmed yet: clients cannot be created. */
  unverified?: boolean;
  /** No SMTP server: the confirmation link waits in the operator's outbox. */
  mailHeld?: boolean;
}) {
  const v = props.create?.values ?? {};
  const e = props.create?.errors ?? {};
  return (
    <Layout t={props.t} title="Integrations" nav="integrations" user={props.user} flash={props.flash}>
      <h1>Integrations</h1>
      <p class="muted">OAuth clients let your games, servers and apps call the Parla API. Each has its own scopes, billing mode and API version.</p>
      {props.unverified ? <UnverifiedNotice email={props.user.email} csrf={props.user.csrf} held={props.mailHeld === true} /> : ""}
      {props.revealed ? <SecretReveal revealed={props.revealed} /> : ""}
      {props.clients.length === 0 ? <p>No clients yet. Create your first one below.</p> : ""}
      {props.clients.map((c) => (
        <ClientCard client={c} csrf={props.user.csrf} errors={props.clientErrors?.clientId === c.id ? props.clientErrors.errors : undefined} />
      ))}

      <section class="card" aria-labelledby="create-client">
        <h2 id="create-client">Create a client</h2>
        <form method="post" action="/admin/clients" novalidate>
          <CsrfField csrf={props.user.csrf} />
          <label for="client-name">Name</label>
          <input type="text" id="client-name" name="name" value={v.name ?? ""} maxlength="64" required aria-describedby="client-name-error" />
          <FieldError id="client-name-error" error={e.name} />

          <fieldset>
            <legend>Type</legend>
            <label for="type-confidential">
              <input type="radio" id="type-confidential" name="type" value="confidential" checked={(v.type ?? "confidential") === "confidential"} />
              <span>Confidential — a server you control; has a secret</span>
            </label>
            <label for="type-public">
              <input type="radio" id="type-public" name="type" value="public" checked={v.type === "public"} />
              <span>Public — a desktop, mobile or command-line app; no secret, PKCE only</span>
            </label>
          </fieldset>
          <FieldError id="type-error" error={e.type} />

          <fieldset>
            <legend>Billing mode (fixed after creation)</legend>
            <label for="billing-allowance">
              <input type="radio" id="billing-allowance" name="billing_mode" value="allowance" checked={(v.billing_mode ?? "allowance") === "allowance"} />
              <span>Allowance — spends your account's monthly allowance</span>
            </label>
            <label for="billing-metered">
              <input type="radio" id="billing-metered" name="billing_mode" value="metered" checked={v.billing_mode === "metered"} />
              <span>Metered — billed per credit through usage billing (set up on the Usage page)</span>
            </label>
          </fieldset>
          <FieldError id="billing-error" error={e.billing_mode} />

          <fieldset>
            <legend>Allowed scopes</legend>
            <ScopeBoxes name="scopes" checked={v.scopes ?? []} idPrefix="new-scope" />
          </fieldset>
          <FieldError id="scopes-error" error={e.scopes} />

          <label for="pinned-version">API version</label>
          <select id="pinned-version" name="pinned_version">
            {API_VERSIONS.filter((x) => x.status !== "discontinued").map((x) => (
              <option value={x.id} selected={x.id === (v.pinned_version ?? CURRENT_API_VERSION)} safe>
                {x.id}
              </option>
            ))}
          </select>
          <FieldError id="version-error" error={e.pinned_version} />

          <label for="redirect-uris">Redirect URIs (one per line; matched exactly)</label>
          <textarea id="redirect-uris" name="redirect_uris" rows="3" aria-describedby="redirect-hint redirect-error" safe>
            {v.redirect_uris ?? ""}
          </textarea>
          <p class="hint" id="redirect-hint">
            Confidential: https, or loopback http://127.0.0.1. Public: loopback http://127.0.0.1:PORT/… (any port) or a private-use scheme like com.example.game:/callback.
          </p>
          <FieldError id="redirect-error" error={e.redirect_uris} />
          <div class="actions">
            <button type="submit">Create client</button>
          </div>
        </form>
      </section>
    </Layout>
  );
}

export function DeleteClientPage(props: { t: UiText; user: { email: string; csrf: string }; client: { id: string; name: string }; flash?: Flash | null }) {
  return (
    <Layout t={props.t} title="Delete client" nav="integrations" user={props.user} flash={props.flash}>
      <div class="card narrow">
        <h1>
          Delete <span safe>{props.client.name}</span>?
        </h1>
        <p>Every access token stops at once, every user's grant of it ends, and token exchanges fail with invalid_client. This cannot be undone.</p>
        <form method="post" action={`/admin/clients/${encodeURIComponent(props.client.id)}/delete`}>
          <CsrfField csrf={props.user.csrf} />
          <label for="confirm-name">
            Type the client's name to confirm
          </label>
          <input type="text" id="confirm-name" name="confirm_name" required autocomplete="off" />
          <div class="actions">
            <button type="submit" class="danger">
              Delete client
            </button>
            <a href="/admin">Cancel</a>
          </div>
        </form>
      </div>
    </Layout>
  );
}
