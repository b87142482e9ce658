// The outbox (DESIGN §4): every recorded event becomes a delivery row per endpoint that subscribes
// to its type and whose client may hear it — the catalogue's one audience rule (mayHear), with the
// client's scopes as the event's transaction reads them, and the client as the listener (an
// endpoint belongs to the client, not to a user: spec 6.2) — in the event's own transaction, so a
// crash loses nothing and a rollback sends nothing.
import { mayHear } from "../events/catalogue.ts";
import { envelopeJson, type EventVersions } from "../events/envelope.ts";
import type { OutboxHook } from "../events/recorder.ts";
import { newRowId } from "../lib/secrets.ts";
import { executorOf } from "../store/raw-sql.ts";

// Plain SQL, in whichever transaction recorded the event (a drizzle one or a plain libSQL one): this
// runs for every event, and most accounts have no endpoint, so the lookup is all it costs.
const ENDPOINTS_OF_ACCOUNT =
  "SELECT e.id, e.events, e.state, c.id AS client_id, c.scopes, c.pinned_version FROM webhook_endpoints e JOIN clients c ON c.id = e.client_id WHERE e.account_id = ?";
const INSERT_DELIVERY =
  "INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, kind, body, state, attempts, next_attempt_at, created_at, finished_at) VALUES (?, ?, ?, ?, 'auto', ?, ?, 0, ?, ?, ?)";

export function webhookOutbox(serverKey: Uint8Array, versions: EventVersions, onQueued: () => void): OutboxHook {
  return async (tx, event) => {
    const sql = executorOf(tx);
    const { rows: endpoints } = await sql.execute({ sql: ENDPOINTS_OF_ACCOUNT, args: [event.accountId] });
    let queued = 0;
    for (const e of endpoints) {
      const types = JSON.parse(String(e.events)) as string[];
      if (!types.includes(event.type)) continue;
      const clientId = String(e.client_id);
      const version = String(e.pinned_version);
      if (!mayHear({ clientId, accountId: event.accountId, userId: null, scopes: JSON.parse(String(e.scopes)) as string[] }, event)) continue;
      // The envelope is fixed here: every retry and redelivery sends the same bytes and id (spec 6.4.6).
      const body = envelopeJson(serverKey, versions, clientId, version, event, JSON.stringify(event.data));
      // Missed while disabled: listed on the Webhooks page for redelivery, never sent by itself.
      const state = e.state === "enabled" ? "pending" : "missed";
      await sql.execute({
        sql: INSERT_DELIVERY,
        args: ["whd_" + newRowId(event.createdAt), String(e.id), event.id, event.type, body, state, event.createdAt, event.createdAt, state === "missed" ? event.createdAt : null],
      });
      queued++;
    }
    if (queued > 0) onQueued();
  };
}
