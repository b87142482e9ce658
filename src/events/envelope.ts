// The event envelope (spec 2.5), identical on every door: made per reader, because `subject` and
// `api_version` depend on the client that reads or receives it.
import { PREFIX, keyedHash } from "../lib/secrets.ts";
import type { VersionRegistry } from "../versions/registry.ts";

/** The one seam where an event's `data` is shaped for an API version (spec 2.5, 9): the registry's. */
export type EventVersions = Pick<VersionRegistry, "eventDataAt" | "reshapesEventData">;

export interface EventEnvelope {
  id: string;
  type: string;
  created_at: string;
  api_version: string;
  subject: string;
  data: Record<string, unknown>;
}

/**
 * `parla_sub_…` (spec 2.5): a keyed hash of the client and the user (or account) the event is about
 * — stable for one client, different for each client, and never an e-mail, a name or an account id.
 */
export function subjectFor(serverKey: Uint8Array, clientId: string, about: { accountId: string; aboutUserId: string | null }): string {
  const whom = about.aboutUserId !== null ? `user:${about.aboutUserId}` : `account:${about.accountId}`;
  return PREFIX.subject + keyedHash(serverKey, "event-subject", clientId, whom).slice(0, 27);
}

/** What an envelope is made from: the event's columns; `data` is its stored JSON text (current shape). */
export interface StoredEvent {
  id: string;
  type: string;
  createdAt: number;
  accountId: string;
  aboutUserId: string | null;
}

/**
 * The envelope of a stored event for one client at `apiVersion`, as JSON text: the one envelope
 * builder, used by the feed, the stream and webhooks (and the Events page), so every door carries
 * the same bytes. Keys in EventEnvelope's order. `dataJson` goes in as it is unless the version
 * reshapes event data (spec 9), then through the version seam. `subjects` remembers subjects
 * already derived for this client (a page, a stream's lifetime): most events are about the
 * account, so one keyed hash serves them all.
 */
export function envelopeJson(serverKey: Uint8Array, versions: EventVersions, clientId: string, apiVersion: string, event: StoredEvent, dataJson: string, subjects?: Map<string, string>): string {
  const whom = event.aboutUserId ?? "";
  let subject = subjects?.get(whom);
  if (subject === undefined) {
    subject = subjectFor(serverKey, clientId, event);
    if (subjects && subjects.size < 1000) subjects.set(whom, subject);
  }
  const data = versions.reshapesEventData(apiVersion) ? JSON.stringify(versions.eventDataAt(event.type, JSON.parse(dataJson), apiVersion)) : dataJson;
  return `{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"created_at":"${new Date(event.createdAt).toISOString()}","api_version":${JSON.stringify(apiVersion)},"subject":"${subject}","data":${data}}`;
}
