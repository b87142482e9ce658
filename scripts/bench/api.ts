// /v1 benchmark (spec 4.2; DESIGN §3): requests/s of an authenticated /v1 read through the doorway
// against raw Bun.serve, measured in the same run with wrk, the client pinned to CPU 0 and the
// servers to CPU 1. Figures:
// - Parla's /healthz: the floor every request pays (Bun.serve → the app, its global hooks);
// - "doorway + small indexed read": a probe route added by api-server.ts — bearer lookup, scope,
//   version, rate limit, the charge of lesson_plan.read, then one read of a row by its primary key;
//   goal ≥ 40 % of raw Bun.serve;
// - GET /v1/lesson-plans/{id}: the doorway and a finished plan's stored answer, one row by its key
//   (~13 KB of JSON); goal ≥ 40 % of raw Bun.serve's /healthz. Also printed against raw Bun.serve
//   answering the same bytes from memory (GET /body), which shows what the plan's size costs even
//   with no work behind it;
// - GET /v1/usage: the doorway and the usage report from the monthly rollup; goal ≥ 25 %.
// Prints ratios; never fails on absolute numbers.
//   bun scripts/bench/api.ts [--seconds 5] [--rounds 3] [--connections 32,64] [--profile DIR]
// --profile writes the Parla server's CPU profile (markdown) to DIR when the run ends.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../../test/e2e/binary-harness.ts";
import { tempDir } from "../../test/helpers/temp-dir.ts";
import type { WrkFigure } from "./server-cpu.ts";
import { benchClient, benchEnv, pin, runWrk, waitFor } from "./wrk-runner.ts";

const wrk = (url: string, connections: number, seconds: number, lua?: string, serverPid?: number) =>
  runWrk(url, { connections, seconds, lua, serverPid, what: "the figure would not be a /v1 read" });

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const seconds = Number(option("--seconds") ?? 5) || 5;
const connectionCounts = (option("--connections") ?? "32,64").split(",").map(Number);
const rounds = Number(option("--rounds") ?? 3) || 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const root = join(import.meta.dir, "../..");
const profileDir = option("--profile");

/** wrk from Debian when it is missing and we may install it; otherwise say why nothing is measured. */
async function ensureWrk(): Promise<boolean> {
  if (Bun.which("wrk")) return true;
  if (process.getuid?.() === 0 && Bun.which("apt-get")) {
    console.error("wrk is missing: installing Debian's wrk with apt-get");
    const install = Bun.spawnSync(["sh", "-c", "apt-get install -y wrk >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y wrk >/dev/null 2>&1)"]);
    if (install.exitCode === 0 && Bun.which("wrk")) return true;
  }
  console.error("skipped: this benchmark needs wrk (apt-get install wrk); nothing was measured");
  return false;
}
if (!(await ensureWrk())) process.exit(2);
if (!Bun.which("taskset")) console.warn("taskset is missing: client and servers share the CPUs, so the ratios are less meaningful");

const dir = tempDir("parla-bench-api-");

function bearerScript(token: string): string {
  const path = join(dir.path, "bearer.lua");
  writeFileSync(path, `wrk.headers["authorization"] = "Bearer ${token}"\n`);
  return path;
}

