import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { authenticateClientSecret, createClientSecret, deleteClient, getClient, revokeClientSecret, setClientScopes, setClientSpendLimit, updateClient } from "../../src/clients/service.ts";
import { SECOND } from "../../src/lib/clock.ts";
import { addProbeRoutes, probePath } from "../helpers/probe-routes.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { basic, exchange, ownerWithClient } from "./fixtures.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  addProbeRoutes(t);
});
afterEach(() => t.cleanup());

const probe = (token: string, scope = "usage:read") => t.request("GET", probePath(scope), { headers: { authorization: `Bearer ${token}` } });

describe("client_credentials (spec 5.2)", () => {
  test("the client a secret authenticates is the stored client, every column as getClient reads it", async () => {
    const o = await ownerWithClient(t, { scopes: ["usage:read", "vocab:generate"], billing: "metered" });
    await setClientSpendLimit(t.deps.store.db, o.accountId, o.client.id, 120);
    const authenticated = await authenticateClientSecret(t.deps.store, t.clock.now(), o.client.id, o.secret!);
    expect(authenticated?.client).toEqual((await getClient(t.deps.store.db, o.client.id))!);
    expect(authenticated?.client.spendLimitCredits).toBe(120);
    expect(await authenticateClientSecret(t.deps.store, t.clock.now(), "parla_cid_someone-else", o.secret!)).toBeNull();
    expect(await authenticateClientSecret(t.deps.store, t.clock.now(), o.client.id, `${o.secret!}x`)).toBeNull();
  });

  test("HTTP Basic: token response of spec 2.3, every allowed scope when scope is omitted", async () => {
    const o = await ownerWithClient(t, { scopes: ["usage:read", "vocab:generate"] });
    const r = await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(o.client.id, o.secret!) });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.body.access_token).toStartWith("parla_at_");
    expect(r.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "vocab:generate usage:read" });
    expect(r.body.refresh_token).toBeUndefined();
    const res = await probe(r.body.access_token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ client_id: o.client.id, payer: o.accountId, version: "2026-10-affable-towhee" });
  });

  test("form fields work; both methods at once are refused", async () => {
    const o = await ownerWithClient(t);
    expect((await exchange(t, { grant_type: "client_credentials", client_id: o.client.id, client_secret: o.secret! })).status).toBe(200);
    const both = await exchange(t, { grant_type: "client_credentials", client_id: o.client.id, client_secret: o.secret! }, { authorization: basic(o.client.id, o.secret!) });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe("invalid_request");
  });

  test("wrong secret, unknown client and malformed Basic are invalid_client (401)", async () => {
    const o = await ownerWithClient(t);
    for (const headers of [{ authorization: basic(o.client.id, "parla_cs_wrong") }, { authorization: basic("parla_cid_nope", o.secret!) }, { authorization: "Basic !!!" }, { authorization: "Basic " + btoa("no-colon") }]) {
      const r = await exchange(t, { grant_type: "client_credentials" }, headers);
      expect(r.status).toBe(401);
      expect(r.body.error).toBe("invalid_client");
      expect(Object.keys(r.body).sort()).toEqual(["error", "error_description"]);
    }
  });

  test("a scope the client may not have is invalid_scope; nothing is narrowed silently", async () => {
    const o = await ownerWithClient(t, { scopes: ["usage:read"] });
    const r = await exchange(t, { grant_type: "client_credentials", scope: "usage:read tutor:converse" }, { authorization: basic(o.client.id, o.secret!) });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("invalid_scope");
    const unknown = await exchange(t, { grant_type: "client_credentials", scope: "admin" }, { authorization: basic(o.client.id, o.secret!) });
    expect(unknown.body.error).toBe("invalid_scope");
  });

  test("unknown grant type and missing grant type", async () => {
    const o = await ownerWithClient(t);
    expect((await exchange(t, { grant_type: "password" }, { authorization: basic(o.client.id, o.secret!) })).body.error).toBe("unsupported_grant_type");
    expect((await exchange(t, {}, { authorization: basic(o.client.id, o.secret!) })).body.error).toBe("invalid_request");
  });

  test("an oversized form body and a JSON body are refused", async () => {
    const big = await t.request("POST", "/oauth/token", { form: { grant_type: "client_credentials", pad: "x".repeat(20_000) } });
    expect(big.status).toBe(413);
    expect((await big.json()).error).toBe("invalid_request");
    const jsonBody = await t.request("POST", "/oauth/token", { json: { grant_type: "client_credentials" } });
    expect(jsonBody.status).toBe(400);
  });

  test("the token lasts one hour: works at 3599 s, refused at 3601 s with invalid_token", async () => {
    const o = await ownerWithClient(t);
    const { body } = await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(o.client.id, o.secret!) });
    t.clock.advance(3599 * SECOND);
    expect((await probe(body.access_token)).status).toBe(200);
    t.clock.advance(2 * SECOND);
    const res = await probe(body.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    const err = await res.json();
    expect(err.code).toBe("unauthorized");
    expect(err.error).toStartWith("invalid_token");
  });

  test("guard: missing token, a client secret as bearer, and a missing scope", async () => {
    const o = await ownerWithClient(t, { scopes: ["usage:read"] });
    const none = await t.request("GET", probePath("usage:read"));
    expect(none.status).toBe(401);
    expect((await none.json()).error).toStartWith("invalid_token");
    const secret = await probe(o.secret!);
    expect(secret.status).toBe(401);
    expect((await secret.json()).code).toBe("client_secret_not_accepted");
    const { body } = await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(o.client.id, o.secret!) });
    const forbidden = await probe(body.access_token, "vocab:generate");
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).code).toBe("insufficient_scope");
  });

  test("narrowing scopes applies to live tokens at once; widening only from the next exchange", async () => {
    const o = await ownerWithClient(t, { scopes: ["usage:read", "vocab:generate"] });
    const auth = { authorization: basic(o.client.id, o.secret!) };
    const first = (await exchange(t, { grant_type: "client_credentials" }, auth)).body.access_token;
    await setClientScopes(t.deps.store.db, o.accountId, o.client.id, ["usage:read"]);
    expect((await probe(first, "vocab:generate")).status).toBe(403);
    await setClientScopes(t.deps.store.db, o.accountId, o.client.id, ["usage:read", "vocab:generate", "tutor:converse"]);
    expect((await probe(first, "tutor:converse")).status).toBe(403);
    const second = (await exchange(t, { grant_type: "client_credentials" }, auth)).body.access_token;
    expect((await probe(second, "tutor:converse")).status).toBe(200);
  });

  test("re-widening never revives a token issued before the narrowing (spec 5.4.2)", async () => {
    const o = await ownerWithClient(t, { scopes: ["usage:read", "vocab:generate"] });
    const auth = { authorization: basic(o.client.id, o.secret!) };
    const before = (await exchange(t, { grant_type: "client_credentials" }, auth)).body.access_token;
    expect((await probe(before, "vocab:generate")).status).toBe(200);
    await setClientScopes(t.deps.store.db, o.accountId, o.client.id, ["usage:read"]);
    expect((await probe(before, "vocab:generate")).status).toBe(403);
    // Widened back to what the token was issued with: the old token stays narrowed, a new exchange gets it.
    await setClientScopes(t.deps.store.db, o.accountId, o.client.id, ["usage:read", "vocab:generate"]);
    expect((await probe(before, "vocab:generate")).status).toBe(403);
    expect((await probe(before, "usage:read")).status).toBe(200);
    const after = await exchange(t, { grant_type: "client_credentials" }, auth);
    expect(after.body.scope.split(" ").sort()).toEqual(["usage:read", "vocab:generate"]);
    expect((await probe(after.body.access_token, "vocab:generate")).status).toBe(200);
    // The admin CLI's path (updateClient) narrows issued tokens the same way.
    await updateClient(t.deps.store.db, o.accountId, o.client.id, { scopes: ["vocab:generate"] });
    await updateClient(t.deps.store.db, o.accountId, o.client.id, { scopes: ["usage:read", "vocab:generate"] });
    expect((await probe(after.body.access_token, "usage:read")).status).toBe(403);
    expect((await probe(after.body.access_token, "vocab:generate")).status).toBe(200);
  });

  test("revoking a secret ends its tokens at once; the only secret cannot be revoked", async () => {
    const o = await ownerWithClient(t);
    const [first] = (await t.deps.store.db.query.clientSecrets.findMany()).filter((s) => s.clientId === o.client.id);
    await expect(revokeClientSecret(t.deps.store.db, o.accountId, o.client.id, first!.id)).rejects.toMatchObject({ status: 400, code: "invalid_request", param: "secret" });
    const second = await createClientSecret(t.deps.store.db, t.clock.now(), o.accountId, o.client.id);
    await expect(createClientSecret(t.deps.store.db, t.clock.now(), o.accountId, o.client.id)).rejects.toMatchObject({ status: 400, code: "invalid_request", param: "secret" });
    const oldToken = (await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(o.client.id, o.secret!) })).body.access_token;
    const newToken = (await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(o.client.id, second.secret) })).body.access_token;
    await revokeClientSecret(t.deps.store.db, o.accountId, o.client.id, first!.id);
    expect((await probe(oldToken)).status).toBe(401);
    expect((await probe(newToken)).status).toBe(200);
    expect((await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(o.client.id, o.secret!) })).body.error).toBe("invalid_client");
  });

  test("deleting a client ends every token and exchanges fail with invalid_client", async () => {
    const o = await ownerWithClient(t);
    const token = (await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(o.client.id, o.secret!) })).body.access_token;
    expect(await deleteClient(t.deps.store.db, o.accountId, o.client.id)).toBe(true);
    expect((await probe(token)).status).toBe(401);
    expect((await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(o.client.id, o.secret!) })).status).toBe(401);
  });

  test("exchanging on every call is refused with 429 rate_limited and Retry-After", async () => {
    t.cleanup();
    t = await createTestApp({ rateLimitTokenPerClientPerHour: 3 });
    const o = await ownerWithClient(t);
    const auth = { authorization: basic(o.client.id, o.secret!) };
    for (let i = 0; i < 3; i++) expect((await exchange(t, { grant_type: "client_credentials" }, auth)).status).toBe(200);
    const limited = await exchange(t, { grant_type: "client_credentials" }, auth);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a public client cannot use client_credentials", async () => {
    const o = await ownerWithClient(t, { type: "public", redirectUris: ["http://127.0.0.1/cb"] });
    const r = await exchange(t, { grant_type: "client_credentials", client_id: o.client.id });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("unauthorized_client");
  });

  test("metadata matches behaviour (RFC 8414)", async () => {
    const res = await t.request("GET", "/.well-known/oauth-authorization-server");
    const m = await res.json();
    expect(m.issuer).toBe("http://localhost");
    expect(m.code_challenge_methods_supported).toEqual(["S256"]);
    expect(m.authorization_response_iss_parameter_supported).toBe(true);
    expect(m.grant_types_supported.sort()).toEqual(["authorization_code", "client_credentials", "refresh_token"]);
  });
});
