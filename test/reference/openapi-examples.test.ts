// The examples of /v1/openapi.json come from real calls (src/reference/examples.ts): this test
// calls every operation against the in-process app for each status it documents — the answer
// itself, and each refusal made for real (no token, a token without the scope, a metered client
// whose billing is off, a pin the server does not know or has discontinued, a body over the limit,
// the rate limit, maintenance) — normalises what changes from run to run, and compares the result
// with the committed src/reference/openapi-examples.json. With PARLA_WRITE_EXAMPLES=1 it writes the
// file instead. Then it checks the served document: every operation has a request example when it
// takes a body, and an example for each documented response that has content.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { join } from "node:path";
import { createApp } from "../../src/app.ts";
import { clients } from "../../src/clients/schema.ts";
import { writeMaintenance } from "../../src/http/maintenance.ts";
import type { ExampleBook, OperationExamples, RecordedAnswer } from "../../src/reference/examples.ts";
import { API_VERSIONS, VersionRegistry } from "../../src/versions/registry.ts";
import { clientWithToken, tokenFor } from "../billing/fixtures.ts";
import { WebUser } from "../helpers/browser-less.ts";
import { createTestApp, testRequest, type TestApp } from "../helpers/test-app.ts";
import { basic, ownerWithClient } from "../oauth/fixtures.ts";

const FILE = join(import.meta.dir, "../../src/reference/openapi-examples.json");
const REGENERATE = "PARLA_WRITE_EXAMPLES=1 bun test test/reference/openapi-examples.test.ts";
const NORMALISED =
  "Identifiers, tokens, secrets and codes (lp_…, parla_at_…: a prefix, then 16 or more base64url characters with a capital or a digit) are written <prefix>_example_<n>, numbered in the order they first appear in the operation's examples; " +
  "feed and stream cursors cursor_example_<n>; an HTML page is cut to its title, the two documents to their version, title and an empty paths or channels. " +
  `Written by ${REGENERATE}; the same test fails when the server answers otherwise.`;

type Send = TestApp["request"];

interface Call {
  /** "METHOD /path" as the document names the operation. */
  op: string;
  response: Response;
  request?: { contentType: string; body: unknown };
}

const GONE = "2025-06-examples-gone";
const UNKNOWN_PIN = "2020-01-examples-unknown";
const verifier = "examples-verifier-" + "v".repeat(40);
const challenge = new Bun.CryptoHasher("sha256").update(verifier).digest("base64url");

let main: TestApp;
let gone: TestApp;
let limited: TestApp;
let down: TestApp;
const calls: Call[] = [];
let book: ExampleBook;

/** A sender for an app built beside the test app (the maintenance one), as TestApp.request sends. */
function senderOf(app: ReturnType<typeof createApp>): Send {
  return (method, path, init = {}) => app.handle(testRequest("http://localhost", method, path, init).request);
}

const bearer = (token: string | null, extra: Record<string, string> = {}) => (token ? { authorization: `Bearer ${token}`, ...extra } : extra);

const planBody = { topic: "ordering food in a restaurant", source_lang: "en", target_lang: "es", level: 2 };
const vocabBody = { source_lang: "en", target_lang: "es", level: 2, topic: "food" };
const tutorBody = { message: "Hola, quiero un café", source_lang: "en", target_lang: "es", level: 2 };
const eventBody = { type: "world.context_changed", data: { scene: "a harbour at dawn", source_lang: "en", target_lang: "es", level: 2, npc: { name: "Ana" } } };

/** Every scoped operation, called with a body and parameters it accepts. */
function scopedCalls(plan: string): Record<string, (send: Send, token: string | null) => Promise<Call>> {
  const json = (op: string, path: string, body: unknown, headers: Record<string, string> = {}) => async (send: Send, token: string | null) => ({
    op,
    response: await send("POST", path, { json: body, headers: bearer(token, headers) }),
    request: { contentType: "application/json", body },
  });
  const get = (op: string, path: string) => async (send: Send, token: string | null) => ({ op, response: await send("GET", path, { headers: bearer(token) }) });
  return {
    "GET /v1/usage": get("GET /v1/usage", "/v1/usage"),
    "GET /v1/events": get("GET /v1/events", "/v1/events?start=oldest&limit=2"),
    "POST /v1/events": (send, token) => json("POST /v1/events", "/v1/events", eventBody, { "idempotency-key": `harbour-${Math.random()}` })(send, token),
    "GET /v1/events/stream": get("GET /v1/events/stream", "/v1/events/stream?start=oldest"),
    "POST /v1/vocab/stream": json("POST /v1/vocab/stream", "/v1/vocab/stream", vocabBody),
    "POST /v1/lesson-plans": json("POST /v1/lesson-plans", "/v1/lesson-plans", planBody),
    "GET /v1/lesson-plans/{id}": get("GET /v1/lesson-plans/{id}", `/v1/lesson-plans/${plan}`),
    "GET /v1/lesson-plans/{id}/stream": get("GET /v1/lesson-plans/{id}/stream", `/v1/lesson-plans/${plan}/stream`),
    "POST /v1/tutor/message": json("POST /v1/tutor/message", "/v1/tutor/message", tutorBody),
  };
}

