// The benchmark's HTTPS receiver, in its own process so it never competes with the sender for a
// thread: answers 200 at once and keeps when each webhook-id first arrived.
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  tls: { cert: Bun.file(process.env.CERT!), key: Bun.file(process.env.KEY!) },
  async fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/count") return Response.json({ count, distinct: firstSeen.size });
    if (path === "/times") return Response.json(Object.fromEntries(firstSeen));
    if (path === "/reset") {
      count = 0;
      firstSeen.clear();
      return new Response("ok");
    }
    await request.arrayBuffer();
    count++;
    const id = request.headers.get("webhook-id") ?? "";
    if (!firstSeen.has(id)) firstSeen.set(id, Date.now());
    return new Response("ok");
  },
});
let count = 0;
const firstSeen = new Map<string, number>();
process.stdout.write(`${server.port}\n`);
export {};
