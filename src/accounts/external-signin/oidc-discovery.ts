// OpenID Provider metadata (OIDC Discovery 1.0), fetched once and cached. The issuer in the document
// must be exactly the configured one (§4.3): otherwise an attacker who can serve that path could
// point us at their own endpoints, and the `iss` check on ID tokens would compare against a lie.
import type { Clock } from "../../lib/clock.ts";
import { HOUR, MINUTE } from "../../lib/clock.ts";
import { fetchJson } from "./provider-fetch.ts";

export interface OidcMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** OIDC Core §5.3; used only when the ID token itself carries no e-mail. */
  userinfoEndpoint: string | null;
}

export type DiscoveryResult = { ok: true; metadata: OidcMetadata } | { ok: false; reason: "provider_unavailable" | "discovery_failed" | "issuer_mismatch" };

const CACHE_OK_MS = HOUR;
// A failure is remembered briefly so a broken issuer is not hammered by every sign-in click.
const CACHE_FAILED_MS = MINUTE;

/** OIDC Discovery §4: strip one terminating "/" from the issuer, then append the well-known path. */
export function discoveryUrl(issuer: string): string {
  return `${issuer.endsWith("/") ? issuer.slice(0, -1) : issuer}/.well-known/openid-configuration`;
}

/** Endpoints must be https like the issuer; http is accepted only when the issuer itself is http (loopback, config-checked). */
function endpointOk(value: unknown, issuer: string): value is string {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (url.protocol === "http:" && issuer.startsWith("http://"));
  } catch {
    return false;
  }
}

export function parseMetadata(body: unknown, issuer: string): DiscoveryResult {
  if (typeof body !== "object" || body === null) return { ok: false, reason: "discovery_failed" };
  const doc = body as Record<string, unknown>;
  if (doc.issuer !== issuer) return { ok: false, reason: "issuer_mismatch" };
  if (!endpointOk(doc.authorization_endpoint, issuer) || !endpointOk(doc.token_endpoint, issuer)) return { ok: false, reason: "discovery_failed" };
  const userinfoEndpoint = endpointOk(doc.userinfo_endpoint, issuer) ? doc.userinfo_endpoint : null;
  return { ok: true, metadata: { issuer, authorizationEndpoint: doc.authorization_endpoint, tokenEndpoint: doc.token_endpoint, userinfoEndpoint } };
}

export interface OidcDiscovery {
  metadata(): Promise<DiscoveryResult>;
}

/** A per-issuer cache of the metadata document (one per app instance, no module globals). */
export function createOidcDiscovery(issuer: string, clock: Clock): OidcDiscovery {
  let cached: { result: DiscoveryResult; until: number } | null = null;
  let inFlight: Promise<DiscoveryResult> | null = null;

  async function load(): Promise<DiscoveryResult> {
    const fetched = await fetchJson(discoveryUrl(issuer));
    if (!fetched.ok) return { ok: false, reason: fetched.reason === "unreachable" ? "provider_unavailable" : "discovery_failed" };
    if (fetched.status !== 200) return { ok: false, reason: "discovery_failed" };
    return parseMetadata(fetched.body, issuer);
  }

  return {
    async metadata() {
      const now = clock.now();
      if (cached && cached.until > now) return cached.result;
      // Concurrent sign-ins share one request.
      inFlight ??= load().finally(() => {
        inFlight = null;
      });
      const result = await inFlight;
      cached = { result, until: clock.now() + (result.ok ? CACHE_OK_MS : CACHE_FAILED_MS) };
      return result;
    },
  };
}
