// /readyz while migrations run and when the store is gone; /metrics off by default, behind a
// bearer token, in Prometheus text. Real servers on real ports (the server's fetch wrapper is what
// counts requests).
import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { loadConfig } from "../../src/config/config.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { OPEN_STREAMS_GAUGE } from "../../src/metrics/registry.ts";
import { startServer, type RunningServer } from "../../src/server.ts";
import { startHranaTestServer, type HranaTestServer } from "../helpers/hrana-test-server.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function scratch() {
  const dir = tempDir();
  cleanups.push(() => dir.cleanup());
  return dir.path;
}

async function serve(env: Record<string, string>, port?: number): Promise<RunningServer> {
  port ??= await freePort();
  const server = await startServer(loadConfig({ PARLA_HOST: "127.0.0.1", PARLA_PORT: String(port), PARLA_BASE_URL: `http://127.0.0.1:${port}`, ...env }), createLogger("silent"));
  cleanups.push(() => server.stop());
  return server;
}

/** A libSQL server whose every answer takes `delayMs`, and that can be cut off. */
function slowHrana(path: string, delayMs: number): { url: string; hrana: HranaTestServer; cut(): void } {
  const hrana = startHranaTestServer(path);
  let cut = false;
  const proxy = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      if (cut) return new Response("gone", { status: 502 });
      await Bun.sleep(delayMs);
      const url = new URL(request.url);
      return fetch(`${hrana.url}${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body: request.body ? await request.arrayBuffer() : undefined });
    },
  });
  cleanups.push(() => {
    proxy.stop(true);
    hrana.stop();
  });
  return { url: `http://127.0.0.1:${proxy.port}`, hrana, cut: () => void (cut = true) };
}

async function freePort(): Promise<number> {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = probe.port as number;
  probe.stop(true);
  return port;
}

describe("/readyz", () => {
  test("fails while migrations run (the process already answers /healthz), passes after, fails when the store is unreachable", async () => {
    const remote = slowHrana(join(scratch(), "remote.db"), 15);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let started: RunningServer | null = null;
    const starting = serve({ PARLA_DATABASE_URL: remote.url }, port).then((s) => (started = s));
    const seen = { migrating: 0, healthy: 0, refused: 0 };
    while (!started) {
      try {
        const [ready, health, page] = await Promise.all([fetch(`${base}/readyz`), fetch(`${base}/healthz`), fetch(`${base}/signin`)]);
        if (!started && ready.status === 503 && ((await ready.json()) as { reason: string }).reason === "migrating") seen.migrating++;
        if (!started && health.status === 200) seen.healthy++;
        if (!started && page.status === 503 && page.headers.get("retry-after") === "5") seen.refused++;
      } catch {}
      await Bun.sleep(5);
    }
    await starting;
    expect(seen.migrating).toBeGreaterThan(0);
    expect(seen.healthy).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, store: "remote" });
    remote.cut();
    const gone = await fetch(`${base}/readyz`);
    expect(gone.status).toBe(503);
    expect(await gone.json()).toMatchObject({ ready: false, reason: "store unreachable" });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});

const TOKEN = "metrics-token-0123456789abcdef";

describe("/metrics", () => {
  test("off by default: 404", async () => {
    const server = await serve({ PARLA_DATABASE_URL: `file:${join(scratch(), "p.db")}` });
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  });

  test("with PARLA_METRICS_TOKEN: 401 without or with a wrong token; Prometheus text with it", async () => {
    const server = await serve({ PARLA_DATABASE_URL: `file:${join(scratch(), "p.db")}`, PARLA_METRICS_TOKEN: TOKEN });
    const none = await fetch(`${server.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}` } })).status).toBe(401);

    // Traffic to count: 3 sign-in pages, 2 unknown API paths, 1 authorize page with a query.
    for (let i = 0; i < 3; i++) await fetch(`${server.url}/signin`);
    for (let i = 0; i < 2; i++) await fetch(`${server.url}/v1/nothing/${i}`);
    await fetch(`${server.url}/oauth/authorize?client_id=parla_cid_x`);
    // A job, as another process would leave it in the store.
    const now = server.deps.clock.now();
    await server.deps.store.client.execute({ sql: "INSERT INTO jobs (id, kind, payload, status, run_at, max_attempts, created_at, updated_at) VALUES ('j1', 'demo', 'null', 'dead', ?, 3, ?, ?)", args: [now, now, now] });
    // One open event stream, as GET /v1/events/stream holds it.
    const leave = await server.deps.eventSignal.subscribe({ accountId: "a", access: null, onGrant() {}, onClientScopes() {}, onEvents() {}, onTick() {}, onFailure() {}, onShutdown() {} });

    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
    const text = await res.text();
    expect(text).toContain('parla_http_requests_total{method="GET",route="/signin",status="200"} 3');
    expect(text).toContain('parla_http_requests_total{method="GET",route="(unmatched)",status="404"} 2');
    expect(text).toContain('parla_http_requests_total{method="GET",route="/oauth/authorize",status="400"} 1');
    expect(text).toContain('parla_http_request_duration_seconds_count{method="GET",route="/signin"} 3');
    expect(text).toContain('parla_http_request_duration_seconds_bucket{method="GET",route="/signin",le="+Inf"} 3');
    expect(text).toContain('parla_jobs{kind="demo",state="dead"} 1');
    expect(text).not.toContain("parla_credit_leases");
    expect(text).toContain("# TYPE parla_webhook_deliveries gauge");
    expect(text).toContain(`${OPEN_STREAMS_GAUGE} 1`);
    leave();
    expect(text).toContain("parla_metrics_collect_errors 0");
    // Refused scrapes are counted too; nothing path-shaped leaks into labels.
    expect(text).toContain('route="/metrics",status="401"} 3');
    expect(text).not.toContain("/v1/nothing");
    // Every line is a comment or `name{labels} value`.
    for (const line of text.trim().split("\n")) expect(line).toMatch(/^(# (HELP|TYPE) .+|[a-z_]+(\{[^}]*\})? -?[0-9.e+]+)$/);
  });
});
