// Billing benchmark (spec 5.6): what the per-call accounting adds to an authenticated /v1/
// request, against the same route without it, measured in the same run. Probe routes on an app
// built with createApp on a temporary store:
//   /v1/bench/plain            authenticate only (the baseline)
//   /v1/bench/counted          authenticate + chargeCall of a zero-credit call (what most calls pay)
//   /v1/bench/counted-metered  the same for a metered client (is billing active? read on every call)
//   /v1/bench/credits          authenticate + chargeCall of a credit-spending call (allowance)
//   /v1/bench/credits-metered  the same for a metered client (both spending limits checked)
//   /v1/bench/vocab            authenticate + what a vocabulary call does: the built-in engine's
//                              10-item list for en→es level 3, as JSON (the baseline for the next two)
//   /v1/bench/vocab-charged    the same, charged 3 credits to the allowance (vocab.generate)
//   /v1/bench/vocab-charged-metered  the same for a metered client
// A credit-spending call is one write transaction (src/billing/spend.ts): the payer's settings read,
// the conditional spend, the usage rows. Zero-credit calls are counted in memory and written behind.
// 1. HTTP: the server runs in a child process (pinned to CPU 1 when taskset exists), driven with
//    fetch from this process (CPU 0) over keep-alive connections, in alternating bounded rounds.
// 2. In-process: app.handle() one request at a time, no network — the accounting's own cost.
// Prints ratios; never fails on absolute times.
//   bun scripts/bench/billing.ts [--requests 4000] [--rounds 7] [--concurrency 32]
import { join } from "node:path";
import { createUser } from "../../src/accounts/service.ts";
import { setPlan } from "../../src/billing/plans.ts";
import { createApp } from "../../src/app.ts";
import { compose } from "../../src/compose.ts";
import { setMeteredActive } from "../../src/billing/metered-settings.ts";
import { createClient } from "../../src/clients/service.ts";
import { loadConfig } from "../../src/config/config.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore } from "../../src/store/open-store.ts";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { tempDir } from "../../test/helpers/temp-dir.ts";

const VARIANTS = ["plain", "counted", "counted-metered", "credits", "credits-metered", "vocab", "vocab-charged", "vocab-charged-metered"] as const;
type Variant = (typeof VARIANTS)[number];

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const requests = flag("requests", 4000);
const rounds = flag("rounds", 7);
const concurrency = Math.min(flag("concurrency", 32), 64); // fetch keeps ≤ 64 idle connections per host (DESIGN §9)
const pin = (cpu: number, cmd: string[]) => (Bun.which("taskset") ? ["taskset", "-c", String(cpu), ...cmd] : cmd);

/** An app with the probe routes, an allowance client and a metered client, and a token for each. */
async function buildBenchApp(dbPath: string) {
  const config = loadConfig({ PARLA_DATABASE_URL: `file:${dbPath}`, PARLA_BASE_URL: "http://127.0.0.1", PARLA_LOG_LEVEL: "warn" }, {
    // Enough credits that no round ever runs out, and no rate limit in the way.
    freeAllowanceCredits: 10_000_000,
    paidAllowanceCredits: 10_000_000,
    rateLimitApiPerClientPerMinute: 10_000_000,
    rateLimitTokenPerClientPerHour: 10_000_000,
    rateLimitTokenPerAddressPerMinute: 10_000_000,
  });
  const store = openStore(config.databaseUrl);
  await migrate(store.client);
  const { deps } = await compose(config, store, createLogger("warn"), systemClock);
  const app = createApp(deps);
  const engine = createBuiltinEngine();
  const vocabulary = async () => {
    const items = [];
    for await (const item of engine.vocabulary({ source_lang: "en", target_lang: "es", level: 3, topic: "market", count: 10 })) items.push(item);
    return { items };
  };
  // Every probe passes the /v1 doorway (authentication, scope, version, rate limit) with the
  // operation it names, so the numbers are those of a real route's accounting.
  const bench = deps.v1.plugin("bench");
  const declare = (operation: "usage.read" | "tutor.turn" | "vocab.generate" | null) => ({ scope: "usage:read" as const, operation, summary: "bench", tags: ["bench"], hidden: true });
  bench
    .get("/v1/bench/vocab", declare(null), vocabulary)
    .get("/v1/bench/vocab-charged", declare("vocab.generate"), vocabulary)
    .get("/v1/bench/vocab-charged-metered", declare("vocab.generate"), vocabulary)
    .get("/v1/bench/plain", declare(null), () => ({ ok: true }))
    .get("/v1/bench/counted", declare("usage.read"), () => ({ ok: true }))
    .get("/v1/bench/counted-metered", declare("usage.read"), () => ({ ok: true }))
    .get("/v1/bench/credits", declare("tutor.turn"), () => ({ ok: true }))
    .get("/v1/bench/credits-metered", declare("tutor.turn"), () => ({ ok: true }));
  app.use(bench.elysia);
  const user = await createUser(store.db, Date.now(), { email: "bench@example.com", password: null });
  await setPlan({ store }, user.accountId, "paid");
  await setMeteredActive({ store }, Date.now(), user.accountId, { kind: "operator" }, true, 10_000_000);
  const tokens: Record<string, string> = {};
  for (const billingMode of ["allowance", "metered"] as const) {
    const c = await createClient(store.db, Date.now(), { accountId: user.accountId, name: `bench ${billingMode}`, type: "confidential", scopes: ["usage:read"], billingMode, redirectUris: [] });
    const res = await app.handle(new Request("http://localhost/oauth/token", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "client_credentials", client_id: c.client.id, client_secret: c.secret! }) }));
    tokens[billingMode] = ((await res.json()) as { access_token: string }).access_token;
  }
  const tokenFor = (v: Variant) => (v.endsWith("-metered") ? tokens.metered! : tokens.allowance!);
  return { app, store, tokenFor };
}

