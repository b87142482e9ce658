// Events benchmark: Parla's event stream and feed against raw Bun.serve, measured in the same run
// (servers on CPU 1, clients on CPU 0). Prints ratios; never fails on absolute numbers.
//   bun scripts/bench/events.ts [--streams 10000] [--fanout 5000] [--seconds 5] [--feed-rounds 5] [--feed-only]
// - RSS per open stream with heartbeats (goal ≤ 10 KiB per stream);
// - one new event to N open streams: time until the last frame arrives (goal ≤ 2× raw fan-out);
// - a feed page of 100 events (authenticated, from the store) in requests/s (goal ≥ 40 % of raw).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../../test/e2e/binary-harness.ts";
import { tempDir } from "../../test/helpers/temp-dir.ts";
import { cpuSeconds, wrkFigure, type WrkFigure } from "./server-cpu.ts";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const STREAMS = flag("streams", 10_000);
const FANOUT = flag("fanout", 5_000);
const SECONDS = flag("seconds", 5);
const HEARTBEAT = 2;
const FEED_ONLY = args.includes("--feed-only");
const ROUNDS = 7;
const FEED_ROUNDS = flag("feed-rounds", 5);
const pin = (cpu: number, cmd: string[]) => (Bun.which("taskset") ? ["taskset", "-c", String(cpu), ...cmd] : cmd);
const here = import.meta.dir;

function rssKiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);
}

async function firstLine(stream: ReadableStream<Uint8Array>): Promise<{ line: string; rest: ReadableStreamDefaultReader<Uint8Array>; buffer: string }> {
  const reader = stream.getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`process ended before a line: ${buffer}`);
    buffer += new TextDecoder().decode(value);
    const at = buffer.indexOf("\n");
    if (at >= 0) return { line: buffer.slice(0, at), rest: reader, buffer: buffer.slice(at + 1) };
  }
}

/** A client process holding `count` streams; `fanout()` triggers one event and answers the ms to the last frame. */
async function streamClient(url: string, count: number, token = "") {
  const proc = Bun.spawn(pin(0, ["bun", join(here, "events-stream-client.ts"), url, String(count), token]), {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
    // Bun's fetch holds at most 256 requests at once by default; a stream holds its slot.
    env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: String(Math.min(65_000, count + 100)) },
  });
  const first = await firstLine(proc.stdout);
  const reader = first.rest;
  let buffer = first.buffer;
  return {
    opened: (JSON.parse(first.line) as { opened: number }).opened,
    async fanout(trigger: string, expect: number): Promise<number> {
      proc.stdin.write(`fanout ${trigger} ${expect}\n`);
      proc.stdin.flush();
      for (;;) {
        const at = buffer.indexOf("\n");
        if (at >= 0) {
          const line = buffer.slice(0, at);
          buffer = buffer.slice(at + 1);
          return (JSON.parse(line) as { ms: number }).ms;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("client ended");
        buffer += new TextDecoder().decode(value);
      }
    },
    async close() {
      proc.kill();
      await proc.exited;
    },
  };
}

