// The baseline for scripts/bench/events.ts: raw Bun.serve holding SSE streams with the same
// heartbeat, fanning one frame out to all of them on POST /fanout, and answering GET /feed with a
// body set by POST /feed, from memory.
const heartbeatMs = Number(process.argv[3] ?? 15) * 1000;
const streams = new Set<ReadableStreamDefaultController<string>>();
let feed = "{}";
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.argv[2] ?? 0),
  idleTimeout: 0,
  async fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/stream") {
      let c: ReadableStreamDefaultController<string>;
      let timer: ReturnType<typeof setInterval>;
      const body = new ReadableStream<string>({
        start(controller) {
          c = controller;
          streams.add(c);
          controller.enqueue(": hb\n\n");
          timer = setInterval(() => controller.enqueue(": hb\n\n"), heartbeatMs);
        },
        cancel() {
          streams.delete(c);
          clearInterval(timer);
        },
      });
      return new Response(body, { headers: { "content-type": "text/event-stream", "cache-control": "no-store" } });
    }
    if (path === "/fanout") {
      const frame = `id: x\ndata: ${JSON.stringify({ id: "parla_evt_x", type: "lesson_plan.ready", created_at: new Date().toISOString(), api_version: "v", subject: "parla_sub_x", data: { plan_id: "p", status: "complete" } })}\n\n`;
      for (const c of streams) c.enqueue(frame);
      return new Response("ok");
    }
    if (path === "/feed" && request.method === "POST") {
      feed = await request.text();
      return new Response("ok");
    }
    if (path === "/feed") return new Response(feed, { headers: { "content-type": "application/json" } });
    if (path === "/streams") return Response.json({ open: streams.size });
    return new Response("no", { status: 404 });
  },
});
console.log(JSON.stringify({ port: server.port }));
export {};
