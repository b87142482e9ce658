// Issue 3 item 3: optional external sign-in. The generic OIDC flow runs end to end against a REAL
// OpenID Provider (node-oidc-provider from npm) on 127.0.0.1:0 — the app's requests go through
// app.handle, the provider's through real HTTP, with a cookie jar on each side. GitHub and Google
// cannot be reached offline: their authorization URLs are checked, and their token and user APIs are
// replaced by local fakes on 127.0.0.1 (arctic's OAuth2Client takes the endpoints as arguments).
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { and, eq } from "drizzle-orm";
import { Elysia } from "elysia";
// @ts-expect-error oidc-provider ships no type declarations (a dev dependency, used only here and in scripts/bench)
import Provider from "oidc-provider";
import { externalIdentities, users } from "../../src/accounts/schema.ts";
import { checkIdTokenClaims } from "../../src/accounts/external-signin/id-token-claims.ts";
import { buildProviders, PUBLIC_ENDPOINTS, type ProviderEndpoints } from "../../src/accounts/external-signin/providers.ts";
import { newSignInState } from "../../src/accounts/external-signin/signin-state.ts";
import { MINUTE } from "../../src/lib/clock.ts";
import { externalSigninRoutes } from "../../src/web/external-signin-routes.ts";
import { CookieJar, csrfFrom, WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const CLIENT_ID = "parla-test-client";
const CLIENT_SECRET = "oidc-test-secret-that-must-never-be-logged";
const CALLBACK = "http://localhost/signin/oidc/callback";
const PASSWORD = "correct horse battery staple";

// ---------------------------------------------------------------------------------------------
// The real OpenID Provider

interface OidcPeer {
  issuer: string;
  close(): Promise<void>;
}

/** Login "unverified-x" gets an unverified e-mail; any other login "x" gets x@example.test, verified. */
function accountClaims(login: string): Record<string, unknown> {
  const unverified = login.startsWith("unverified-");
  return { sub: login, email: `${unverified ? login.slice("unverified-".length) : login}@example.test`, email_verified: !unverified };
}

async function startOidcPeer(options: { idTokenCarriesEmail: boolean }): Promise<OidcPeer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [CALLBACK], grant_types: ["authorization_code"], response_types: ["code"], token_endpoint_auth_method: "client_secret_basic" }],
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    // false: e-mail claims in the ID token (Keycloak, Google); true (the library default): only via UserInfo.
    conformIdTokenClaims: !options.idTokenCarriesEmail,
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: async () => accountClaims(id) }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["oidc-peer-cookie-key-for-tests-only"] },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The provider side of the browser: real HTTP, manual redirects, its own cookie jar. */
class ProviderBrowser {
  private cookies = new Map<string, string>();

  async request(url: string, form?: Record<string, string>): Promise<Response> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const res = await fetch(url, { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form).toString() : undefined, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eqAt = pair!.indexOf("=");
      const value = pair!.slice(eqAt + 1);
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(pair!.slice(0, eqAt));
      else this.cookies.set(pair!.slice(0, eqAt), value);
    }
    return res;
  }
}

const unescapeAttr = (s: string) => s.replaceAll("&amp;", "&").replaceAll("&#x2F;", "/").replaceAll("&#47;", "/");

/**
 * Follows the provider from the authorization URL through its login and consent forms until it
 * redirects back to Parla; returns that callback URL. "abort" cancels at the login form instead.
 */
