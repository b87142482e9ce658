// Per-request bookkeeping that must exist before routing (request id, start time), kept outside
// Elysia's context so error handlers and the access log can read it for any request.

export interface RequestInfo {
  id: string;
  startedAt: number;
}

const info = new WeakMap<Request, RequestInfo>();
let counter = 0;
/** Names this process in request ids and its store heartbeat. */
export const processTag = Math.random().toString(36).slice(2, 8);

export function beginRequest(request: Request): RequestInfo {
  const incoming = request.headers.get("x-request-id");
  const id = incoming && /^[A-Za-z0-9._-]{1,64}$/.test(incoming) ? incoming : `${processTag}-${(++counter).toString(36)}`;
  const entry = { id, startedAt: performance.now() };
  info.set(request, entry);
  return entry;
}

export function requestInfo(request: Request): RequestInfo {
  return info.get(request) ?? beginRequest(request);
}

export function pathOf(request: Request): string {
  const url = request.url;
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const q = url.indexOf("?", start);
  return start === -1 ? "/" : url.slice(start, q === -1 ? undefined : q);
}

const addresses = new WeakMap<Request, string>();

/**
 * Records the socket address of a request as it arrives (server.ts). The app is served through
 * `Bun.serve` + `app.handle`, so Elysia's own `server` is null inside handlers: without this every
 * caller would share one "unknown" address and every per-address limit would be global.
 */
export function rememberClientAddress(request: Request, address: string | null | undefined): void {
  if (address) addresses.set(request, address);
}

/** Client address for rate limits: the socket address (a proxy in front must be configured to pass it). */
export function clientAddress(server: { requestIP(r: Request): { address: string } | null } | null | undefined, request: Request): string {
  return addresses.get(request) ?? server?.requestIP(request)?.address ?? "unknown";
}

const routes = new WeakMap<Request, string>();

/** The route template a request matched (metrics label it by this, never by the raw path). */
export function rememberRoute(request: Request, route: string): void {
  routes.set(request, route);
}

export function routeOf(request: Request): string | undefined {
  return routes.get(request);
}
