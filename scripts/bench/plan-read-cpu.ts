// CPU per authenticated /v1 read, in process: `app.handle` of GET /v1/lesson-plans/{id} (a complete
// plan's stored answer), of the doorway answering a tiny body and of the doorway plus one small
// indexed read, next to the plan's bytes answered with no app at all. Timed with process.cpuUsage,
// the best of three rounds, `--in-flight` requests at a time (32: as many as wrk's connections, so
// the store's shared reads batch as they do under load). Steadier than wrk on a shared machine;
// the bar itself is scripts/bench/api.ts.
//   bun scripts/bench/plan-read-cpu.ts [--requests 20000] [--in-flight 32] [--only plan]
import { t } from "elysia";
import { benchApp, cpuPerRequest as cpuPerRequestOf } from "./in-process-app.ts";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const REQUESTS = Number(option("requests") ?? 20_000);
const IN_FLIGHT = Number(option("in-flight") ?? 32);
const ONLY = option("only");

const declared = { scope: "lesson_plans:read", operation: "lesson_plan.read", summary: "probe", tags: ["bench"], hidden: true } as const;
const { app, deps, headers, cleanup } = await benchApp("plan-cpu", (deps) =>
  deps.v1
    .plugin("bench")
    .get("/v1/bench/doorway", { ...declared, response: { 200: t.Object({ ok: t.Boolean() }) } }, () => ({ ok: true }))
    .get("/v1/bench/indexed-read", { ...declared, response: { 200: t.Object({ id: t.String(), name: t.String() }) } }, async ({ caller }) => {
      const [row] = await deps.store.read("SELECT id, name FROM clients WHERE id = ?", [caller.clientId]);
      return { id: row![0] as string, name: row![1] as string };
    }).elysia,
);
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

/** µs of CPU per request (see in-process-app.ts) and the answer's size. */
async function cpuPerRequest(url: string, via: (r: Request) => Promise<Response> | Response, init: RequestInit = { headers }): Promise<{ us: number; bytes: number }> {
  const { us, body } = await cpuPerRequestOf(() => new Request(url, init), via, REQUESTS, IN_FLIGHT);
  return { us, bytes: body.byteLength };
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
cleanup();
process.exit(0);
