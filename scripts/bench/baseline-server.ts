// The baseline of the benchmarks: raw Bun.serve answering the same routes with no work behind them
// (GET /healthz; POST /v1/events reads its JSON body and answers 202, for scripts/bench/inbound.ts).
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.argv[2] ?? 0),
  fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/healthz") return new Response("ok\n", { headers: { "content-type": "text/plain" } });
    if (path === "/v1/events" && request.method === "POST") {
      return request.json().then(() => new Response(JSON.stringify({ reaction: "complete" }), { status: 202, headers: { "content-type": "application/json; charset=utf-8" } }));
    }
    return new Response(JSON.stringify({ code: "not_found", error: `no route for ${request.method} ${path}` }), { status: 404, headers: { "content-type": "application/json; charset=utf-8" } });
  },
});
console.log(`listening ${server.port}`);
