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

/** A same-site path to return to after sign-in, or the fallback (no open redirects). */
export function safeNextPath(next: unknown, fallback = "/learn"): string {
  if (typeof next !== "string" || next.length > 2048) return fallback;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\") || /[\u0000-\u001f\\]/.test(next)) return fallback;
  return next;
}
