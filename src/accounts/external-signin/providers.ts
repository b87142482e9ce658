// The configured sign-in providers, each an arctic OAuth2Client with its endpoints. arctic's OAuth2Client
// is used for GitHub and Google too (not its GitHub/Google classes) because those hard-code their
// endpoints — the tests point them at local fakes — and its GitHub class cannot send PKCE.
import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, UnexpectedResponseError, type OAuth2Tokens } from "arctic";
import type { Config } from "../../config/config.ts";
import type { Clock } from "../../lib/clock.ts";
import { githubIdentity } from "./github-profile.ts";
import { checkIdTokenClaims, type ExpectedClaims } from "./id-token-claims.ts";
import type { IdentifyResult, ProviderFailure, ProviderId } from "./identity.ts";
import { createOidcDiscovery } from "./oidc-discovery.ts";
import { withTimeout } from "./provider-fetch.ts";
import { withUserinfoEmail } from "./userinfo-email.ts";

export interface ProviderEndpoints {
  github: { authorize: string; token: string; api: string };
  google: { authorize: string; token: string; issuers: readonly string[] };
}

/** The providers' published endpoints (GitHub OAuth app docs; Google's discovery document). */
export const PUBLIC_ENDPOINTS: ProviderEndpoints = {
  github: { authorize: "https://github.com/login/oauth/authorize", token: "https://github.com/login/oauth/access_token", api: "https://api.github.com" },
  // Google's ID tokens carry either spelling of its issuer (Google Identity, "Validate an ID token").
  google: { authorize: "https://accounts.google.com/o/oauth2/v2/auth", token: "https://oauth2.googleapis.com/token", issuers: ["https://accounts.google.com", "accounts.google.com"] },
};

/** One sign-in attempt's secrets, kept in the sealed state cookie between start and callback. */
export interface Attempt {
  state: string;
  codeVerifier: string;
  nonce: string;
}

export type AuthorizationUrlResult = { ok: true; url: URL } | { ok: false; reason: ProviderFailure };

export interface SignInProvider {
  id: ProviderId;
  label: string;
  redirectUri: string;
  authorizationUrl(attempt: Attempt): Promise<AuthorizationUrlResult>;
  identify(code: string, attempt: Attempt): Promise<IdentifyResult>;
}

export interface ProviderSummary {
  id: ProviderId;
  label: string;
}

/** The redirect URI to register with a provider (printed in README). */
export function redirectUriFor(config: Config, id: ProviderId): string {
  return `${config.webAppUrl}/signin/${id}/callback`;
}

/** Which providers are configured, for pages (no network, no clients). loadConfig guarantees all-or-nothing. */
export function configuredProviders(config: Config): ProviderSummary[] {
  const list: ProviderSummary[] = [];
  if (config.oidcIssuer && config.oidcClientId && config.oidcClientSecret) list.push({ id: "oidc", label: config.oidcName });
  if (config.githubClientId && config.githubClientSecret) list.push({ id: "github", label: "GitHub" });
  if (config.googleClientId && config.googleClientSecret) list.push({ id: "google", label: "Google" });
  return list;
}

type ExchangeResult = { ok: true; tokens: OAuth2Tokens } | { ok: false; reason: ProviderFailure };

/** RFC 6749 §4.1.3 with the PKCE verifier (RFC 7636 §4.5); every failure becomes a reason code. */
async function exchangeCode(client: OAuth2Client, tokenEndpoint: string, code: string, codeVerifier: string): Promise<ExchangeResult> {
  try {
    const tokens = await withTimeout(client.validateAuthorizationCode(tokenEndpoint, code, codeVerifier));
    // GitHub reports a bad code with status 200 and an `error` member, which arctic passes through.
    if ("error" in tokens.data) return { ok: false, reason: "token_exchange_failed" };
    return { ok: true, tokens };
  } catch (error) {
    if (error instanceof OAuth2RequestError) return { ok: false, reason: "token_exchange_failed" };
    if (error instanceof UnexpectedResponseError && error.status < 500) return { ok: false, reason: "token_exchange_failed" };
    return { ok: false, reason: "provider_unavailable" };
  }
}

function idTokenOf(tokens: OAuth2Tokens): string | null {
  try {
    return tokens.idToken();
  } catch {
    return null;
  }
}

function accessTokenOf(tokens: OAuth2Tokens): string | null {
  try {
    return tokens.accessToken();
  } catch {
    return null;
  }
}

