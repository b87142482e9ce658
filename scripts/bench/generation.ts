// Generation API benchmark, on the embedded store: a Parla server (`bun src/main.ts serve`, a
// child process, pinned to CPU 1 when taskset exists) driven over HTTP from this process.
//   1. plans created and completed end to end per second: POST /v1/lesson-plans with `concurrency`
//      in flight, until every plan is `complete` (durable job, each set its own transaction,
//      lesson_plan.ready partial and complete recorded); each request is distinct, so none comes
//      from the plan library;
//   2. POST → first `set` frame on GET /v1/lesson-plans/{id}/stream, one plan at a time;
//   3. POST /v1/vocab/stream: first `item` frame past the response headers.
// Beside each, the engine-only figure of scripts/bench/engine.ts measured in the same run, and the
// ratio of the API's cost to the engine's. Never fails on time.
//   bun scripts/bench/generation.ts [--plans 2000] [--concurrency 32] [--runs 300] [--profile DIR]
// --profile DIR: the server writes a markdown CPU profile (bun --cpu-prof-md) into DIR on exit.
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openStore } from "../../src/store/open-store.ts";
import { tempDir } from "../../test/helpers/temp-dir.ts";
import { clientToken, serve } from "../../test/generation/serve-process.ts";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const plans = flag("plans", 2000);
const concurrency = Math.min(flag("concurrency", 32), 64); // ≤ 64 keep-alive connections per host (DESIGN §9)
const runs = flag("runs", 300);
const profileDir = args.includes("--profile") ? args[args.indexOf("--profile") + 1]! : null;

/** CPU time the process has used, in ms (Linux /proc; every thread of the process counts). */
function cpuMs(pid: number): number {
  const stat = require("node:fs").readFileSync(`/proc/${pid}/stat`, "utf8") as string;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

function stats(samples: number[]) {
  const sorted = samples.slice().sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return { p50: at(0.5), p99: at(0.99) };
}

// Engine-only numbers, same machine, same run.
const engineRun = Bun.spawnSync(["bun", join(import.meta.dir, "engine.ts"), "--runs", String(Math.max(100, runs)), "--json"], { stdout: "pipe", stderr: "pipe" });
const engine = JSON.parse(engineRun.stdout.toString()) as { rows: { case: string; median: number; p99: number }[] };
const engineRow = (name: string) => engine.rows.find((r) => r.case === name)!;

const dir = tempDir("parla-bench-gen-");
const server = await serve(dir.path, {
  PARLA_PAID_ALLOWANCE_CREDITS: "10000000",
  PARLA_RATE_LIMIT_API_PER_CLIENT_PER_MINUTE: "10000000",
  PARLA_RATE_LIMIT_TOKEN_PER_CLIENT_PER_HOUR: "100000",
  PARLA_LOG_LEVEL: "error",
  ...(profileDir ? { BUN_OPTIONS: `--cpu-prof-md --cpu-prof-dir=${profileDir}` } : {}),
});
const { token } = await clientToken(dir.path, server.url);
const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
const SCENES = ["A busy fish market at dawn", "Una estación de tren con mucha gente", "Un petit café près du port", "Ein Bauernhof mit Kühen", "Il castello medievale sulla collina", "Uma farmácia no centro da cidade"];
const PAIRS = [["en", "es"], ["en", "fr"], ["es", "de"], ["fr", "it"], ["de", "pt-BR"], ["it", "en"]] as const;
let serial = 0;
const planBody = () => {
  const i = serial++;
  const [source, target] = PAIRS[i % PAIRS.length]!;
  return JSON.stringify({ scene: `${SCENES[i % SCENES.length]} ${i}`, source_lang: source, target_lang: target, level: (i % 9) + 1 });
};
const post = (path: string, body: string) => fetch(`${server.url}${path}`, { method: "POST", headers: auth, body });

async function firstFrame(response: Response, event: string): Promise<number> {
  const reader = response.body!.getReader();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`stream ended before a ${event} frame`);
    text += new TextDecoder().decode(value);
    if (text.includes(`event: ${event}\n`)) {
      const at = performance.now();
      await reader.cancel();
      return at;
    }
  }
}

// Warm up: the engine's data and per-language tables, the store, the connections.
for (let i = 0; i < 60; i++) {
  const r = await post("/v1/lesson-plans", planBody());
  await r.arrayBuffer();
  await (await post("/v1/vocab/stream", JSON.stringify({ source_lang: PAIRS[i % 6]![0], target_lang: PAIRS[i % 6]![1], level: (i % 9) + 1, count: 20 }))).arrayBuffer();
}
const store = openStore(`file:${join(dir.path, "parla.db")}`);
const completeCount = async () => Number((await store.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM lesson_plans WHERE status = 'complete'`))[0]!.n);
const total = async () => Number((await store.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM lesson_plans`))[0]!.n);
while ((await completeCount()) < (await total())) await Bun.sleep(10);