const procs: ReturnType<typeof Bun.spawn>[] = [];
try {
  const port = await freePort();
  const env = benchEnv(dir.path, port, { PARLA_RATE_LIMIT_TOKEN_PER_CLIENT_PER_HOUR: "1000" });
  const client = await benchClient(env, "usage:read lesson_plans:read lesson_plans:write");
  const profile = profileDir ? ["--cpu-prof-md", `--cpu-prof-dir=${profileDir}`] : [];
  procs.push(Bun.spawn(pin(1, ["bun", ...profile, join(import.meta.dir, "api-server.ts")]), { cwd: root, env, stdout: "ignore", stderr: "inherit" }));
  const basePort = await freePort();
  procs.push(Bun.spawn(pin(1, ["bun", join(import.meta.dir, "baseline-server.ts"), String(basePort)]), { stdout: "ignore", stderr: "inherit" }));
  const parla = `http://127.0.0.1:${port}`;
  const base = `http://127.0.0.1:${basePort}/healthz`;
  const baseBody = `http://127.0.0.1:${basePort}/body`;
  await Promise.all([waitFor(`${parla}/healthz`), waitFor(base)]);

  const exchanged = await fetch(`${parla}/oauth/token`, {
    method: "POST",
    headers: { authorization: `Basic ${btoa(`${client.client_id}:${client.client_secret}`)}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  const token = ((await exchanged.json()) as { access_token: string }).access_token;
  const bearer = bearerScript(token);
  // A finished lesson plan to read back (GET /v1/lesson-plans/{id}: the doorway, the plan row and its sets).
  const created = await fetch(`${parla}/v1/lesson-plans`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ source_lang: "en", target_lang: "es", level: 3, topic: "at the market" }),
  });
  if (created.status !== 202) throw new Error(`POST /v1/lesson-plans answered ${created.status}: ${await created.text()}`);
  const planPath = `/v1/lesson-plans/${((await created.json()) as { id: string }).id}`;
  for (let i = 0; ; i++) {
    const plan = (await (await fetch(`${parla}${planPath}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { status: string };
    if (plan.status === "complete") break;
    if (plan.status === "failed" || i > 500) throw new Error(`the plan did not complete: ${plan.status}`);
    await Bun.sleep(20);
  }
  const planBody = await (await fetch(`${parla}${planPath}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
  const planBytes = planBody.byteLength;
  // Raw Bun.serve's GET /body answers the same plan, from memory.
  await fetch(baseBody, { method: "POST", body: planBody });
  if ((await (await fetch(baseBody)).arrayBuffer()).byteLength !== planBytes) throw new Error("raw Bun.serve's /body is not the plan's answer");
  for (const path of ["/v1/bench/indexed-read", "/v1/usage", planPath]) {
    const r = await fetch(`${parla}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${await r.text()}`);
  }

  console.log(`wrk -t1 -d${seconds}s, client on CPU 0, servers on CPU 1, ${rounds} rounds; raw Bun.serve /healthz is the baseline`);
  console.log("Ratios are medians of the rounds, of requests per wall second (wrk) and of requests per CPU-second of the server (steadier when other work shares the machine).");
  const probeUrl = `${parla}/v1/bench/indexed-read`;
  const [parlaPid, basePid] = [procs[0]!.pid, procs[1]!.pid];
  const fmt = (f: WrkFigure) => `${f.rate.toFixed(0)} req/s, ${f.perCpuSecond.toFixed(0)} req/CPU-s`;
  for (const connections of connectionCounts) {
    for (const [url, lua] of [[base], [baseBody], [`${parla}/healthz`], [probeUrl, bearer], [`${parla}/v1/usage`, bearer], [`${parla}${planPath}`, bearer]] as const) await wrk(url, connections, 2, lua); // warm-up
    const ratios = { floor: [] as number[], probe: [] as number[], usage: [] as number[], plan: [] as number[], planVsBody: [] as number[], planVsBodyCpu: [] as number[], floorCpu: [] as number[], probeCpu: [] as number[], usageCpu: [] as number[], planCpu: [] as number[] };
    // Each round measures them back to back, so a busy moment of the machine falls on all of them.
    for (let round = 1; round <= rounds; round++) {
      const raw = await wrk(base, connections, seconds, undefined, basePid);
      const rawBody = await wrk(baseBody, connections, seconds, undefined, basePid);
      const floor = await wrk(`${parla}/healthz`, connections, seconds, undefined, parlaPid);
      const probe = await wrk(probeUrl, connections, seconds, bearer, parlaPid);
      const usage = await wrk(`${parla}/v1/usage`, connections, seconds, bearer, parlaPid);
      const plan = await wrk(`${parla}${planPath}`, connections, seconds, bearer, parlaPid);
      ratios.plan.push(plan.rate / raw.rate);
      ratios.planCpu.push(plan.perCpuSecond / raw.perCpuSecond);
      ratios.planVsBody.push(plan.rate / rawBody.rate);
      ratios.planVsBodyCpu.push(plan.perCpuSecond / rawBody.perCpuSecond);
      ratios.floor.push(floor.rate / raw.rate);
      ratios.floorCpu.push(floor.perCpuSecond / raw.perCpuSecond);
      ratios.probe.push(probe.rate / raw.rate);
      ratios.usage.push(usage.rate / raw.rate);
      ratios.probeCpu.push(probe.perCpuSecond / raw.perCpuSecond);
      ratios.usageCpu.push(usage.perCpuSecond / raw.perCpuSecond);
      console.log(`-c${connections} round ${round}: raw Bun.serve ${fmt(raw)}; raw Bun.serve, the plan's bytes from memory ${fmt(rawBody)}; Parla /healthz ${fmt(floor)}; doorway + small indexed read ${fmt(probe)}; GET /v1/usage ${fmt(usage)}; GET /v1/lesson-plans/{id} ${fmt(plan)}`);
    }
    console.log(`-c${connections}: Parla's /healthz (the app's own floor: routing and the hooks every request passes) ratio ${median(ratios.floor).toFixed(3)} wall, ${median(ratios.floorCpu).toFixed(3)} per CPU-s`);
    console.log(`-c${connections}: doorway + small indexed read (probe route) ratio ${median(ratios.probe).toFixed(3)} wall, ${median(ratios.probeCpu).toFixed(3)} per CPU-s (goal ≥ 0.40)`);
    console.log(`-c${connections}: GET /v1/lesson-plans/{id} (${planBytes} bytes) ratio against raw /healthz ${median(ratios.plan).toFixed(3)} wall, ${median(ratios.planCpu).toFixed(3)} per CPU-s (goal ≥ 0.40)`);
    console.log(`-c${connections}: GET /v1/lesson-plans/{id} (${planBytes} bytes) ratio against raw Bun.serve answering the same bytes from memory ${median(ratios.planVsBody).toFixed(3)} wall, ${median(ratios.planVsBodyCpu).toFixed(3)} per CPU-s`);
    console.log(`-c${connections}: GET /v1/usage ratio ${median(ratios.usage).toFixed(3)} wall, ${median(ratios.usageCpu).toFixed(3)} per CPU-s (goal ≥ 0.25)`);
  }
} finally {
  for (const p of procs) p.kill();
  await Promise.all(procs.map((p) => p.exited));
  dir.cleanup();
}
