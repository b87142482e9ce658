// Cookie names and attributes (RFC 6265bis): HttpOnly, SameSite=Lax, and Secure with the __Host-
// prefix when the web app is served over https. Parsing and serialising are Bun's (Bun.CookieMap,
// Bun.Cookie), which percent-decode and percent-encode values as encodeURIComponent does.
import type { Config } from "../config/config.ts";

export interface CookieNames {
  session: string;
  csrf: string;
  secure: boolean;
}

export function cookieNames(config: Config): CookieNames {
  const secure = config.webAppUrl.startsWith("https://");
  return { session: secure ? "__Host-parla_session" : "parla_session", csrf: secure ? "__Host-parla_csrf" : "parla_csrf", secure };
}

/**
 * The value of the first cookie with this name, or null. A value that is not valid percent-encoded
 * UTF-8 (`parla_session=%`, which any site on the same host can plant) counts as no cookie:
 * Bun.CookieMap decodes such a value to U+FFFD instead of throwing, and no cookie Parla sets
 * carries U+FFFD (tokens and sealed boxes are base64url; a flash text with one is dropped).
 */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const value = new Bun.CookieMap(header).get(name);
  return value === null || value.includes("\uFFFD") ? null : value;
}

export function setCookie(names: CookieNames, name: string, value: string, maxAgeSeconds: number): string {
  return new Bun.Cookie(name, value, { path: "/", httpOnly: true, sameSite: "lax", maxAge: maxAgeSeconds, secure: names.secure }).serialize();
}

export function clearCookie(names: CookieNames, name: string): string {
  return setCookie(names, name, "", 0);
}