// 1. Throughput, end to end.
const before = await completeCount();
const cpuBefore = cpuMs(server.pid);
const start = performance.now();
let sent = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (sent < plans) {
      sent += 1;
      const r = await post("/v1/lesson-plans", planBody());
      if (r.status !== 202) throw new Error(`POST answered ${r.status}: ${await r.text()}`);
      await r.arrayBuffer();
    }
  }),
);
const accepted = performance.now();
while ((await completeCount()) - before < plans) await Bun.sleep(5);
const elapsed = (performance.now() - start) / 1000;
const perSecond = plans / elapsed;
// The server's own CPU time per plan: what the machine's other load cannot inflate.
const cpuPerPlanMs = (cpuMs(server.pid) - cpuBefore) / plans;

// 2. POST → first set frame on the plan stream.
const toFirstSet: number[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const r = await post("/v1/lesson-plans", planBody());
  const plan = (await r.json()) as { id: string };
  const stream = await fetch(`${server.url}/v1/lesson-plans/${plan.id}/stream`, { headers: auth });
  toFirstSet.push((await firstFrame(stream, "set")) - t0);
}

// 3. Vocabulary: first item frame past the response headers.
const firstItem: number[] = [];
for (let i = 0; i < runs; i++) {
  const [source, target] = PAIRS[i % PAIRS.length]!;
  const r = await post("/v1/vocab/stream", JSON.stringify({ source_lang: source, target_lang: target, level: (i % 9) + 1, count: 20 }));
  const headersAt = performance.now();
  firstItem.push((await firstFrame(r, "item")) - headersAt);
}

store.close();
await server.kill();
dir.cleanup();

const wholePlan = engineRow("lesson plan, whole");
const firstSetEngine = engineRow("lesson plan, first set");
const firstItemEngine = engineRow("vocabulary (20), first item");
const enginePlansPerSecond = 1000 / wholePlan.median;
const setStats = stats(toFirstSet);
const itemStats = stats(firstItem);
const f = (n: number) => n.toFixed(2);
console.log(`generation API, embedded store; ${plans} plans at ${concurrency} in flight, ${runs} runs for latencies\n`);
console.log("case                                    API                      bar               engine only          API ÷ engine");
console.log(`plans end to end per second             ${perSecond.toFixed(0).padEnd(8)} /s               ≥ 500/s ${perSecond >= 500 ? "ok  " : "MISS"}     ${enginePlansPerSecond.toFixed(0).padEnd(6)} /s (1 core)    ${f(enginePlansPerSecond / perSecond)} × the time per plan`);
console.log(`plans per second of server CPU           ${(1000 / cpuPerPlanMs).toFixed(0).padEnd(8)} /s               ≥ 500/s ${1000 / cpuPerPlanMs >= 500 ? "ok  " : "MISS"}     ${enginePlansPerSecond.toFixed(0).padEnd(6)} /s (1 core)    ${f(cpuPerPlanMs / wholePlan.median)} × the engine's time per plan (${f(cpuPerPlanMs)} ms CPU per plan: HTTP, billing, job, 6 commits, 2 events)`);
console.log(`  (all ${plans} accepted after ${f((accepted - start) / 1000)} s, all complete after ${f(elapsed)} s)`);
console.log(`POST → first set frame, p50             ${f(setStats.p50).padEnd(8)} ms              < 20 ms ${setStats.p50 < 20 ? "ok  " : "MISS"}     ${f(firstSetEngine.median).padEnd(6)} ms (first set)  ${f(setStats.p50 / firstSetEngine.median)}`);
console.log(`POST → first set frame, p99             ${f(setStats.p99).padEnd(8)} ms              < 100 ms ${setStats.p99 < 100 ? "ok  " : "MISS"}    ${f(firstSetEngine.p99).padEnd(6)} ms             ${f(setStats.p99 / firstSetEngine.p99)}`);
console.log(`vocabulary: headers → first item, p50   ${f(itemStats.p50).padEnd(8)} ms              < 5 ms ${itemStats.p50 < 5 ? "ok  " : "MISS"}      ${f(firstItemEngine.median).padEnd(6)} ms             ${f(itemStats.p50 / firstItemEngine.median)}`);
console.log(`vocabulary: headers → first item, p99   ${f(itemStats.p99).padEnd(8)} ms                                ${f(firstItemEngine.p99).padEnd(6)} ms             ${f(itemStats.p99 / firstItemEngine.p99)}`);
