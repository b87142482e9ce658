import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { DAY, SECOND } from "../../src/lib/clock.ts";
import { csrfFrom, WebUser } from "../helpers/browser-less.ts";
import { addProbeRoutes, probePath } from "../helpers/probe-routes.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { exchange, ownerWithClient } from "./fixtures.ts";
import { setClientScopes } from "../../src/clients/service.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  addProbeRoutes(t);
});
afterEach(() => t.cleanup());

const verifier = "v".repeat(20) + "-._~" + "0123456789abcdefghij";
const challenge = encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)));
const probe = (token: string) => t.request("GET", probePath("usage:read"), { headers: { authorization: `Bearer ${token}` } });

function authorizeQuery(clientId: string, overrides: Record<string, string | null> = {}) {
  const params: Record<string, string | null> = {
    response_type: "code",
    client_id: clientId,
    redirect_uri: "https://game.example.com/callback",
    scope: "usage:read",
    state: "st4te",
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...overrides,
  };
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null) q.set(k, v);
  return `/oauth/authorize?${q}`;
}

/** A player signs up, opens the authorize URL, approves; returns the code and the redirect. */
async function approve(clientId: string, overrides: Record<string, string | null> = {}, player?: WebUser) {
  const user = player ?? new WebUser(t);
  if (!player) await user.signUp(`player${Math.random().toString(36).slice(2, 7)}@example.com`);
  const page = await user.get(authorizeQuery(clientId, overrides));
  if (page.status === 303) {
    // Already approved (confidential client, same scopes): the code comes straight back.
    const location = new URL(page.headers.get("location")!);
    return { user, location, code: location.searchParams.get("code")! };
  }
  expect(page.status).toBe(200);
  const html = await page.text();
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = m[2]!.replaceAll("&amp;", "&");
  const res = await user.post("/oauth/authorize", { ...fields, csrf_token: csrfFrom(html), decision: "approve" });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get("location")!);
  return { user, location, code: location.searchParams.get("code")! };
}