/** wrk's requests per second, and requests per CPU-second of the server (steadier on a shared machine). */
async function wrk(url: string, serverPid: number, headers: string[] = []): Promise<WrkFigure> {
  const before = cpuSeconds(serverPid);
  const p = Bun.spawn(pin(0, ["wrk", "-t1", "-c64", `-d${SECONDS}s`, ...headers.flatMap((h) => ["-H", h]), url]), { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(p.stdout).text();
  await p.exited;
  const after = cpuSeconds(serverPid);
  if (/Non-2xx/.test(out)) throw new Error(`wrk saw errors:\n${out}`);
  return wrkFigure(out, before, after);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = tempDir("parla-bench-events-");
const basePort = await freePort();
const baseline = Bun.spawn(pin(1, ["bun", join(here, "events-baseline-server.ts"), String(basePort), String(HEARTBEAT)]), { stdout: "pipe", stderr: "inherit" });
const parlaPort = await freePort();
const parla = Bun.spawn(pin(1, ["bun", join(here, "events-parla-server.ts"), dir.path, String(parlaPort), String(HEARTBEAT)]), { stdout: "pipe", stderr: "inherit" });
try {
  await firstLine(baseline.stdout);
  const info = JSON.parse((await firstLine(parla.stdout)).line) as { port: number; control: number; token: string; tokensFile: string };
  const base = `http://127.0.0.1:${basePort}`;
  const ours = `http://127.0.0.1:${info.port}`;
  const control = `http://127.0.0.1:${info.control}`;

  // 1. Memory per open stream, heartbeats running.
  const memory: Record<string, number> = {};
  const streamRuns = [["Bun.serve", baseline.pid, `${base}/stream`, ""], ["Parla", parla.pid, `${ours}/v1/events/stream`, `@${info.tokensFile}`]] as const;
  for (const [name, pid, url, token] of FEED_ONLY ? [] : streamRuns) {
    Bun.gc(true);
    await Bun.sleep(500);
    const before = rssKiB(pid);
    const client = await streamClient(url, STREAMS, token);
    await Bun.sleep((HEARTBEAT * 2 + 1) * 1000);
    const after = rssKiB(pid);
    memory[name] = (after - before) / client.opened;
    console.error(`${name}: ${client.opened} streams, RSS ${before} → ${after} KiB`);
    await client.close();
    await Bun.sleep(1000);
  }

  // 2. One event to FANOUT streams: the time until the last one has it.
  const fanout: Record<string, number> = {};
  const fanoutRuns = [["Bun.serve", `${base}/stream`, "", `${base}/fanout`], ["Parla", `${ours}/v1/events/stream`, `@${info.tokensFile}`, `${control}/record`]] as const;
  for (const [name, url, token, trigger] of FEED_ONLY ? [] : fanoutRuns) {
    const client = await streamClient(url, FANOUT, token);
    await Bun.sleep(500);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      times.push(await client.fanout(trigger, client.opened));
      await Bun.sleep(200);
    }
    fanout[name] = median(times);
    console.error(`${name}: fan-out to ${client.opened}: ${times.map((x) => x.toFixed(1)).join(", ")} ms`);
    await client.close();
    await Bun.sleep(1000);
  }

  // 3. A feed page of 100 events.
  const page = await fetch(`${ours}/v1/events?start=oldest&limit=100`, { headers: { authorization: `Bearer ${info.token}` } });
  const body = await page.text();
  const items = (JSON.parse(body) as { items: unknown[] }).items.length;
  await fetch(`${base}/feed`, { method: "POST", body });
  const feedUrl = `${ours}/v1/events?start=oldest&limit=100`;
  const auth = [`Authorization: Bearer ${info.token}`];
  await wrk(`${base}/feed`, baseline.pid);
  await wrk(feedUrl, parla.pid, auth);
  // Rounds alternate between the two servers, and the ratios are the medians of each round's: the
  // host's speed drifts over a run (other tenants), and a ratio of two runs far apart measures it.
  const feedRounds: { base: WrkFigure; ours: WrkFigure }[] = [];
  for (let round = 0; round < FEED_ROUNDS; round++) {
    const baseRound = await wrk(`${base}/feed`, baseline.pid);
    const ourRound = await wrk(feedUrl, parla.pid, auth);
    feedRounds.push({ base: baseRound, ours: ourRound });
    console.error(`feed round ${round + 1}: Bun.serve ${baseRound.perCpuSecond.toFixed(0)} req/CPU-s, Parla ${ourRound.perCpuSecond.toFixed(0)} req/CPU-s, ratio ${(ourRound.perCpuSecond / baseRound.perCpuSecond).toFixed(2)}`);
  }
  const middle = (pick: (r: { base: WrkFigure; ours: WrkFigure }) => number) => median(feedRounds.map(pick));
  const baseFeed = { rate: middle((r) => r.base.rate), perCpuSecond: middle((r) => r.base.perCpuSecond) };
  const ourFeed = { rate: middle((r) => r.ours.rate), perCpuSecond: middle((r) => r.ours.perCpuSecond) };
  const wallRatio = middle((r) => r.ours.rate / r.base.rate);
  const cpuRatio = middle((r) => r.ours.perCpuSecond / r.base.perCpuSecond);

  console.log(`streams: ${FEED_ONLY ? "skipped (--feed-only)" : `${STREAMS} held (heartbeat ${HEARTBEAT} s), fan-out to ${FANOUT} (median of ${ROUNDS})`}; clients on CPU 0, servers on CPU 1`);
  if (!FEED_ONLY) console.log(`RSS per open stream   Bun.serve ${memory["Bun.serve"]!.toFixed(2)} KiB   Parla ${memory.Parla!.toFixed(2)} KiB   (goal ≤ 10 KiB)`);
  if (!FEED_ONLY) console.log(`one event to ${FANOUT}     Bun.serve ${fanout["Bun.serve"]!.toFixed(1)} ms   Parla ${fanout.Parla!.toFixed(1)} ms   ratio ${(fanout.Parla! / fanout["Bun.serve"]!).toFixed(2)} (goal ≤ 2.00; Parla's time includes recording the event)`);
  console.log(`feed page (${items} events, median of ${FEED_ROUNDS} alternating rounds)  Bun.serve ${baseFeed.rate.toFixed(0)} req/s   Parla ${ourFeed.rate.toFixed(0)} req/s   ratio ${wallRatio.toFixed(2)} (goal ≥ 0.40)`);
  console.log(
    `  per server CPU-second  Bun.serve ${baseFeed.perCpuSecond.toFixed(0)}   Parla ${ourFeed.perCpuSecond.toFixed(0)}   ratio ${cpuRatio.toFixed(2)}` +
      `   (µs of server CPU per page: Bun.serve ${(1e6 / baseFeed.perCpuSecond).toFixed(1)}, Parla ${(1e6 / ourFeed.perCpuSecond).toFixed(1)})`,
  );
  // A server that was not busy most of the run was paced by wrk (its CPU shared with other work), so
  // its requests per wall second say little; requests per CPU-second still compare the servers.
  const busy = (f: WrkFigure) => f.rate / f.perCpuSecond;
  if (Math.min(busy(baseFeed), busy(ourFeed)) < 0.8) {
    console.log(`  note: servers busy ${(busy(baseFeed) * 100).toFixed(0)}% (Bun.serve) and ${(busy(ourFeed) * 100).toFixed(0)}% (Parla) of the run: wrk set the pace, so trust the per-CPU-second ratio`);
  }
} finally {
  parla.kill();
  baseline.kill();
  await Promise.all([parla.exited, baseline.exited]);
  dir.cleanup();
}