const authorizeQuery = (clientId: string, over: Record<string, string> = {}) =>
  `/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: "https://game.example.com/callback", scope: "usage:read", state: "st4te", code_challenge: challenge, code_challenge_method: "S256", ...over })}`;

async function pinnedToken(t: TestApp, version: string, scopes?: string[]): Promise<string> {
  const o = await ownerWithClient(t, { scopes });
  await t.deps.store.db.update(clients).set({ pinnedVersion: version }).where(eq(clients.id, o.client.id));
  return tokenFor(t, o.client.id, o.secret!);
}

/** Answers and their stream text: a stream that does not end by itself is read to its first event frame. */
async function answerOf({ op, response }: Call): Promise<RecordedAnswer> {
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim() || null;
  const headers: Record<string, string> = {};
  for (const name of ["location", "retry-after"]) if (response.headers.has(name)) headers[name === "location" ? "Location" : "Retry-After"] = response.headers.get(name)!;
  const shown = Object.keys(headers).length ? { headers } : {};
  if (type === null || response.status === 204) {
    await response.body?.cancel();
    return { contentType: null, ...shown };
  }
  if (type === "text/event-stream") return { contentType: type, body: await streamText(response, op === "GET /v1/events/stream"), ...shown };
  const text = await response.text();
  if (type === "application/json") return { contentType: type, body: JSON.parse(text), ...shown };
  if (type === "text/html") return { contentType: type, body: `<title>${/<title>([^<]*)<\/title>/.exec(text)?.[1] ?? ""}</title>`, ...shown };
  return { contentType: type, body: text, ...shown };
}

async function streamText(response: Response, openEnded: boolean): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += typeof value === "string" ? value : decoder.decode(value, { stream: true });
    // The event stream stays open: its first event frame is the example.
    if (openEnded && /^id: .*\n(?:.*\n)*?\n/m.test(text)) {
      await reader.cancel();
      text = text.slice(0, text.search(/^id: /m)) + /^id: .*\n(?:.*\n)*?\n/m.exec(text)![0];
      break;
    }
  }
  return text.replace(/^: hb\n\n/gm, "");
}

/** Stable names for what changes from run to run, numbered per operation (examples.ts). */
function normalise(examples: OperationExamples): OperationExamples {
  const names = new Map<string, string>();
  const counts = new Map<string, number>();
  const name = (prefix: string, value: string) => {
    if (!names.has(value)) {
      const n = (counts.get(prefix) ?? 0) + 1;
      counts.set(prefix, n);
      names.set(value, `${prefix}_example_${n}`);
    }
    return names.get(value)!;
  };
  const text = (s: string) =>
    s
      .replace(/^id: (.+)$/gm, (_, cursor: string) => `id: ${name("cursor", cursor)}`)
      // A random part is 16 or more base64url characters with a capital or a digit among them, so
      // words joined by underscores (api_token_not_accepted) are left alone.
      .replace(/\b(parla_[a-z]{2,4}|[a-z]{2,5})_(?=[A-Za-z0-9_-]*[A-Z0-9])[A-Za-z0-9_-]{16,}/g, (value, prefix: string) => name(prefix, value));
  const walk = (node: unknown, key = ""): unknown => {
    if (typeof node === "string") return /cursor$/.test(key) ? name("cursor", node) : text(node);
    if (Array.isArray(node)) return node.map((item) => walk(item, key));
    if (node && typeof node === "object") return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k)]));
    return node;
  };
  return walk(examples) as OperationExamples;
}

