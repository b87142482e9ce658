// Pages live at one address, PARLA_WEB_APP_URL's. A browser that opened another name for the same
// server (http://127.0.0.1:8080 when the base is http://localhost:8080) would get cookies and a
// form Origin the server does not accept, and sign-in would fail with a misleading "form expired"
// message; a page GET there is redirected to the same path at the canonical address instead.
import { Elysia } from "elysia";
import type { Config } from "../config/config.ts";
import { pathOf } from "./request-context.ts";
import { requestHook } from "./sync-hook.ts";

/** Paths never redirected: machine endpoints, where a redirect would break clients or probes. */
function isMachinePath(path: string): boolean {
  return (
    path === "/v1" ||
    path.startsWith("/v1/") ||
    path === "/oauth/token" ||
    path === "/oauth/revoke" ||
    path === "/healthz" ||
    path === "/readyz" ||
    path === "/metrics" ||
    path.startsWith("/.well-known/") ||
    path.startsWith("/_dev/")
  );
}

/**
 * The host the browser asked for. Behind a reverse proxy that rewrites Host, X-Forwarded-Host is
 * the name the browser used. Trusting it is safe here: it can only prevent a redirect, and the
 * redirect always goes to the configured address, never to a name taken from the request.
 */
function requestedHost(request: Request): string | null {
  const forwarded = request.headers.get("x-forwarded-host");
  if (forwarded) return forwarded.split(",")[0]!.trim().toLowerCase();
  const host = request.headers.get("host");
  if (host) return host.toLowerCase();
  try {
    return new URL(request.url).host.toLowerCase();
  } catch {
    return null;
  }
}

/** The redirect to the canonical address for a page GET at another host, or null. */
export function canonicalRedirect(config: Config, request: Request, canonical = new URL(config.webAppUrl)): Response | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  // The path first: every API call is a machine path, and its headers need not be read at all.
  const path = pathOf(request);
  if (isMachinePath(path)) return null;
  const host = requestedHost(request);
  // Only the host counts: a TLS-terminating proxy makes every request look like http.
  if (!host || host === canonical.host.toLowerCase()) return null;
  const url = new URL(request.url);
  const prefix = canonical.pathname === "/" ? "" : canonical.pathname;
  return new Response(null, { status: 308, headers: { location: `${canonical.origin}${prefix}${path}${url.search}`, "cache-control": "no-store" } });
}

export function canonicalAddress(config: Config) {
  const canonical = new URL(config.webAppUrl);
  return new Elysia({ name: "canonical-address" }).on(
    "request",
    requestHook(({ request }) => canonicalRedirect(config, request, canonical) ?? undefined),
  );
}
