// HTTP benchmark: requests/s of Parla's /healthz and a JSON 404 against raw Bun.serve,
// measured in the same run with wrk on one CPU and the server on the other; then the binary's
// start-up time to the first 200 and its idle RSS. Prints ratios; never fails on absolute numbers.
//   bun scripts/bench/http.ts [--seconds 5] [--binary dist/parla]
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { freePort } from "../../test/e2e/binary-harness.ts";
import { tempDir } from "../../test/helpers/temp-dir.ts";

const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf("--seconds") + 1] || 5) || 5;
const binary = resolve(args.includes("--binary") ? args[args.indexOf("--binary") + 1]! : join(import.meta.dir, "../../dist/parla"));
if (!Bun.which("wrk")) {
  console.error("wrk is needed: apt-get install wrk");
  process.exit(2);
}
if (!existsSync(binary)) {
  console.error(`no binary at ${binary}: run scripts/build first`);
  process.exit(2);
}
const pin = (cpu: number, cmd: string[]) => (Bun.which("taskset") ? ["taskset", "-c", String(cpu), ...cmd] : cmd);

async function waitFor(url: string, timeoutMs = 10_000): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).status === 200) return performance.now() - start;
    } catch {}
    await Bun.sleep(2);
  }
  throw new Error(`${url} did not answer`);
}

async function wrk(url: string): Promise<number> {
  const p = Bun.spawn(pin(0, ["wrk", "-t1", "-c64", `-d${seconds}s`, url]), { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(p.stdout).text();
  await p.exited;
  const m = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!m) throw new Error(`wrk output not understood:\n${out}`);
  return Number(m[1]);
}

function rssMb(pid: number): number {
  const status = require("node:fs").readFileSync(`/proc/${pid}/status`, "utf8") as string;
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const dir = tempDir("parla-bench-");
const basePort = await freePort();
const baseline = Bun.spawn(pin(1, ["bun", join(import.meta.dir, "baseline-server.ts"), String(basePort)]), { stdout: "ignore", stderr: "inherit" });
const parlaPort = await freePort();
const started = performance.now();
const parla = Bun.spawn(pin(1, [binary, "serve"]), {
  cwd: dir.path,
  env: { PATH: process.env.PATH ?? "", PARLA_HOST: "127.0.0.1", PARLA_PORT: String(parlaPort), PARLA_LOG_LEVEL: "warn" },
  stdout: "ignore",
  stderr: "inherit",
});
try {
  await waitFor(`http://127.0.0.1:${parlaPort}/healthz`);
  const firstOk = performance.now() - started;
  await waitFor(`http://127.0.0.1:${basePort}/healthz`);
  await Bun.sleep(500);
  const idle = rssMb(parla.pid);
  const rows: [string, number, number][] = [];
  for (const path of ["/healthz", "/v1/no-such-route"]) {
    await wrk(`http://127.0.0.1:${basePort}${path}`); // warm-up
    const base = await wrk(`http://127.0.0.1:${basePort}${path}`);
    await wrk(`http://127.0.0.1:${parlaPort}${path}`);
    const ours = await wrk(`http://127.0.0.1:${parlaPort}${path}`);
    rows.push([path, base, ours]);
  }
  console.log(`wrk -t1 -c64 -d${seconds}s, client on CPU 0, servers on CPU 1`);
  for (const [path, base, ours] of rows) {
    console.log(`${path.padEnd(20)} Bun.serve ${base.toFixed(0).padStart(8)} req/s   Parla ${ours.toFixed(0).padStart(8)} req/s   ratio ${(ours / base).toFixed(2)} (goal ≥ 0.70)`);
  }
  console.log(`start-up to first 200: ${firstOk.toFixed(0)} ms (goal < 500 ms)`);
  console.log(`idle RSS after start: ${idle.toFixed(1)} MB (goal < 120 MB)`);
} finally {
  parla.kill();
  baseline.kill();
  await Promise.all([parla.exited, baseline.exited]);
  dir.cleanup();
}
