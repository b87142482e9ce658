// Scale-out: three Parla processes (the built binary) on one libSQL database — the Hrana test
// server standing in for sqld — behind a round-robin proxy, so consecutive requests of one user
// land on different processes: sign-in sessions, token exchanges and a refresh race, billing limits
// exact across processes, jobs run once (mail delivery, lesson-plan generation), events fanned out
// to the streams of every process, and webhook deliveries once per attempt.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { csrfFrom } from "../helpers/browser-less.ts";
import { startHranaTestServer, type HranaTestServer } from "../helpers/hrana-test-server.ts";
import { HttpBrowser } from "../helpers/http-browser.ts";
import { startHttpsReceiver, type HttpsReceiver } from "../helpers/https-receiver.ts";
import { startRoundRobinProxy, type RoundRobinProxy } from "../helpers/round-robin-proxy.ts";
import { checkContractOf } from "./contract-fetch.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { webhookFor } from "../webhooks/verify.ts";
import { freePort, runCli, startBinary, type RunningBinary } from "./binary-harness.ts";

const PASSWORD = "correct horse battery staple";
const dir = tempDir("parla-scale-");
let hrana: HranaTestServer;
let smtp: SMTPServer;
let receiver: HttpsReceiver & { cleanup(): void };
let proxy: RoundRobinProxy;
let processes: RunningBinary[] = [];
let env: Record<string, string>;
const mails: { to: string; data: string }[] = [];

beforeAll(async () => {
  hrana = startHranaTestServer(join(dir.path, "shared.db"));
  receiver = startHttpsReceiver();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c.toString("utf8")));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo[0]!.address, data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const proxyPort = await freePort();
  const base = `http://127.0.0.1:${proxyPort}`;
  env = {
    PARLA_DATABASE_URL: hrana.url,
    // Every process needs the same key (cookies, CSRF, sealed secrets) and the same base URL.
    PARLA_SECRET_KEY: "scale-out-test-key-0123456789abcdefghijklmnop",
    PARLA_BASE_URL: base,
    PARLA_SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
    PARLA_FREE_ALLOWANCE_CREDITS: "30",
    PARLA_RATE_LIMIT_SIGNIN_PER_ADDRESS_PER_MINUTE: "1000",
    PARLA_LOG_LEVEL: "warn",
    // Webhooks to the test receiver: https with a test CA on 127.0.0.1, any port (DESIGN §5).
    PARLA_WEBHOOK_ALLOW_NETWORKS: "127.0.0.0/8",
    PARLA_WEBHOOK_CA_FILE: receiver.caFile,
  };
  // Started together: the three race to apply the migrations, which the ledger makes happen once.
  processes = await Promise.all([0, 1, 2].map(() => startBinary(env)));
  proxy = startRoundRobinProxy(processes.map((p) => p.url), proxyPort);
  // Calls through the proxy are checked against the documents too (each process serves the same).
  checkContractOf(proxy.url);
}, 60_000);

afterAll(async () => {
  proxy?.stop();
  await Promise.all(processes.map((p) => p.stop()));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  hrana?.stop();
  receiver?.cleanup();
  dir.cleanup();
});

async function waitFor(condition: () => boolean, ms = 15_000): Promise<void> {
  const deadline = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error("timed out");
    await Bun.sleep(25);
  }
}

function linkIn(mail: string, path: string): string {
  const unfolded = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const m = new RegExp(`https?://[^\\s]+${path.replace("/", "\\/")}\\?[^\\s]+`).exec(unfolded);
  return new URL(m![0]).pathname + new URL(m![0]).search;
}

const cli = (args: string[]) => runCli(args, { cwd: dir.path, env });

