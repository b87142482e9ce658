// POST /v1/events benchmark (spec 4.3): requests/s against raw Bun.serve reading the same JSON body
// and answering 202, measured in the same run with wrk (client on CPU 0, servers on CPU 1):
// - a new event with generate false: the doorway, the key's read, the body and its field rules,
//   and one insert that claims the key and stores the event with its answer — goal ≥ 15 % of raw
//   Bun.serve;
// - the replay of a known key: the doorway and one indexed read; the body is not read (spec 4.3.8:
//   the first answer whatever the body) — goal ≥ 40 %.
// Prints ratios (of wall-clock rates and of requests per server CPU-second); never fails on them.
//   bun scripts/bench/inbound.ts [--seconds 5] [--rounds 3] [--connections 32]
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../../test/e2e/binary-harness.ts";
import { tempDir } from "../../test/helpers/temp-dir.ts";
import type { WrkFigure } from "./server-cpu.ts";
import { benchClient, benchEnv, pin, runWrk, waitFor } from "./wrk-runner.ts";

const wrk = (url: string, lua: string, seconds: number, serverPid: number) => runWrk(url, { connections, seconds, lua, serverPid, what: "the figure would not be accepted events" });

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const seconds = Number(option("--seconds") ?? 5) || 5;
const rounds = Number(option("--rounds") ?? 3) || 3;
const connections = Number(option("--connections") ?? 32) || 32;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const root = join(import.meta.dir, "../..");

if (!Bun.which("wrk")) {
  console.error("skipped: this benchmark needs wrk (apt-get install wrk); nothing was measured");
  process.exit(2);
}
const dir = tempDir("parla-bench-inbound-");
const BODY = JSON.stringify({ type: "world.context_changed", data: { scene: "A busy fish market at dawn", source_lang: "en", target_lang: "es", level: 2, tags: ["market"] } });

/** A wrk script: every request a POST of BODY; a fresh key per request (prefixed per run), or one fixed key. */
function script(name: string, token: string, key: { fresh: string } | { fixed: string }): string {
  const path = join(dir.path, `${name}.lua`);
  const keyLine = "fresh" in key ? `counter = counter + 1\n  wrk.headers["idempotency-key"] = "${key.fresh}-" .. counter` : `wrk.headers["idempotency-key"] = "${key.fixed}"`;
  writeFileSync(
    path,
    `counter = 0
wrk.method = "POST"
wrk.body = ${JSON.stringify(BODY)}
wrk.headers["content-type"] = "application/json"
wrk.headers["authorization"] = "Bearer ${token}"
request = function()
  ${keyLine}
  return wrk.format()
end
`,
  );
  return path;
}

const procs: ReturnType<typeof Bun.spawn>[] = [];
try {
  const port = await freePort();
  const env = benchEnv(dir.path, port);
  const client = await benchClient(env, "events:write");
  procs.push(Bun.spawn(pin(1, ["bun", join(root, "src/main.ts"), "serve"]), { cwd: root, env, stdout: "ignore", stderr: "inherit" }));
  const basePort = await freePort();
  procs.push(Bun.spawn(pin(1, ["bun", join(import.meta.dir, "baseline-server.ts"), String(basePort)]), { stdout: "ignore", stderr: "inherit" }));
  const parla = `http://127.0.0.1:${port}`;
  const base = `http://127.0.0.1:${basePort}`;
  await Promise.all([waitFor(`${parla}/healthz`), waitFor(`${base}/healthz`)]);
  const exchanged = await fetch(`${parla}/oauth/token`, {
    method: "POST",
    headers: { authorization: `Basic ${btoa(`${client.client_id}:${client.client_secret}`)}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  const token = ((await exchanged.json()) as { access_token: string }).access_token;
  const known = await fetch(`${parla}/v1/events`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": "known" }, body: BODY });
  if (known.status !== 202) throw new Error(`POST /v1/events answered ${known.status}: ${await known.text()}`);

  const [parlaPid, basePid] = [procs[0]!.pid, procs[1]!.pid];
  const replay = script("replay", token, { fixed: "known" });
  const raw = script("raw", token, { fresh: "raw" });
  const fmt = (f: WrkFigure) => `${f.rate.toFixed(0)} req/s, ${f.perCpuSecond.toFixed(0)} req/CPU-s`;
  console.log(`wrk -t1 -c${connections} -d${seconds}s, client on CPU 0, servers on CPU 1, ${rounds} rounds; raw Bun.serve reading the same body is the baseline`);
  await wrk(`${base}/v1/events`, raw, 2, basePid);
  await wrk(`${parla}/v1/events`, script("warm", token, { fresh: "warm" }), 2, parlaPid);
  const ratios = { fresh: [] as number[], replay: [] as number[], freshCpu: [] as number[], replayCpu: [] as number[] };
  for (let round = 1; round <= rounds; round++) {
    const baseline = await wrk(`${base}/v1/events`, raw, seconds, basePid);
    const fresh = await wrk(`${parla}/v1/events`, script(`fresh-${round}`, token, { fresh: `round${round}` }), seconds, parlaPid);
    const again = await wrk(`${parla}/v1/events`, replay, seconds, parlaPid);
    ratios.fresh.push(fresh.rate / baseline.rate);
    ratios.replay.push(again.rate / baseline.rate);
    ratios.freshCpu.push(fresh.perCpuSecond / baseline.perCpuSecond);
    ratios.replayCpu.push(again.perCpuSecond / baseline.perCpuSecond);
    console.log(`round ${round}: raw Bun.serve ${fmt(baseline)}; new event ${fmt(fresh)}; replay ${fmt(again)}`);
  }
  console.log(`new event (generate false): ratio ${median(ratios.fresh).toFixed(3)} wall, ${median(ratios.freshCpu).toFixed(3)} per CPU-s (goal ≥ 0.15)`);
  console.log(`replay of a known key: ratio ${median(ratios.replay).toFixed(3)} wall, ${median(ratios.replayCpu).toFixed(3)} per CPU-s (goal ≥ 0.40)`);
} finally {
  for (const p of procs) p.kill();
  await Promise.all(procs.map((p) => p.exited));
  dir.cleanup();
}
