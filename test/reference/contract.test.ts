// The contract check that wraps every in-process API test (helpers/contract.ts) finds what it is
// for: a wrong type, an undocumented status, a content type or header the document does not name,
// an accepted request the document forbids, and an envelope that is not its AsyncAPI schema.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ContractChecker } from "../helpers/contract.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let checker: ContractChecker;

beforeAll(async () => {
  t = await createTestApp();
  checker = new ContractChecker(await (await t.request("GET", "/v1/openapi.json")).json(), await (await t.request("GET", "/v1/asyncapi.json")).json());
});
afterAll(() => t.cleanup());

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const get = (path: string) => new Request(`http://localhost${path}`);

describe("the contract check", () => {
  test("names the operation, the status and the field of a wrong answer", async () => {
    const answer = json(200, { id: "v", status: "current", released_at: "2026-10-01", changes: "none" });
    await expect(checker.check(get("/v1/versions/v"), undefined, answer)).rejects.toThrow("contract: GET /v1/versions/{id} 200 response: changes must be array");
  });

  test("refuses an answer carrying a field the document does not name, at any depth", async () => {
    const version = { id: "v", status: "current", released_at: "2026-10-01", changes: ["none"] };
    await expect(checker.check(get("/v1/versions/v"), undefined, json(200, version))).resolves.toBeInstanceOf(Response);
    await expect(checker.check(get("/v1/versions/v"), undefined, json(200, { ...version, secret_hash: "x" }))).rejects.toThrow("contract: GET /v1/versions/{id} 200 response: (the whole value) must NOT have additional properties");
    const listed = await (await t.request("GET", "/v1/versions")).json();
    const leaky = { ...listed, items: [{ ...listed.items[0], internal: 1 }] };
    await expect(checker.check(get("/v1/versions"), undefined, json(200, leaky))).rejects.toThrow("must NOT have additional properties");
  });

  test("refuses an undocumented status, content type or missing required header", async () => {
    await expect(checker.check(get("/v1/versions/v"), undefined, json(418, {}))).rejects.toThrow("GET /v1/versions/{id} 418: the status is not documented");
    await expect(checker.check(get("/v1/versions"), undefined, new Response("x", { headers: { "content-type": "text/html" } }))).rejects.toThrow('content type "text/html" is not documented');
    await expect(checker.check(get("/v1/usage"), undefined, json(429, { code: "rate_limited", error: "wait" }))).rejects.toThrow("GET /v1/usage 429: header Retry-After is required");
    await expect(checker.check(get("/v1/usage"), undefined, new Response("down", { status: 503, headers: { "content-type": "text/plain", "retry-after": "5" } }))).resolves.toBeInstanceOf(Response);
  });

  test("refuses an accepted request the document forbids: an unknown field, a missing required header", async () => {
    const post = (path: string, _body: unknown, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers } });
    const extra = { type: "world.context_changed", data: { scene: "a port", source_lang: "en", target_lang: "es", level: 2, mood: "glad" } };
    await expect(checker.check(post("/v1/events", extra, { "idempotency-key": "k1" }), JSON.stringify(extra), json(202, { reaction: "complete" }))).rejects.toThrow("contract: POST /v1/events 202 request body: data must NOT have additional properties");
    const event = { type: "world.context_changed", data: { scene: "a port", source_lang: "en", target_lang: "es", level: 2 } };
    await expect(checker.check(post("/v1/events", event), JSON.stringify(event), json(202, { reaction: "complete" }))).rejects.toThrow("POST /v1/events 202 request: header parameter Idempotency-Key is required");
  });

  test("checks each envelope of the feed against its AsyncAPI schema", () => {
    const envelope = { id: "parla_evt_1", type: "usage.threshold_reached", created_at: "2026-11-02T09:00:00.000Z", api_version: "v", subject: "parla_sub_1", data: { limit_credits: "10" } };
    expect(() => checker.checkEnvelope(envelope, "feed")).toThrow(/contract: feed \(usage.threshold_reached\): data/);
    expect(() => checker.checkEnvelope({ ...envelope, type: "nope.never" }, "feed")).toThrow("is not in the AsyncAPI document");
  });
});
