// Version negotiation through the /v1 doorway (spec 9): the client's pin, Parla-Version where a
// route allows it, unknown and discontinued versions, deprecation headers (RFC 9745, RFC 8594), and
// Stripe-style changes proved with test-only versions that are never shipped.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { clients } from "../../src/clients/schema.ts";
import { API_VERSIONS, CURRENT_API_VERSION, VersionRegistry, type ApiVersion, type VersionChange } from "../../src/versions/registry.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { basic, exchange, ownerWithClient } from "../oauth/fixtures.ts";

const OLDER = "2026-04-test-older";
const DEPRECATED = "2026-02-test-deprecated";
const GONE = "2025-06-test-gone";

const TEST_VERSIONS: ApiVersion[] = [
  ...API_VERSIONS,
  { id: OLDER, status: "supported", released_at: "2026-04-01", changes: ["test only"] },
  { id: DEPRECATED, status: "deprecated", released_at: "2026-02-01", changes: ["test only"], deprecated_at: "2026-09-01T00:00:00Z", sunset_at: "2027-03-01T00:00:00Z" },
  { id: GONE, status: "discontinued", released_at: "2025-06-01", changes: ["test only"] },
];

const rename = (from: string, to: string) => (body: Record<string, unknown>) => {
  const { [from]: value, ...rest } = body;
  return from in body ? { ...rest, [to]: value } : body;
};

/** What the current version changed: a plan's `sets` were `parts`, and lesson_plan.ready's plan_id was lesson_plan_id. */
const TEST_CHANGES: VersionChange[] = [
  { introducedIn: CURRENT_API_VERSION, description: "renamed parts to sets", resources: { lesson_plan: rename("sets", "parts") }, events: { "lesson_plan.ready": rename("plan_id", "lesson_plan_id") } },
];

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, {}, { versions: new VersionRegistry(TEST_VERSIONS, TEST_CHANGES) });
  const probes = t.deps.v1.plugin("version-probes");
  probes
    .get("/v1/probe/plan", { scope: "lesson_plans:read", operation: null, resource: "lesson_plan", summary: "probe", tags: ["test"], hidden: true }, ({ apiVersion }) => ({ id: "plan_1", status: "complete", sets: [{ kind: "overview" }], answered_under: apiVersion }))
    .get("/v1/probe/feed", { scope: "events:read", operation: null, version: "header", summary: "probe", tags: ["test"], hidden: true }, ({ apiVersion }) => ({
      api_version: apiVersion,
      data: t.deps.versions.eventDataAt("lesson_plan.ready", { plan_id: "plan_1", status: "partial" }, apiVersion),
    }));
  t.app.use(probes.elysia);
});
afterEach(() => t.cleanup());

async function tokenPinnedTo(version: string | null) {
  const o = await ownerWithClient(t);
  if (version) await t.deps.store.db.update(clients).set({ pinnedVersion: version }).where(eq(clients.id, o.client.id));
  const r = await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(o.client.id, o.secret!) });
  expect(r.status).toBe(200);
  return r.body.access_token as string;
}

const get = (path: string, token: string, headers: Record<string, string> = {}) => t.request("GET", path, { headers: { authorization: `Bearer ${token}`, ...headers } });

describe("the version a call is answered under", () => {
  test("the client's pin: a current-pinned client gets the current shape; an older pin gets the older shape through the change chain", async () => {
    const current = await get("/v1/probe/plan", await tokenPinnedTo(null));
    expect(await current.json()).toEqual({ id: "plan_1", status: "complete", sets: [{ kind: "overview" }], answered_under: CURRENT_API_VERSION });
    const older = await get("/v1/probe/plan", await tokenPinnedTo(OLDER));
    expect(await older.json()).toEqual({ id: "plan_1", status: "complete", parts: [{ kind: "overview" }], answered_under: OLDER });
  });

  test("Parla-Version wins over the pin on routes that allow it (feed, stream), and shapes event data; elsewhere it is ignored", async () => {
    const token = await tokenPinnedTo(null);
    expect(await (await get("/v1/probe/feed", token)).json()).toEqual({ api_version: CURRENT_API_VERSION, data: { plan_id: "plan_1", status: "partial" } });
    expect(await (await get("/v1/probe/feed", token, { "parla-version": OLDER })).json()).toEqual({ api_version: OLDER, data: { lesson_plan_id: "plan_1", status: "partial" } });
    const plan = await (await get("/v1/probe/plan", token, { "parla-version": OLDER })).json();
    expect(plan.answered_under).toBe(CURRENT_API_VERSION);
  });

  test("an unknown Parla-Version is 400 invalid_version naming the header", async () => {
    const r = await get("/v1/probe/feed", await tokenPinnedTo(null), { "parla-version": "1999-01-nope" });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: "invalid_version", param: "Parla-Version" });
  });

  test("a discontinued version, asked or pinned, is 410 version_discontinued", async () => {
    const asked = await get("/v1/probe/feed", await tokenPinnedTo(null), { "parla-version": GONE });
    expect(asked.status).toBe(410);
    expect((await asked.json()).code).toBe("version_discontinued");
    const pinned = await get("/v1/probe/plan", await tokenPinnedTo(GONE));
    expect(pinned.status).toBe(410);
    expect((await pinned.json()).code).toBe("version_discontinued");
  });

  test("a deprecated version answers with Deprecation and Sunset headers", async () => {
    const r = await get("/v1/probe/plan", await tokenPinnedTo(DEPRECATED));
    expect(r.status).toBe(200);
    expect(r.headers.get("deprecation")).toBe(`@${Date.parse("2026-09-01T00:00:00Z") / 1000}`);
    expect(r.headers.get("sunset")).toBe("Mon, 01 Mar 2027 00:00:00 GMT");
    const current = await get("/v1/probe/plan", await tokenPinnedTo(null));
    expect(current.headers.get("deprecation")).toBeNull();
  });

  test("the version is checked after the token: without one, 401 comes first", async () => {
    const r = await t.request("GET", "/v1/probe/feed", { headers: { "parla-version": "1999-01-nope" } });
    expect(r.status).toBe(401);
  });
});

describe("the registry", () => {
  test("lists newest first, and a change for an unknown version is refused at start-up", () => {
    const registry = new VersionRegistry(TEST_VERSIONS, TEST_CHANGES);
    expect(registry.list().map((v) => v.id)).toEqual([CURRENT_API_VERSION, OLDER, DEPRECATED, GONE]);
    expect(() => new VersionRegistry(API_VERSIONS, [{ introducedIn: "2030-01-later", description: "x" }])).toThrow("unknown version");
  });

  test("the shipped registry has exactly one current version and no test version", () => {
    const shipped = new VersionRegistry();
    expect(shipped.list().filter((v) => v.status === "current").map((v) => v.id)).toEqual([CURRENT_API_VERSION]);
    expect(shipped.list().some((v) => v.id.includes("test"))).toBe(false);
  });
});
