// The event envelope (spec 2.5), identical on every door: made per reader, because `subject` and
// `api_version` depend on the client that reads or receives it.
import { PREFIX, keyedHash } from "../lib/secrets.ts";
import type { VersionRegistry } from "../versions/registry.ts";

/** The one seam where an event's `data` is shaped for an API version (spec 2.5, 9): the registry's. */
export type EventVersions = Pick<VersionRegistry, "eventDataAt">;

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

export interface StoredEvent {
  id: string;
  type: string;
  createdAt: number;
  accountId: string;
  aboutUserId: string | null;
  data: Record<string, unknown>;
}

/**
 * The envelope of a stored event for one client at `apiVersion`, its data through the version seam.
 * `subjects` remembers subjects already derived for this client (a page or a stream's lifetime):
 * most events are about the account, so one keyed hash serves them all.
 */
export function envelopeAt(serverKey: Uint8Array, versions: EventVersions, clientId: string, apiVersion: string, event: StoredEvent, subjects?: Map<string, string>): EventEnvelope {
  const whom = event.aboutUserId ?? "";
  let subject = subjects?.get(whom);
  if (subject === undefined) {
    subject = subjectFor(serverKey, clientId, event);
    if (subjects && subjects.size < 1000) subjects.set(whom, subject);
  }
  return { id: event.id, type: event.type, created_at: new Date(event.createdAt).toISOString(), api_version: apiVersion, subject, data: versions.eventDataAt(event.type, event.data, apiVersion) as Record<string, unknown> };
}
