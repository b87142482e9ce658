// Cookie names and attributes (RFC 6265bis): HttpOnly, SameSite=Lax, and Secure with the __Host-
// prefix when the web app is served over https.
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

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

export function setCookie(names: CookieNames, name: string, value: string, maxAgeSeconds: number): string {
  return [`${name}=${encodeURIComponent(value)}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`, ...(names.secure ? ["Secure"] : [])].join("; ");
}

export function clearCookie(names: CookieNames, name: string): string {
  return setCookie(names, name, "", 0);
}
