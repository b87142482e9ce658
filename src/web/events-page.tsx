// The Events page ({web_app_url}/events): the account's recent events with the envelope each
// client receives (spec 2.5), filterable by type and client. A GET form: it changes nothing.
import type { AccountEventsView } from "../events/account-events.ts";
import type { RecentInboundEvent } from "../inbound/recent-inbound.ts";
import { Layout, type Flash } from "./layout.tsx";
import type { UiText } from "./ui-text/index.ts";

function heardBy(e: AccountEventsView["events"][number]): string {
  if (e.onlyClient) return `only ${e.onlyClient.name}`;
  return e.shownFor ? "every client with the type's scope" : "no client yet (none has the scope)";
}

/** The first two cells of a row, either direction: when (UTC) and the type. */
function WhenAndType(props: { at: number; type: string }) {
  return (
    <>
      <td class="mono" safe>
        {new Date(props.at).toISOString().replace("T", " ").slice(0, 19)}
      </td>
      <td>
        <code safe>{props.type}</code>
      </td>
    </>
  );
}

function OutboundRow({ event: e }: { event: AccountEventsView["events"][number] }) {
  return (
    <tr data-event-id={e.id} data-direction="outbound">
      <WhenAndType at={e.createdAt} type={e.type} />
      <td>outbound</td>
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
  );
}

/** An event a game sent: its client, its Idempotency-Key, its data and Parla's answer. */
function InboundRow({ event: e, client }: { event: RecentInboundEvent; client: string }) {
  return (
    <tr data-event-id={e.id} data-direction="inbound">
      <WhenAndType at={e.createdAt} type={e.type} />
      <td>
        <strong>inbound</strong>
      </td>
      <td safe>{`sent by ${client}`}</td>
      <td>
        <details>
          <summary class="mono" safe>
            {e.id}
          </summary>
          <p class="hint" safe>
            {`Idempotency-Key ${e.idempotencyKey}; Parla answered ${e.answer ? JSON.stringify(e.answer) : "nothing yet (or more than a day ago)"}.`}
          </p>
          <pre class="secret" safe>
            {JSON.stringify({ type: e.type, data: e.data }, null, 2)}
          </pre>
        </details>
      </td>
    </tr>
  );
}

type Row = { inbound: false; at: number; event: AccountEventsView["events"][number] } | { inbound: true; at: number; event: RecentInboundEvent };

export function EventsPage(props: {
  t: UiText;
  user: { email: string; csrf: string };
  flash?: Flash | null;
  view: AccountEventsView;
  /** What the account's games sent (POST /v1/events), listed beside what Parla sent. */
  inbound: RecentInboundEvent[];
  types: readonly string[];
  inboundTypes: readonly string[];
  type: string;
  clientId: string;
}) {
  const { view } = props;
  const names = new Map(view.clients.map((c) => [c.id, c.name]));
  const rows: Row[] = [...view.events.map((event) => ({ inbound: false as const, at: event.createdAt, event })), ...props.inbound.map((event) => ({ inbound: true as const, at: event.createdAt, event }))].sort((a, b) => b.at - a.at);
  return (
    <Layout t={props.t} title="Events" nav="events" user={props.user} flash={props.flash}>
      <h1>Events</h1>
      <p class="hint">
        What happened to your account's lesson plans, usage and app installs in the last 30 days, newest first, as your clients receive it on webhooks, the feed (GET /v1/events) and the stream. The subject differs per client, so each envelope is shown as one client that hears the event gets it. Beside them, marked inbound, the world events your games sent to POST /v1/events, with what Parla answered.
      </p>
      <form method="get" action="/events" class="card">
        <label for="type">Type</label>
        <select id="type" name="type">
          <option value="">Every type</option>
          {(
            [
              ["Sent by Parla", props.types],
              ["Inbound: sent by your games", props.inboundTypes],
            ] as const
          ).map(([label, types]) => (
            <optgroup label={label}>
              {types.map((type) => (
                <option value={type} selected={type === props.type} safe>
                  {type}
                </option>
              ))}
            </optgroup>
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
      {rows.length === 0 ? (
        <p class="muted">No events yet{props.type || props.clientId ? " for this filter" : ""}.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>When (UTC)</th>
              <th>Type</th>
              <th>Direction</th>
              <th>Heard by</th>
              <th>Envelope</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (row.inbound ? <InboundRow event={row.event} client={names.get(row.event.clientId) ?? "a deleted client"} /> : <OutboundRow event={row.event} />))}
          </tbody>
        </table>
      )}
    </Layout>
  );
}
