// `parla login` end to end against a real server on a real port: the CLI (a subprocess) prints the
// authorization address, a scripted browser signs in and approves, the CLI's loopback redirect
// receives the code, and the rotated refresh token lands in a 0600 file.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { createUser } from "../../src/accounts/service.ts";
import { createClient } from "../../src/clients/service.ts";
import { loadConfig } from "../../src/config/config.ts";
import { silentLogger } from "../../src/lib/logger.ts";
import { startServer, type RunningServer } from "../../src/server.ts";
import { freePort } from "../e2e/binary-harness.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const dir = tempDir();
let server: RunningServer;
let url: string;
let clientId: string;
let listenerClientId: string;
let accountId: string;
let userId: string;
const MAIN = join(import.meta.dir, "../../src/main.ts");
const env = { PATH: process.env.PATH ?? "", HOME: dir.path, XDG_CONFIG_HOME: join(dir.path, "config") };

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = await startServer(loadConfig({ PARLA_DATABASE_URL: `file:${join(dir.path, "p.db")}`, PARLA_HOST: "127.0.0.1", PARLA_PORT: String(port), PARLA_BASE_URL: url }), silentLogger);
  const db = server.deps.store.db;
  const user = await createUser(db, Date.now(), { email: "cli@example.com", password: "correct horse battery staple" });
  const client = await createClient(db, Date.now(), { accountId: user.accountId, name: "parla CLI", type: "public", scopes: ["usage:read"], billingMode: "allowance", redirectUris: ["http://127.0.0.1/callback"] });
  clientId = client.client.id;
  accountId = user.accountId;
  userId = user.userId;
  const listener = await createClient(db, Date.now(), { accountId: user.accountId, name: "parla listen", type: "public", scopes: ["events:read", "lesson_plans:read"], billingMode: "allowance", redirectUris: ["http://127.0.0.1/callback"] });
  listenerClientId = listener.client.id;
});
afterAll(async () => {
  await server.stop();
  dir.cleanup();
});

/** A scripted browser: keeps cookies and follows the consent flow. */
async function approveInBrowser(authorizeUrl: string): Promise<void> {
  const cookies = new Map<string, string>();
  const keep = (r: Response) => {
    for (const c of r.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [k, v] = pair!.split("=");
      cookies.set(k!.trim(), v ?? "");
    }
    return r;
  };
  const jar = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = (html: string) => /name="csrf_token" value="([^"]+)"/.exec(html)![1]!;
  const signin = keep(await fetch(`${url}/signin`));
  const token = csrf(await signin.text());
  keep(await fetch(`${url}/signin`, { method: "POST", redirect: "manual", headers: { cookie: jar(), "content-type": "application/x-www-form-urlencoded", origin: url }, body: new URLSearchParams({ email: "cli@example.com", password: "correct horse battery staple", csrf_token: token }) }));
  const consent = keep(await fetch(authorizeUrl, { headers: { cookie: jar() }, redirect: "manual" }));
  const html = await consent.text();
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) form.set(m[1]!, m[2]!.replaceAll("&amp;", "&"));
  form.set("decision", "approve");
  const approved = await fetch(`${url}/oauth/authorize`, { method: "POST", redirect: "manual", headers: { cookie: jar(), "content-type": "application/x-www-form-urlencoded", origin: url }, body: form });
  expect(approved.status).toBe(303);
  await fetch(approved.headers.get("location")!);
}

/** Runs `parla login` for the client, approving in a scripted browser; the credentials land in `loginEnv`'s config. */
async function loginAs(id: string, loginEnv: Record<string, string>): Promise<string> {
  const login = Bun.spawn(["bun", MAIN, "login", "--server", url, "--client-id", id, "--no-browser"], { env: loginEnv, stdout: "pipe", stderr: "pipe" });
  const reader = login.stdout.getReader();
  let out = "";
  while (!/https?:\/\/\S+\/oauth\/authorize\S+/.test(out)) {
    const { value, done } = await reader.read();
    if (done) break;
    out += new TextDecoder().decode(value);
  }
  const authorizeUrl = /(https?:\/\/\S+\/oauth\/authorize\S+)/.exec(out)![1]!;
  await approveInBrowser(authorizeUrl);
  reader.releaseLock();
  expect(await login.exited).toBe(0);
  return authorizeUrl;
}

