// Low findings of an operator's and an attacker's probe: repeated authorization parameters,
// oversized token bodies, MIME sniffing, failed client secrets per client and address, and where
// the metadata's service_documentation points.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { startServer, type RunningServer } from "../../src/server.ts";
import { loadConfig } from "../../src/config/config.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { openRequest } from "../../src/http/request-context.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { WebUser } from "../helpers/browser-less.ts";
import { basic, ownerWithClient } from "./fixtures.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.cleanup());

const challenge = encodeBase64urlNoPadding(sha256(new TextEncoder().encode("v".repeat(50))));

function query(clientId: string, extra: [string, string][] = []): string {
  const q = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: "https://game.example.com/callback", scope: "usage:read", state: "st4te", code_challenge: challenge, code_challenge_method: "S256" });
  for (const [k, v] of extra) q.append(k, v);
  return `/oauth/authorize?${q}`;
}

describe("/oauth/authorize refuses repeated parameters (RFC 6749 §3.1)", () => {
  test("a repeated scope or state goes back as invalid_request; the last value is never used", async () => {
    const o = await ownerWithClient(t);
    const user = new WebUser(t);
    await user.signUp("repeat@example.com");
    for (const [name, value] of [["scope", "lesson_plans:write"], ["state", "other"], ["code_challenge", challenge]] as const) {
      const res = await user.get(query(o.client.id, [[name, value]]));
      expect(res.status).toBe(303);
      const location = new URL(res.headers.get("location")!);
      expect(location.origin + location.pathname).toBe("https://game.example.com/callback");
      expect(location.searchParams.get("error")).toBe("invalid_request");
      expect(location.searchParams.get("error_description")).toContain(name);
      expect(location.searchParams.get("code")).toBeNull();
      // A repeated state has no one value to echo.
      expect(location.searchParams.get("state")).toBe(name === "state" ? null : "st4te");
    }
    // Unrepeated, the same request shows consent.
    expect((await user.get(query(o.client.id))).status).toBe(200);
  });

  test("a repeated client_id or redirect_uri is shown, never redirected to", async () => {
    const o = await ownerWithClient(t);
    for (const extra of [[["client_id", o.client.id]], [["redirect_uri", "https://evil.example/callback"]]] as [string, string][][]) {
      const res = await t.request("GET", query(o.client.id, extra));
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(await res.text()).toContain("more than once");
    }
  });

  test("the consent form's POST refuses a repeated parameter too", async () => {
    const o = await ownerWithClient(t);
    const user = new WebUser(t);
    await user.signUp("repeat-post@example.com");
    const body = new URLSearchParams({ response_type: "code", client_id: o.client.id, redirect_uri: "https://game.example.com/callback", scope: "usage:read", state: "s", code_challenge: challenge, code_challenge_method: "S256", decision: "approve", csrf_token: "x" });
    body.append("scope", "lesson_plans:write");
    const res = await t.request("POST", "/oauth/authorize", { body: body.toString(), headers: { "content-type": "application/x-www-form-urlencoded", cookie: user.jar.header(), origin: "http://localhost" } });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("invalid_request");
  });
});

describe("answers", () => {
  test("JSON answers, errors and pages carry X-Content-Type-Options: nosniff", async () => {
    for (const [method, path] of [["GET", "/.well-known/oauth-authorization-server"], ["GET", "/readyz"], ["GET", "/v1/nothing"], ["POST", "/oauth/token"], ["GET", "/signin"], ["GET", "/docs"]] as const) {
      const res = await t.request(method, path);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  test("service_documentation points to a page that exists", async () => {
    const meta = (await (await t.request("GET", "/.well-known/oauth-authorization-server")).json()) as Record<string, string>;
    expect(meta.service_documentation).toBe("http://localhost/docs");
    const docs = await t.request("GET", new URL(meta.service_documentation!).pathname);
    expect(docs.status).toBe(200);
    const html = await docs.text();
    expect(html).toContain("API documentation");
    expect(html).toContain("/oauth/token");
  });
});

describe("failed client secrets are limited per client and address", () => {
  const tokenRequest = (clientId: string, secret: string, address: string) => {
    const request = new Request("http://localhost/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(clientId, secret) },
      body: "grant_type=client_credentials",
    });
    openRequest(request, { requestIP: () => ({ address }) });
    return t.app.handle(request);
  };

  test("after 20 failures from one address that address is refused, even with the right secret; the real client elsewhere is not", async () => {
    const o = await ownerWithClient(t);
    const other = await ownerWithClient(t);
    for (let i = 0; i < 20; i++) expect((await tokenRequest(o.client.id, "parla_cs_wrong" + i, "203.0.113.9")).status).toBe(401);
    const locked = await tokenRequest(o.client.id, o.secret!, "203.0.113.9");
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await locked.json()) as { error: string }).error).toBe("rate_limited");
    // The real client, calling from its own address, keeps working.
    expect((await tokenRequest(o.client.id, o.secret!, "198.51.100.7")).status).toBe(200);
    // Another client from the attacker's address is not affected.
    expect((await tokenRequest(other.client.id, other.secret!, "203.0.113.9")).status).toBe(200);
    // The window ends: the address may try again.
    t.clock.advance(61 * 60_000);
    expect((await tokenRequest(o.client.id, o.secret!, "203.0.113.9")).status).toBe(200);
  });
});

describe("an oversized chunked body to /oauth/token (real server)", () => {
  let server: RunningServer;
  let logs: string[];
  let dir: ReturnType<typeof tempDir>;
  beforeEach(async () => {
    dir = tempDir();
    logs = [];
    const config = loadConfig({ PARLA_DATABASE_URL: `file:${dir.path}/p.db`, PARLA_HOST: "127.0.0.1", PARLA_PORT: "0" });
    server = await startServer(config, createLogger("info", {}, (line) => logs.push(line)));
  });
  afterEach(async () => {
    await server.stop();
    dir.cleanup();
  });

  test("answers OAuth JSON 413 each time and logs one warning, no stack", async () => {
    const big = "a=" + "b".repeat(2 * 1024 * 1024);
    for (let i = 0; i < 3; i++) {
      // A ReadableStream body goes out chunked (no content-length).
      const body = new ReadableStream({
        start(controller) {
          for (let at = 0; at < big.length; at += 64 * 1024) controller.enqueue(new TextEncoder().encode(big.slice(at, at + 64 * 1024)));
          controller.close();
        },
      });
      const res = await fetch(`${server.url}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
      expect(res.status).toBe(413);
      expect(res.headers.get("content-type")).toStartWith("application/json");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(((await res.json()) as { error: string }).error).toBe("invalid_request");
    }
    const warnings = logs.filter((l) => l.includes("http.body_too_large"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"level":"warn"');
    expect(logs.some((l) => l.includes('"level":"error"'))).toBe(false);
  });
});
