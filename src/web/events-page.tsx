// The Events page ({web_app_url}/events): the account's recent events with the envelope each
// client receives (spec 2.5), filterable by type and client. A GET form: it changes nothing.
import type { AccountEventsView } from "../events/account-events.ts";
import { Layout, type Flash } from "./layout.tsx";
import type { UiText } from "./ui-text/index.ts";

function heardBy(e: AccountEventsView["events"][number]): string {
  if (e.onlyClient) return `only ${e.onlyClient.name}`;
  return e.shownFor ? "every client with the type's scope" : "no client yet (none has the scope)";
}

export function EventsPage(props: { t: UiText; user: { email: string; csrf: string }; flash?: Flash | null; view: AccountEventsView; types: readonly string[]; type: string; clientId: string }) {
  const { view } = props;
  return (
    <Layout t={props.t} title="Events" nav="events" user={props.user} flash={props.flash}>
      <h1>Events</h1>
      <p class="hint">
        What happened to your account's lesson plans, usage and app installs in the last 30 days, newest first, as your clients receive it on webhooks, the feed (GET /v1/events) and the stream. The subject differs per client, so each envelope is shown as one client that hears the event gets it.
      </p>
      <form method="get" action="/events" class="card">
        <label for="type">Type</label>
        <select id="type" name="type">
          <option value="">Every type</option>
          {props.types.map((type) => (
            <option value={type} selected={type === props.type} safe>
              {type}
            </option>
          ))}
        </select>
        <label for="client">Client</label>
        <select id="client" name="client">
          <option value="">Every client</option>
          {view.clients.map((c) => (
            <option value={c.id} selected={c.id === props.clientId} safe>
              {c.name}
            </option>
          ))}
        </select>
        <div class="actions">
          <button type="submit" class="secondary">
            Filter
          </button>
        </div>
      </form>
      {view.events.length === 0 ? (
        <p class="muted">No events yet{props.type || props.clientId ? " for this filter" : ""}.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>When (UTC)</th>
              <th>Type</th>
              <th>Heard by</th>
              <th>Envelope</th>
            </tr>
          </thead>
          <tbody>
            {view.events.map((e) => (
              <tr data-event-id={e.id}>
                <td class="mono" safe>
                  {new Date(e.createdAt).toISOString().replace("T", " ").slice(0, 19)}
                </td>
                <td>
                  <code safe>{e.type}</code>
                </td>
                <td safe>{heardBy(e)}</td>
                <td>
                  <details>
                    <summary class="mono" safe>
                      {e.id}
                    </summary>
                    {e.shownFor ? (
                      <p class="hint" safe>
                        {`As ${e.shownFor.name} receives it:`}
                      </p>
                    ) : (
                      <p class="hint">No client hears it; its data:</p>
                    )}
                    <pre class="secret" safe>
                      {JSON.stringify(e.envelope ?? e.data, null, 2)}
                    </pre>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Layout>
  );
}