describe("authorization code with PKCE (spec 5.3)", () => {
  test("approve → code, state and iss come back; exchange gives access and refresh tokens paid by the player", async () => {
    const o = await ownerWithClient(t);
    const { location, code } = await approve(o.client.id);
    expect(location.origin + location.pathname).toBe("https://game.example.com/callback");
    expect(location.searchParams.get("state")).toBe("st4te");
    expect(location.searchParams.get("iss")).toBe("http://localhost");
    expect(code).toStartWith("parla_ac_");
    const r = await exchange(t, { grant_type: "authorization_code", code, redirect_uri: "https://game.example.com/callback", code_verifier: verifier, client_id: o.client.id, client_secret: o.secret! });
    expect(r.status).toBe(200);
    expect(r.body.refresh_token).toStartWith("parla_rt_");
    expect(r.body.scope).toBe("usage:read");
    const who = await (await probe(r.body.access_token)).json();
    expect(who.payer).not.toBe(o.accountId);
    expect(who.billing).toBe("allowance");
  });

  test("deny returns access_denied with state and iss", async () => {
    const o = await ownerWithClient(t);
    const user = new WebUser(t);
    await user.signUp("denier@example.com");
    const page = await user.get(authorizeQuery(o.client.id));
    const html = await page.text();
    const fields: Record<string, string> = {};
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = m[2]!;
    const res = await user.post("/oauth/authorize", { ...fields, decision: "deny" });
    const loc = new URL(res.headers.get("location")!);
    expect(loc.searchParams.get("error")).toBe("access_denied");
    expect(loc.searchParams.get("state")).toBe("st4te");
    expect(loc.searchParams.get("iss")).toBe("http://localhost");
  });

  test("consent without a valid CSRF token changes nothing", async () => {
    const o = await ownerWithClient(t);
    const user = new WebUser(t);
    await user.signUp("csrf@example.com");
    const page = await user.get(authorizeQuery(o.client.id));
    const html = await page.text();
    const fields: Record<string, string> = {};
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = m[2]!;
    const res = await user.post("/oauth/authorize", { ...fields, csrf_token: "forged", decision: "approve" });
    expect(res.status).toBe(403);
    const cross = await user.post("/oauth/authorize", { ...fields, decision: "approve" }, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
  });

  test("a signed-out user is sent to sign in and comes back to the same request", async () => {
    const o = await ownerWithClient(t);
    const res = await t.request("GET", authorizeQuery(o.client.id));
    expect(res.status).toBe(303);
    const loc = res.headers.get("location")!;
    expect(loc).toStartWith("/signin?next=");
    expect(decodeURIComponent(loc.slice("/signin?next=".length))).toBe(authorizeQuery(o.client.id));
  });

  test("PKCE is required: no method or plain → invalid_request at the redirect", async () => {
    const o = await ownerWithClient(t);
    const user = new WebUser(t);
    await user.signUp("pkce@example.com");
    for (const overrides of [{ code_challenge_method: null }, { code_challenge_method: "plain" }, { code_challenge: null }] as Record<string, string | null>[]) {
      const res = await user.get(authorizeQuery(o.client.id, overrides));
      expect(res.status).toBe(303);
      const loc = new URL(res.headers.get("location")!);
      expect(loc.searchParams.get("error")).toBe("invalid_request");
      expect(loc.searchParams.get("iss")).toBe("http://localhost");
    }
  });

  test("unknown clients and unregistered redirect URIs are shown as errors, never redirected to", async () => {
    const o = await ownerWithClient(t);
    for (const query of [
      authorizeQuery("parla_cid_unknown"),
      authorizeQuery(o.client.id, { redirect_uri: "https://game.example.com/callback/" }),
      authorizeQuery(o.client.id, { redirect_uri: "https://Game.example.com/callback" }),
      authorizeQuery(o.client.id, { redirect_uri: "https://evil.example/callback" }),
      authorizeQuery(o.client.id, { redirect_uri: null }),
    ]) {
      const res = await t.request("GET", query);
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(res.headers.get("content-type")).toStartWith("text/html");
    }
  });

  test("a loopback redirect matches on any port (RFC 8252), nothing else varies", async () => {
    const o = await ownerWithClient(t);
    const { location } = await approve(o.client.id, { redirect_uri: "http://127.0.0.1:53127/callback" });
    expect(location.host).toBe("127.0.0.1:53127");
    const wrongPath = await t.request("GET", authorizeQuery(o.client.id, { redirect_uri: "http://127.0.0.1:53127/other" }));
    expect(wrongPath.status).toBe(400);
  });

  test("a scope the client may not have is invalid_scope at the redirect", async () => {
    const o = await ownerWithClient(t, { scopes: ["usage:read"] });
    const user = new WebUser(t);
    await user.signUp("scope@example.com");
    const res = await user.get(authorizeQuery(o.client.id, { scope: "usage:read tutor:converse" }));
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("invalid_scope");
  });

  test("the code works at 59 s and fails at 61 s", async () => {
    const o = await ownerWithClient(t);
    const a = await approve(o.client.id);
    t.clock.advance(59 * SECOND);
    const ok = await exchange(t, { grant_type: "authorization_code", code: a.code, redirect_uri: "https://game.example.com/callback", code_verifier: verifier, client_id: o.client.id, client_secret: o.secret! });
    expect(ok.status).toBe(200);
    const b = await approve(o.client.id, {}, a.user);
    t.clock.advance(61 * SECOND);
    const late = await exchange(t, { grant_type: "authorization_code", code: b.code, redirect_uri: "https://game.example.com/callback", code_verifier: verifier, client_id: o.client.id, client_secret: o.secret! });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe("invalid_grant");
  });

  test("wrong verifier, wrong redirect_uri, short verifier", async () => {
    const o = await ownerWithClient(t);
    const base = { grant_type: "authorization_code", client_id: o.client.id, client_secret: o.secret! };
    const a = await approve(o.client.id);
    expect((await exchange(t, { ...base, code: a.code, redirect_uri: "https://game.example.com/callback", code_verifier: "w".repeat(43) })).body.error).toBe("invalid_grant");
    const b = await approve(o.client.id, {}, a.user);
    expect((await exchange(t, { ...base, code: b.code, redirect_uri: "https://game.example.com/callback/", code_verifier: verifier })).body.error).toBe("invalid_grant");
    const c = await approve(o.client.id, {}, a.user);
    expect((await exchange(t, { ...base, code: c.code, redirect_uri: "https://game.example.com/callback", code_verifier: "short" })).body.error).toBe("invalid_request");
    expect((await exchange(t, { ...base, code: c.code, redirect_uri: "https://game.example.com/callback", code_verifier: "x".repeat(129) })).body.error).toBe("invalid_request");
  });

  test("a second use is invalid_grant and ends the tokens the first exchange issued", async () => {
    const o = await ownerWithClient(t);
    const a = await approve(o.client.id);
    const form = { grant_type: "authorization_code", code: a.code, redirect_uri: "https://game.example.com/callback", code_verifier: verifier, client_id: o.client.id, client_secret: o.secret! };
    const first = await exchange(t, form);
    expect((await probe(first.body.access_token)).status).toBe(200);
    const second = await exchange(t, form);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe("invalid_grant");
    expect((await probe(first.body.access_token)).status).toBe(401);
    expect((await exchange(t, { grant_type: "refresh_token", refresh_token: first.body.refresh_token, client_id: o.client.id, client_secret: o.secret! })).body.error).toBe("invalid_grant");
  });

  test("20 concurrent exchanges of one code: exactly one succeeds", async () => {
    const o = await ownerWithClient(t);
    const a = await approve(o.client.id);
    const form = { grant_type: "authorization_code", code: a.code, redirect_uri: "https://game.example.com/callback", code_verifier: verifier, client_id: o.client.id, client_secret: o.secret! };
    const results = await Promise.all(Array.from({ length: 20 }, () => exchange(t, form)));
    expect(results.filter((r) => r.status === 200).length).toBe(1);
    expect(results.filter((r) => r.body.error === "invalid_grant").length).toBe(19);
  });

  test("public clients send client_id alone and always see consent; confidential clients may skip it", async () => {
    const pub = await ownerWithClient(t, { type: "public", redirectUris: ["http://127.0.0.1/callback"] });
    const a = await approve(pub.client.id, { redirect_uri: "http://127.0.0.1:4000/callback" });
    const r = await exchange(t, { grant_type: "authorization_code", code: a.code, redirect_uri: "http://127.0.0.1:4000/callback", code_verifier: verifier, client_id: pub.client.id });
    expect(r.status).toBe(200);
    expect((await a.user.get(authorizeQuery(pub.client.id, { redirect_uri: "http://127.0.0.1:4000/callback" }))).status).toBe(200);
    const conf = await ownerWithClient(t);
    await approve(conf.client.id, {}, a.user);
    const again = await a.user.get(authorizeQuery(conf.client.id));
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get("location")!).searchParams.get("code")).toStartWith("parla_ac_");
  });
});

