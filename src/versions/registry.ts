// API versions (spec §9). One version exists today; the registry is data so that adding one is a
// new entry plus its transforms, never a change to every route.

export type VersionStatus = "current" | "supported" | "deprecated" | "discontinued";

export interface ApiVersion {
  id: string;
  status: VersionStatus;
  released_at: string;
  changes: string[];
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

export function findVersion(id: string): ApiVersion | null {
  return API_VERSIONS.find((v) => v.id === id) ?? null;
}