/** The first answer of each operation and status, in the order they were made. */
async function bookOf(made: Call[]): Promise<ExampleBook> {
  const operations: Record<string, OperationExamples> = {};
  for (const call of made) {
    const entry = (operations[call.op] ??= { responses: {} });
    const status = String(call.response.status);
    if (entry.responses[status]) {
      await call.response.body?.cancel();
      continue;
    }
    entry.responses[status] = await answerOf(call);
    if (call.request && call.response.status < 300 && !entry.request) entry.request = call.request;
  }
  const sorted = Object.fromEntries(
    Object.entries(operations)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([op, e]) => [op, normalise({ ...(e.request ? { request: e.request } : {}), responses: Object.fromEntries(Object.entries(e.responses).sort(([a], [b]) => a.localeCompare(b))) })]),
  );
  return { normalised: NORMALISED, operations: sorted };
}

/** The documents are cut to their version and title: the example of a document is not the document. */
async function cutDocument(op: string, response: Response): Promise<Call> {
  const doc = (await response.json()) as Record<string, unknown>;
  const info = doc.info as { title: string; version: string };
  const cut = doc.openapi ? { openapi: doc.openapi, info: { title: info.title, version: info.version }, paths: {} } : { asyncapi: doc.asyncapi, info: { title: info.title, version: info.version }, channels: {} };
  return { op, response: new Response(JSON.stringify(cut), { status: response.status, headers: { "content-type": response.headers.get("content-type")! } }) };
}