describe("refresh tokens (spec 3.4)", () => {
  async function install() {
    const o = await ownerWithClient(t);
    const a = await approve(o.client.id);
    const r = await exchange(t, { grant_type: "authorization_code", code: a.code, redirect_uri: "https://game.example.com/callback", code_verifier: verifier, client_id: o.client.id, client_secret: o.secret! });
    const refresh = (token: string) => exchange(t, { grant_type: "refresh_token", refresh_token: token, client_id: o.client.id, client_secret: o.secret! });
    return { o, tokens: r.body, refresh };
  }

  test("re-widening never revives an install's tokens: access, refresh and consent keep the narrowing (spec 5.4.2)", async () => {
    const o = await ownerWithClient(t, { scopes: ["usage:read", "vocab:generate"] });
    const player = new WebUser(t);
    await player.signUp("wide@example.com");
    const a = await approve(o.client.id, { scope: "usage:read vocab:generate" }, player);
    const r = await exchange(t, { grant_type: "authorization_code", code: a.code, redirect_uri: "https://game.example.com/callback", code_verifier: verifier, client_id: o.client.id, client_secret: o.secret! });
    expect(r.body.scope.split(" ").sort()).toEqual(["usage:read", "vocab:generate"]);
    // A code approved before the narrowing and exchanged after the widening gets the narrowed scopes too.
    const pending = await approve(o.client.id, { scope: "usage:read vocab:generate" }, player);
    const vocab = (token: string) => t.request("GET", probePath("vocab:generate"), { headers: { authorization: `Bearer ${token}` } });
    await setClientScopes(t.deps.store.db, o.accountId, o.client.id, ["usage:read"]);
    await setClientScopes(t.deps.store.db, o.accountId, o.client.id, ["usage:read", "vocab:generate"]);
    expect((await vocab(r.body.access_token)).status).toBe(403);
    expect((await probe(r.body.access_token)).status).toBe(200);
    const refreshed = await exchange(t, { grant_type: "refresh_token", refresh_token: r.body.refresh_token, client_id: o.client.id, client_secret: o.secret! });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.scope).toBe("usage:read");
    expect((await vocab(refreshed.body.access_token)).status).toBe(403);
    const late = await exchange(t, { grant_type: "authorization_code", code: pending.code, redirect_uri: "https://game.example.com/callback", code_verifier: verifier, client_id: o.client.id, client_secret: o.secret! });
    expect(late.status).toBe(200);
    expect(late.body.scope).toBe("usage:read");
    // The wider scope needs the player's consent again: the authorize page is shown, not skipped.
    const again = await player.get(authorizeQuery(o.client.id, { scope: "usage:read vocab:generate" }));
    expect(again.status).toBe(200);
    await again.arrayBuffer();
  });

  test("every refresh returns a new refresh token", async () => {
    const { tokens, refresh } = await install();
    const r1 = await refresh(tokens.refresh_token);
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).not.toBe(tokens.refresh_token);
    const r2 = await refresh(r1.body.refresh_token);
    expect(r2.status).toBe(200);
  });

  test("a replaced token within 60 s gets the current refresh token; after 60 s the install ends", async () => {
    const { tokens, refresh } = await install();
    const r1 = await refresh(tokens.refresh_token);
    t.clock.advance(59 * SECOND);
    const racing = await refresh(tokens.refresh_token);
    expect(racing.status).toBe(200);
    expect(racing.body.refresh_token).toBe(r1.body.refresh_token);
    t.clock.advance(2 * SECOND);
    const stolen = await refresh(tokens.refresh_token);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe("invalid_grant");
    expect((await probe(r1.body.access_token)).status).toBe(401);
    expect((await refresh(r1.body.refresh_token)).body.error).toBe("invalid_grant");
  });

  test("10 concurrent refreshes of one token all succeed with the same final refresh token", async () => {
    const { tokens, refresh } = await install();
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(tokens.refresh_token)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.refresh_token)).size).toBe(1);
    const next = await refresh(results[0]!.body.refresh_token);
    expect(next.status).toBe(200);
  });

  test("unused for 30 days: expired", async () => {
    const { tokens, refresh } = await install();
    t.clock.advance(30 * DAY - SECOND);
    const fresh = await refresh(tokens.refresh_token);
    expect(fresh.status).toBe(200);
    t.clock.advance(30 * DAY);
    expect((await refresh(fresh.body.refresh_token)).body.error).toBe("invalid_grant");
  });

  test("revocation ends the install; unknown tokens still answer 200", async () => {
    const { o, tokens, refresh } = await install();
    const res = await t.request("POST", "/oauth/revoke", { form: { token: tokens.refresh_token, client_id: o.client.id, client_secret: o.secret! } });
    expect(res.status).toBe(200);
    expect((await probe(tokens.access_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).body.error).toBe("invalid_grant");
    const unknown = await t.request("POST", "/oauth/revoke", { form: { token: "parla_rt_nothing", client_id: o.client.id, client_secret: o.secret! } });
    expect(unknown.status).toBe(200);
  });
});
