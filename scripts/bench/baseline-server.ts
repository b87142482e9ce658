// The baseline for scripts/bench/http.ts: raw Bun.serve answering the same two routes.
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.argv[2] ?? 0),
  fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/healthz") return new Response("ok\n", { headers: { "content-type": "text/plain" } });
    return new Response(JSON.stringify({ code: "not_found", error: `no route for ${request.method} ${path}` }), { status: 404, headers: { "content-type": "application/json; charset=utf-8" } });
  },
});
console.log(`listening ${server.port}`);
