// /v1 benchmark (spec 4.2; DESIGN §3): requests/s of an authenticated /v1 read through the doorway
// against raw Bun.serve, measured in the same run with wrk, the client pinned to CPU 0 and the
// servers to CPU 1. Figures:
// - Parla's /healthz: the floor every request pays (Bun.serve → the app, its global hooks);
// - "doorway + small indexed read": a probe route added by api-server.ts — bearer lookup, scope,
//   version, rate limit, the charge of lesson_plan.read, then one read of a row by its primary key;
//   goal ≥ 40 % of raw Bun.serve;
// - GET /v1/usage: the doorway and the usage report from the monthly rollup; goal ≥ 30 %;
// - GET /v1/lesson-plans/{id}: the doorway and a finished plan's stored answer, one row by its key
//   (~15 KB of JSON); goal ≥ 30 % of raw Bun.serve's /healthz. Also printed against raw Bun.serve
//   answering the same bytes from memory (GET /body), which shows what the plan's size costs even
//   with no work behind it.
// The host's speed drifts by up to 2× within a minute on a shared machine, so each Parla run sits
// between two baseline runs and is divided by their mean, rather than by one baseline run made
// half a minute earlier.
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
  console.log("Each Parla figure is divided by the mean of the baseline runs just before and just after it (the host's speed drifts within a round); ratios are medians of the rounds, per wall second (wrk) and per CPU-second of the server.");
  const probeUrl = `${parla}/v1/bench/indexed-read`;
  const [parlaPid, basePid] = [procs[0]!.pid, procs[1]!.pid];
  const fmt = (f: WrkFigure) => `${f.rate.toFixed(0)} req/s, ${f.perCpuSecond.toFixed(0)} req/CPU-s`;
  const targets = { floor: [`${parla}/healthz`], probe: [probeUrl, bearer], usage: [`${parla}/v1/usage`, bearer], plan: [`${parla}${planPath}`, bearer] } as const;
  type Target = keyof typeof targets;
  const bare = (url: string, connections: number) => wrk(url, connections, seconds, undefined, basePid);
  const ours = (target: Target, connections: number) => wrk(targets[target][0], connections, seconds, targets[target][1], parlaPid);
  for (const connections of connectionCounts) {
    for (const url of [base, baseBody]) await wrk(url, connections, 2); // warm-up
    for (const target of Object.keys(targets) as Target[]) await wrk(targets[target][0], connections, 2, targets[target][1]);
    const ratios: Record<string, { wall: number[]; cpu: number[] }> = {};
    const keep = (name: string, figure: WrkFigure, before: WrkFigure, after: WrkFigure) => {
      const entry = (ratios[name] ??= { wall: [], cpu: [] });
      entry.wall.push((2 * figure.rate) / (before.rate + after.rate));
      entry.cpu.push((2 * figure.perCpuSecond) / (before.perCpuSecond + after.perCpuSecond));
    };
    for (let round = 1; round <= rounds; round++) {
      // raw, floor, raw, probe, raw, usage, raw, plan, raw; then the plan between two runs of raw answering its bytes.
      const line: string[] = [];
      let before = await bare(base, connections);
      line.push(`raw Bun.serve ${fmt(before)}`);
      for (const target of Object.keys(targets) as Target[]) {
        const figure = await ours(target, connections);
        const after = await bare(base, connections);
        keep(target, figure, before, after);
        line.push(`${target} ${fmt(figure)}`, `raw ${fmt(after)}`);
        before = after;
      }
      const bodyBefore = await bare(baseBody, connections);
      const plan = await ours("plan", connections);
      const bodyAfter = await bare(baseBody, connections);
      keep("planVsBody", plan, bodyBefore, bodyAfter);
      line.push(`raw Bun.serve, the plan's bytes ${fmt(bodyBefore)}`, `plan ${fmt(plan)}`, `raw, the plan's bytes ${fmt(bodyAfter)}`);
      console.log(`-c${connections} round ${round}: ${line.join("; ")}`);
    }
    const report = (name: string, label: string, goal = "") => {
      const { wall, cpu } = ratios[name]!;
      const all = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(" ");
      console.log(`-c${connections}: ${label} ratio ${median(wall).toFixed(3)} wall (${all(wall)}), ${median(cpu).toFixed(3)} per CPU-s (${all(cpu)})${goal}`);
    };
    report("floor", "Parla's /healthz (the app's own floor: routing and the hooks every request passes)");
    report("probe", "doorway + small indexed read (probe route)", " (goal ≥ 0.40)");
    report("usage", "GET /v1/usage", " (goal ≥ 0.30)");
    report("plan", `GET /v1/lesson-plans/{id} (${planBytes} bytes) against raw /healthz`, " (goal ≥ 0.30)");
    report("planVsBody", `GET /v1/lesson-plans/{id} (${planBytes} bytes) against raw Bun.serve answering the same bytes from memory`);
  }
} finally {
  for (const p of procs) p.kill();
  await Promise.all(procs.map((p) => p.exited));
  dir.cleanup();
}
