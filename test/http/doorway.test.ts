// The /v1 doorway (http/v1.ts) in its order: authenticate → scope → version → rate limit →
// validation → precheck → charge → handler, refunded when the handler throws (spec 5.1, 5.5, 5.6, 7).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { t as schema } from "elysia";
import { AppError } from "../../src/lib/errors.ts";
import { MINUTE } from "../../src/lib/clock.ts";
import { clientWithToken, ledger } from "../billing/fixtures.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let handled: number;
beforeEach(async () => {
  handled = 0;
  t = await createTestApp({ rateLimitApiPerClientPerMinute: 3 });
  const probes = t.deps.v1.plugin("doorway-probes");
  probes
    .post(
      "/v1/probe/vocab",
      {
        scope: "vocab:generate",
        operation: "vocab.generate",
        body: schema.Object({ level: schema.Integer({ minimum: 1, maximum: 9 }) }),
        precheck: ({ body }) => {
          if ((body as { level: number }).level === 9) throw new AppError(403, "paid_plan_required", "level 9 needs a paid plan");
          return { doubled: (body as { level: number }).level * 2 };
        },
        summary: "probe",
        tags: ["test"],
        hidden: true,
      },
      ({ checked, charge }) => {
        handled++;
        return { doubled: checked.doubled, credits: charge.receipt.credits };
      },
    )
    .post("/v1/probe/broken", { scope: "vocab:generate", operation: "vocab.generate", summary: "probe", tags: ["test"], hidden: true }, () => {
      handled++;
      throw new Error("the engine fell over");
    });
  t.app.use(probes.elysia);
});
afterEach(() => t.cleanup());

const call = (path: string, token: string | null, body: unknown = { level: 2 }, headers: Record<string, string> = {}) =>
  t.request("POST", path, { json: body, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

describe("the doorway's order", () => {
  test("no token, a malformed header, a client secret, an unknown token: 401 before anything else, with WWW-Authenticate", async () => {
    const o = await clientWithToken(t);
    for (const [authorization, code] of [
      [null, "unauthorized"],
      ["Basic abc", "unauthorized"],
      [`Bearer ${o.secret}`, "client_secret_not_accepted"],
      ["Bearer parla_at_unknown", "unauthorized"],
    ] as const) {
      const res = await t.request("POST", "/v1/probe/vocab", { json: { level: 99 }, headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain("Bearer");
      const body = await res.json();
      expect(body.code).toBe(code);
      if (code === "unauthorized") expect(body.error).toStartWith("invalid_token");
    }
    expect(handled).toBe(0);
  });

  test("the scope before the body: a token without it gets 403 even for a bad body", async () => {
    const o = await clientWithToken(t, { scopes: ["usage:read"] });
    const res = await call("/v1/probe/vocab", o.token, { level: 99 });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "insufficient_scope" });
  });

  test("a body that is not JSON: 401 without a token, then 400 that says what to send; too large is 413 at once", async () => {
    const send = (token: string | null, body: string, contentType?: string) =>
      t.request("POST", "/v1/probe/vocab", { body, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(contentType ? { "content-type": contentType } : {}) } });
    for (const [body, contentType, error] of [
      ["{level", "application/json", "the request body is not valid JSON"],
      ["", "application/json", "the request body is empty; send a JSON object"],
      ['{"level":2}', "text/plain", "send the body as JSON, with Content-Type: application/json"],
      ["level=2", "application/x-www-form-urlencoded", "send the body as JSON, with Content-Type: application/json"],
      ['{"level":2}', undefined, "send the body as JSON, with Content-Type: application/json"],
    ] as const) {
      const anonymous = await send(null, body, contentType);
      expect(anonymous.status, `${contentType} ${body}`).toBe(401);
      const refused = await send((await clientWithToken(t)).token, body, contentType);
      expect(refused.status, `${contentType} ${body}`).toBe(400);
      expect(await refused.json()).toEqual({ code: "invalid_request", error });
    }
    expect((await send(null, JSON.stringify({ level: 2, pad: "x".repeat(70_000) }), "application/json")).status).toBe(413);
    expect(handled).toBe(0);
  });

  test("a body that is not UTF-8, or declared in another charset, is refused, never read with U+FFFD in it (RFC 8259 §8.1)", async () => {
    const o = await clientWithToken(t);
    const bytes = new Uint8Array([...new TextEncoder().encode('{"level":2,"topic":"ordering '), 0xff, 0xfe, ...new TextEncoder().encode(' food"}')]);
    const invalid = await t.app.handle(new Request("http://localhost/v1/probe/vocab", { method: "POST", body: bytes, headers: { authorization: `Bearer ${o.token}`, "content-type": "application/json" } }));
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ code: "invalid_request", error: "the request body is not valid UTF-8" });
    const latin1 = await t.request("POST", "/v1/probe/vocab", { body: '{"level":2}', headers: { authorization: `Bearer ${o.token}`, "content-type": "application/json; charset=latin1" } });
    expect(latin1.status).toBe(400);
    expect((await latin1.json()).error).toBe("send the body as UTF-8 JSON; charset=latin1 is not accepted");
    const utf8 = await t.request("POST", "/v1/probe/vocab", { body: '{"level":2}', headers: { authorization: `Bearer ${o.token}`, "content-type": "application/json; charset=UTF-8" } });
    expect(utf8.status).toBe(200);
    expect(handled).toBe(1);
  });

  test("validation and the precheck refuse before the charge: nothing spent, nothing counted", async () => {
    const o = await clientWithToken(t);
    const before = await ledger(t);
    const invalid = await call("/v1/probe/vocab", o.token, { level: 99 });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: "invalid_request", param: "level" });
    const prechecked = await call("/v1/probe/vocab", o.token, { level: 9 });
    expect(prechecked.status).toBe(403);
    expect(await prechecked.json()).toMatchObject({ code: "paid_plan_required" });
    expect(await ledger(t)).toEqual(before);
    expect(handled).toBe(0);
  });

  test("the handler gets what the precheck returned and its charge", async () => {
    const o = await clientWithToken(t);
    const res = await call("/v1/probe/vocab", o.token, { level: 4 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ doubled: 8, credits: 3 });
  });

  test("a handler that throws is refunded, counted as a call, and answers 500 without its cause", async () => {
    const o = await clientWithToken(t);
    const res = await call("/v1/probe/broken", o.token);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.code).toBe("internal");
    expect(body.error).not.toContain("engine fell over");
    const { daily, totals } = await ledger(t);
    expect(daily.find((r) => r.operation === "vocab.generate")).toMatchObject({ calls: 1, credits: 0 });
    expect(totals.every((r) => r.credits === 0)).toBe(true);
  });

  test("the per-client rate limit: 429 rate_limited with Retry-After, per client, and a new window lets calls through", async () => {
    const a = await clientWithToken(t);
    const b = await clientWithToken(t, { email: "other@example.com" });
    for (let i = 0; i < 3; i++) expect((await call("/v1/probe/vocab", a.token)).status).toBe(200);
    const limited = await call("/v1/probe/vocab", a.token);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: "rate_limited" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await call("/v1/probe/vocab", b.token)).status).toBe(200);
    t.clock.advance(MINUTE);
    expect((await call("/v1/probe/vocab", a.token)).status).toBe(200);
  });
});
