// CPU per authenticated /v1 read, in process: `app.handle` of GET /v1/lesson-plans/{id} (a complete
// plan's stored answer), of the doorway answering a tiny body and of the doorway plus one small
// indexed read, next to the plan's bytes answered with no app at all. Timed with process.cpuUsage,
// the best of three rounds, `--in-flight` requests at a time (32: as many as wrk's connections, so
// the store's shared reads batch as they do under load). Steadier than wrk on a shared machine;
// the bar itself is scripts/bench/api.ts.
//   bun scripts/bench/plan-read-cpu.ts [--requests 20000] [--in-flight 32] [--only plan]
import { join } from "node:path";
import { t } from "elysia";
import { createUser } from "../../src/accounts/service.ts";
import { createApp } from "../../src/app.ts";
import { createClient } from "../../src/clients/service.ts";
import { compose } from "../../src/compose.ts";
import { loadConfig } from "../../src/config/config.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { SCOPES } from "../../src/lib/scopes.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore } from "../../src/store/open-store.ts";
import { tempDir } from "../../test/helpers/temp-dir.ts";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const REQUESTS = Number(option("requests") ?? 20_000);
const IN_FLIGHT = Number(option("in-flight") ?? 32);
const ONLY = option("only");

const dir = tempDir("parla-bench-plan-cpu-");
const config = loadConfig({ PARLA_DATABASE_URL: `file:${join(dir.path, "parla.db")}`, PARLA_BASE_URL: "http://localhost", PARLA_RATE_LIMIT_API_PER_CLIENT_PER_MINUTE: "10000000" });
const store = openStore(config.databaseUrl);
await migrate(store.client, Date.now());
const { deps } = await compose(config, store, createLogger("error"), systemClock);
const declared = { scope: "lesson_plans:read", operation: "lesson_plan.read", summary: "probe", tags: ["bench"], hidden: true } as const;
const probe = deps.v1
  .plugin("bench")
  .get("/v1/bench/doorway", { ...declared, response: { 200: t.Object({ ok: t.Boolean() }) } }, () => ({ ok: true }))
  .get("/v1/bench/indexed-read", { ...declared, response: { 200: t.Object({ id: t.String(), name: t.String() }) } }, async ({ caller }) => {
    const [row] = await deps.store.read("SELECT id, name FROM clients WHERE id = ?", [caller.clientId]);
    return { id: row![0] as string, name: row![1] as string };
  }).elysia;
const app = createApp(deps).use(probe);

const now = Date.now();
const user = await createUser(deps.store.db, now, { email: "bench@example.com", password: "correct horse battery staple" });
const client = await createClient(deps.store.db, now, { accountId: user.accountId, name: "Bench", type: "confidential", scopes: [...SCOPES], billingMode: "allowance", redirectUris: [] });
const exchanged = await app.handle(
  new Request("http://localhost/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Basic " + btoa(`${client.client.id}:${client.secret}`) },
    body: "grant_type=client_credentials",
  }),
);
const token = ((await exchanged.json()) as { access_token: string }).access_token;
const headers = { authorization: `Bearer ${token}` };
const created = await app.handle(
  new Request("http://localhost/v1/lesson-plans", {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ source_lang: "en", target_lang: "es", level: 3, topic: "at the market" }),
  }),
);
const planId = ((await created.json()) as { id: string }).id;
await deps.scheduler.drain();
const planUrl = `http://localhost/v1/lesson-plans/${planId}`;

async function runMany(run: () => Promise<unknown>, count: number): Promise<void> {
  let left = count;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (left-- > 0) await run();
    }),
  );
}

/** µs of CPU per request: the best of three rounds after a warm-up (the first rounds still compile). */
async function cpuPerRequest(url: string, via: (r: Request) => Promise<Response> | Response, init: RequestInit = { headers }): Promise<{ us: number; bytes: number }> {
  const body = await (await via(new Request(url, init))).arrayBuffer();
  const run = async () => {
    const res = await via(new Request(url, init));
    if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  await runMany(run, 5000);
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    Bun.gc(true);
    const start = process.cpuUsage();
    await runMany(run, REQUESTS);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / REQUESTS);
  }
  return { us: best, bytes: body.byteLength };
}

const viaApp = (r: Request) => app.handle(r);
const plan = await cpuPerRequest(planUrl, viaApp);
if (ONLY === "plan") {
  console.log(`GET /v1/lesson-plans/{id} (${plan.bytes} bytes): ${plan.us.toFixed(1)} µs CPU per request`);
  process.exit(0);
}
const bytes = new Uint8Array(await (await viaApp(new Request(planUrl, { headers }))).arrayBuffer());
const memory = await cpuPerRequest(planUrl, () => new Response(bytes, { headers: { "content-type": "application/json" } }));
const doorway = await cpuPerRequest("http://localhost/v1/bench/doorway", viaApp);
const indexed = await cpuPerRequest("http://localhost/v1/bench/indexed-read", viaApp);
const health = await cpuPerRequest("http://localhost/healthz", viaApp, {});

console.log(`${REQUESTS} requests in process, ${IN_FLIGHT} in flight, µs CPU per request:`);
console.log(`  the plan's ${plan.bytes} bytes from memory, no app   ${memory.us.toFixed(1)}`);
console.log(`  /healthz through the app                ${health.us.toFixed(1)}`);
console.log(`  doorway, tiny answer                    ${doorway.us.toFixed(1)}`);
console.log(`  doorway + small indexed read            ${indexed.us.toFixed(1)}`);
console.log(`  GET /v1/lesson-plans/{id}              ${plan.us.toFixed(1)}`);
store.close();
dir.cleanup();
process.exit(0);
