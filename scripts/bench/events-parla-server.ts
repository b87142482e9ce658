// Parla for scripts/bench/events.ts: the real server (startServer, the composition root) on a
// temporary store, with one owner, one client, 150 events, and a control port whose POST /record
// records one event in this process (as a lesson plan finishing would). A token holds at most 32
// open streams (STREAMS_PER_TOKEN), so the streams share tokens written one per line to
// `tokensFile`. Prints one JSON line: {port, control, token, tokensFile}.
import { join } from "node:path";
import { createUser } from "../../src/accounts/service.ts";
import { createClient } from "../../src/clients/service.ts";
import { loadConfig } from "../../src/config/config.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { SCOPES } from "../../src/lib/scopes.ts";
import { startServer } from "../../src/server.ts";

const [dir, port, heartbeat] = process.argv.slice(2) as [string, string, string];
const config = loadConfig({
  PARLA_DATABASE_URL: `file:${join(dir, "parla.db")}`,
  PARLA_HOST: "127.0.0.1",
  PARLA_PORT: port,
  PARLA_LOG_LEVEL: "error",
  PARLA_STREAM_HEARTBEAT_SECONDS: heartbeat,
  PARLA_STREAM_MAX_SECONDS: "3600",
  PARLA_RATE_LIMIT_API_PER_CLIENT_PER_MINUTE: "10000000",
  PARLA_RATE_LIMIT_TOKEN_PER_ADDRESS_PER_MINUTE: "100000",
  PARLA_RATE_LIMIT_TOKEN_PER_CLIENT_PER_HOUR: "100000",
});
const server = await startServer(config, createLogger("error"));
const { deps } = server;
const db = deps.store.db;
const now = Date.now();
const user = await createUser(db, now, { email: "bench@example.com", password: "correct horse battery staple" });
const client = await createClient(db, now, { accountId: user.accountId, name: "Bench", type: "confidential", scopes: [...SCOPES], billingMode: "allowance", redirectUris: [] });
async function exchange(): Promise<string> {
  const exchanged = await fetch(`${server.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Basic " + btoa(`${client.client.id}:${client.secret}`) },
    body: "grant_type=client_credentials",
  });
  return ((await exchanged.json()) as { access_token: string }).access_token;
}
const token = await exchange();
// Enough tokens for 10,000 streams at 32 each.
const streamTokens: string[] = [];
for (let i = 0; i < 320; i++) streamTokens.push(await exchange());
const tokensFile = join(dir, "stream-tokens.txt");
await Bun.write(tokensFile, streamTokens.join("\n"));

let n = 0;
const record = () => db.transaction((tx) => deps.events.record(tx, Date.now(), { accountId: user.accountId, type: "lesson_plan.ready", data: { plan_id: `parla_lp_bench${n++}`, status: "complete" } }));
for (let i = 0; i < 150; i++) await record();

const control = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/record") return Response.json({ id: (await record()).id });
    if (path === "/streams") return Response.json({ open: deps.eventSignal.size });
    return new Response("no", { status: 404 });
  },
});
console.log(JSON.stringify({ port: server.port, control: control.port, token, tokensFile }));
process.on("SIGTERM", () => void server.stop().then(() => process.exit(0)));
