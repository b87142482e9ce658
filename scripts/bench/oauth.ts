// OAuth benchmark (spec 4.1, 5.2): client-credentials exchanges/s of the built binary against
// node-oidc-provider (client credentials, its in-memory adapter) and raw Bun.serve, in the same run,
// with wrk on CPU 0 and the servers on CPU 1, at 32 and 64 connections. Each round measures every
// server once, one after the other, so a slower moment of the machine falls on all of them; the
// ratio printed is the median of the rounds'. Any non-2xx answer aborts the run: a refused exchange
// (401, 429) is far cheaper than a real one, and counting it would flatter the figure.
//   bun scripts/bench/oauth.ts [--seconds 5] [--rounds 3] [--connections 32,64] [--binary dist/parla]
import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { freePort, runCli } from "../../test/e2e/binary-harness.ts";
import { tempDir } from "../../test/helpers/temp-dir.ts";
import type { WrkFigure } from "./server-cpu.ts";
import { pin, runWrk, waitFor } from "./wrk-runner.ts";

const wrk = (url: string, connections: number, seconds: number, lua?: string, serverPid?: number) =>
  runWrk(url, { connections, seconds, lua, serverPid, what: "refused exchanges are not exchanges" });

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const seconds = Number(option("--seconds") ?? 5) || 5;
const rounds = Number(option("--rounds") ?? 3) || 3;
const connectionCounts = (option("--connections") ?? "32,64").split(",").map(Number);
const binary = resolve(option("--binary") ?? join(import.meta.dir, "../../dist/parla"));
if (!Bun.which("wrk") || !existsSync(binary)) {
  console.error("skipped: needs wrk (apt-get install wrk) and dist/parla (scripts/build)");
  process.exit(2);
}
const dir = tempDir("parla-bench-");

