// Every page goes out through here: HTML with security headers that make framing, sniffing and
// inline script injection useless (pages need no script of their own beyond /assets/parla.js).

const SECURITY_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin",
  "cache-control": "no-store",
};

export function htmlResponse(html: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response("<!doctype html>" + html, { status, headers: { ...SECURITY_HEADERS, ...headers } });
}

/** 303 See Other: after a form POST the browser GETs the target (PRG). */
export function redirect(location: string, headers: Record<string, string | string[]> = {}): Response {
  const h = new Headers({ location, "cache-control": "no-store" });
  for (const [k, v] of Object.entries(headers)) for (const value of Array.isArray(v) ? v : [v]) h.append(k, value);
  return new Response(null, { status: 303, headers: h });
}

const NEXT_BASE = "http://next.invalid";

/**
 * A same-site path to return to after sign-in, or the fallback (no open redirects). The path is
 * resolved as a URL against a placeholder origin (WHATWG URL) and kept only when it stays on that
 * origin; what comes back is the URL's own serialisation, percent-encoded ASCII whatever characters
 * were asked for, so it can always go into a Location header (a non-Latin-1 character there threw).
 */
export function safeNextPath(next: unknown, fallback = "/learn"): string {
  if (typeof next !== "string" || next.length > 2048) return fallback;
  if (!next.startsWith("/") || next.startsWith("//") || /[\u0000-\u001f\\]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, NEXT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== NEXT_BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  // "/.//evil.example" resolves to the path "//evil.example", which a browser reads as another host.
  return path.startsWith("//") || path.length > 2048 ? fallback : path;
}
