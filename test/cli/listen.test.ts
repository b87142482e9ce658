// `parla listen` (a subprocess) against a small local server that speaks the stream contract of
// DESIGN §6 (`id:` = cursor, heartbeat comments, `event: done`, Last-Event-ID on reconnect) and the
// token endpoint; each event is forwarded to a local receiver that verifies it with standardwebhooks
// using the secret listen printed. The first connection drops mid-stream: listen resumes from its cursor.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { tempDir } from "../helpers/temp-dir.ts";

const dir = tempDir();
const MAIN = join(import.meta.dir, "../../src/main.ts");
afterAll(() => dir.cleanup());

const envelope = (n: number) => JSON.stringify({ id: `parla_evt_${n}`, type: "lesson_plan.ready", created_at: new Date().toISOString(), api_version: "2026-10-affable-towhee", subject: "parla_sub_x", data: { plan_id: `lp_${n}`, status: "complete" } });

test("forwards each event signed, shows the status, resumes from the last cursor after a drop", async () => {
  const connections: { lastEventId: string | null; types: string | null; auth: string | null }[] = [];
  const enc = new TextEncoder();
  let port = 0;
  const server: { port?: number; stop(force?: boolean): void } = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      const base = `http://127.0.0.1:${port}`;
      if (url.pathname === "/.well-known/oauth-authorization-server") return Response.json({ issuer: base, authorization_endpoint: `${base}/oauth/authorize`, token_endpoint: `${base}/oauth/token`, revocation_endpoint: `${base}/oauth/revoke` });
      if (url.pathname === "/oauth/token") return Response.json({ access_token: "parla_at_test", token_type: "Bearer", expires_in: 3600, refresh_token: `parla_rt_${connections.length}`, scope: "events:read" });
      if (url.pathname !== "/v1/events/stream") return new Response("not found", { status: 404 });
      const n = connections.push({ lastEventId: request.headers.get("last-event-id"), types: url.searchParams.get("types"), auth: request.headers.get("authorization") });
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          if (n === 1) {
            controller.enqueue(enc.encode(`: hb\n\nid: c1\ndata: ${envelope(1)}\n\nid: c2\ndata: ${envelope(2)}\n\n`));
            await Bun.sleep(50);
            controller.close(); // the connection ends without a done frame: a drop
          } else if (n === 2) {
            controller.enqueue(enc.encode(`id: c3\ndata: ${envelope(3)}\n\nevent: done\ndata: {}\n\n`));
            controller.close();
          } else {
            controller.enqueue(enc.encode(": hb\n\n")); // stays open
          }
        },
      });
      return new Response(stream, { headers: { "content-type": "text/event-stream" } });
    },
  });
  port = server.port!;
  const received: { headers: Record<string, string>; body: string }[] = [];
  const receiver = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      received.push({ headers: Object.fromEntries(request.headers), body: await request.text() });
      return new Response("ok", { status: received.length === 2 ? 500 : 200 });
    },
  });
  const config = join(dir.path, "config");
  mkdirSync(join(config, "parla"), { recursive: true });
  writeFileSync(join(config, "parla", "credentials.json"), JSON.stringify({ server: `http://127.0.0.1:${server.port}`, client_id: "parla_cid_cli", refresh_token: "parla_rt_0", scope: "events:read" }), { mode: 0o600 });
  const proc = Bun.spawn(["bun", MAIN, "listen", "--forward-to", `http://127.0.0.1:${receiver.port}/hooks`, "--events", "lesson_plan.ready lesson_plan.failed"], { env: { PATH: process.env.PATH ?? "", HOME: dir.path, XDG_CONFIG_HOME: config }, stdout: "pipe", stderr: "pipe" });
  for (let i = 0; i < 200 && connections.length < 3; i++) await Bun.sleep(25);
  proc.kill("SIGINT");
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  server.stop(true);
  receiver.stop(true);

  const secret = /Signing secret for this session: (parla_whsec_\S+)/.exec(out)?.[1];
  expect(secret).toBeDefined();
  expect(connections.map((c) => c.lastEventId)).toEqual([null, "c2", "c3"]);
  expect(connections[0]!.types).toBe("lesson_plan.ready,lesson_plan.failed");
  expect(connections[0]!.auth).toBe("Bearer parla_at_test");
  expect(received.map((r) => r.headers["webhook-id"])).toEqual(["parla_evt_1", "parla_evt_2", "parla_evt_3"]);
  const verifier = new Webhook(secret!.slice("parla_whsec_".length));
  for (const r of received) expect(verifier.verify(r.body, r.headers)).toMatchObject({ type: "lesson_plan.ready" });
  expect(out).toContain("parla_evt_1  → 200");
  expect(out).toContain("parla_evt_2  → 500");
  expect(out).toContain("reconnecting");
}, 30_000);

test("a refused stream (a token without events:read) ends listen with a non-zero exit and the refusal", async () => {
  let port = 0;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request: Request): Response {
      const url = new URL(request.url);
      const base = `http://127.0.0.1:${port}`;
      if (url.pathname === "/.well-known/oauth-authorization-server") return Response.json({ issuer: base, authorization_endpoint: `${base}/oauth/authorize`, token_endpoint: `${base}/oauth/token`, revocation_endpoint: `${base}/oauth/revoke` });
      if (url.pathname === "/oauth/token") return Response.json({ access_token: "parla_at_test", token_type: "Bearer", expires_in: 3600, refresh_token: "parla_rt_1", scope: "usage:read" });
      return Response.json({ code: "insufficient_scope", error: "this operation needs the scope events:read" }, { status: 403 });
    },
  });
  port = server.port!;
  const config = join(dir.path, "config-refused");
  mkdirSync(join(config, "parla"), { recursive: true });
  writeFileSync(join(config, "parla", "credentials.json"), JSON.stringify({ server: `http://127.0.0.1:${port}`, client_id: "parla_cid_cli", refresh_token: "parla_rt_0", scope: "usage:read" }), { mode: 0o600 });
  const proc = Bun.spawn(["bun", MAIN, "listen", "--forward-to", "http://127.0.0.1:9/hooks"], { env: { PATH: process.env.PATH ?? "", HOME: dir.path, XDG_CONFIG_HOME: config }, stdout: "pipe", stderr: "pipe" });
  const code = await proc.exited;
  const text = (await new Response(proc.stdout).text()) + (await new Response(proc.stderr).text());
  server.stop(true);
  expect(code).toBe(1);
  expect(text).toContain("stream refused: HTTP 403");
  expect(text).toContain("insufficient_scope");
});