async function throughProvider(authorizeUrl: string, login: string | "abort", browser = new ProviderBrowser()): Promise<URL> {
  let url = authorizeUrl;
  let form: Record<string, string> | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith("http://localhost/")) return new URL(url);
    const res = await browser.request(url, form);
    form = undefined;
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url).toString();
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 400)}`);
    const action = new URL(unescapeAttr(/<form[^>]*action="([^"]+)"/.exec(html)![1]!), url).toString();
    if (html.includes('name="prompt" value="login"')) {
      if (login === "abort") {
        url = `${action}/abort`;
        continue;
      }
      form = { prompt: "login", login, password: "any password works in devInteractions" };
    } else if (html.includes('name="prompt" value="consent"')) {
      form = { prompt: "consent" };
    } else throw new Error(`unexpected provider page: ${html.slice(0, 400)}`);
    url = action;
  }
  throw new Error("the provider never redirected back");
}

// ---------------------------------------------------------------------------------------------
// Parla side

let peer: OidcPeer;
let userinfoPeer: OidcPeer;
let t: TestApp;
const apps: TestApp[] = [];

beforeAll(async () => {
  peer = await startOidcPeer({ idTokenCarriesEmail: true });
  userinfoPeer = await startOidcPeer({ idTokenCarriesEmail: false });
});
afterAll(async () => {
  await peer.close();
  await userinfoPeer.close();
});
afterEach(() => {
  for (const app of apps.splice(0)) app.cleanup();
});

/** A test app with the generic OIDC provider configured; its clock set to real time (the provider stamps real iat/exp). */
async function oidcApp(env: Record<string, string> = {}, issuer = peer.issuer): Promise<TestApp> {
  const app = await createTestApp({}, { PARLA_OIDC_ISSUER: issuer, PARLA_OIDC_CLIENT_ID: CLIENT_ID, PARLA_OIDC_CLIENT_SECRET: CLIENT_SECRET, PARLA_OIDC_NAME: "Acme SSO", ...env });
  app.clock.set(Date.now());
  apps.push(app);
  return app;
}

/** Starts at Parla, goes through the provider as `login`, and returns the callback URL (not yet sent to Parla). */
async function toCallback(user: WebUser, login: string | "abort", start = "/signin/oidc"): Promise<URL> {
  const res = await user.get(start);
  expect(res.status).toBe(303);
  return throughProvider(res.headers.get("location")!, login);
}

async function signInAs(user: WebUser, login: string, start = "/signin/oidc"): Promise<Response> {
  const callback = await toCallback(user, login, start);
  return user.get(callback.pathname + callback.search);
}

function flashText(html: string): string | null {
  const m = /<p class="flash (?:ok|error)"[^>]*>([^<]*)<\/p>/.exec(html);
  return m ? m[1]!.replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&") : null;
}

const sessionCookieSet = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("parla_session=") && !/max-age=0/i.test(c));
const stateCookieCleared = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("parla_external_signin=;") && /max-age=0/i.test(c));

async function userByEmail(app: TestApp, email: string) {
  const [row] = await app.deps.store.db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

async function identities(app: TestApp) {
  return app.deps.store.db.select().from(externalIdentities);
}

/** Follows a 303 inside Parla and returns the landing page's html. */
async function landing(user: WebUser, res: Response): Promise<{ status: number; html: string; location: string }> {
  expect(res.status).toBe(303);
  const location = res.headers.get("location")!;
  const page = await user.get(location);
  return { status: page.status, html: await page.text(), location };
}

// ---------------------------------------------------------------------------------------------

describe("sign-in page", () => {
  test("shows nothing external when no provider is configured, and /signin/oidc is 404", async () => {
    const app = await createTestApp();
    apps.push(app);
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
    apps.push(app);
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

  test("a signed-in user connects the provider from the Account page, then signs in with it", async () => {
    t = await oidcApp();
    const bob = new WebUser(t);
    expect((await bob.signUp("bob@example.test", PASSWORD)).status).toBe(303);
    const page = await (await bob.get("/account")).text();
    expect(page).toContain('action="/account/connections/oidc/connect"');
    expect(page).toContain("Connect Acme SSO");

    // Without the CSRF token nothing starts.
    const forged = await bob.post("/account/connections/oidc/connect", {});
    expect(forged.headers.get("location")).toBe("/account");
    expect(forged.headers.getSetCookie().some((c) => c.startsWith("parla_external_signin="))).toBe(false);

    const start = await bob.post("/account/connections/oidc/connect", { csrf_token: csrfFrom(page) });
    expect(start.status).toBe(303);
    const callback = await throughProvider(start.headers.get("location")!, "bob-at-work");
    const done = await bob.get(callback.pathname + callback.search);
    const landed = await landing(bob, done);
    expect(landed.location).toBe("/account");
    expect(flashText(landed.html)).toBe("Acme SSO is connected. You can now sign in with it.");
    expect(landed.html).toContain('action="/account/connections/oidc/remove"');
    const bobRow = await userByEmail(t, "bob@example.test");
    expect(await identities(t)).toMatchObject([{ provider: "oidc", subject: "bob-at-work", userId: bobRow!.id }]);

    const laptop = new WebUser(t);
    const res = await signInAs(laptop, "bob-at-work");
    expect(res.status).toBe(303);
    expect(sessionCookieSet(res)).toBe(true);
    expect(await (await laptop.get("/account")).text()).toContain("bob@example.test");
    expect((await t.deps.store.db.select().from(users)).length).toBe(1);
  });

  test("connecting an identity that belongs to someone else is refused", async () => {
    t = await oidcApp();
    expect((await signInAs(new WebUser(t), "alice")).status).toBe(303);
    const bob = new WebUser(t);
    await bob.signUp("bob@example.test", PASSWORD);
    const page = await (await bob.get("/account")).text();
    const start = await bob.post("/account/connections/oidc/connect", { csrf_token: csrfFrom(page) });
    const callback = await throughProvider(start.headers.get("location")!, "alice");
    const landed = await landing(bob, await bob.get(callback.pathname + callback.search));
    expect(flashText(landed.html)).toBe("This Acme SSO account is already connected to another Parla account.");
    const alice = await userByEmail(t, "alice@example.test");
    expect(await identities(t)).toMatchObject([{ subject: "alice", userId: alice!.id }]);
  });

  test("a connect attempt finished after signing out is refused (the attempt is bound to the session)", async () => {
    t = await oidcApp();
    const bob = new WebUser(t);
    await bob.signUp("bob@example.test", PASSWORD);
    const page = await (await bob.get("/account")).text();
    const start = await bob.post("/account/connections/oidc/connect", { csrf_token: csrfFrom(page) });
    const callback = await throughProvider(start.headers.get("location")!, "bob-at-work");
    await bob.post("/signout", { csrf_token: csrfFrom(page) });
    const res = await bob.get(callback.pathname + callback.search);
    expect(res.status).toBe(303);
    expect(await identities(t)).toEqual([]);
    expect(t.logs.join("\n")).toContain('"reason":"session_changed"');
  });

  test("connections can be removed, except the last way to sign in", async () => {
    t = await oidcApp();
    const alice = new WebUser(t);
    await signInAs(alice, "alice");
    const page = await (await alice.get("/account")).text();
    const refused = await landing(alice, await alice.post("/account/connections/oidc/remove", { csrf_token: csrfFrom(page) }));
    expect(flashText(refused.html)).toContain("only way to sign in");
    expect((await identities(t)).length).toBe(1);

    const bob = new WebUser(t);
    await bob.signUp("bob@example.test", PASSWORD);
    const bobPage = await (await bob.get("/account")).text();
    const start = await bob.post("/account/connections/oidc/connect", { csrf_token: csrfFrom(bobPage) });
    const callback = await throughProvider(start.headers.get("location")!, "bob-at-work");
    await bob.get(callback.pathname + callback.search);
    const bobId = (await userByEmail(t, "bob@example.test"))!.id;
    const removed = await landing(bob, await bob.post("/account/connections/oidc/remove", { csrf_token: csrfFrom(bobPage) }));
    expect(flashText(removed.html)).toBe("Connection removed.");
    expect(await t.deps.store.db.select().from(externalIdentities).where(and(eq(externalIdentities.userId, bobId)))).toEqual([]);
    expect((await identities(t)).length).toBe(1);
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

// ---------------------------------------------------------------------------------------------
// ID token claim rules (OIDC Core §3.1.3.7), on hand-made tokens

function jwt(claims: Record<string, unknown>): string {
  const part = (o: unknown) => encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(o)));
  return `${part({ alg: "RS256", typ: "JWT" })}.${part(claims)}.c2ln`;
}

describe("ID token claims", () => {
  const now = Date.UTC(2026, 10, 2, 9, 0, 0);
  const nowS = now / 1000;
  const good = { iss: "https://id.example", aud: "cid", sub: "s-1", iat: nowS - 5, exp: nowS + 300, nonce: "n-1", email: "a@example.test", email_verified: true };
  const expected = { issuers: ["https://id.example"], clientId: "cid", nonce: "n-1", nowMs: now };

  test("a good token gives its subject and verified e-mail", () => {
    expect(checkIdTokenClaims(jwt(good), expected)).toEqual({ ok: true, claims: { subject: "s-1", email: "a@example.test", emailVerified: true } });
  });

  const bad: [string, Record<string, unknown>][] = [
    ["another issuer", { iss: "https://id.example/" }],
    ["another audience", { aud: "other" }],
    ["several audiences without azp", { aud: ["cid", "other"] }],
    ["several audiences, azp not us", { aud: ["cid", "other"], azp: "other" }],
    ["expired", { exp: nowS - 120 }],
    ["issued in the future", { iat: nowS + 600 }],
    ["issued too long ago", { iat: nowS - 3600 }],
    ["another nonce", { nonce: "n-2" }],
    ["no nonce", { nonce: undefined }],
    ["no sub", { sub: undefined }],
  ];
  for (const [name, change] of bad) {
    test(`refused: ${name}`, () => {
      expect(checkIdTokenClaims(jwt({ ...good, ...change }), expected).ok).toBe(false);
    });
  }

  test("several audiences with azp = us are accepted; email_verified must be the boolean true", () => {
    expect(checkIdTokenClaims(jwt({ ...good, aud: ["cid", "other"], azp: "cid" }), expected).ok).toBe(true);
    const stringly = checkIdTokenClaims(jwt({ ...good, email_verified: "true" }), expected);
    expect(stringly).toMatchObject({ ok: true, claims: { emailVerified: false } });
    expect(checkIdTokenClaims("not.a-jwt", expected).ok).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// GitHub and Google: URL construction, and the code→identity step against local fakes

interface FakeProvider {
  endpoints: ProviderEndpoints;
  seen: { tokenRequests: URLSearchParams[]; authorizations: string[] };
  set(next: Partial<FakeState>): void;
  stop(): void;
}

interface FakeState {
  githubTokenBody: Record<string, unknown>;
  githubUser: Record<string, unknown>;
  githubEmails: unknown;
  googleIdToken: string;
}

function startFakeProviders(): FakeProvider {
  const seen = { tokenRequests: [] as URLSearchParams[], authorizations: [] as string[] };
  const state: FakeState = { githubTokenBody: { access_token: "gho_fake", token_type: "bearer" }, githubUser: { id: 4242, login: "octo" }, githubEmails: [], googleIdToken: "" };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method === "POST") {
        seen.tokenRequests.push(new URLSearchParams(await request.text()));
        seen.authorizations.push(request.headers.get("authorization") ?? "");
      }
      if (url.pathname === "/github/token") return Response.json(state.githubTokenBody);
      if (url.pathname === "/github/api/user") return request.headers.get("authorization") === "Bearer gho_fake" ? Response.json(state.githubUser) : new Response("{}", { status: 401 });
      if (url.pathname === "/github/api/user/emails") return Response.json(state.githubEmails);
      if (url.pathname === "/google/token") return Response.json({ access_token: "ya29.fake", token_type: "Bearer", expires_in: 3600, id_token: state.googleIdToken });
      return new Response("not found", { status: 404 });
    },
  });
  const base = `http://127.0.0.1:${server.port}`;
  return {
    endpoints: {
      github: { authorize: `${base}/github/authorize`, token: `${base}/github/token`, api: `${base}/github/api` },
      google: { authorize: `${base}/google/authorize`, token: `${base}/google/token`, issuers: PUBLIC_ENDPOINTS.google.issuers },
    },
    seen,
    set: (next) => Object.assign(state, next),
    stop: () => server.stop(true),
  };
}