beforeAll(async () => {
  main = await createTestApp();
  gone = await createTestApp({}, {}, { versions: new VersionRegistry([...API_VERSIONS, { id: GONE, status: "discontinued", released_at: "2025-06-01", changes: ["examples only"] }], []) });
  limited = await createTestApp({ rateLimitApiPerClientPerMinute: 1, rateLimitTokenPerAddressPerMinute: 1 });
  const send = main.request.bind(main);
  const owner = await clientWithToken(main, { plan: "paid" });
  const { token } = owner;

  // The answers, the first of each status being the example.
  const plan = await send("POST", "/v1/lesson-plans", { json: planBody, headers: bearer(token) });
  const planId = ((await plan.clone().json()) as { id: string }).id;
  calls.push({ op: "POST /v1/lesson-plans", response: plan, request: { contentType: "application/json", body: planBody } });
  await main.scheduler.drain();
  const ops = scopedCalls(planId);
  calls.push(await ops["POST /v1/events"]!(send, token));
  for (const [op, call] of Object.entries(ops)) if (op !== "POST /v1/lesson-plans") calls.push(await call(send, token));

  // The operations' own refusals.
  const post = (op: string, path: string, json: unknown, headers: Record<string, string> = {}) => async () =>
    calls.push({ op, response: await send("POST", path, { json, headers: bearer(token, headers) }) });
  const get = (op: string, path: string, headers: Record<string, string> = {}) => async () => calls.push({ op, response: await send("GET", path, { headers: bearer(token, headers) }) });
  await post("POST /v1/lesson-plans", "/v1/lesson-plans", { ...planBody, colour: "red" })();
  await post("POST /v1/vocab/stream", "/v1/vocab/stream", { ...vocabBody, level: "2" })();
  await post("POST /v1/tutor/message", "/v1/tutor/message", { ...tutorBody, speed: "fast" })();
  await post("POST /v1/tutor/message", "/v1/tutor/message", { ...tutorBody, conversation_id: "conv_nosuchconversation0" })();
  await post("POST /v1/events", "/v1/events", eventBody)();
  await get("GET /v1/events", "/v1/events?cursor=not-a-cursor")();
  await get("GET /v1/events/stream", "/v1/events/stream?cursor=not-a-cursor")();
  await get("GET /v1/lesson-plans/{id}", "/v1/lesson-plans/lp_nosuchplan000000000000")();
  await get("GET /v1/lesson-plans/{id}/stream", "/v1/lesson-plans/lp_nosuchplan000000000000/stream")();
  // Two turns of one conversation at once: one of them is refused with 409 conflict.
  const first = (await (await send("POST", "/v1/tutor/message", { json: tutorBody, headers: bearer(token) })).json()) as { conversation_id: string };
  for (let attempt = 0; attempt < 10 && !calls.some((c) => c.op === "POST /v1/tutor/message" && c.response.status === 409); attempt++) {
    const next = { ...tutorBody, message: "¿Cuánto cuesta?", conversation_id: first.conversation_id };
    const both = await Promise.all([0, 1].map(() => send("POST", "/v1/tutor/message", { json: next, headers: bearer(token) })));
    for (const response of both) calls.push({ op: "POST /v1/tutor/message", response });
  }
  // A body over the limit, on every operation that takes one.
  const big = "x".repeat(70 * 1024);
  for (const [op, path] of [["POST /v1/events", "/v1/events"], ["POST /v1/vocab/stream", "/v1/vocab/stream"], ["POST /v1/lesson-plans", "/v1/lesson-plans"], ["POST /v1/tutor/message", "/v1/tutor/message"]] as const) {
    calls.push({ op, response: await send("POST", path, { body: JSON.stringify({ ...planBody, topic: big }), headers: bearer(token, { "content-type": "application/json", "idempotency-key": "too-large" }) }) });
  }
  for (const path of ["/oauth/token", "/oauth/revoke"]) calls.push({ op: `POST ${path}`, response: await send("POST", path, { form: { grant_type: "client_credentials", padding: "x".repeat(70 * 1024) } }) });

  // Refusals every scoped operation can answer with, each made by the caller it is about.
  const narrow = (await clientWithToken(main, { scopes: ["usage:read"] })).token;
  const narrowForUsage = (await clientWithToken(main, { scopes: ["events:read"] })).token;
  // Paid, so the tutor gets as far as the charge.
  const metered = (await clientWithToken(main, { billing: "metered", plan: "paid" })).token;
  const unknownPin = await pinnedToken(main, UNKNOWN_PIN);
  const goneToken = await pinnedToken(gone, GONE);
  const limitedToken = (await clientWithToken(limited)).token;
  await limited.request("GET", "/v1/usage", { headers: bearer(limitedToken) });
  const goneOps = scopedCalls("lp_nosuchplan000000000000");
  for (const [op, call] of Object.entries(ops)) {
    calls.push(await call(send, null));
    calls.push(await call(send, op === "GET /v1/usage" ? narrowForUsage : narrow));
    calls.push(await call(send, metered));
    calls.push(await call(send, unknownPin));
    calls.push(await goneOps[op]!(gone.request.bind(gone), goneToken));
    calls.push(await goneOps[op]!(limited.request.bind(limited), limitedToken));
  }

  // The reference routes.
  for (const path of ["/v1/openapi.json", "/v1/asyncapi.json"]) calls.push(await cutDocument(`GET ${path}`, await send("GET", path)));
  calls.push({ op: "GET /v1/versions", response: await send("GET", "/v1/versions") });
  calls.push({ op: "GET /v1/versions/{id}", response: await send("GET", `/v1/versions/${API_VERSIONS[0]!.id}`) });
  calls.push({ op: "GET /v1/versions/{id}", response: await send("GET", "/v1/versions/2019-01-never") });
  // They need no token, but answer under Parla-Version: an unknown one is 400, a discontinued one 410.
  for (const path of ["/v1/openapi.json", "/v1/asyncapi.json", "/v1/versions", `/v1/versions/${API_VERSIONS[0]!.id}`]) {
    const op = `GET ${path.replace(API_VERSIONS[0]!.id, "{id}")}`;
    calls.push({ op, response: await send("GET", path, { headers: { "parla-version": "2019-01-never" } }) });
    calls.push({ op, response: await gone.request("GET", path, { headers: { "parla-version": GONE } }) });
  }

  // The authorization server.
  const form = (op: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => async () => {
    calls.push({ op, response: await send("POST", path, { form: fields, headers }), request: { contentType: "application/x-www-form-urlencoded", body: fields } });
  };
  const auth = { authorization: basic(owner.client.id, owner.secret!) };
  await form("POST /oauth/token", "/oauth/token", { grant_type: "client_credentials", scope: "usage:read lesson_plans:write" }, auth)();
  await form("POST /oauth/token", "/oauth/token", { grant_type: "password" }, auth)();
  await form("POST /oauth/token", "/oauth/token", { grant_type: "client_credentials" }, { authorization: basic(owner.client.id, "parla_cs_wrongwrongwrongwrongwrong") })();
  await form("POST /oauth/token", "/oauth/token", { grant_type: "client_credentials" }, { authorization: `Bearer ${token}` })();
  const spare = (await (await send("POST", "/oauth/token", { form: { grant_type: "client_credentials", scope: "usage:read" }, headers: auth })).json()) as { access_token: string };
  await form("POST /oauth/revoke", "/oauth/revoke", { token: spare.access_token }, auth)();
  await form("POST /oauth/revoke", "/oauth/revoke", {}, auth)();
  await form("POST /oauth/revoke", "/oauth/revoke", { token: spare.access_token }, { authorization: basic(owner.client.id, "parla_cs_wrongwrongwrongwrongwrong") })();
  for (const path of ["/oauth/token", "/oauth/revoke"]) calls.push({ op: `POST ${path}`, response: await limited.request("POST", path, { form: { grant_type: "client_credentials", token: "x" } }) });
  const player = new WebUser(main);
  await player.signUp("player@example.com");
  calls.push({ op: "GET /oauth/authorize", response: await player.get(authorizeQuery(owner.client.id)) });
  calls.push({ op: "GET /oauth/authorize", response: await player.get(authorizeQuery(owner.client.id, { scope: "no_such:scope" })) });
  calls.push({ op: "GET /oauth/authorize", response: await main.app.handle(new Request(`http://127.0.0.1${authorizeQuery(owner.client.id)}`)) });
  calls.push({ op: "GET /oauth/authorize", response: await player.get(authorizeQuery("parla_cid_nosuchclient0000000")) });
  calls.push({ op: "GET /oauth/authorize", response: await send("GET", authorizeQuery(owner.client.id), { headers: bearer(token) }) });

  // Maintenance: every operation answers 503 (a new app reads the setting when it is built).
  // On an app of its own: the main app re-reads the setting every 2 s and would close too.
  down = await createTestApp();
  await writeMaintenance(down.deps.store.db, { on: true, retryAfterSeconds: 120 }, down.clock.now());
  const closed = senderOf(createApp(down.deps));
  for (let i = 0; i < 100 && (await closed("GET", "/v1/versions")).status !== 503; i++) await Bun.sleep(5);
  const documented = (await (await send("GET", "/v1/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
  for (const [path, item] of Object.entries(documented.paths)) {
    for (const method of Object.keys(item)) {
      const concrete = path.replace("{id}", "lp_nosuchplan000000000000");
      calls.push({ op: `${method.toUpperCase()} ${path}`, response: await closed(method.toUpperCase(), concrete, method === "get" ? {} : { json: {} }) });
    }
  }
  book = await bookOf(calls);
}, 120_000);

afterAll(() => {
  for (const t of [main, gone, limited, down]) t?.cleanup();
});

describe("the examples of /v1/openapi.json", () => {
  test("are what the server answers now (committed in src/reference/openapi-examples.json)", async () => {
    const written = JSON.stringify(book, null, 2) + "\n";
    if (process.env.PARLA_WRITE_EXAMPLES === "1") await Bun.write(FILE, written);
    const committed = await Bun.file(FILE).text();
    if (committed !== written) {
      const was = JSON.parse(committed) as ExampleBook;
      const differ = Object.keys({ ...was.operations, ...book.operations }).filter((op) => JSON.stringify(was.operations[op]) !== JSON.stringify(book.operations[op]));
      throw new Error(`the committed examples differ from what the server answers now (${differ.join("; ") || "the file's text"}); regenerate with ${REGENERATE} and commit the file`);
    }
  });

  // While regenerating, this process serves the examples it had at start-up: check on the next run.
  test.skipIf(process.env.PARLA_WRITE_EXAMPLES === "1")("the served document has a request example for each body and an example for each documented response with content", async () => {
    const openapi = (await (await main.request("GET", "/v1/openapi.json")).json()) as { paths: Record<string, Record<string, any>> };
    const missing: string[] = [];
    for (const [path, item] of Object.entries(openapi.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Record<string, any>)) if (media.example === undefined) missing.push(`${name} request ${type}`);
        for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
          if (response.$ref) missing.push(`${name} ${status} (shared, no example)`);
          else if (response.content) {
            for (const [type, media] of Object.entries(response.content as Record<string, any>)) if (media.example === undefined) missing.push(`${name} ${status} ${type}`);
          } else if (!Object.values((response.headers ?? {}) as Record<string, any>).some((h) => h.example !== undefined) && !(name === "POST /oauth/revoke" && status === "200")) missing.push(`${name} ${status} (no header example)`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