/** Child mode: serve the bench app and report the port and tokens on stdout. */
async function serveChild(dbPath: string) {
  const { app, tokenFor } = await buildBenchApp(dbPath);
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (request) => app.handle(request) });
  process.stdout.write(JSON.stringify({ port: server.port, tokens: Object.fromEntries(VARIANTS.map((v) => [v, tokenFor(v)])) }) + "\n");
  await new Promise(() => {}); // until the parent kills us
}

async function httpRound(base: string, variant: Variant, token: string, count: number): Promise<number> {
  let next = 0;
  let failures = 0;
  const headers = { authorization: `Bearer ${token}` };
  const worker = async () => {
    while (next++ < count) {
      const res = await fetch(`${base}/v1/bench/${variant}`, { headers });
      if (res.status !== 200) failures++;
      await res.arrayBuffer();
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - start;
  if (failures) throw new Error(`${failures} non-200 answers on ${variant}`);
  return count / (elapsed / 1000);
}

async function inProcessRound(app: Awaited<ReturnType<typeof buildBenchApp>>["app"], variant: Variant, token: string, count: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const res = await app.handle(new Request(`http://localhost/v1/bench/${variant}`, { headers: { authorization: `Bearer ${token}` } }));
    if (res.status !== 200) throw new Error(`${res.status} on ${variant}: ${await res.text()}`);
  }
  return count / ((performance.now() - start) / 1000);
}

/** The same route without the accounting: the empty probe, or the vocabulary work without a charge. */
const baselineOf = (v: Variant): Variant => (v.startsWith("vocab") ? "vocab" : "plain");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Result {
  rps: Record<Variant, number>;
  /** Per variant: the median over rounds of (baseline rps / variant rps − 1), each round paired with its own baseline run. */
  overhead: Record<Variant, number>;
}

/**
 * Alternates the variants inside every round (so load from elsewhere on the machine hits them
 * alike) and compares each with its baseline's run in the same round; medians over rounds.
 */
async function measure(round: (v: Variant) => Promise<number>): Promise<Result> {
  for (const v of VARIANTS) await round(v); // warm-up: JIT, statement cache, page cache
  const samples = Object.fromEntries(VARIANTS.map((v) => [v, [] as number[]])) as Record<Variant, number[]>;
  const ratios = Object.fromEntries(VARIANTS.map((v) => [v, [] as number[]])) as Record<Variant, number[]>;
  for (let r = 0; r < rounds; r++) {
    const got = {} as Record<Variant, number>;
    for (const v of r % 2 ? [...VARIANTS].reverse() : VARIANTS) got[v] = await round(v);
    for (const v of VARIANTS) {
      samples[v].push(got[v]);
      ratios[v].push(got[baselineOf(v)] / got[v] - 1);
    }
  }
  return {
    rps: Object.fromEntries(VARIANTS.map((v) => [v, median(samples[v])])) as Record<Variant, number>,
    overhead: Object.fromEntries(VARIANTS.map((v) => [v, median(ratios[v])])) as Record<Variant, number>,
  };
}

function report(title: string, result: Result) {
  console.log(title);
  for (const v of VARIANTS) {
    const overhead = baselineOf(v) === v ? "   (baseline)" : `   adds ${(result.overhead[v] * 100).toFixed(1).padStart(5)} % to ${baselineOf(v)} (bar < 15 %)`;
    console.log(`  ${v.padEnd(22)} ${result.rps[v].toFixed(0).padStart(7)} req/s${overhead}`);
  }
}

if (args[0] === "--serve") {
  await serveChild(args[1]!);
} else {
  if (Bun.which("taskset")) Bun.spawnSync(["taskset", "-cp", "0", String(process.pid)], { stdout: "ignore" });
  const dir = tempDir("parla-bench-billing-");
  const child = Bun.spawn(pin(1, ["bun", import.meta.path, "--serve", join(dir.path, "http.db")]), { stdout: "pipe", stderr: "inherit" });
  try {
    const reader = child.stdout.getReader();
    let line = "";
    while (!line.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the bench server exited before it started");
      line += new TextDecoder().decode(value);
    }
    const { port, tokens } = JSON.parse(line) as { port: number; tokens: Record<Variant, string> };
    const base = `http://127.0.0.1:${port}`;
    console.log(`billing bench: ${rounds} rounds × ${requests} requests per variant, medians (overhead paired per round); ${Bun.which("taskset") ? "server on CPU 1, client on CPU 0" : "no taskset: client and server share CPUs"}`);
    report(`HTTP (fetch, ${concurrency} concurrent keep-alive connections):`, await measure((v) => httpRound(base, v, tokens[v], requests)));
    const local = await buildBenchApp(join(dir.path, "inprocess.db"));
    report("in-process (app.handle, one at a time, no network):", await measure((v) => inProcessRound(local.app, v, local.tokenFor(v), requests)));
    local.store.close();
  } finally {
    child.kill();
    await child.exited;
    dir.cleanup();
  }
}
