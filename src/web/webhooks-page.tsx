// The Webhooks page ({web_app_url}/admin/webhooks, spec 2.9, 3.2, 6.3): register an endpoint by
// choosing the client first, see its signing secret once, rotate secrets, send a test, read every
// attempt of recent deliveries, redeliver, re-enable and delete. Every form works without JavaScript.
import { EVENT_CATALOGUE, hearableTypes } from "../events/catalogue.ts";
import type { Client } from "../clients/service.ts";
import type { listEndpoints } from "../webhooks/endpoints.ts";
import type { DeliveryView } from "../webhooks/manual-deliveries.ts";
import { CsrfField, FieldError, Layout, PostButton, type Flash } from "./layout.tsx";
import type { UiText } from "./ui-text/index.ts";

type EndpointView = Awaited<ReturnType<typeof listEndpoints>>[number] & { deliveries: DeliveryView[]; clientName: string };

export interface RevealedSigningSecret {
  endpointId: string;
  url: string;
  secret: string;
}

export interface RegisterFormState {
  values?: { url?: string; events?: string[] };
  errors?: Record<string, string>;
}

function time(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ") + " UTC";
}

function SecretReveal(props: { revealed: RevealedSigningSecret }) {
  return (
    <div class="card" role="status" aria-live="polite">
      <h2>
        Signing secret for <span class="mono" safe>{props.revealed.url}</span>
      </h2>
      <p>Copy it now: it is shown only once. Standard Webhooks libraries take the part after parla_whsec_.</p>
      <p class="secret" id="new-signing-secret" data-testid="new-signing-secret" safe>
        {props.revealed.secret}
      </p>
      <button type="button" class="secondary" data-copy="new-signing-secret">
        Copy
      </button>
    </div>
  );
}

function Attempts(props: { delivery: DeliveryView }) {
  if (props.delivery.attempts.length === 0) return <span class="muted">not sent yet</span>;
  return (
    <ol class="attempts">
      {props.delivery.attempts.map((a) => (
        <li data-attempt-status={a.status === null ? "none" : String(a.status)}>
          <span safe>{time(a.at)}</span> · <strong safe>{a.status === null ? "no answer" : String(a.status)}</strong> · <span safe>{`${a.durationMs} ms`}</span>
          {a.error ? (
            <>
              {" "}
              · <span class="error-text" safe>{a.error}</span>
            </>
          ) : (
            ""
          )}
          {a.response ? (
            <details>
              <summary>Answer (first 2 KB)</summary>
              <pre safe>{a.response}</pre>
            </details>
          ) : (
            ""
          )}
        </li>
      ))}
    </ol>
  );
}

