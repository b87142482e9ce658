// The OpenAPI document says what the server does: integers are integers (and a string is refused
// where one is documented), Idempotency-Key is required, request bodies are closed (an unknown field
// is 400 with its path as `param`), and every operation documents 503, and 413 and 429 where they
// can be answered.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { clientWithToken } from "../billing/fixtures.ts";
import { as, plan } from "../generation/fixtures.ts";

let t: TestApp;
let openapi: Record<string, any>;
let asyncapi: Record<string, any>;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  openapi = await (await t.request("GET", "/v1/openapi.json")).json();
  asyncapi = await (await t.request("GET", "/v1/asyncapi.json")).json();
  token = (await clientWithToken(t)).token;
});
afterAll(() => t.cleanup());

const operations = () =>
  Object.entries(openapi.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })));

/** Every schema object anywhere in a document, with where it is. */
function* schemas(node: unknown, at = "#"): Generator<[string, Record<string, any>]> {
  if (Array.isArray(node)) for (const [i, item] of node.entries()) yield* schemas(item, `${at}/${i}`);
  else if (node && typeof node === "object") {
    yield [at, node as Record<string, any>];
    for (const [key, value] of Object.entries(node)) yield* schemas(value, `${at}/${key}`);
  }
}

describe("the document", () => {
  test("has no string/integer union and no format integer, in either document", () => {
    for (const doc of [openapi, asyncapi]) {
      for (const [at, node] of schemas(doc)) {
        expect(node.format === "integer" || node.format === "numeric", at).toBe(false);
        if (Array.isArray(node.anyOf)) expect(node.anyOf.some((s: any) => s.type === "string") && node.anyOf.some((s: any) => s.type === "integer"), at).toBe(false);
      }
    }
    expect(openapi.paths["/v1/lesson-plans"].post.responses["202"].content["application/json"].schema.properties.sets_ready).toMatchObject({ type: "integer" });
  });

  test("POST /v1/events requires Idempotency-Key", () => {
    const key = openapi.paths["/v1/events"].post.parameters.find((p: any) => p.name === "Idempotency-Key");
    expect(key).toMatchObject({ in: "header", required: true });
  });

  test("every JSON request body is closed, at every level of its objects (OAuth forms stay open: RFC 6749 §3.2 ignores unknown parameters)", () => {
    for (const { name, op } of operations()) {
      const media = op.requestBody?.content?.["application/json"] as { schema: unknown } | undefined;
      if (media) {
        for (const [at, node] of schemas(media.schema)) {
          if (node.type === "object" && node.properties && !at.endsWith("/properties")) expect(node.additionalProperties, `${name} ${at}`).toBe(false);
        }
      }
    }
  });

  test("every operation documents 503 (plain text with Retry-After); 413 exactly where a body is read; 429 exactly where calls are counted; and a 2xx with a content type", () => {
    // Counted: the doorway's per-client limit on every operation that needs a token, and the
    // token endpoint's per-address limit (token and revoke). A GET's body is never read.
    const counted = (name: string, op: any) => op["x-parla-scope"] ? true : name === "POST /oauth/token" || name === "POST /oauth/revoke";
    for (const { name, op } of operations()) {
      expect(op.responses["503"], `${name} 503`).toBeDefined();
      expect(op.responses["503"].content["text/plain"], `${name} 503`).toBeDefined();
      expect(op.responses["503"].headers["Retry-After"].required, `${name} 503`).toBe(true);
      expect(op.responses["413"] !== undefined, `${name} 413`).toBe(op.requestBody !== undefined);
      expect(op.responses["429"] !== undefined, `${name} 429`).toBe(counted(name, op));
      const ok = Object.entries(op.responses).filter(([s]) => s.startsWith("2"));
      expect(ok.length, name).toBeGreaterThan(0);
      if (name !== "POST /oauth/revoke") expect(ok.some(([, r]: [string, any]) => r.content), name).toBe(true);
    }
  });

  test("the event stream declares text/event-stream and points at its AsyncAPI channel, which names the done and error frames", () => {
    const stream = openapi.paths["/v1/events/stream"].get.responses["200"].content["text/event-stream"];
    expect(stream.schema.type).toBe("string");
    expect(stream["x-asyncapi"]).toBe("/v1/asyncapi.json#/channels/eventStream");
    expect(Object.keys(asyncapi.channels.eventStream.messages)).toEqual(expect.arrayContaining(["stream_done", "stream_error", "stream_heartbeat", "lesson_plan_ready"]));
  });

  test("401 on /oauth/* has the documented OAuth error shape", async () => {
    const r = await t.request("POST", "/oauth/token", { form: { grant_type: "client_credentials" }, headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(401);
    expect(await r.json()).toEqual({ error: "api_token_not_accepted", error_description: expect.any(String) });
    expect(openapi.paths["/oauth/authorize"].get.responses["401"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/OAuthError" });
  });
});

describe("the server", () => {
  test("refuses a string where the document has an integer, naming the field", async () => {
    const r = await as(t, token).post("/v1/lesson-plans", plan({ level: "3" }));
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: "invalid_request", param: "level" });
  });

  test("refuses unknown fields on every JSON body, at any depth, naming the field", async () => {
    const cases: [string, unknown, string][] = [
      ["/v1/lesson-plans", plan({ colour: "red" }), "colour"],
      ["/v1/lesson-plans", plan({ npc: { name: "Ana", mood: "glad" } }), "npc.mood"],
      ["/v1/vocab/stream", { source_lang: "en", target_lang: "es", level: 2, extra: 1 }, "extra"],
      ["/v1/tutor/message", { message: "hola", source_lang: "en", target_lang: "es", level: 2, speed: "fast" }, "speed"],
    ];
    for (const [path, body, param] of cases) {
      const r = await as(t, token).post(path, body);
      expect(r.status, `${path} ${param}`).toBe(400);
      expect(await r.json(), `${path} ${param}`).toMatchObject({ code: "invalid_request", param });
    }
  });

  test("a field named after an Object.prototype member is unknown too", async () => {
    const body = (field: string) => JSON.stringify(plan()).replace("{", `{"${field}":{"x":1},`);
    for (const field of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const r = await t.request("POST", "/v1/lesson-plans", { body: body(field), headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } });
      expect(r.status, field).toBe(400);
      expect(await r.json(), field).toMatchObject({ code: "invalid_request", param: field });
    }
    const nested = JSON.stringify(plan({ npc: { name: "Ana" } })).replace('{"name"', '{"__proto__":{"mood":"glad"},"name"');
    const r = await t.request("POST", "/v1/lesson-plans", { body: nested, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: "invalid_request", param: "npc.__proto__" });
  });

  test("an npc with a name alone is accepted, as documented", async () => {
    const r = await t.request("POST", "/v1/events", {
      json: { type: "world.context_changed", data: { scene: "a harbour at dawn", source_lang: "en", target_lang: "es", level: 2, npc: { name: "Ana" } } },
      headers: { authorization: `Bearer ${token}`, "idempotency-key": "npc-name-alone" },
    });
    expect(r.status).toBe(202);
    const npc = openapi.paths["/v1/events"].post.requestBody.content["application/json"].schema.anyOf[0].properties.data.properties.npc;
    expect(npc.required).toEqual(["name"]);
  });
});