describe("three processes on one libSQL database behind a round-robin proxy", () => {
  const users = Array.from({ length: 6 }, (_, i) => ({ email: `learner${i}@example.com`, browser: null as HttpBrowser | null }));

  test("sign-ups: each verification mail is sent once (the job runs on one process), and its link signs in", async () => {
    const answers = await Promise.all(
      users.map(async (u) => {
        u.browser = new HttpBrowser(proxy.url);
        return (await u.browser.submit("/signup", "/signup", { email: u.email, password: PASSWORD })).status;
      }),
    );
    expect(answers).toEqual(users.map(() => 200));
    await waitFor(() => mails.length >= users.length);
    // Another poll period of every process: nothing is sent twice.
    await Bun.sleep(2_500);
    expect(mails.map((m) => m.to).sort()).toEqual(users.map((u) => u.email).sort());
    for (const u of users) {
      const res = await u.browser!.get(linkIn(mails.find((m) => m.to === u.email)!.data, "/verify-email"));
      expect(res.status).toBe(303);
    }
  });

  test("a session works on every process, and signing out on one ends it on all", async () => {
    const b = users[0]!.browser!;
    const before = [...proxy.counts];
    const pages = await Promise.all(Array.from({ length: 6 }, () => b.get("/admin")));
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(proxy.counts.map((c, i) => c - before[i]!).every((n) => n >= 2)).toBe(true);
    const old = b.jar.get("parla_session")!;
    const out = await b.submit("/admin", "/signout", {});
    expect(out.status).toBe(303);
    // The old session cookie, replayed, is dead on every process.
    const replay = await Promise.all([0, 1, 2].map(() => fetch(proxy.url + "/admin", { headers: { cookie: `parla_session=${old}` }, redirect: "manual" })));
    expect(replay.map((r) => r.status)).toEqual([303, 303, 303]);
  });

  test("billing is exact across processes: 20 concurrent lists against 30 credits → exactly 10", async () => {
    const b = users[1]!.browser!;
    const csrf = csrfFrom(await (await b.get("/learn")).text());
    const statuses = await Promise.all(Array.from({ length: 20 }, () => b.post("/learn", { csrf_token: csrf, source: "en", target: "es", level: "3", topic: "market" }).then((r) => r.status)));
    expect({ ok: statuses.filter((s) => s === 200).length, refused: statuses.filter((s) => s === 402).length }).toEqual({ ok: 10, refused: 10 });
  });

  test("token exchanges on every process; ten concurrent refreshes of one token converge on one refresh token", async () => {
    const user = await cli(["admin", "user", "create", "--email", "dev@example.com", "--password", PASSWORD, "--json"]);
    expect(user.code).toBe(0);
    const { account_id } = JSON.parse(user.stdout) as { account_id: string };
    const client = await cli(["admin", "client", "create", "--account", account_id, "--name", "Game", "--scopes", "usage:read", "--billing", "allowance", "--redirect-uri", "https://game.example.com/callback", "--json"]);
    expect(client.code).toBe(0);
    const { client_id, client_secret } = JSON.parse(client.stdout) as { client_id: string; client_secret: string };
    const basic = "Basic " + btoa(`${encodeURIComponent(client_id)}:${encodeURIComponent(client_secret)}`);
    const form = (body: Record<string, string>) => ({ method: "POST", headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(body).toString() });

    const exchanges = await Promise.all(Array.from({ length: 30 }, () => fetch(`${proxy.url}/oauth/token`, form({ grant_type: "client_credentials" }))));
    expect(exchanges.map((r) => r.status)).toEqual(Array(30).fill(200));
    const token = ((await exchanges[0]!.json()) as { access_token: string }).access_token;
    const usage = await Promise.all([0, 1, 2].map(() => fetch(`${proxy.url}/v1/usage`, { headers: { authorization: `Bearer ${token}` } })));
    expect(usage.map((r) => r.status)).toEqual([200, 200, 200]);

    // Authorization code with PKCE through the proxy: sign in, consent, exchange.
    const verifier = "v".repeat(43);
    const challenge = Buffer.from(new Bun.CryptoHasher("sha256").update(verifier).digest()).toString("base64url");
    const b = new HttpBrowser(proxy.url);
    expect((await b.submit("/signin", "/signin", { email: "dev@example.com", password: PASSWORD })).status).toBe(303);
    const q = new URLSearchParams({ response_type: "code", client_id, redirect_uri: "https://game.example.com/callback", scope: "usage:read", state: "s1", code_challenge: challenge, code_challenge_method: "S256" });
    const consent = await b.get(`/oauth/authorize?${q}`);
    expect(consent.status).toBe(200);
    const html = await consent.text();
    const fields: Record<string, string> = {};
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = m[2]!.replaceAll("&amp;", "&");
    const approved = await b.post("/oauth/authorize", { ...fields, decision: "approve" });
    expect(approved.status).toBe(303);
    const code = new URL(approved.headers.get("location")!).searchParams.get("code")!;
    const first = await fetch(`${proxy.url}/oauth/token`, form({ grant_type: "authorization_code", code, redirect_uri: "https://game.example.com/callback", code_verifier: verifier }));
    expect(first.status).toBe(200);
    const refresh = ((await first.json()) as { refresh_token: string }).refresh_token;

    const race = await Promise.all(Array.from({ length: 10 }, () => fetch(`${proxy.url}/oauth/token`, form({ grant_type: "refresh_token", refresh_token: refresh }))));
    expect(race.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = (await Promise.all(race.map((r) => r.json()))) as { refresh_token: string; access_token: string }[];
    expect(new Set(bodies.map((x) => x.refresh_token)).size).toBe(1);
    expect(bodies[0]!.refresh_token).not.toBe(refresh);
    const next = await fetch(`${proxy.url}/oauth/token`, form({ grant_type: "refresh_token", refresh_token: bodies[0]!.refresh_token }));
    expect(next.status).toBe(200);
  });
});

interface StreamEvent {
  id: string;
  type: string;
  data: { plan_id?: string; status?: string };
  at: number;
}

/** GET /v1/events/stream on one process, collecting every event frame with its arrival time. */
async function openEventStream(url: string, token: string): Promise<{ events: StreamEvent[]; close(): void }> {
  const abort = new AbortController();
  const res = await fetch(`${url}/v1/events/stream`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  expect(res.status).toBe(200);
  const events: StreamEvent[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split("\n");
          // Event frames carry no `event:` field; done and error frames would end the stream.
          if (lines.some((l) => l.startsWith("event: "))) continue;
          const data = lines.filter((l) => l.startsWith("data: ")).map((l) => l.slice(6));
          if (data.length) events.push({ ...(JSON.parse(data.join("\n")) as Omit<StreamEvent, "at">), at: performance.now() });
        }
      }
    } catch {}
  })();
  return { events, close: () => abort.abort() };
}

