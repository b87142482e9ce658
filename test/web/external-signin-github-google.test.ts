// External sign-in: "Sign in with GitHub" and "Sign in with Google". Their servers cannot be reached
// offline: the authorization URLs are checked as built, and the token and user APIs are replaced by
// local fakes on 127.0.0.1 (arctic's OAuth2Client takes the endpoints as arguments).
import { appRegistry } from "../helpers/oidc-test-provider.ts";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { Elysia } from "elysia";
import { buildProviders, PUBLIC_ENDPOINTS, type ProviderEndpoints } from "../../src/accounts/external-signin/providers.ts";
import { newSignInState } from "../../src/accounts/external-signin/signin-state.ts";
import { externalSigninRoutes } from "../../src/web/external-signin-routes.ts";
import { CookieJar } from "../helpers/browser-less.ts";
import { identities, unsignedJwt as jwt, sessionCookieSet, userByEmail } from "../helpers/oidc-test-provider.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
const apps = appRegistry();

afterEach(() => apps.cleanup());


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
    apps.track(t);
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
    apps.track(t);
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
    apps.track(t);
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
    apps.track(t);
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
