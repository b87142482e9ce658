// A small round-robin reverse proxy for the scale-out tests: each request goes to the next backend
// in turn, with X-Forwarded-Host naming the proxy (as a real load balancer would pass it), redirects
// passed through untouched. It counts what each backend answered.
export interface RoundRobinProxy {
  url: string;
  /** Requests each backend answered, by index. */
  counts: number[];
  stop(): void;
}

export function startRoundRobinProxy(backends: string[], port = 0): RoundRobinProxy {
  let next = 0;
  const counts = backends.map(() => 0);
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port,
    idleTimeout: 60,
    async fetch(request) {
      const index = next++ % backends.length;
      counts[index]!++;
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      headers.set("x-forwarded-host", url.host);
      headers.delete("host");
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
      const answer = await fetch(`${backends[index]}${url.pathname}${url.search}`, { method: request.method, headers, body, redirect: "manual" });
      const out = new Headers(answer.headers);
      out.delete("content-encoding");
      out.delete("content-length");
      return new Response(await answer.arrayBuffer(), { status: answer.status, headers: out });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, counts, stop: () => server.stop(true) };
}
