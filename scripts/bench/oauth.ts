// OAuth benchmark (issue 4): client-credentials exchanges/s and authenticated /v1/ requests/s of
// the built binary, against raw Bun.serve and against node-oidc-provider (client credentials) in
// the same run. wrk on CPU 0, servers on CPU 1. Prints ratios; never fails on absolute numbers.
//   bun scripts/bench/oauth.ts [--seconds 5]
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, runCli } from "../../test/e2e/binary-harness.ts";
import { tempDir } from "../../test/helpers/temp-dir.ts";

const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf("--seconds") + 1] || 5) || 5;
const binary = join(import.meta.dir, "../../dist/parla");
if (!Bun.which("wrk") || !existsSync(binary)) {
  console.error("needs wrk (apt-get install wrk) and dist/parla (scripts/build)");
  process.exit(2);
}
const pin = (cpu: number, cmd: string[]) => (Bun.which("taskset") ? ["taskset", "-c", String(cpu), ...cmd] : cmd);
const dir = tempDir("parla-bench-");

async function waitFor(url: string) {
  for (let i = 0; i < 500; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await Bun.sleep(20);
    }
  }
  throw new Error(`${url} did not answer`);
}

async function wrk(url: string, lua?: string): Promise<number> {
  const cmd = ["wrk", "-t1", "-c32", `-d${seconds}s`, ...(lua ? ["-s", lua] : []), url];
  const p = Bun.spawn(pin(0, cmd), { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(p.stdout).text();
  await p.exited;
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (non2xx) console.warn(`  (${non2xx[1]} non-2xx answers from ${url})`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
}

function luaScript(name: string, method: string, headers: Record<string, string>, body?: string): string {
  const path = join(dir.path, name);
  const lines = [`wrk.method = "${method}"`, ...Object.entries(headers).map(([k, v]) => `wrk.headers["${k}"] = "${v}"`), body ? `wrk.body = "${body}"` : ""];
  writeFileSync(path, lines.join("\n") + "\n");
  return path;
}

const procs: ReturnType<typeof Bun.spawn>[] = [];
try {
  const parlaPort = await freePort();
  const env = {
    PATH: process.env.PATH ?? "",
    PARLA_HOST: "127.0.0.1",
    PARLA_PORT: String(parlaPort),
    PARLA_BASE_URL: `http://127.0.0.1:${parlaPort}`,
    PARLA_LOG_LEVEL: "warn",
    PARLA_RATE_LIMIT_TOKEN_PER_CLIENT_PER_HOUR: "10000000",
    PARLA_RATE_LIMIT_TOKEN_PER_ADDRESS_PER_MINUTE: "10000000",
    PARLA_RATE_LIMIT_API_PER_CLIENT_PER_MINUTE: "10000000",
  };
  const user = JSON.parse((await runCli(["admin", "user", "create", "--email", "bench@example.com", "--password", "correct horse battery staple", "--plan", "paid", "--json"], { cwd: dir.path, env })).stdout);
  const client = JSON.parse((await runCli(["admin", "client", "create", "--account", user.account_id, "--name", "bench", "--scopes", "usage:read", "--billing", "allowance", "--json"], { cwd: dir.path, env })).stdout);
  procs.push(Bun.spawn(pin(1, [binary, "serve"]), { cwd: dir.path, env, stdout: "ignore", stderr: "inherit" }));
  const basePort = await freePort();
  procs.push(Bun.spawn(pin(1, ["bun", join(import.meta.dir, "baseline-server.ts"), String(basePort)]), { stdout: "ignore", stderr: "inherit" }));
  const peerPort = await freePort();
  procs.push(Bun.spawn(pin(1, ["node", join(import.meta.dir, "oidc-provider-peer.mjs"), String(peerPort)]), { stdout: "ignore", stderr: "inherit" }));
  await Promise.all([waitFor(`http://127.0.0.1:${parlaPort}/healthz`), waitFor(`http://127.0.0.1:${basePort}/healthz`), waitFor(`http://127.0.0.1:${peerPort}/.well-known/openid-configuration`)]);

  const basicParla = Buffer.from(`${client.client_id}:${client.client_secret}`).toString("base64");
  const basicPeer = Buffer.from("bench:bench-secret-bench-secret-bench-secret").toString("base64");
  const form = "application/x-www-form-urlencoded";
  const parlaExchange = luaScript("parla.lua", "POST", { authorization: `Basic ${basicParla}`, "content-type": form }, "grant_type=client_credentials");
  const peerExchange = luaScript("peer.lua", "POST", { authorization: `Basic ${basicPeer}`, "content-type": form }, "grant_type=client_credentials&scope=usage:read");
  const token = (await (await fetch(`http://127.0.0.1:${parlaPort}/oauth/token`, { method: "POST", headers: { authorization: `Basic ${basicParla}`, "content-type": form }, body: "grant_type=client_credentials" })).json()) as { access_token: string };
  const usageRoute = (await fetch(`http://127.0.0.1:${parlaPort}/v1/usage`, { headers: { authorization: `Bearer ${token.access_token}` } })).status === 200 ? "/v1/usage" : null;
  const bearer = luaScript("bearer.lua", "GET", { authorization: `Bearer ${token.access_token}` });

  await wrk(`http://127.0.0.1:${parlaPort}/oauth/token`, parlaExchange);
  const parlaRate = await wrk(`http://127.0.0.1:${parlaPort}/oauth/token`, parlaExchange);
  await wrk(`http://127.0.0.1:${peerPort}/token`, peerExchange);
  const peerRate = await wrk(`http://127.0.0.1:${peerPort}/token`, peerExchange);
  const baseRate = await wrk(`http://127.0.0.1:${basePort}/healthz`);
  console.log(`wrk -t1 -c32 -d${seconds}s, client on CPU 0, servers on CPU 1`);
  console.log(`client_credentials exchanges/s: Parla ${parlaRate.toFixed(0)}, node-oidc-provider ${peerRate.toFixed(0)}, ratio ${(parlaRate / peerRate).toFixed(2)}× (goal ≥ 2×)`);
  console.log(`  Parla exchanges vs raw Bun.serve /healthz (${baseRate.toFixed(0)} req/s): ${(parlaRate / baseRate).toFixed(3)}`);
  if (usageRoute) {
    const authed = await wrk(`http://127.0.0.1:${parlaPort}${usageRoute}`, bearer);
    console.log(`authenticated GET ${usageRoute} req/s: ${authed.toFixed(0)}, vs raw Bun.serve ${(authed / baseRate).toFixed(3)}`);
  } else {
    console.log("GET /v1/usage is not available in this build: authenticated-request figure skipped");
  }
} finally {
  for (const p of procs) p.kill();
  await Promise.all(procs.map((p) => p.exited));
  dir.cleanup();
}