describe("lesson plans, event streams and webhooks across the three processes", () => {
  const TOPICS = ["ordering food in a restaurant", "buying a train ticket", "checking into a hotel", "asking for directions", "visiting a doctor", "shopping for clothes"];
  let token = "";
  let webhookSecret = "";
  let streams: Awaited<ReturnType<typeof openEventStream>>[] = [];
  let planIds: string[] = [];
  let feed: StreamEvent[] = [];
  const api = (path: string, init: RequestInit = {}) => fetch(proxy.url + path, { ...init, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers } });

  beforeAll(async () => {
    // A paid account, so that every plan fits its allowance (10 credits each).
    const user = await cli(["admin", "user", "create", "--email", "planner@example.com", "--password", PASSWORD, "--plan", "paid", "--json"]);
    expect(user.code).toBe(0);
    const { account_id } = JSON.parse(user.stdout) as { account_id: string };
    const client = await cli(["admin", "client", "create", "--account", account_id, "--name", "Planner", "--scopes", "lesson_plans:write lesson_plans:read events:read", "--billing", "allowance", "--json"]);
    expect(client.code).toBe(0);
    const { client_id, client_secret } = JSON.parse(client.stdout) as { client_id: string; client_secret: string };
    const hook = await cli(["admin", "webhook", "create", "--client", client_id, "--url", `https://127.0.0.1:${receiver.port}/hook`, "--events", "lesson_plan.ready", "--json"]);
    expect(hook.code).toBe(0);
    webhookSecret = (JSON.parse(hook.stdout) as { secret: string }).secret;
    const exchange = await fetch(`${proxy.url}/oauth/token`, {
      method: "POST",
      headers: { authorization: "Basic " + btoa(`${encodeURIComponent(client_id)}:${encodeURIComponent(client_secret)}`), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
    });
    expect(exchange.status).toBe(200);
    token = ((await exchange.json()) as { access_token: string }).access_token;
    // Directly on each process, not through the proxy: each stream is fed by its own process's poller.
    streams = await Promise.all(processes.map((p) => openEventStream(p.url, token)));
  });

  afterAll(() => {
    for (const s of streams) s.close();
  });

  test("plans are generated once: each has its 5 sets once, and its ready partial and complete each appear once in the feed", async () => {
    const created = await Promise.all(TOPICS.map((topic, i) => api("/v1/lesson-plans", { method: "POST", body: JSON.stringify({ topic, source_lang: "en", target_lang: ["es", "fr", "de"][i % 3], level: 2 }) })));
    expect(created.map((r) => r.status)).toEqual(TOPICS.map(() => 202));
    planIds = ((await Promise.all(created.map((r) => r.json()))) as { id: string }[]).map((p) => p.id);
    expect(new Set(planIds).size).toBe(TOPICS.length);

    const plans = new Map<string, { status: string; sets_ready: number; sets: { kind: string }[] }>();
    const deadline = performance.now() + 60_000;
    while (plans.size < planIds.length || [...plans.values()].some((p) => p.status !== "complete")) {
      if (performance.now() > deadline) throw new Error(`plans not complete: ${JSON.stringify([...plans.values()].map((p) => p.status))}`);
      await Bun.sleep(200);
      for (const id of planIds) {
        const r = await api(`/v1/lesson-plans/${id}`);
        expect(r.status).toBe(200);
        plans.set(id, (await r.json()) as { status: string; sets_ready: number; sets: { kind: string }[] });
      }
    }
    // Each set once: a second process generating the same plan would add or repeat sets.
    for (const plan of plans.values()) {
      expect(plan.sets_ready).toBe(5);
      expect(plan.sets.map((s) => s.kind)).toEqual(["overview", "grammar", "exercises", "role_play", "exit_check"]);
    }

    // The whole feed from the oldest event kept, page by page.
    let cursor: string | null = null;
    for (;;) {
      const r = await api(`/v1/events?${cursor ? `cursor=${encodeURIComponent(cursor)}` : "start=oldest"}`);
      expect(r.status).toBe(200);
      const page = (await r.json()) as { items: StreamEvent[]; next_cursor: string };
      if (page.items.length === 0) break;
      feed.push(...page.items);
      cursor = page.next_cursor;
    }
    const ready = feed.filter((e) => e.type === "lesson_plan.ready").map((e) => `${e.data.plan_id} ${e.data.status}`).sort();
    expect(ready).toEqual(planIds.flatMap((id) => [`${id} complete`, `${id} partial`]).sort());
    expect(new Set(feed.map((e) => e.id)).size).toBe(feed.length);
  }, 90_000);

  test("every process's stream receives every event, within two seconds of the first process", async () => {
    const ids = feed.map((e) => e.id).sort();
    expect(ids.length).toBe(planIds.length * 2);
    await waitFor(() => streams.every((s) => s.events.length >= ids.length), 5_000).catch(() => {});
    for (const s of streams) expect(s.events.map((e) => e.id).sort()).toEqual(ids);
    const spreads = ids.map((id) => {
      const times = streams.map((s) => s.events.find((e) => e.id === id)!.at);
      return Math.max(...times) - Math.min(...times);
    });
    expect(Math.max(...spreads)).toBeLessThan(2_000);
  });

  test("webhook deliveries: every event reaches the receiver, each webhook-id once, signed", async () => {
    const ids = feed.map((e) => e.id).sort();
    await waitFor(() => receiver.received.length >= ids.length, 20_000).catch(() => {});
    // Another poll period of every process's delivery loop: nothing arrives twice.
    await Bun.sleep(2_500);
    const delivered = receiver.received.map((r) => r.headers["webhook-id"]!);
    expect(delivered.sort()).toEqual(ids);
    for (const r of receiver.received) expect(webhookFor(webhookSecret).verify(r.body, r.headers)).toMatchObject({ type: "lesson_plan.ready" });
  });
});
