// API versions (spec §9), Stripe-style: the registry is data, and each change between versions is
// a small module that turns the newer shape of a resource or an event's `data` into the older one.
// A call answered under an older version passes its answer through every change made since, newest
// first; routes and producers only ever build the current shape.

export type VersionStatus = "current" | "supported" | "deprecated" | "discontinued";

export interface ApiVersion {
  id: string;
  status: VersionStatus;
  released_at: string;
  changes: string[];
  /** While deprecated: when it was deprecated (RFC 9745 `Deprecation`) and when it will stop (RFC 8594 `Sunset`). */
  deprecated_at?: string;
  sunset_at?: string;
}

type Shape = Record<string, unknown>;

/** One change: what the version `introducedIn` changed, and how to give older versions their shape back. */
export interface VersionChange {
  introducedIn: string;
  description: string;
  /** By resource name (a route declares which resource it answers with): newer body → older body. */
  resources?: Record<string, (body: Shape) => Shape>;
  /** By event type: newer `data` → older `data`. */
  events?: Record<string, (data: Shape) => Shape>;
}

export const CURRENT_API_VERSION = "2026-10-affable-towhee";

export const API_VERSIONS: readonly ApiVersion[] = [
  {
    id: CURRENT_API_VERSION,
    status: "current",
    released_at: "2026-10-01",
    changes: ["First public version: vocabulary, lesson plans, tutor, events (webhooks, feed, stream), usage."],
  },
];

/** Changes between shipped versions, oldest first. None yet: the first version is the only one. */
export const VERSION_CHANGES: readonly VersionChange[] = [];

export function findVersion(id: string): ApiVersion | null {
  return API_VERSIONS.find((v) => v.id === id) ?? null;
}

export class VersionRegistry {
  private readonly versions: ApiVersion[];
  private readonly changes: VersionChange[];

  constructor(versions: readonly ApiVersion[] = API_VERSIONS, changes: readonly VersionChange[] = VERSION_CHANGES) {
    this.versions = [...versions].sort((a, b) => a.released_at.localeCompare(b.released_at) || a.id.localeCompare(b.id));
    this.changes = [...changes];
    for (const change of this.changes) if (!this.find(change.introducedIn)) throw new Error(`version change for unknown version ${change.introducedIn}`);
  }

  /** Newest first, as GET /v1/versions lists them. */
  list(): ApiVersion[] {
    return [...this.versions].reverse();
  }

  find(id: string): ApiVersion | null {
    return this.versions.find((v) => v.id === id) ?? null;
  }

  /** The version new things are made at: the one marked current, else the newest. */
  current(): string {
    return (this.versions.find((v) => v.status === "current") ?? this.versions[this.versions.length - 1]!).id;
  }

  /** `body` (current shape) as `version` knows it. */
  resourceAt(resource: string, body: Shape, version: string): Shape {
    return this.down(version, body, (change) => change.resources?.[resource]);
  }

  /** An event's `data` (current shape) as `version` knows it. */
  eventDataAt(type: string, data: Shape, version: string): Shape {
    return this.down(version, data, (change) => change.events?.[type]);
  }

  /**
   * Does answering at `version` change any event's `data`? False when no change made since then
   * touches event data: the current shape is that version's shape, and an envelope carries the
   * stored `data` text as it is (events/envelope.ts).
   */
  reshapesEventData(version: string): boolean {
    return this.changedSince(version, (change) => Object.keys(change.events ?? {}).length > 0);
  }

  /** Does answering at `version` change this resource's shape? False: its current JSON is that version's. */
  reshapesResource(resource: string, version: string): boolean {
    return this.changedSince(version, (change) => change.resources?.[resource] !== undefined);
  }

  private changedSince(version: string, touches: (change: VersionChange) => boolean): boolean {
    const target = this.versions.findIndex((v) => v.id === version);
    if (target === -1) return false;
    return this.changes.some((change) => this.versions.findIndex((v) => v.id === change.introducedIn) > target && touches(change));
  }

  private down(version: string, value: Shape, pick: (change: VersionChange) => ((v: Shape) => Shape) | undefined): Shape {
    const target = this.versions.findIndex((v) => v.id === version);
    if (target === -1) return value;
    let shaped = value;
    for (const change of [...this.changes].reverse()) {
      const introduced = this.versions.findIndex((v) => v.id === change.introducedIn);
      if (introduced <= target) continue;
      const transform = pick(change);
      if (transform) shaped = transform(shaped);
    }
    return shaped;
  }
}