function EndpointCard(props: { endpoint: EndpointView; csrf: string; error?: string }) {
  const e = props.endpoint;
  const base = `/admin/webhooks/${encodeURIComponent(e.id)}`;
  return (
    <section class="card" aria-labelledby={`endpoint-${e.id}`} data-endpoint-id={e.id}>
      <h2 id={`endpoint-${e.id}`} class="mono" safe>
        {e.url}
      </h2>
      <table>
        <tbody>
          <tr>
            <th scope="row">State</th>
            <td data-testid="endpoint-state" safe>
              {e.state === "enabled" ? "enabled" : `disabled ${e.disabledReason === "gone" ? "(the receiver answered 410 Gone)" : "(five days of failed deliveries)"}`}
            </td>
          </tr>
          <tr>
            <th scope="row">Client</th>
            <td safe>{e.clientName}</td>
          </tr>
          <tr>
            <th scope="row">Events</th>
            <td>
              {e.events.map((t) => (
                <span class="tag" safe>
                  {t}
                </span>
              ))}
            </td>
          </tr>
        </tbody>
      </table>
      {e.state === "disabled" ? (
        <div class="notice">
          <p>Nothing is sent automatically while the endpoint is disabled. Deliveries missed meanwhile are listed below as “missed” and can be redelivered once your receiver works again.</p>
          <PostButton action={`${base}/enable`} csrf={props.csrf} label="Re-enable endpoint" />
        </div>
      ) : (
        ""
      )}
      {props.error ? (
        <p class="flash error" role="alert" safe>
          {props.error}
        </p>
      ) : (
        ""
      )}
      <h3>Signing secrets</h3>
      <table>
        <tbody>
          {e.secrets.map((s) => (
            <tr data-secret-id={s.id}>
              <td class="mono" safe>{`parla_whsec_…${s.hint}…`}</td>
              <td safe>{time(s.createdAt)}</td>
              <td>{e.secrets.length > 1 ? <PostButton action={`${base}/secrets/${encodeURIComponent(s.id)}/revoke`} csrf={props.csrf} label="Revoke" confirm="Revoke this signing secret? Receivers still using it will reject deliveries." /> : <span class="muted">the only secret</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {e.secrets.length < 2 ? <PostButton action={`${base}/secrets`} csrf={props.csrf} label="Add a second secret" /> : <p class="hint">Two secrets are live: every delivery carries two signatures. Revoke the old one once receivers use the new one.</p>}
      <div class="actions">
        <PostButton action={`${base}/test`} csrf={props.csrf} label="Send test" />
        <PostButton action={`${base}/delete`} csrf={props.csrf} label="Delete endpoint" confirm="Delete this endpoint and its delivery history?" />
      </div>
      <h3>Recent deliveries</h3>
      {e.deliveries.length === 0 ? (
        <p class="muted">No deliveries yet.</p>
      ) : (
        <table class="deliveries">
          <thead>
            <tr>
              <th>Event</th>
              <th>State</th>
              <th>Attempts</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            {e.deliveries.map((d) => (
              <tr data-delivery-id={d.id} data-delivery-kind={d.kind}>
                <td>
                  <code safe>{d.type}</code>
                  <div class="mono muted" safe>
                    {d.eventId}
                  </div>
                  <div class="muted" safe>
                    {d.kind === "auto" ? time(d.createdAt) : `${d.kind} · ${time(d.createdAt)}`}
                  </div>
                </td>
                <td safe>{d.state === "pending" && d.nextAttemptAt !== null ? `retrying at ${time(d.nextAttemptAt)}` : d.state}</td>
                <td>
                  <Attempts delivery={d} />
                </td>
                <td>{d.state === "pending" ? "" : <PostButton action={`/admin/webhooks/deliveries/${encodeURIComponent(d.id)}/redeliver`} csrf={props.csrf} label="Redeliver" />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function WebhooksPage(props: { t: UiText;
  user: { email: string; csrf: string };
  clients: Client[];
  chosen: Client | null;
  endpoints: EndpointView[];
  flash?: Flash | null;
  revealed?: RevealedSigningSecret | null;
  register?: RegisterFormState;
  endpointError?: { endpointId: string; text: string } | null;
}) {
  const offered = props.chosen ? hearableTypes(props.chosen.scopes, "subscribe") : [];
  const v = props.register?.values ?? {};
  const errors = props.register?.errors ?? {};
  return (
    <Layout t={props.t} title="Webhooks" nav="webhooks" user={props.user} flash={props.flash}>
      <h1>Webhooks</h1>
      <p class="muted">Parla POSTs each event your clients may hear to your HTTPS endpoints, signed the Standard Webhooks way, and retries failures for about a day.</p>
      {props.revealed ? <SecretReveal revealed={props.revealed} /> : ""}
      {props.endpoints.map((e) => (
        <EndpointCard endpoint={e} csrf={props.user.csrf} error={props.endpointError?.endpointId === e.id ? props.endpointError.text : undefined} />
      ))}
      <section class="card" aria-labelledby="register-endpoint">
        <h2 id="register-endpoint">Register an endpoint</h2>
        {props.clients.length === 0 ? (
          <p>
            Create a client with the <code>events:read</code> scope on the <a href="/admin">Integrations page</a> first.
          </p>
        ) : (
          <form method="get" action="/admin/webhooks">
            <label for="webhook-client">1. Client</label>
            <select id="webhook-client" name="client">
              {props.clients.map((c) => (
                <option value={c.id} selected={props.chosen?.id === c.id} safe>
                  {c.name}
                </option>
              ))}
            </select>
            <div class="actions">
              <button type="submit" class="secondary">
                Choose client
              </button>
            </div>
          </form>
        )}
        {props.chosen ? (
          offered.length === 0 ? (
            <p>
              <span safe>{props.chosen.name}</span> cannot hear events: give it <code>events:read</code> (and the scope of the events you want) on the Integrations page.
            </p>
          ) : (
            <form method="post" action="/admin/webhooks" novalidate>
              <CsrfField csrf={props.user.csrf} />
              <input type="hidden" name="client_id" value={props.chosen.id} />
              <label for="webhook-url">2. URL (https, port 443; cannot be changed later)</label>
              <input type="url" id="webhook-url" name="url" value={v.url ?? ""} required placeholder="https://example.com/parla/webhooks" aria-describedby="webhook-url-error" />
              <FieldError id="webhook-url-error" error={errors.url} />
              <fieldset>
                <legend>3. Events (cannot be changed later)</legend>
                {offered.map((t) => (
                  <label for={`event-${t}`}>
                    <input type="checkbox" id={`event-${t}`} name="events" value={t} checked={(v.events ?? []).includes(t)} />
                    <span>
                      <code>{t}</code> <span class="muted">{EVENT_CATALOGUE[t].description}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <FieldError id="webhook-events-error" error={errors.events ?? errors.client} />
              <div class="actions">
                <button type="submit">Register endpoint</button>
              </div>
            </form>
          )
        ) : (
          ""
        )}
      </section>
    </Layout>
  );
}
