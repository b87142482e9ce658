import { t } from "elysia";
import { join } from "node:path";
import { createUser } from "../../src/accounts/service.ts";
import { createClient } from "../../src/clients/service.ts";
import { loadConfig } from "../../src/config/config.ts";
import { SCOPES } from "../../src/lib/scopes.ts";
import { startServer } from "../../src/server.ts";
import { FeedPageSchema, FeedQuery } from "../../src/events/model.ts";
import { ClientFeedPages } from "../../src/events/client-feed-page.ts";
import { jsonBytesAnswer } from "../../src/http/json-text-answer.ts";
import { stillInArrivalTurn } from "../../src/http/request-context.ts";
import { CURRENT_API_VERSION } from "../../src/versions/registry.ts";
const [dir, port] = process.argv.slice(2) as [string, string];
let remembered = Buffer.from("{}");
const declared = { scope: "events:read", operation: "events.feed", version: "header", summary: "probe", tags: ["bench"], hidden: true } as const;
let copies: ClientFeedPages;
const server = await startServer(loadConfig({ PARLA_DATABASE_URL: `file:${join(dir, "parla.db")}`, PARLA_HOST: "127.0.0.1", PARLA_PORT: port, PARLA_LOG_LEVEL: "error", PARLA_RATE_LIMIT_API_PER_CLIENT_PER_MINUTE: "10000000", PARLA_RATE_LIMIT_TOKEN_PER_ADDRESS_PER_MINUTE: "100000" }), undefined, {
  extraRoutes: (deps) => {
    copies = new ClientFeedPages(deps);
    return deps.v1.plugin("bench")
      .get("/v1/bench/doorway", { ...declared, response: { 200: t.Object({ ok: t.Boolean() }) } }, () => ({ ok: true }))
      .get("/v1/bench/mem-noquery", { ...declared }, ({ request }) => jsonBytesAnswer(Buffer.from(remembered), {}, 200, stillInArrivalTurn(request)))
      .get("/v1/bench/mem-query", { ...declared, query: FeedQuery, response: { 200: FeedPageSchema } }, ({ request }) => jsonBytesAnswer(Buffer.from(remembered), {}, 200, stillInArrivalTurn(request)))
      .get("/v1/bench/copy-noquery", { ...declared }, async ({ request, caller }) => {
        const page = await copies.page({ listener: { clientId: caller.clientId, accountId: caller.ownerAccountId, scopes: caller.scopes }, apiVersion: CURRENT_API_VERSION, requested: null }, 0, 100);
        return jsonBytesAnswer(page!, {}, 200, stillInArrivalTurn(request));
      }).elysia;
  },
});
const { deps } = server;
const db = deps.store.db;
const user = await createUser(db, Date.now(), { email: "bench@example.com", password: "correct horse battery staple" });
const client = await createClient(db, Date.now(), { accountId: user.accountId, name: "Bench", type: "confidential", scopes: [...SCOPES], billingMode: "allowance", redirectUris: [] });
const exchanged = await fetch(`${server.url}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Basic " + btoa(`${client.client.id}:${client.secret}`) }, body: "grant_type=client_credentials" });
const token = ((await exchanged.json()) as { access_token: string }).access_token;
let n = 0;
for (let i = 0; i < 150; i++) await db.transaction((tx) => deps.events.record(tx, Date.now(), { accountId: user.accountId, type: "lesson_plan.ready", data: { plan_id: `parla_lp_bench${n++}`, status: "complete" } }));
remembered = Buffer.from(await (await fetch(`${server.url}/v1/events?start=oldest&limit=100`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
console.log(JSON.stringify({ token }));
