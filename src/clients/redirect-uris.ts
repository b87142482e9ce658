// Redirect URI rules (spec 2.1, 5.3.6; RFC 8252 §7; OAuth 2.0 Security BCP §4.1): registered URIs
// are matched exactly, except that a loopback redirect may use any port.

export type ClientType = "public" | "confidential";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]"]);

/** Why a URI cannot be registered for this client type, or null. */
export function redirectUriProblem(type: ClientType, raw: string): string | null {
  if (raw !== raw.trim() || raw.length === 0) return "must not be empty or have surrounding spaces";
  if (raw.length > 512) return "must be at most 512 characters";
  if (raw.includes("*")) return "wildcards are not allowed: register the exact URI";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "is not an absolute URI";
  }
  if (raw.includes("#")) return "must not contain a fragment";
  if (url.username || url.password) return "must not contain credentials";
  if (url.protocol === "http:") {
    if (!LOOPBACK_HOSTS.has(url.hostname)) return "http is allowed only for the loopback addresses http://127.0.0.1 and http://[::1]; use https";
    return null;
  }
  if (url.protocol === "https:") {
    if (type === "public") return "a public client must use a loopback (http://127.0.0.1:PORT/…) or private-use scheme (com.example.app:/callback) redirect";
    return null;
  }
  // Private-use scheme (RFC 8252 §7.1): reverse domain name with a dot, for native apps only.
  const scheme = url.protocol.slice(0, -1);
  if (!/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+$/.test(scheme)) return "a custom scheme must be a reverse domain name such as com.example.game";
  if (["javascript", "data", "file", "vbscript"].includes(scheme)) return "this scheme is not allowed";
  if (type === "confidential") return "a confidential client must use https or loopback redirects";
  return null;
}

function isLoopback(url: URL): boolean {
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}

/** Does the requested redirect URI match one registered exactly (loopback: any port, RFC 8252 §7.3)? */
export function matchRedirectUri(registered: readonly string[], requested: string): string | null {
  if (registered.includes(requested)) return requested;
  let req: URL;
  try {
    req = new URL(requested);
  } catch {
    return null;
  }
  if (!isLoopback(req)) return null;
  for (const candidate of registered) {
    const reg = new URL(candidate);
    if (isLoopback(reg) && reg.hostname === req.hostname && reg.pathname === req.pathname && reg.search === req.search && !requested.includes("#")) {
      // Compare everything but the port, character for character.
      const strip = (u: string, url: URL) => u.replace(`${url.hostname}:${url.port}`, url.hostname);
      if (strip(candidate, reg) === strip(requested, req)) return requested;
    }
  }
  return null;
}
