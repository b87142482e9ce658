// The baseline of the benchmarks: raw Bun.serve answering the same routes with no work behind them
// (GET /healthz; POST /v1/events reads its JSON body and answers 202, for scripts/bench/inbound.ts;
// GET /body answers, from memory, the JSON body last sent with POST /body — the same bytes as a
// Parla answer it is compared with, for scripts/bench/api.ts).
let body = new TextEncoder().encode("{}");
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.argv[2] ?? 0),
  fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/healthz") return new Response("ok\n", { headers: { "content-type": "text/plain" } });
    if (path === "/v1/events" && request.method === "POST") {
      return request.json().then(() => new Response(JSON.stringify({ reaction: "complete" }), { status: 202, headers: { "content-type": "application/json; charset=utf-8" } }));
    }
    if (path === "/body" && request.method === "POST") {
      return request.arrayBuffer().then((sent) => {
        body = new Uint8Array(sent);
        return new Response("ok\n");
      });
    }
    if (path === "/body") return new Response(body, { headers: { "content-type": "application/json", "cache-control": "no-store" } });
    return new Response(JSON.stringify({ code: "not_found", error: `no route for ${request.method} ${path}` }), { status: 404, headers: { "content-type": "application/json; charset=utf-8" } });
  },
});
console.log(`listening ${server.port}`);
