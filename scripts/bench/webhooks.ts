// Webhooks benchmark (bar: durable deliveries ≥ 20 % of a raw signed fetch loop; p99 event-to-
// delivery latency under 100 ms with a fast receiver). One HTTPS receiver in a child process, a
// test CA made with openssl, and in the same run:
// 1. Raw loop: sign (HMAC-SHA256) and POST with fetch, concurrency 32, nothing recorded.
// 2. Parla: events recorded in transactions of 200 through the product's recorder; the outbox
//    rows are claimed, signed, sent, and every attempt recorded (retries would be scheduled) by
//    the delivery worker — measured from the first record until the receiver has them all.
// 3. Latency: one event every 10 ms, each in its own transaction; commit → receiver's first sight.
// Prints ratios and latencies; never fails on absolute times.
//   bun scripts/bench/webhooks.ts [--events 20000] [--raw 20000]
import { join } from "node:path";
import { createUser } from "../../src/accounts/service.ts";
import { createClient } from "../../src/clients/service.ts";
import { compose } from "../../src/compose.ts";
import { loadConfig } from "../../src/config/config.ts";
import { silentLogger } from "../../src/lib/logger.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore } from "../../src/store/open-store.ts";
import { createEndpoint } from "../../src/webhooks/endpoints.ts";
import { newSigningSecret, signEntry, signingKey } from "../../src/webhooks/signature.ts";
import { makeTestCertificates } from "../../test/helpers/https-receiver.ts";
import { tempDir } from "../../test/helpers/temp-dir.ts";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const EVENTS = flag("events", 20_000);
const RAW = flag("raw", 20_000);

const dir = tempDir();
const certs = makeTestCertificates(dir.path);
await Bun.write(join(dir.path, "leaf-only.pem"), certs.cert);
const peer = Bun.spawn(["bun", join(import.meta.dir, "webhook-receiver-peer.ts")], { env: { ...process.env, CERT: join(dir.path, "leaf.pem"), KEY: join(dir.path, "leaf.key") }, stdout: "pipe" });
const reader = peer.stdout.getReader();
const port = Number(new TextDecoder().decode((await reader.read()).value).trim());
const base = `https://127.0.0.1:${port}`;
const ca = await Bun.file(certs.caFile).text();
const peerGet = async (path: string) => (await fetch(base + path, { tls: { ca } })).json() as Promise<any>;

async function rawLoop(n: number, concurrency = 32): Promise<number> {
  const key = signingKey(newSigningSecret());
  const body = JSON.stringify({ id: "parla_evt_x", type: "lesson_plan.ready", created_at: new Date().toISOString(), api_version: "v", subject: "s", data: { plan_id: "lp", status: "complete" } });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const ts = Math.floor(Date.now() / 1000);
        const id = `raw_${i}`;
        const res = await fetch(`${base}/hook`, { method: "POST", body, tls: { ca }, headers: { "content-type": "application/json", "webhook-id": id, "webhook-timestamp": String(ts), "webhook-signature": signEntry(key, id, ts, body) } });
        await res.arrayBuffer();
      }
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

await rawLoop(2_000); // warm the connections and the JIT
await fetch(base + "/reset", { tls: { ca } });
const rawRate = await rawLoop(RAW);
await fetch(base + "/reset", { tls: { ca } });

const env = { PARLA_DATABASE_URL: `file:${join(dir.path, "bench.db")}`, PARLA_WEBHOOK_ALLOW_NETWORKS: "127.0.0.0/8", PARLA_WEBHOOK_CA_FILE: certs.caFile, PARLA_LOG_LEVEL: "silent" };
const config = loadConfig(env);
const store = openStore(config.databaseUrl);
await migrate(store.client, Date.now());
const { deps, release } = await compose(config, store, silentLogger);
const user = await createUser(store.db, Date.now(), { email: "bench@example.com", password: null });
const client = await createClient(store.db, Date.now(), { accountId: user.accountId, name: "Bench", type: "confidential", scopes: ["events:read", "lesson_plans:read"], billingMode: "allowance", redirectUris: [] });
const endpoint = await createEndpoint({ db: store.db, serverKey: deps.serverKey, guard: deps.webhooks.deps.guard }, Date.now(), null, { clientId: client.client.id, url: `${base}/hook`, events: ["lesson_plan.ready"] });

async function waitFor(distinct: number): Promise<void> {
  for (;;) {
    if ((await peerGet("/count")).distinct >= distinct) return;
    await Bun.sleep(5);
  }
}

const record = (tx: Parameters<Parameters<typeof store.db.transaction>[0]>[0], i: number) => deps.events.record(tx, Date.now(), { accountId: user.accountId, type: "lesson_plan.ready", data: { plan_id: `lp_${i}`, status: "complete" } });

async function recordBurst(from: number): Promise<number> {
  const started = performance.now();
  for (let i = from; i < from + EVENTS; i += 200) {
    await store.db.transaction(async (tx) => {
      for (let j = i; j < Math.min(from + EVENTS, i + 200); j++) await record(tx, j);
    });
  }
  return performance.now() - started;
}

// 2a. Delivery alone: the outbox already holds the burst when the worker starts.
const recordedMs = await recordBurst(0);
let started = performance.now();
deps.webhooks.worker.start();
await waitFor(EVENTS);
const deliveryRate = EVENTS / ((performance.now() - started) / 1000);
// 2b. Recording and delivering at once, from the first record to the last arrival.
await fetch(base + "/reset", { tls: { ca } });
started = performance.now();
await recordBurst(EVENTS);
await waitFor(EVENTS);
const parlaRate = EVENTS / ((performance.now() - started) / 1000);

await fetch(base + "/reset", { tls: { ca } });
const committed = new Map<string, number>();
for (let i = 0; i < 300; i++) {
  const e = await store.db.transaction((tx) => record(tx, i));
  committed.set(e.id, Date.now());
  await Bun.sleep(10);
}
await waitFor(300);
const times = (await peerGet("/times")) as Record<string, number>;
const latencies = [...committed].map(([id, at]) => times[id]! - at).sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;

await deps.webhooks.worker.stop();
await release();
store.close();
peer.kill();
dir.cleanup();

console.log(`raw signed fetch loop (concurrency 32): ${Math.round(rawRate)} deliveries/s`);
console.log(`Parla durable deliveries from the outbox: ${Math.round(deliveryRate)} deliveries/s (${EVENTS} rows; recording them alone took ${Math.round(recordedMs)} ms)`);
console.log(`ratio: ${((deliveryRate / rawRate) * 100).toFixed(1)} % of the raw loop (bar: ≥ 20 %)`);
console.log(`recording and delivering at once: ${Math.round(parlaRate)} events delivered/s, ${((parlaRate / rawRate) * 100).toFixed(1)} % of the raw loop`);
console.log(`event-to-delivery latency (300 events, 10 ms apart): p50 ${pct(50)} ms, p99 ${pct(99)} ms (bar: p99 < 100 ms)`);