test("parla login stores its refresh token with mode 0600, and logout revokes it", async () => {
  const authorizeUrl = await loginAs(clientId, env);
  expect(new URL(authorizeUrl).searchParams.get("code_challenge_method")).toBe("S256");
  expect(new URL(authorizeUrl).searchParams.get("redirect_uri")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);

  const path = join(env.XDG_CONFIG_HOME, "parla/credentials.json");
  expect(statSync(path).mode & 0o777).toBe(0o600);
  const saved = JSON.parse(readFileSync(path, "utf8"));
  expect(saved).toMatchObject({ server: url, client_id: clientId, scope: "usage:read" });
  expect(saved.refresh_token).toStartWith("parla_rt_");

  const logout = Bun.spawn(["bun", MAIN, "logout"], { env, stdout: "pipe", stderr: "pipe" });
  expect(await logout.exited).toBe(0);
  expect(existsSync(path)).toBe(false);
  const reuse = await fetch(`${url}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: saved.refresh_token, client_id: clientId }) });
  expect((await reuse.json()).error).toBe("invalid_grant");
});

test("parla api without credentials explains what to do", async () => {
  const p = Bun.spawn(["bun", MAIN, "api", "GET", "/v1/usage"], { env: { ...env, XDG_CONFIG_HOME: join(dir.path, "empty") }, stdout: "pipe", stderr: "pipe" });
  expect(await p.exited).toBe(1);
  expect(await new Response(p.stderr).text()).toContain("parla login");
});

test("parla listen forwards the signed-in user's events from the real stream (a delegated token hears its own user, spec 6.2), signed with the session's secret", async () => {
  const listenEnv = { ...env, XDG_CONFIG_HOME: join(dir.path, "listen-config") };
  await loginAs(listenerClientId, listenEnv);
  const received: { headers: Record<string, string>; body: string }[] = [];
  const receiver = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      received.push({ headers: Object.fromEntries(request.headers), body: await request.text() });
      return new Response("ok");
    },
  });
  const proc = Bun.spawn(["bun", MAIN, "listen", "--forward-to", `http://127.0.0.1:${receiver.port}/hooks`, "--events", "lesson_plan.ready"], { env: listenEnv, stdout: "pipe", stderr: "pipe" });
  try {
    // Until the stream is open: the server counts it among its open streams.
    for (let i = 0; i < 400 && server.deps.eventSignal.size === 0; i++) await Bun.sleep(25);
    expect(server.deps.eventSignal.size).toBe(1);
    await server.deps.store.db.transaction((tx) => server.deps.events.record(tx, Date.now(), { accountId, aboutUserId: userId, type: "lesson_plan.ready", data: { plan_id: "lp_listen", status: "complete" } }));
    for (let i = 0; i < 400 && received.length === 0; i++) await Bun.sleep(25);
  } finally {
    proc.kill("SIGINT");
  }
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  receiver.stop(true);
  const secret = /Signing secret for this session: (parla_whsec_\S+)/.exec(out)?.[1];
  expect(secret).toBeDefined();
  expect(received).toHaveLength(1);
  const event = new Webhook(secret!.slice("parla_whsec_".length)).verify(received[0]!.body, received[0]!.headers) as { id: string; type: string; data: unknown; subject: string };
  expect(event).toMatchObject({ type: "lesson_plan.ready", data: { plan_id: "lp_listen", status: "complete" } });
  expect(event.subject).toStartWith("parla_sub_");
  expect(received[0]!.headers["webhook-id"]).toBe(event.id);
  expect(out).toContain(`${event.id}  → 200`);
}, 60_000);
