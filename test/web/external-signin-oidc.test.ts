// Optional external sign-in, generic OIDC. The flow runs end to end against a REAL
// OpenID Provider (node-oidc-provider from npm, test/helpers/oidc-test-provider.ts) on 127.0.0.1:0 —
// the app's requests go through app.handle, the provider's through real HTTP, with a cookie jar on
// each side. Also the sign-in and sign-up pages' "Sign in with …" buttons. Connecting a provider from
// the Account page is in external-signin-connections.test.ts.
import { appRegistry } from "../helpers/oidc-test-provider.ts";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { users } from "../../src/accounts/schema.ts";
import { MINUTE } from "../../src/lib/clock.ts";
import { WebUser } from "../helpers/browser-less.ts";
import {
  CALLBACK,
  CLIENT_ID,
  CLIENT_SECRET,

  flashText,
  identities,
  sessionCookieSet,
  signInAs,
  startOidcPeer,
  stateCookieCleared,
  toCallback,
  userByEmail,
  type OidcPeer,
} from "../helpers/oidc-test-provider.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const PASSWORD = "correct horse battery staple";

let peer: OidcPeer;
let userinfoPeer: OidcPeer;
let t: TestApp;
const apps = appRegistry();

beforeAll(async () => {
  peer = await startOidcPeer({ idTokenCarriesEmail: true });
  userinfoPeer = await startOidcPeer({ idTokenCarriesEmail: false });
});
afterAll(async () => {
  await peer.close();
  await userinfoPeer.close();
});
afterEach(() => apps.cleanup());

const oidcApp = (env: Record<string, string> = {}, issuer = peer.issuer) => apps.oidc(issuer, env);

// ---------------------------------------------------------------------------------------------

describe("sign-in page", () => {
  test("shows nothing external when no provider is configured, and /signin/oidc is 404", async () => {
    const app = await createTestApp();
    apps.track(app);
    const user = new WebUser(app);
    for (const path of ["/signin", "/signup"]) expect(await (await user.get(path)).text()).not.toContain("Sign in with");
    const start = await user.get("/signin/oidc");
    expect(start.status).toBe(404);
    expect(flashText(await start.text())).toBe("That sign-in method is not set up on this server.");
    expect((await user.get("/signin/github/callback?code=x&state=y")).status).toBe(404);
  });

  test("offers each configured provider on the sign-in and sign-up pages, keeping next", async () => {
    t = await oidcApp({ PARLA_GITHUB_CLIENT_ID: "gh-id", PARLA_GITHUB_CLIENT_SECRET: "gh-secret" });
    const user = new WebUser(t);
    const signin = await (await user.get("/signin?next=/account")).text();
    expect(signin).toContain('href="/signin/oidc?next=%2Faccount"');
    expect(signin).toContain("Sign in with Acme SSO");
    expect(signin).toContain('href="/signin/github?next=%2Faccount"');
    expect(signin).toContain("Sign in with GitHub");
    expect(signin).not.toContain("Sign in with Google");
    const signup = await (await user.get("/signup")).text();
    expect(signup).toContain('href="/signin/oidc"');
    expect(signup).toContain('href="/signin/github"');
  });

  test("the provider name is escaped", async () => {
    t = await oidcApp({ PARLA_OIDC_NAME: `<script>alert("x")</script>` });
    const html = await (await new WebUser(t).get("/signin")).text();
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&lt;script&gt;");
  });
});