function luaScript(name: string, method: string, headers: Record<string, string>, body?: string): string {
  const path = join(dir.path, name);
  const lines = [`wrk.method = "${method}"`, ...Object.entries(headers).map(([k, v]) => `wrk.headers["${k}"] = "${v}"`), body ? `wrk.body = "${body}"` : ""];
  writeFileSync(path, lines.join("\n") + "\n");
  return path;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const procs: ReturnType<typeof Bun.spawn>[] = [];
try {
  const parlaPort = await freePort();
  const env = {
    PATH: process.env.PATH ?? "",
    PARLA_HOST: "127.0.0.1",
    PARLA_PORT: String(parlaPort),
    PARLA_BASE_URL: `http://127.0.0.1:${parlaPort}`,
    // An operator's production setting; at "info" every exchange also writes two log lines.
    PARLA_LOG_LEVEL: "warn",
    // Still counted on every exchange; set above what wrk sends so that no answer is a 429.
    PARLA_RATE_LIMIT_TOKEN_PER_CLIENT_PER_HOUR: "10000000",
    PARLA_RATE_LIMIT_TOKEN_PER_ADDRESS_PER_MINUTE: "10000000",
    PARLA_RATE_LIMIT_API_PER_CLIENT_PER_MINUTE: "10000000",
  };
  const cli = async (...words: string[]) => {
    const r = await runCli([...words, "--json"], { cwd: dir.path, env });
    if (r.code !== 0) throw new Error(`parla ${words.slice(0, 3).join(" ")} failed: ${r.stderr}`);
    return JSON.parse(r.stdout);
  };
  const user = await cli("admin", "user", "create", "--email", "bench@example.com", "--password", "correct horse battery staple", "--plan", "paid");
  const client = await cli("admin", "client", "create", "--account", user.account_id, "--name", "bench", "--scopes", "usage:read", "--billing", "allowance");
  procs.push(Bun.spawn(pin(1, [binary, "serve"]), { cwd: dir.path, env, stdout: "ignore", stderr: "inherit" }));
  const basePort = await freePort();
  procs.push(Bun.spawn(pin(1, ["bun", join(import.meta.dir, "baseline-server.ts"), String(basePort)]), { stdout: "ignore", stderr: "inherit" }));
  const peerPort = await freePort();
  procs.push(Bun.spawn(pin(1, ["node", join(import.meta.dir, "oidc-provider-peer.mjs"), String(peerPort)]), { stdout: "ignore", stderr: "inherit", env: { ...process.env, NODE_ENV: "production" } }));
  await Promise.all([waitFor(`http://127.0.0.1:${parlaPort}/healthz`), waitFor(`http://127.0.0.1:${basePort}/healthz`), waitFor(`http://127.0.0.1:${peerPort}/.well-known/openid-configuration`)]);

  const basicParla = Buffer.from(`${client.client_id}:${client.client_secret}`).toString("base64");
  const basicPeer = Buffer.from("bench:bench-secret-bench-secret-bench-secret").toString("base64");
  const form = "application/x-www-form-urlencoded";
  const parlaUrl = `http://127.0.0.1:${parlaPort}/oauth/token`;
  const peerUrl = `http://127.0.0.1:${peerPort}/token`;
  const parlaExchange = luaScript("parla.lua", "POST", { authorization: `Basic ${basicParla}`, "content-type": form }, "grant_type=client_credentials&scope=usage:read");
  const peerExchange = luaScript("peer.lua", "POST", { authorization: `Basic ${basicPeer}`, "content-type": form }, "grant_type=client_credentials&scope=usage:read");
  // Both answer a real exchange before anything is measured.
  for (const [url, basic] of [[parlaUrl, basicParla], [peerUrl, basicPeer]] as const) {
    const r = await fetch(url, { method: "POST", headers: { authorization: `Basic ${basic}`, "content-type": form }, body: "grant_type=client_credentials&scope=usage:read" });
    const body = (await r.json()) as { access_token?: string };
    if (r.status !== 200 || !body.access_token) throw new Error(`${url} answered ${r.status}: ${JSON.stringify(body)}`);
  }

  console.log(`wrk -t1 -d${seconds}s, client on CPU 0, servers on CPU 1, ${rounds} rounds; node ${process.versions.node ? Bun.spawnSync(["node", "--version"]).stdout.toString().trim() : "?"}, NODE_ENV=production`);
  console.log("Ratios are medians of the rounds, of exchanges per wall second (wrk) and per CPU-second of each server (steadier when other work shares the machine).");
  const [parlaPid, basePid, peerPid] = [procs[0]!.pid, procs[1]!.pid, procs[2]!.pid];
  const fmt = (f: WrkFigure) => `${f.rate.toFixed(0)}/s (${f.perCpuSecond.toFixed(0)}/CPU-s)`;
  for (const connections of connectionCounts) {
    await wrk(parlaUrl, connections, 2, parlaExchange); // warm-up: JIT and page cache
    await wrk(peerUrl, connections, 2, peerExchange);
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const parla = await wrk(parlaUrl, connections, seconds, parlaExchange, parlaPid);
      const peer = await wrk(peerUrl, connections, seconds, peerExchange, peerPid);
      const raw = await wrk(`http://127.0.0.1:${basePort}/healthz`, connections, seconds, undefined, basePid);
      ratios.push(parla.rate / peer.rate);
      cpuRatios.push(parla.perCpuSecond / peer.perCpuSecond);
      console.log(`-c${connections} round ${round}: Parla ${fmt(parla)}, node-oidc-provider ${fmt(peer)}, ratio ${(parla.rate / peer.rate).toFixed(2)}× wall, ${(parla.perCpuSecond / peer.perCpuSecond).toFixed(2)}× per CPU-s; raw Bun.serve ${fmt(raw)}`);
    }
    console.log(`-c${connections}: median ratio ${median(ratios).toFixed(2)}× wall, ${median(cpuRatios).toFixed(2)}× per CPU-s (goal ≥ 2×)`);
  }
} finally {
  for (const p of procs) p.kill();
  await Promise.all(procs.map((p) => p.exited));
  dir.cleanup();
}