const s256 = (verifier: string) => encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)));

describe("GitHub and Google", () => {
  const env = { PARLA_GITHUB_CLIENT_ID: "gh-client", PARLA_GITHUB_CLIENT_SECRET: "gh-secret", PARLA_GOOGLE_CLIENT_ID: "g-client", PARLA_GOOGLE_CLIENT_SECRET: "g-secret" };
  let fake: FakeProvider;
  beforeAll(() => {
    fake = startFakeProviders();
  });
  afterAll(() => fake.stop());

  test("authorization URLs: published endpoints, scopes, PKCE S256, nonce for Google only", async () => {
    t = await createTestApp({}, env);
    apps.push(t);
    const providers = buildProviders(t.deps.config, t.clock);
    const attempt = newSignInState({ provider: "github", next: "/learn", mode: "signin", sessionHash: null, nowMs: t.clock.now() });

    const gh = await providers.get("github")!.authorizationUrl(attempt);
    if (!gh.ok) throw new Error(gh.reason);
    expect(gh.url.origin + gh.url.pathname).toBe("https://github.com/login/oauth/authorize");
    expect(Object.fromEntries(gh.url.searchParams)).toEqual({
      response_type: "code",
      client_id: "gh-client",
      redirect_uri: "http://localhost/signin/github/callback",
      state: attempt.state,
      code_challenge_method: "S256",
      code_challenge: s256(attempt.codeVerifier),
      scope: "read:user user:email",
    });

    const google = await providers.get("google")!.authorizationUrl(attempt);
    if (!google.ok) throw new Error(google.reason);
    expect(google.url.origin + google.url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(google.url.searchParams.get("scope")).toBe("openid email");
    expect(google.url.searchParams.get("code_challenge")).toBe(s256(attempt.codeVerifier));
    expect(google.url.searchParams.get("nonce")).toBe(attempt.nonce);
    expect(google.url.searchParams.get("redirect_uri")).toBe("http://localhost/signin/google/callback");
  });

  test("GitHub: code → token (Basic auth + verifier) → /user id and the primary verified e-mail", async () => {
    t = await createTestApp({}, env);
    apps.push(t);
    const github = buildProviders(t.deps.config, t.clock, fake.endpoints).get("github")!;
    const attempt = newSignInState({ provider: "github", next: "/learn", mode: "signin", sessionHash: null, nowMs: t.clock.now() });
    fake.set({ githubEmails: [{ email: "old@example.test", primary: false, verified: true }, { email: "octo@example.test", primary: true, verified: true }] });
    expect(await github.identify("gh-code", attempt)).toEqual({ ok: true, identity: { provider: "github", subject: "4242", email: "octo@example.test", emailVerified: true } });
    const sent = fake.seen.tokenRequests.at(-1)!;
    expect(sent.get("code")).toBe("gh-code");
    expect(sent.get("code_verifier")).toBe(attempt.codeVerifier);
    expect(sent.get("redirect_uri")).toBe("http://localhost/signin/github/callback");
    expect(fake.seen.authorizations.at(-1)).toBe(`Basic ${btoa("gh-client:gh-secret")}`);

    fake.set({ githubEmails: [{ email: "octo@example.test", primary: true, verified: false }] });
    expect(await github.identify("gh-code", attempt)).toMatchObject({ ok: true, identity: { email: null, emailVerified: false } });

    // GitHub reports a bad code with status 200 and an error member.
    fake.set({ githubTokenBody: { error: "bad_verification_code", error_description: "The code passed is incorrect or expired." } });
    expect(await github.identify("gh-code", attempt)).toEqual({ ok: false, reason: "token_exchange_failed" });
    fake.set({ githubTokenBody: { access_token: "gho_fake", token_type: "bearer" }, githubUser: { login: "no-id" } });
    expect(await github.identify("gh-code", attempt)).toEqual({ ok: false, reason: "bad_profile" });
    fake.set({ githubUser: { id: 4242, login: "octo" } });
  });

  test("GitHub through the routes: start, callback, signed in as a new password-less user", async () => {
    t = await createTestApp({}, env);
    apps.push(t);
    const app = new Elysia().use(externalSigninRoutes(t.deps, buildProviders(t.deps.config, t.clock, fake.endpoints)));
    const jar = new CookieJar();
    const get = async (path: string) => {
      const res = await app.handle(new Request(`http://localhost${path}`, { headers: { cookie: jar.header() } }));
      jar.take(res);
      return res;
    };
    fake.set({ githubEmails: [{ email: "octo@example.test", primary: true, verified: true }] });
    const start = await get("/signin/github");
    const authorize = new URL(start.headers.get("location")!);
    expect(authorize.pathname).toBe("/github/authorize");
    const res = await get(`/signin/github/callback?code=gh-code&state=${authorize.searchParams.get("state")}`);
    expect(res.status).toBe(303);
    expect(sessionCookieSet(res)).toBe(true);
    const octo = await userByEmail(t, "octo@example.test");
    expect(octo?.passwordHash).toBeNull();
    expect(await identities(t)).toMatchObject([{ provider: "github", subject: "4242", userId: octo!.id }]);
  });

  test("Google: the ID token's issuer, audience and nonce are checked", async () => {
    t = await createTestApp({}, env);
    apps.push(t);
    const google = buildProviders(t.deps.config, t.clock, fake.endpoints).get("google")!;
    const attempt = newSignInState({ provider: "google", next: "/learn", mode: "signin", sessionHash: null, nowMs: t.clock.now() });
    const nowS = Math.floor(t.clock.now() / 1000);
    const claims = { iss: "https://accounts.google.com", aud: "g-client", sub: "1098765", iat: nowS, exp: nowS + 3600, nonce: attempt.nonce, email: "g@example.test", email_verified: true };
    fake.set({ googleIdToken: jwt(claims) });
    expect(await google.identify("g-code", attempt)).toEqual({ ok: true, identity: { provider: "google", subject: "1098765", email: "g@example.test", emailVerified: true } });
    expect(fake.seen.tokenRequests.at(-1)!.get("code_verifier")).toBe(attempt.codeVerifier);
    fake.set({ googleIdToken: jwt({ ...claims, iss: "accounts.google.com" }) });
    expect((await google.identify("g-code", attempt)).ok).toBe(true);
    fake.set({ googleIdToken: jwt({ ...claims, nonce: "replayed" }) });
    expect(await google.identify("g-code", attempt)).toEqual({ ok: false, reason: "bad_id_token" });
    fake.set({ googleIdToken: jwt({ ...claims, aud: "someone-else" }) });
    expect(await google.identify("g-code", attempt)).toEqual({ ok: false, reason: "bad_id_token" });
  });
});
