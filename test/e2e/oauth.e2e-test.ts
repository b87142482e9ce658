// The OAuth 2.0 server of the built binary, from the outside, with oauth4webapi — a strict,
// independent client: it checks the issuer, iss and state on the way back, PKCE, token_type and
// expires_in. The consent step is driven in Chromium. Time moves with PARLA_DEV_CLOCK.
import { afterAll, describe, expect, test } from "bun:test";
import * as oauth from "oauth4webapi";
import type { Browser, Page } from "playwright-core";
import { startBinary } from "./binary-harness.ts";
import { launchChromium, newPage, signInThroughForm } from "./browser-harness.ts";

const PASSWORD = "correct horse battery staple";
const SCOPES = ["vocab:generate", "lesson_plans:read", "lesson_plans:write", "tutor:converse", "usage:read", "events:read", "events:write"];
// The binary listens on plain http on the loopback interface; everything else stays strict.
const http = { [oauth.allowInsecureRequests]: true } as const;

const parla = await startBinary({ PARLA_DEV_CLOCK: "1" });
let browser: Browser | null = null;

afterAll(async () => {
  await browser?.close();
  await parla.stop();
});

async function cliJson(args: string[]): Promise<Record<string, string>> {
  const r = await parla.cli([...args, "--json"]);
  if (r.code !== 0) throw new Error(`parla ${args.join(" ")} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, string>;
}

async function newAccount(email: string): Promise<{ user_id: string; account_id: string }> {
  const r = await cliJson(["admin", "user", "create", "--email", email, "--password", PASSWORD]);
  return { user_id: r.user_id!, account_id: r.account_id! };
}

async function discover(): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(parla.url);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...http }));
}

async function advanceClock(seconds: number): Promise<void> {
  const res = await fetch(`${parla.url}/_dev/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advance_seconds: seconds }) });
  expect(res.status).toBe(200);
}

/**
 * The OAuth error a token-endpoint call failed with. oauth4webapi throws ResponseBodyError, or —
 * for a 401 that carries a WWW-Authenticate challenge, as invalid_client with Basic must (RFC 6749
 * §5.2) — WWWAuthenticateChallengeError, whose body still holds the OAuth error.
 */
async function oauthError(call: Promise<unknown>): Promise<{ error: string; status: number }> {
  try {
    await call;
  } catch (e) {
    if (e instanceof oauth.ResponseBodyError) return { error: e.error, status: e.status };
    if (e instanceof oauth.WWWAuthenticateChallengeError) {
      expect(e.cause.map((c) => c.scheme)).toContain("basic");
      const body = (await e.response.json()) as { error: string; error_description?: string };
      expect(Object.keys(body).sort()).toEqual(["error", "error_description"]);
      return { error: body.error, status: e.status };
    }
    throw e;
  }
  throw new Error("expected the call to fail");
}

const usage = (token: string) => fetch(`${parla.url}/v1/usage`, { headers: { authorization: `Bearer ${token}` } });

