// At least once across a crash (spec 6.4.6; DESIGN §4): a Parla process is SIGKILLed in the middle
// of a burst of 2,000 deliveries and started again; every delivery arrives, none is lost, and the
// duplicates (attempts the crash cut off before they were recorded) are counted and reported.
import { afterAll, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { join } from "node:path";
import { createUser } from "../../src/accounts/service.ts";
import { createClient } from "../../src/clients/service.ts";
import { compose } from "../../src/compose.ts";
import { loadConfig } from "../../src/config/config.ts";
import { silentLogger } from "../../src/lib/logger.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore } from "../../src/store/open-store.ts";
import { createEndpoint } from "../../src/webhooks/endpoints.ts";
import { webhookDeliveries } from "../../src/webhooks/schema.ts";
import { startHttpsReceiver } from "../helpers/https-receiver.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const main = join(import.meta.dir, "../../src/main.ts");
const receiver = startHttpsReceiver(async () => {
  await Bun.sleep(2);
  return new Response("ok");
});
const dir = tempDir();
afterAll(() => {
  receiver.cleanup();
  dir.cleanup();
});

const BURST = 2_000;

async function startParla(env: Record<string, string>) {
  const proc = Bun.spawn(["bun", main, "serve"], { env: { PATH: process.env.PATH ?? "", HOME: dir.path, ...env }, stdout: "ignore", stderr: "pipe" });
  const url = `http://127.0.0.1:${env.PARLA_PORT}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { proc, url };
    } catch {
      // not listening yet
    }
    await Bun.sleep(50);
  }
  throw new Error("parla did not start: " + (await new Response(proc.stderr).text()));
}

test("SIGKILL mid-burst, restart: all 2,000 arrive at least once; duplicates counted", async () => {
  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  const env = { PARLA_DATABASE_URL: `file:${join(dir.path, "crash.db")}`, PARLA_PORT: port, PARLA_HOST: "127.0.0.1", PARLA_LOG_LEVEL: "silent", PARLA_DEV_CLOCK: "1", PARLA_WEBHOOK_ALLOW_NETWORKS: "127.0.0.0/8", PARLA_WEBHOOK_CA_FILE: receiver.caFile, PARLA_SECRET_KEY: "k".repeat(40) };
  const config = loadConfig(env);
  const store = openStore(config.databaseUrl);
  await migrate(store.client, Date.now());
  // The events are recorded by this process through the product's recorder and outbox hook; the
  // Parla server process delivers them.
  const { deps } = await compose(config, store, silentLogger);
  const user = await createUser(store.db, Date.now(), { email: "burst@example.com", password: null });
  const client = await createClient(store.db, Date.now(), { accountId: user.accountId, name: "Burst", type: "confidential", scopes: ["events:read", "lesson_plans:read"], billingMode: "allowance", redirectUris: [] });
  const endpoint = await createEndpoint({ db: store.db, serverKey: deps.serverKey, guard: deps.webhooks.deps.guard }, Date.now(), null, { clientId: client.client.id, url: `https://127.0.0.1:${receiver.port}/hook`, events: ["lesson_plan.ready"] });

  let parla = await startParla(env);
  const ids = new Set<string>();
  for (let i = 0; i < BURST; i += 100) {
    await store.db.transaction(async (tx) => {
      for (let j = i; j < i + 100; j++) ids.add((await deps.events.record(tx, Date.now(), { accountId: user.accountId, type: "lesson_plan.ready", data: { plan_id: `lp_${j}`, status: "complete" } })).id);
    });
  }
  // Kill once part of the burst has arrived.
  for (let i = 0; i < 400 && receiver.received.length < BURST / 4; i++) await Bun.sleep(25);
  parla.proc.kill("SIGKILL");
  await parla.proc.exited;
  const beforeCrash = new Set(receiver.received.map((r) => r.headers["webhook-id"])).size;
  expect(beforeCrash).toBeGreaterThan(0);
  expect(beforeCrash).toBeLessThan(BURST);

  parla = await startParla(env);
  // The killed process's leases (10 s, DELIVERY_LEASE_MS) expire: 11 s on the restarted process's
  // clock resumes its unrecorded attempts, inside the 15 s the README promises.
  await fetch(`${parla.url}/_dev/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advance_seconds: 11 }) });
  const distinct = () => new Set(receiver.received.map((r) => r.headers["webhook-id"])).size;
  for (let i = 0; i < 600 && distinct() < BURST; i++) await Bun.sleep(50);
  parla.proc.kill("SIGTERM");
  await parla.proc.exited;

  const received = receiver.received.map((r) => r.headers["webhook-id"]!);
  expect(new Set(received)).toEqual(ids);
  const duplicates = received.length - ids.size;
  const [states] = await store.db.select({ ok: sql<number>`sum(${webhookDeliveries.state} = 'succeeded')`, n: sql<number>`count(*)` }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.endpoint.id));
  expect(states).toEqual({ ok: BURST, n: BURST });
  console.log(`crash recovery: ${BURST} deliveries, ${beforeCrash} arrived before SIGKILL, ${duplicates} duplicate(s) after restart`);
  store.close();
}, 60_000);
