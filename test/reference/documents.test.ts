// The machine-readable documents (spec 1.5, 4.2): every /v1 route of the app appears in the OpenAPI
// document with its scope; both documents validate with independent tools; the versions routes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Parser } from "@asyncapi/parser";
import { join } from "node:path";
import { EVENT_CATALOGUE } from "../../src/events/catalogue.ts";
import { INBOUND_EVENT_TYPES } from "../../src/events/inbound-model.ts";
import { CURRENT_API_VERSION } from "../../src/versions/registry.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let openapi: Record<string, any>;
let asyncapi: Record<string, any>;

beforeAll(async () => {
  t = await createTestApp({}, { PARLA_BASE_URL: "https://learn.parla.dev" });
  const o = await t.request("GET", "/v1/openapi.json");
  expect(o.status).toBe(200);
  expect(o.headers.get("content-type")).toContain("application/json");
  openapi = await o.json();
  asyncapi = await (await t.request("GET", "/v1/asyncapi.json")).json();
});
afterAll(() => t.cleanup());

describe("GET /v1/openapi.json", () => {
  test("needs no token, and is OpenAPI 3.1 valid by an independent validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(openapi);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(openapi.openapi).toBe("3.1.0");
    expect(openapi.info.version).toBe(CURRENT_API_VERSION);
  });

  test("lints clean with Redocly's recommended rules", async () => {
    const dir = tempDir();
    try {
      const file = join(dir.path, "openapi.json");
      await Bun.write(file, JSON.stringify(openapi));
      const bin = join(import.meta.dir, "../../node_modules/.bin/redocly");
      const run = Bun.spawnSync([bin, "lint", file, "--format=summary"], { stdout: "pipe", stderr: "pipe", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } });
      const out = run.stdout.toString() + run.stderr.toString();
      expect(out).toContain("Your API description is valid");
      expect(out).not.toMatch(/(error|warning) [a-z0-9-]+: \d+/);
      expect(run.exitCode).toBe(0);
    } finally {
      dir.cleanup();
    }
  }, 60_000);

  test("every /v1 route the app serves is in the document, with its one scope (routes read from the app itself)", () => {
    const served = t.app.routes.filter((r) => r.path.startsWith("/v1/") && !r.path.startsWith("/v1/probe")).map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:([A-Za-z_]+)/g, "{$1}")}`);
    expect(served.length).toBeGreaterThanOrEqual(5);
    for (const route of served) {
      const [method, path] = route.split(" ") as [string, string];
      const operation = openapi.paths[path]?.[method];
      expect(operation, route).toBeDefined();
      const declared = t.deps.v1.routes.find((r) => r.method.toLowerCase() === method && r.path.replace(/:([A-Za-z_]+)/g, "{$1}") === path);
      expect(declared, `${route} passes the doorway`).toBeDefined();
      const scope = declared!.declaration.scope;
      expect(operation.security).toEqual(scope === null ? [] : [{ oauth2: [scope] }]);
      expect(operation["x-parla-scope"]).toBe(scope);
      // Each written out in full with the operation's own example (src/reference/examples.ts).
      if (scope !== null) for (const status of ["401", "403", "429"]) expect(operation.responses[status].content["application/json"], `${route} ${status}`).toMatchObject({ schema: { $ref: "#/components/schemas/Error" }, example: { code: expect.any(String) } });
    }
  });

  test("GET /v1/usage carries its model, the envelope on errors, and both OAuth flows", () => {
    const usage = openapi.paths["/v1/usage"].get;
    expect(usage.responses["200"].content["application/json"].schema.anyOf.map((s: any) => s.properties.billing_mode.const)).toEqual(["allowance", "metered"]);
    expect(usage.responses["402"].content["application/json"]).toMatchObject({ schema: { $ref: "#/components/schemas/Error" }, example: { code: "metered_billing_inactive" } });
    expect(openapi.components.schemas.Error.required).toEqual(["code", "error"]);
    const flows = openapi.components.securitySchemes.oauth2.flows;
    expect(flows.clientCredentials.tokenUrl).toBe("https://learn.parla.dev/oauth/token");
    expect(flows.authorizationCode.authorizationUrl).toBe("https://learn.parla.dev/oauth/authorize");
    expect(Object.keys(flows.clientCredentials.scopes)).toContain("events:read");
    for (const path of ["/oauth/token", "/oauth/authorize", "/oauth/revoke"]) expect(openapi.paths[path]).toBeDefined();
  });
});

describe("GET /v1/asyncapi.json", () => {
  test("validates with @asyncapi/parser and names every event type with its data schema, and the inbound types", async () => {
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(asyncapi));
    expect(diagnostics.filter((d) => d.severity === 0).map((d) => d.message)).toEqual([]);
    expect(document).toBeDefined();
    for (const type of Object.keys(EVENT_CATALOGUE)) {
      const name = type.replace(/\./g, "_");
      expect(asyncapi.components.messages[name].name).toBe(type);
      expect(asyncapi.components.schemas[name].properties.data).toEqual(JSON.parse(JSON.stringify(EVENT_CATALOGUE[type as keyof typeof EVENT_CATALOGUE].data)));
    }
    for (const type of Object.keys(INBOUND_EVENT_TYPES)) expect(asyncapi.components.messages[type.replace(/\./g, "_")].name).toBe(type);
    expect(asyncapi.channels.webhook.description).toContain("webhook-signature");
    expect(Object.keys(asyncapi.channels.eventStream.messages)).not.toContain("webhook_test");
  }, 30_000);
});

describe("versions (spec 9)", () => {
  test("GET /v1/versions lists them; GET /v1/versions/{id} returns one; an unknown id is 404 not_found", async () => {
    const list = await t.request("GET", "/v1/versions");
    expect(list.status).toBe(200);
    const body = await list.json();
    expect(body.items).toContainEqual(expect.objectContaining({ id: CURRENT_API_VERSION, status: "current", released_at: "2026-10-01" }));
    const one = await t.request("GET", `/v1/versions/${CURRENT_API_VERSION}`);
    expect(await one.json()).toMatchObject({ id: CURRENT_API_VERSION, status: "current" });
    const missing = await t.request("GET", "/v1/versions/1999-01-nope");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "not_found" });
  });
});