describe("OAuth against the binary (oauth4webapi)", () => {
  test("discovery: RFC 8414 metadata at /.well-known/oauth-authorization-server says what the server does", async () => {
    const as = await discover();
    expect(as.issuer).toBe(parla.url);
    expect(as.authorization_endpoint).toBe(`${parla.url}/oauth/authorize`);
    expect(as.token_endpoint).toBe(`${parla.url}/oauth/token`);
    expect(as.revocation_endpoint).toBe(`${parla.url}/oauth/revoke`);
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
    expect([...(as.grant_types_supported ?? [])].sort()).toEqual(["authorization_code", "client_credentials", "refresh_token"]);
    expect([...(as.scopes_supported ?? [])].sort()).toEqual([...SCOPES].sort());
    expect(as.response_types_supported).toEqual(["code"]);
    // The token endpoint answers no cross-origin preflight (spec 1.6).
    const preflight = await fetch(as.token_endpoint!, { method: "OPTIONS", headers: { origin: "https://evil.example", "access-control-request-method": "POST" } });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("client_credentials: Basic and form authentication, scopes, errors, and revocation", async () => {
    const as = await discover();
    const owner = await newAccount("cc-owner@example.com");
    const created = await cliJson(["admin", "client", "create", "--account", owner.account_id, "--name", "Game server", "--scopes", "usage:read vocab:generate", "--billing", "allowance"]);
    expect(created.client_id).toStartWith("parla_cid_");
    expect(created.client_secret).toMatch(/^parla_cs_[A-Za-z0-9_-]{43}$/);
    const client: oauth.Client = { client_id: created.client_id! };

    // Omitted scope: every scope the client may have. The raw body is exactly spec 2.3.
    const res = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(created.client_secret!), {}, http);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const raw = (await res.clone().json()) as Record<string, unknown>;
    expect(Object.keys(raw).sort()).toEqual(["access_token", "expires_in", "scope", "token_type"]);
    expect(raw.token_type).toBe("Bearer");
    const tokens = await oauth.processClientCredentialsResponse(as, client, res);
    expect(tokens.access_token).toMatch(/^parla_at_/);
    expect(tokens.token_type).toBe("bearer"); // oauth4webapi normalises the case
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe("vocab:generate usage:read");
    expect(tokens.refresh_token).toBeUndefined();

    // Form-field authentication and a narrower request.
    const narrow = await oauth.processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretPost(created.client_secret!), { scope: "usage:read" }, http));
    expect(narrow.scope).toBe("usage:read");
    expect(narrow.access_token).not.toBe(tokens.access_token);

    // A second secret from the CLI works alongside the first.
    const second = await cliJson(["admin", "client", "secret", "create", "--client", created.client_id!]);
    expect(second.client_secret).toStartWith("parla_cs_");
    const viaSecond = await oauth.processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(second.client_secret!), {}, http));
    expect(viaSecond.access_token).toStartWith("parla_at_");

    // Refusals: never narrowed silently; a wrong secret or an unknown client is invalid_client.
    expect(await oauthError(oauth.processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(created.client_secret!), { scope: "usage:read tutor:converse" }, http)))).toEqual({ error: "invalid_scope", status: 400 });
    expect(await oauthError(oauth.processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic("parla_cs_" + "x".repeat(43)), {}, http)))).toEqual({ error: "invalid_client", status: 401 });
    const stranger: oauth.Client = { client_id: "parla_cid_doesnotexist" };
    expect(await oauthError(oauth.processClientCredentialsResponse(as, stranger, await oauth.clientCredentialsGrantRequest(as, stranger, oauth.ClientSecretBasic(created.client_secret!), {}, http)))).toEqual({ error: "invalid_client", status: 401 });

    // An access token is refused outside /v1/ (spec 5.1.3).
    const outside = await fetch(`${parla.url}/admin`, { headers: { authorization: `Bearer ${tokens.access_token}` }, redirect: "manual" });
    expect(outside.status).toBe(401);
    const body = await outside.text();
    expect(body.startsWith("api_token_not_accepted") || (JSON.parse(body) as { error: string }).error.startsWith("api_token_not_accepted")).toBe(true);

    // The revocation endpoint takes the client's own token (RFC 7009).
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.ClientSecretBasic(created.client_secret!), narrow.access_token, http));
    // …and refuses a caller that cannot authenticate.
    const bad = await fetch(as.revocation_endpoint!, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: tokens.access_token, client_id: created.client_id!, client_secret: "parla_cs_wrong" }) });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { error: string }).error).toBe("invalid_client");
  });

  test("client_credentials tokens on GET /v1/usage: accepted, scoped, revoked, expired", async () => {
    const as = await discover();
    const owner = await newAccount("cc-usage@example.com");
    const created = await cliJson(["admin", "client", "create", "--account", owner.account_id, "--name", "Usage reader", "--scopes", "usage:read vocab:generate", "--billing", "allowance"]);
    const client: oauth.Client = { client_id: created.client_id! };
    const auth = oauth.ClientSecretBasic(created.client_secret!);
    const exchange = async (scope?: string) => oauth.processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client, auth, scope ? { scope } : {}, http));

    const full = await exchange();
    expect((await usage(full.access_token)).status).toBe(200);
    const noUsage = await exchange("vocab:generate");
    const forbidden = await usage(noUsage.access_token);
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { code: string }).code).toBe("insufficient_scope");
    const secretAsBearer = await usage(created.client_secret!);
    expect(secretAsBearer.status).toBe(401);
    expect(((await secretAsBearer.json()) as { code: string }).code).toBe("client_secret_not_accepted");

    const revoked = await exchange();
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, revoked.access_token, http));
    const afterRevoke = await usage(revoked.access_token);
    expect(afterRevoke.status).toBe(401);
    expect(((await afterRevoke.json()) as { code: string; error: string }).error).toStartWith("invalid_token");

    const expiring = await exchange();
    await advanceClock(3601);
    const expired = await usage(expiring.access_token);
    expect(expired.status).toBe(401);
    const envelope = (await expired.json()) as { code: string; error: string };
    expect(envelope.code).toBe("unauthorized");
    expect(envelope.error).toStartWith("invalid_token");
    expect((await usage((await exchange()).access_token)).status).toBe(200);
  });

  test("PKCE is required: a request without S256 comes back with invalid_request, state and iss", async () => {
    const as = await discover();
    const owner = await newAccount("pkce-owner@example.com");
    const pub = await cliJson(["admin", "client", "create", "--account", owner.account_id, "--name", "CLI tool", "--scopes", "usage:read", "--billing", "allowance", "--public", "--redirect-uri", "http://127.0.0.1/callback"]);
    const client: oauth.Client = { client_id: pub.client_id! };
    const redirectUri = "http://127.0.0.1:49152/callback";
    for (const method of [null, "plain"]) {
      const state = oauth.generateRandomState();
      const url = new URL(as.authorization_endpoint!);
      url.search = new URLSearchParams({ response_type: "code", client_id: pub.client_id!, redirect_uri: redirectUri, scope: "usage:read", state, code_challenge: oauth.generateRandomCodeVerifier(), ...(method ? { code_challenge_method: method } : {}) }).toString();
      const res = await fetch(url, { redirect: "manual" });
      expect(res.status).toBe(303);
      const back = new URL(res.headers.get("location")!);
      expect(back.origin + back.pathname).toBe(redirectUri);
      let refused: unknown = null;
      try {
        oauth.validateAuthResponse(as, client, back, state); // checks iss and state before the error
      } catch (e) {
        refused = e;
      }
      expect(refused).toBeInstanceOf(oauth.AuthorizationResponseError);
      expect((refused as oauth.AuthorizationResponseError).error).toBe("invalid_request");
    }
  });

  describe("authorization code + PKCE with a public client on a loopback redirect, consent in Chromium", () => {
    // The app's loopback listener (RFC 8252 §7.3): it records where the browser came back to.
    let waiting: ((url: string) => void) | null = null;
    const callbackServer = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch(request) {
        const url = new URL(request.url);
        if (url.pathname !== "/callback") return new Response("not found", { status: 404 });
        waiting?.(request.url);
        waiting = null;
        return new Response("<!doctype html><title>Signed in</title><p>You can close this window and return to the app.</p>", { headers: { "content-type": "text/html; charset=utf-8" } });
      },
    });
    afterAll(() => callbackServer.stop(true));
    const redirectUri = `http://127.0.0.1:${callbackServer.port}/callback`;

    let as: oauth.AuthorizationServer;
    let client: oauth.Client;
    let page!: Page;
    let ready = false;
    const playerEmail = "player@example.com";

    async function setUp() {
      if (ready) return;
      as = await discover();
      const owner = await newAccount("app-owner@example.com");
      const pub = await cliJson(["admin", "client", "create", "--account", owner.account_id, "--name", "Pocket tutor", "--scopes", "usage:read lesson_plans:read", "--billing", "allowance", "--public", "--redirect-uri", "http://127.0.0.1/callback"]);
      expect(pub.client_secret).toBeUndefined();
      client = { client_id: pub.client_id! };
      await newAccount(playerEmail);
      browser = await launchChromium();
      ({ page } = await newPage(browser, parla.url));
      ready = true;
    }

    /** Sends the browser to the authorization URL, signs in if asked, decides, and returns where it came back to. */
    async function authorize(decision: "approve" | "deny" = "approve", scope = "usage:read") {
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const url = new URL(as.authorization_endpoint!);
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: client.client_id,
        redirect_uri: redirectUri,
        scope,
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
      }).toString();
      const came = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("the browser did not come back to the redirect URI")), 15_000);
        waiting = (u) => {
          clearTimeout(timer);
          resolve(u);
        };
      });
      await page.goto(url.href);
      const signInFirst = new URL(page.url()).pathname === "/signin";
      if (signInFirst) await signInThroughForm(page, playerEmail, PASSWORD);
      // The consent page: who asks, for what, and where the browser will go back to.
      await page.waitForSelector('button[name="decision"]');
      expect(await page.locator("h1").innerText()).toBe("Allow Pocket tutor to use your Parla account?");
      expect(await page.locator("main").innerText()).toContain(`127.0.0.1:${callbackServer.port}`);
      await page.click(`button[name="decision"][value="${decision}"]`);
      return { callback: new URL(await came), verifier, state, signInFirst };
    }

    async function exchange(callback: URL, state: string, verifier: string) {
      const params = oauth.validateAuthResponse(as, client, callback, state);
      return oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, http));
    }

    const refresh = async (token: string) => oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), token, http));

    test("sign in, consent, code with state and iss, exchange, refresh, revoke", async () => {
      await setUp();
      const { callback, verifier, state, signInFirst } = await authorize();
      expect(signInFirst).toBe(true); // a signed-out user signs in and comes back to the same request
      expect(callback.searchParams.get("iss")).toBe(parla.url);
      expect(callback.searchParams.get("state")).toBe(state);
      expect(callback.searchParams.get("code")).toMatch(/^parla_ac_/);
      // A strict client refuses a response for another request or from another issuer.
      expect(() => oauth.validateAuthResponse(as, client, callback, oauth.generateRandomState())).toThrow();
      expect(() => oauth.validateAuthResponse({ ...as, issuer: "http://127.0.0.1:1" }, client, callback, state)).toThrow();

      const tokens = await exchange(callback, state, verifier);
      expect(tokens.access_token).toMatch(/^parla_at_/);
      expect(tokens.refresh_token).toMatch(/^parla_rt_/);
      expect(tokens.token_type).toBe("bearer");
      expect(tokens.expires_in).toBe(3600);
      expect(tokens.scope).toBe("usage:read");

      // Every refresh returns a new refresh token (and a new access token).
      const r1 = await refresh(tokens.refresh_token!);
      expect(r1.refresh_token).toMatch(/^parla_rt_/);
      expect(r1.refresh_token).not.toBe(tokens.refresh_token);
      expect(r1.access_token).not.toBe(tokens.access_token);
      expect(r1.expires_in).toBe(3600);
      expect(r1.scope).toBe("usage:read");
      expect((await usage(r1.access_token)).status).toBe(200);

      // On sign-out the app revokes its refresh token: that install's tokens end.
      await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), r1.refresh_token!, http));
      expect(await oauthError(refresh(r1.refresh_token!))).toEqual({ error: "invalid_grant", status: 400 });
      expect((await usage(r1.access_token)).status).toBe(401);

      // The player sees the app under Connected apps.
      await page.goto("/account/connected-apps");
      expect(await page.locator("main table").innerText()).toContain("Pocket tutor");
    });

    test("a public client is asked for consent every time; Deny comes back as access_denied", async () => {
      await setUp();
      const { callback, state, signInFirst } = await authorize("deny");
      expect(signInFirst).toBe(false);
      expect(callback.searchParams.get("iss")).toBe(parla.url);
      let refused: unknown = null;
      try {
        oauth.validateAuthResponse(as, client, callback, state);
      } catch (e) {
        refused = e;
      }
      expect(refused).toBeInstanceOf(oauth.AuthorizationResponseError);
      expect((refused as oauth.AuthorizationResponseError).error).toBe("access_denied");
    });

    test("a code works once: a second exchange is invalid_grant and ends what the first one issued", async () => {
      await setUp();
      const { callback, verifier, state } = await authorize();
      const tokens = await exchange(callback, state, verifier);
      expect(await oauthError(exchange(callback, state, verifier))).toEqual({ error: "invalid_grant", status: 400 });
      expect(await oauthError(refresh(tokens.refresh_token!))).toEqual({ error: "invalid_grant", status: 400 });
      expect((await usage(tokens.access_token)).status).toBe(401);
    });

    test("a code expires after 60 seconds; a wrong verifier is refused", async () => {
      await setUp();
      const late = await authorize();
      await advanceClock(61);
      expect(await oauthError(exchange(late.callback, late.state, late.verifier))).toEqual({ error: "invalid_grant", status: 400 });
      const wrong = await authorize();
      expect(await oauthError(exchange(wrong.callback, wrong.state, oauth.generateRandomCodeVerifier()))).toEqual({ error: "invalid_grant", status: 400 });
    });

    test("a replaced refresh token used after 60 seconds is treated as stolen: the install ends", async () => {
      await setUp();
      const { callback, verifier, state } = await authorize();
      const tokens = await exchange(callback, state, verifier);
      const r1 = await refresh(tokens.refresh_token!);
      // Within the grace window a racing refresh converges on the current token.
      const racing = await refresh(tokens.refresh_token!);
      expect(racing.refresh_token).toBe(r1.refresh_token);
      await advanceClock(61);
      expect(await oauthError(refresh(tokens.refresh_token!))).toEqual({ error: "invalid_grant", status: 400 });
      expect(await oauthError(refresh(r1.refresh_token!))).toEqual({ error: "invalid_grant", status: 400 });
      expect((await usage(r1.access_token)).status).toBe(401);
    });
  });
});
