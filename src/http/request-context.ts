// Per-request bookkeeping that must exist before routing (request id, start time, the socket the
// request came from, the route it matched), kept outside Elysia's context so error handlers and the
// access log can read it for any request. It rides on the Request itself under a private symbol: one
// small object per request, and nothing computed until someone asks (a request id, an address).

interface AddressSource {
  requestIP(request: Request): { address: string } | null;
}

interface RequestRecord {
  startedAt: number;
  id: string | null;
  server: AddressSource | null;
  address: string | null;
  route: string | undefined;
  path: string | null;
}

const RECORD = Symbol("parla.request");
type Carrier = Request & { [RECORD]?: RequestRecord };

/** Names this process in request ids and its store heartbeat. */
export const processTag = Math.random().toString(36).slice(2, 8);
let counter = 0;

function recordOf(request: Request): RequestRecord {
  const carrier = request as Carrier;
  let record = carrier[RECORD];
  if (!record) {
    record = { startedAt: performance.now(), id: null, server: null, address: null, route: undefined, path: null };
    carrier[RECORD] = record;
  }
  return record;
}

/**
 * Called by the server as a request arrives: starts its clock and remembers the socket it came
 * through. The app is served through `Bun.serve` + `app.handle`, so Elysia's own `server` is null
 * inside handlers: without this every caller would share one "unknown" address and every
 * per-address limit would be global. The address itself is looked up only when a limit asks.
 */
export function openRequest(request: Request, server: AddressSource): void {
  recordOf(request).server = server;
}

/** The request's id: the caller's X-Request-Id when it is sane, else one made here. */
export function requestId(request: Request): string {
  const record = recordOf(request);
  if (record.id === null) {
    const incoming = request.headers.get("x-request-id");
    record.id = incoming && /^[A-Za-z0-9._-]{1,64}$/.test(incoming) ? incoming : `${processTag}-${(++counter).toString(36)}`;
  }
  return record.id;
}

/** When the request arrived (performance.now()), for its duration in the access log and metrics. */
export function requestStartedAt(request: Request): number {
  return recordOf(request).startedAt;
}

/** The request's path (no query), worked out once: the hooks before routing and the access log all ask. */
export function pathOf(request: Request): string {
  const record = recordOf(request);
  if (record.path === null) {
    const url = request.url;
    const start = url.indexOf("/", url.indexOf("//") + 2);
    const q = url.indexOf("?", start);
    record.path = start === -1 ? "/" : url.slice(start, q === -1 ? undefined : q);
  }
  return record.path;
}

/** Client address for rate limits: the socket address (a proxy in front must be configured to pass it). */
export function clientAddress(server: AddressSource | null | undefined, request: Request): string {
  const record = recordOf(request);
  record.address ??= (record.server ?? server)?.requestIP(request)?.address ?? null;
  return record.address ?? "unknown";
}

/** The route template a request matched (metrics label it by this, never by the raw path). */
export function rememberRoute(request: Request, route: string): void {
  recordOf(request).route = route;
}

export function routeOf(request: Request): string | undefined {
  return (request as Carrier)[RECORD]?.route;
}
