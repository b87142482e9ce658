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

export interface StoredEvent {
  id: string;
  type: string;
  createdAt: number;
  accountId: string;
  aboutUserId: string | null;
  data: Record<string, unknown>;
}

/** Where a reader's `,"api_version":…,"subject":…` goes in an envelope template (never raw in JSON text). */
export const READER_MARK = "\u0001";

/** What a reader's envelope has where the stored template has READER_MARK. */
export function readerFields(apiVersion: string, subject: string): string {
  return `,"api_version":${JSON.stringify(apiVersion)},"subject":${JSON.stringify(subject)}`;
}

/**
 * The envelope as JSON text for every reader at once: JSON.stringify of envelopeFor's object, keys
 * in the same order, with READER_MARK in place of api_version and subject, which depend on who
 * reads. The recorder stores it with the event; a feed page puts the reader's in (feed-page-text.ts).
 */
export function envelopeTemplate(event: { id: string; type: string; createdAt: number; data: Record<string, unknown> }): string {
  const head = `{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"created_at":${JSON.stringify(new Date(event.createdAt).toISOString())}`;
  return `${head}${READER_MARK},"data":${JSON.stringify(event.data)}}`;
}

/** The envelope of a stored event for one client, with `data` at `apiVersion` (already transformed). */
export function envelopeFor(serverKey: Uint8Array, clientId: string, apiVersion: string, event: StoredEvent, data: Record<string, unknown> = event.data): EventEnvelope {
  return {
    id: event.id,
    type: event.type,
    created_at: new Date(event.createdAt).toISOString(),
    api_version: apiVersion,
    subject: subjectFor(serverKey, clientId, event),
    data,
  };
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

/**
 * Subjects already derived, per (client, account or user): a subject never changes (spec 2.5), so
 * one keyed hash serves every page a client reads. Bounded: past `max` entries the oldest goes.
 */
export class SubjectCache {
  private readonly subjects = new Map<string, string>();

  constructor(
    private readonly serverKey: Uint8Array,
    private readonly max = 10_000,
  ) {}

  get(clientId: string, accountId: string, aboutUserId: string | null): string {
    const key = aboutUserId === null ? `${clientId}\u0000a\u0000${accountId}` : `${clientId}\u0000u\u0000${aboutUserId}`;
    let subject = this.subjects.get(key);
    if (subject === undefined) {
      subject = subjectFor(this.serverKey, clientId, { accountId, aboutUserId });
      if (this.subjects.size >= this.max) this.subjects.delete(this.subjects.keys().next().value!);
      this.subjects.set(key, subject);
    }
    return subject;
  }
}
