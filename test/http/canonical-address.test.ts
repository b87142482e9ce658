import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { PARLA_BASE_URL: "http://localhost:8080" });
});
afterAll(() => t.cleanup());

const at = (url: string, init: RequestInit = {}) => t.app.handle(new Request(url, init));

describe("canonical address for pages", () => {
  test("a page GET at another host is redirected to the same path and query at PARLA_WEB_APP_URL", async () => {
    const res = await at("http://127.0.0.1:8080/signin?next=%2Fadmin");
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("http://localhost:8080/signin?next=%2Fadmin");
    const authorize = await at("http://127.0.0.1:8080/oauth/authorize?client_id=x&state=y");
    expect(authorize.headers.get("location")).toBe("http://localhost:8080/oauth/authorize?client_id=x&state=y");
  });

  test("the canonical host, and a proxy's X-Forwarded-Host naming it, are served", async () => {
    expect((await at("http://localhost:8080/signin")).status).toBe(200);
    expect((await at("http://10.0.0.5:8080/signin", { headers: { "x-forwarded-host": "localhost:8080" } })).status).toBe(200);
  });

  test("POSTs and machine endpoints are never redirected", async () => {
    for (const path of ["/healthz", "/readyz", "/v1/usage", "/.well-known/oauth-authorization-server"]) expect((await at(`http://127.0.0.1:8080${path}`)).status).not.toBe(308);
    const post = await at("http://127.0.0.1:8080/signin", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=a" });
    expect(post.status).not.toBe(308);
    const token = await at("http://127.0.0.1:8080/oauth/token", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=client_credentials" });
    expect(token.status).toBe(401);
  });
});