/** Google and a generic OIDC issuer: the identity comes from the ID token's claims (e-mail from UserInfo if absent there). */
async function identityFromIdToken(id: ProviderId, exchanged: ExchangeResult, expected: ExpectedClaims, userinfoEndpoint: string | null): Promise<IdentifyResult> {
  if (!exchanged.ok) return exchanged;
  const idToken = idTokenOf(exchanged.tokens);
  if (!idToken) return { ok: false, reason: "bad_id_token" };
  const checked = checkIdTokenClaims(idToken, expected);
  if (!checked.ok) return { ok: false, reason: "bad_id_token" };
  const completed = await withUserinfoEmail(checked.claims, userinfoEndpoint, accessTokenOf(exchanged.tokens));
  if (!completed.ok) return completed;
  return { ok: true, identity: { provider: id, ...completed.claims } };
}

function oidcProvider(config: Config, clock: Clock, issuer: string, clientId: string, clientSecret: string): SignInProvider {
  const redirectUri = redirectUriFor(config, "oidc");
  const client = new OAuth2Client(clientId, clientSecret, redirectUri);
  const discovery = createOidcDiscovery(issuer, clock);
  return {
    id: "oidc",
    label: config.oidcName,
    redirectUri,
    async authorizationUrl(attempt) {
      const found = await discovery.metadata();
      if (!found.ok) return found;
      const url = client.createAuthorizationURLWithPKCE(found.metadata.authorizationEndpoint, attempt.state, CodeChallengeMethod.S256, attempt.codeVerifier, ["openid", "email"]);
      url.searchParams.set("nonce", attempt.nonce);
      return { ok: true, url };
    },
    async identify(code, attempt) {
      const found = await discovery.metadata();
      if (!found.ok) return found;
      const exchanged = await exchangeCode(client, found.metadata.tokenEndpoint, code, attempt.codeVerifier);
      return identityFromIdToken("oidc", exchanged, { issuers: [issuer], clientId, nonce: attempt.nonce, nowMs: clock.now() }, found.metadata.userinfoEndpoint);
    },
  };
}

function googleProvider(config: Config, clock: Clock, endpoints: ProviderEndpoints["google"], clientId: string, clientSecret: string): SignInProvider {
  const redirectUri = redirectUriFor(config, "google");
  const client = new OAuth2Client(clientId, clientSecret, redirectUri);
  return {
    id: "google",
    label: "Google",
    redirectUri,
    async authorizationUrl(attempt) {
      const url = client.createAuthorizationURLWithPKCE(endpoints.authorize, attempt.state, CodeChallengeMethod.S256, attempt.codeVerifier, ["openid", "email"]);
      url.searchParams.set("nonce", attempt.nonce);
      return { ok: true, url };
    },
    async identify(code, attempt) {
      const exchanged = await exchangeCode(client, endpoints.token, code, attempt.codeVerifier);
      // Google puts email and email_verified in the ID token when the email scope is granted.
      return identityFromIdToken("google", exchanged, { issuers: endpoints.issuers, clientId, nonce: attempt.nonce, nowMs: clock.now() }, null);
    },
  };
}

function githubProvider(config: Config, endpoints: ProviderEndpoints["github"], clientId: string, clientSecret: string): SignInProvider {
  const redirectUri = redirectUriFor(config, "github");
  const client = new OAuth2Client(clientId, clientSecret, redirectUri);
  return {
    id: "github",
    label: "GitHub",
    redirectUri,
    async authorizationUrl(attempt) {
      // read:user for the numeric id, user:email for the verified addresses. GitHub has no nonce (not OIDC).
      return { ok: true, url: client.createAuthorizationURLWithPKCE(endpoints.authorize, attempt.state, CodeChallengeMethod.S256, attempt.codeVerifier, ["read:user", "user:email"]) };
    },
    async identify(code, attempt) {
      const exchanged = await exchangeCode(client, endpoints.token, code, attempt.codeVerifier);
      if (!exchanged.ok) return exchanged;
      const accessToken = accessTokenOf(exchanged.tokens);
      if (accessToken === null) return { ok: false, reason: "token_exchange_failed" };
      return githubIdentity(endpoints.api, accessToken);
    },
  };
}

/** The clients for every configured provider, keyed by id. Built once per app. */
export function buildProviders(config: Config, clock: Clock, endpoints: ProviderEndpoints = PUBLIC_ENDPOINTS): Map<ProviderId, SignInProvider> {
  const providers = new Map<ProviderId, SignInProvider>();
  if (config.oidcIssuer && config.oidcClientId && config.oidcClientSecret) providers.set("oidc", oidcProvider(config, clock, config.oidcIssuer, config.oidcClientId, config.oidcClientSecret));
  if (config.githubClientId && config.githubClientSecret) providers.set("github", githubProvider(config, endpoints.github, config.githubClientId, config.githubClientSecret));
  if (config.googleClientId && config.googleClientSecret) providers.set("google", googleProvider(config, clock, endpoints.google, config.googleClientId, config.googleClientSecret));
  return providers;
}
