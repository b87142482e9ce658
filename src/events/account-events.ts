// The account's recent events as its own clients receive them (the Events page): each with the
// envelope a client that hears it gets at its pinned version (spec 2.5, 6.2). Filtering by client
// keeps the events that client hears, with its subject.
import { listClients } from "../clients/service.ts";
import type { Store } from "../store/open-store.ts";
import { mayHear, type EventType } from "./catalogue.ts";
import { envelopeJson, type EventEnvelope, type EventVersions } from "./envelope.ts";
import { recentEvents } from "./event-reads.ts";

export interface AccountEvent {
  seq: number;
  type: string;
  /** The client whose envelope is shown; null when none of the account's clients hears the event. */
  shownFor: { id: string; name: string } | null;
  /** Only this client hears it (app.* events). */
  onlyClient: { id: string; name: string } | null;
  envelope: EventEnvelope | null;
  data: Record<string, unknown>;
  createdAt: number;
  id: string;
}

export interface AccountEventsView {
  events: AccountEvent[];
  clients: { id: string; name: string }[];
}

export async function accountEvents(deps: { store: Pick<Store, "db">; serverKey: Uint8Array; versions: EventVersions }, accountId: string, filter: { type?: EventType; clientId?: string }, limit = 100): Promise<AccountEventsView> {
  const db = deps.store.db;
  const clients = await listClients(db, accountId);
  const chosen = filter.clientId ? clients.find((c) => c.id === filter.clientId) : undefined;
  const rows = await recentEvents(db, accountId, chosen ? limit * 4 : limit, { type: filter.type, clientId: chosen?.id });
  const byId = new Map(clients.map((c) => [c.id, c]));
  const out: AccountEvent[] = [];
  for (const row of rows) {
    const hears = (c: (typeof clients)[number]) => mayHear({ clientId: c.id, accountId, userId: null, scopes: c.scopes }, row);
    const shown = chosen ? (hears(chosen) ? chosen : undefined) : clients.find(hears);
    if (chosen && !shown) continue;
    const only = row.clientId ? byId.get(row.clientId) : undefined;
    out.push({
      seq: row.seq,
      id: row.id,
      type: row.type,
      createdAt: row.createdAt,
      data: JSON.parse(row.dataJson) as Record<string, unknown>,
      shownFor: shown ? { id: shown.id, name: shown.name } : null,
      onlyClient: row.clientId ? { id: row.clientId, name: only?.name ?? "a deleted client" } : null,
      envelope: shown ? (JSON.parse(envelopeJson(deps.serverKey, deps.versions, shown.id, shown.pinnedVersion, row, row.dataJson)) as EventEnvelope) : null,
    });
    if (out.length === limit) break;
  }
  return { events: out, clients: clients.map((c) => ({ id: c.id, name: c.name })) };
}
