// CSRF protection for every state-changing form (OWASP CSRF cheat sheet: Origin check plus token): the request must come from our own
// origin (Origin, or Referer when Origin is absent) AND carry the form token. Signed-in forms use
// the session's secret; anonymous forms (sign-in, sign-up) a double-submit cookie.
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { Config } from "../config/config.ts";
import { csrfMatches, type SessionContext } from "../accounts/sessions.ts";
import { constantTimeEqual, randomBytes } from "../lib/secrets.ts";
import { readCookie, setCookie, type CookieNames } from "./cookies.ts";

export function sameOrigin(config: Config, request: Request): boolean {
  const allowed = new Set([new URL(config.webAppUrl).origin, new URL(config.baseUrl).origin]);
  const origin = request.headers.get("origin");
  if (origin) return allowed.has(origin);
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      return allowed.has(new URL(referer).origin);
    } catch {
      return false;
    }
  }
  return true; // Not a browser, or one that sends neither: the token check still applies.
}

/** The token for an anonymous form, and the cookie to set when the browser has none yet. */
export function anonymousCsrfToken(request: Request, names: CookieNames): { token: string; cookie: string | null } {
  const existing = readCookie(request, names.csrf);
  if (existing && /^[A-Za-z0-9_-]{32}$/.test(existing)) return { token: existing, cookie: null };
  const token = encodeBase64urlNoPadding(randomBytes(24));
  return { token, cookie: setCookie(names, names.csrf, token, 2 * 60 * 60) };
}

export function csrfValid(config: Config, names: CookieNames, request: Request, submitted: unknown, session: SessionContext | null): boolean {
  if (!sameOrigin(config, request)) return false;
  if (session) return csrfMatches(session, submitted);
  const cookie = readCookie(request, names.csrf);
  return !!cookie && typeof submitted === "string" && constantTimeEqual(cookie, submitted);
}