describe("generic OIDC, end to end against oidc-provider", () => {
  test("the start redirect carries state, PKCE S256 and a nonce; the attempt lives in a sealed 10-minute cookie", async () => {
    t = await oidcApp();
    const res = await new WebUser(t).get("/signin/oidc");
    expect(res.status).toBe(303);
    const url = new URL(res.headers.get("location")!);
    expect(url.origin).toBe(peer.issuer);
    const p = url.searchParams;
    expect(p.get("response_type")).toBe("code");
    expect(p.get("client_id")).toBe(CLIENT_ID);
    expect(p.get("redirect_uri")).toBe(CALLBACK);
    expect(p.get("scope")).toBe("openid email");
    expect(p.get("code_challenge_method")).toBe("S256");
    expect(p.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get("state")!.length).toBeGreaterThanOrEqual(32);
    expect(p.get("nonce")!.length).toBeGreaterThanOrEqual(32);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("parla_external_signin="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Max-Age=600");
    expect(cookie).toContain("Path=/");
    const value = decodeURIComponent(cookie.split(";")[0]!.slice("parla_external_signin=".length));
    expect(value).not.toContain(p.get("state")!);
    expect(value).not.toContain(p.get("nonce")!);
  });

  test("over https the state cookie is Secure and __Host- prefixed", async () => {
    const app = await createTestApp({}, { PARLA_WEB_APP_URL: "https://parla.example", PARLA_OIDC_ISSUER: peer.issuer, PARLA_OIDC_CLIENT_ID: CLIENT_ID, PARLA_OIDC_CLIENT_SECRET: CLIENT_SECRET });
    apps.track(app);
    const res = await app.request("GET", "/signin/oidc");
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get("location")!).searchParams.get("redirect_uri")).toBe("https://parla.example/signin/oidc/callback");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-parla_external_signin="));
    expect(cookie).toBeDefined();
    expect(cookie).toContain("Secure");
  });

  test("first sign-in creates a password-less user; the second finds the same user", async () => {
    t = await oidcApp();
    const first = new WebUser(t);
    const callback = await toCallback(first, "alice");
    expect(callback.pathname).toBe("/signin/oidc/callback");
    const code = callback.searchParams.get("code")!;
    const res = await first.get(callback.pathname + callback.search);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/learn");
    expect(sessionCookieSet(res)).toBe(true);
    expect(stateCookieCleared(res)).toBe(true);
    expect((await first.get("/learn")).status).toBe(200);

    const alice = await userByEmail(t, "alice@example.test");
    expect(alice).not.toBeNull();
    expect(alice!.passwordHash).toBeNull();
    expect(await identities(t)).toMatchObject([{ provider: "oidc", subject: "alice", userId: alice!.id }]);

    const second = new WebUser(t);
    const again = await signInAs(second, "alice");
    expect(again.status).toBe(303);
    expect(sessionCookieSet(again)).toBe(true);
    const account = await (await second.get("/account")).text();
    expect(account).toContain("alice@example.test");
    expect((await t.deps.store.db.select().from(users)).length).toBe(1);
    expect((await identities(t)).length).toBe(1);

    const logs = t.logs.join("\n");
    expect(logs).toContain('"event":"signin.external.ok"');
    expect(logs).toContain('"created":true');
    expect(logs).toContain('"created":false');
    expect(logs).not.toContain(CLIENT_SECRET);
    expect(logs).not.toContain(code);
    expect(logs).not.toContain(callback.searchParams.get("state")!);
  });

  test("an e-mail only in UserInfo (library-default provider) is read from there, sub-checked", async () => {
    t = await oidcApp({}, userinfoPeer.issuer);
    const user = new WebUser(t);
    const res = await signInAs(user, "dora");
    expect(res.status).toBe(303);
    expect(sessionCookieSet(res)).toBe(true);
    expect((await userByEmail(t, "dora@example.test"))?.passwordHash).toBeNull();
  });

  test("next is honoured, but only as a same-site path", async () => {
    t = await oidcApp();
    const user = new WebUser(t);
    const res = await signInAs(user, "erin", "/signin/oidc?next=%2Faccount");
    expect(res.headers.get("location")).toBe("/account");
    const other = new WebUser(t);
    const evil = await signInAs(other, "erin", "/signin/oidc?next=%2F%2Fevil.example%2F");
    expect(evil.headers.get("location")).toBe("/learn");
  });

  test("a changed state is refused and signs no one in", async () => {
    t = await oidcApp();
    const user = new WebUser(t);
    const callback = await toCallback(user, "mallory");
    callback.searchParams.set("state", "x".repeat(43));
    const res = await user.get(callback.pathname + callback.search);
    expect(res.status).toBe(400);
    expect(sessionCookieSet(res)).toBe(false);
    expect(flashText(await res.text())).toContain("does not belong to the sign-in you started");
    expect(await userByEmail(t, "mallory@example.test")).toBeNull();
    expect(t.logs.join("\n")).toContain('"reason":"state_mismatch"');
  });

  test("a callback without the state cookie (another browser) is refused", async () => {
    t = await oidcApp();
    const callback = await toCallback(new WebUser(t), "mallory");
    const elsewhere = new WebUser(t);
    const res = await elsewhere.get(callback.pathname + callback.search);
    expect(res.status).toBe(400);
    expect(sessionCookieSet(res)).toBe(false);
    expect(flashText(await res.text())).toContain("expired or was started in another browser");
    expect(await userByEmail(t, "mallory@example.test")).toBeNull();
  });

  test("a state cookie older than 10 minutes is refused", async () => {
    t = await oidcApp();
    const user = new WebUser(t);
    const callback = await toCallback(user, "slowpoke");
    t.clock.advance(11 * MINUTE);
    const res = await user.get(callback.pathname + callback.search);
    expect(res.status).toBe(400);
    expect(flashText(await res.text())).toContain("longer than 10 minutes");
    expect(await userByEmail(t, "slowpoke@example.test")).toBeNull();
  });

  test("error=access_denied from the provider shows a message on the sign-in page", async () => {
    t = await oidcApp();
    const user = new WebUser(t);
    const callback = await toCallback(user, "abort");
    expect(callback.searchParams.get("error")).toBe("access_denied");
    const res = await user.get(callback.pathname + callback.search);
    expect(res.status).toBe(400);
    expect(sessionCookieSet(res)).toBe(false);
    expect(stateCookieCleared(res)).toBe(true);
    const html = await res.text();
    expect(flashText(html)).toBe("Acme SSO did not sign you in: access was denied or cancelled there. You can try again or use your password.");
    expect(html).toContain('name="password"');
    expect(t.logs.join("\n")).toContain('"reason":"provider_denied"');
  });

  test("an unverified e-mail creates no account", async () => {
    t = await oidcApp();
    const res = await signInAs(new WebUser(t), "unverified-carol");
    expect(res.status).toBe(403);
    expect(sessionCookieSet(res)).toBe(false);
    expect(flashText(await res.text())).toContain("has not verified your e-mail address");
    expect(await userByEmail(t, "carol@example.test")).toBeNull();
    expect(await identities(t)).toEqual([]);
  });

  test("an e-mail that belongs to a password account is refused, explained, and not linked", async () => {
    t = await oidcApp();
    expect((await new WebUser(t).signUp("bob@example.test", PASSWORD)).status).toBe(303);
    const res = await signInAs(new WebUser(t), "bob");
    expect(res.status).toBe(403);
    expect(sessionCookieSet(res)).toBe(false);
    expect(flashText(await res.text())).toBe("An account with this e-mail address already exists. Sign in with your password, then connect Acme SSO on your Account page.");
    expect(await identities(t)).toEqual([]);
    expect((await userByEmail(t, "bob@example.test"))!.passwordHash).not.toBeNull();
    expect(t.logs.join("\n")).toContain('"reason":"email_taken"');
  });

  test("discovery naming another issuer is refused (OIDC Discovery §4.3)", async () => {
    // Same server, but configured with a trailing slash: the document says the issuer is without it.
    t = await oidcApp({}, `${peer.issuer}/`);
    const res = await new WebUser(t).get("/signin/oidc");
    expect(res.status).toBe(502);
    expect(res.headers.get("location")).toBeNull();
    expect(flashText(await res.text())).toContain("answered in a way Parla cannot trust");
    expect(t.logs.join("\n")).toContain('"reason":"issuer_mismatch"');
  });

  test("a provider that is down gives a message, not a 500", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    t = await oidcApp({}, `http://127.0.0.1:${port}`);
    const res = await new WebUser(t).get("/signin/oidc");
    expect(res.status).toBe(502);
    expect(flashText(await res.text())).toBe("Acme SSO could not be reached. Please try again later.");
    expect(t.logs.join("\n")).toContain('"reason":"provider_unavailable"');
  });

  test("a code the provider does not know is refused at the token endpoint", async () => {
    t = await oidcApp();
    const user = new WebUser(t);
    const callback = await toCallback(user, "erin");
    callback.searchParams.set("code", "not-a-code-the-provider-issued");
    const res = await user.get(callback.pathname + callback.search);
    expect(res.status).toBe(502);
    expect(flashText(await res.text())).toBe("Acme SSO did not confirm the sign-in. Please start again.");
    expect(await userByEmail(t, "erin@example.test")).toBeNull();
  });
});
