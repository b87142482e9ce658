import { afterEach, describe, expect, test } from "bun:test";
import { writeMaintenance } from "../../src/http/maintenance.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

describe("HTTP skeleton", () => {
  test("/healthz and /readyz answer", async () => {
    t = await createTestApp();
    expect((await t.request("GET", "/healthz")).status).toBe(200);
    const ready = await t.request("GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, store: "embedded" });
  });

  test("an unknown route is a 404 envelope", async () => {
    t = await createTestApp();
    const res = await t.request("GET", "/v1/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "not_found", error: "no route for GET /v1/nothing-here" });
  });

  test("an unknown route is answered at once, with its request id and whatever its method", async () => {
    // A Promise would cost every 404 a turn of the event loop (http-base.ts).
    t = await createTestApp();
    for (const [method, path] of [["GET", "/v1/nothing-here"], ["PUT", "/v1/usage"], ["DELETE", "/signin/x"], ["GET", "/v1/lesson-plans/a/b"]] as const) {
      const answer = t.app.fetch(new Request(`http://localhost${path}`, { method }));
      expect(answer).toBeInstanceOf(Response);
      const res = answer as Response;
      expect(res.status).toBe(404);
      expect(res.headers.get("x-request-id")).toMatch(/^[a-z0-9]+-[a-z0-9]+$/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await res.json()).toEqual({ code: "not_found", error: `no route for ${method} ${path}` });
    }
  });

  test("a form body that cannot be parsed is a 400 that does not call it JSON", async () => {
    t = await createTestApp();
    const res = await t.request("POST", "/signin", { body: "garbage", headers: { "content-type": "multipart/form-data; boundary=x", origin: "http://localhost" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "invalid_request", error: "the request body could not be parsed as its Content-Type says" });
  });

  test("an unknown /oauth/ route speaks the OAuth error shape", async () => {
    t = await createTestApp();
    const res = await t.request("POST", "/oauth/nothing");
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(await res.json()).sort()).toEqual(["error", "error_description"]);
  });

  test("preflight on /v1/* and /oauth/token gets no CORS headers and no 2xx", async () => {
    t = await createTestApp();
    for (const path of ["/v1/usage", "/oauth/token"]) {
      const res = await t.request("OPTIONS", path, { headers: { origin: "https://evil.example", "access-control-request-method": "POST" } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      for (const [name] of res.headers) expect(name.startsWith("access-control-")).toBe(false);
    }
  });

  test("an access token outside /v1/ is refused with api_token_not_accepted", async () => {
    t = await createTestApp();
    const res = await t.request("GET", "/healthz", { headers: { authorization: "Bearer parla_at_abc" } });
    expect(res.status).toBe(401);
    expect((await res.text()).startsWith('{"error":"api_token_not_accepted')).toBe(true);
  });

  test("maintenance mode answers 503 plain text with Retry-After everywhere but health", async () => {
    t = await createTestApp();
    await writeMaintenance(t.deps.store.db, { on: true, retryAfterSeconds: 120 }, t.clock.now());
    // A new app reads the setting when it is built, then every 2 s (so every process sees it within seconds).
    const { createApp } = await import("../../src/app.ts");
    const app = createApp(t.deps);
    await Bun.sleep(20);
    const res = await app.handle(new Request("http://localhost/v1/usage"));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("120");
    expect(res.headers.get("content-type")).toStartWith("text/plain");
    expect((await app.handle(new Request("http://localhost/healthz"))).status).toBe(200);
  });

  test("/_dev/clock exists only with PARLA_DEV_CLOCK=1 and validates its body", async () => {
    t = await createTestApp();
    expect((await t.request("POST", "/_dev/clock", { json: { advance_seconds: 5 } })).status).toBe(404);
    t.cleanup();
    t = await createTestApp({ devClock: true });
    const before = t.clock.now();
    const res = await t.request("POST", "/_dev/clock", { json: { advance_seconds: 3600 } });
    expect(res.status).toBe(200);
    expect(t.clock.now() - before).toBe(3_600_000);
    const bad = await t.request("POST", "/_dev/clock", { json: { advance_seconds: "soon" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_request", param: "advance_seconds" });
    const broken = await t.request("POST", "/_dev/clock", { body: "{not json", headers: { "content-type": "application/json" } });
    expect(broken.status).toBe(400);
    expect((await broken.json()).code).toBe("invalid_request");
  });
});
