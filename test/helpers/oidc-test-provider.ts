// Shared set-up for the external sign-in tests: a REAL OpenID Provider (node-oidc-provider from npm)
// on 127.0.0.1:0, a provider-side "browser" that clicks through its login and consent forms, a Parla
// test app configured for it, and the few looks at Parla's answers and tables those tests make.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import { expect } from "bun:test";
// @ts-expect-error oidc-provider ships no type declarations (a dev dependency, used only in tests and scripts/bench)
import Provider from "oidc-provider";
import { externalIdentities, users } from "../../src/accounts/schema.ts";
import type { WebUser } from "./browser-less.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

export const CLIENT_ID = "parla-test-client";
export const CLIENT_SECRET = "oidc-test-secret-that-must-never-be-logged";
export const CALLBACK = "http://localhost/signin/oidc/callback";

// ---------------------------------------------------------------------------------------------
// The real OpenID Provider

export interface OidcPeer {
  issuer: string;
  close(): Promise<void>;
}

/** Login "unverified-x" gets an unverified e-mail; any other login "x" gets x@example.test, verified. */
function accountClaims(login: string): Record<string, unknown> {
  const unverified = login.startsWith("unverified-");
  return { sub: login, email: `${unverified ? login.slice("unverified-".length) : login}@example.test`, email_verified: !unverified };
}

export async function startOidcPeer(options: { idTokenCarriesEmail: boolean }): Promise<OidcPeer> {
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
export class ProviderBrowser {
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
export async function throughProvider(authorizeUrl: string, login: string | "abort", browser = new ProviderBrowser()): Promise<URL> {
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

/**
 * A test app with the generic OIDC provider at `issuer` configured ("Acme SSO"); its clock set to real
 * time (the provider stamps real iat/exp). The caller cleans it up.
 */
export async function createOidcApp(issuer: string, env: Record<string, string> = {}): Promise<TestApp> {
  const app = await createTestApp({}, { PARLA_OIDC_ISSUER: issuer, PARLA_OIDC_CLIENT_ID: CLIENT_ID, PARLA_OIDC_CLIENT_SECRET: CLIENT_SECRET, PARLA_OIDC_NAME: "Acme SSO", ...env });
  app.clock.set(Date.now());
  return app;
}

/** Starts at Parla, goes through the provider as `login`, and returns the callback URL (not yet sent to Parla). */
export async function toCallback(user: WebUser, login: string | "abort", start = "/signin/oidc"): Promise<URL> {
  const res = await user.get(start);
  expect(res.status).toBe(303);
  return throughProvider(res.headers.get("location")!, login);
}

export async function signInAs(user: WebUser, login: string, start = "/signin/oidc"): Promise<Response> {
  const callback = await toCallback(user, login, start);
  return user.get(callback.pathname + callback.search);
}

export function flashText(html: string): string | null {
  const m = /<p class="flash (?:ok|error)"[^>]*>([^<]*)<\/p>/.exec(html);
  return m ? m[1]!.replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&") : null;
}

export const sessionCookieSet = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("parla_session=") && !/max-age=0/i.test(c));
export const stateCookieCleared = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("parla_external_signin=;") && /max-age=0/i.test(c));

export async function userByEmail(app: TestApp, email: string) {
  const [row] = await app.deps.store.db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function identities(app: TestApp) {
  return app.deps.store.db.select().from(externalIdentities);
}

/** Follows a 303 inside Parla and returns the landing page's html. */
export async function landing(user: WebUser, res: Response): Promise<{ status: number; html: string; location: string }> {
  expect(res.status).toBe(303);
  const location = res.headers.get("location")!;
  const page = await user.get(location);
  return { status: page.status, html: await page.text(), location };
}

/** A hand-made ID token with these claims (the signature is not checked by the code under test: the token comes over TLS from the token endpoint). */
export function unsignedJwt(claims: Record<string, unknown>): string {
  const part = (o: unknown) => encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(o)));
  return `${part({ alg: "RS256", typ: "JWT" })}.${part(claims)}.c2ln`;
}

/** The test apps a suite makes, cleaned up after each test: `afterEach(() => apps.cleanup())`. */
export function appRegistry() {
  const apps: TestApp[] = [];
  return {
    track(app: TestApp): TestApp {
      apps.push(app);
      return app;
    },
    /** A tracked test app with the generic OIDC provider configured. */
    async oidc(issuer: string, env: Record<string, string> = {}): Promise<TestApp> {
      return this.track(await createOidcApp(issuer, env));
    },
    cleanup(): void {
      for (const app of apps.splice(0)) app.cleanup();
    },
  };
}
