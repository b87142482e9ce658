// The one seam where an event's `data` is shaped for an API version (spec 2.5 `api_version`, 9.2).
// Only one version exists, so every version sees the stored shape; when a version changes a type's
// data, its transform goes here and every door (feed, stream, webhooks) follows.
export function dataAtVersion(_type: string, data: Record<string, unknown>, _version: string): Record<string, unknown> {
  return data;
}
