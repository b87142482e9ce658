// A new secret (a client secret, a webhook signing secret) is shown once, after a redirect (POST →
// 303 → GET), so reloading the page can neither resubmit the form nor show the secret again. It
// crosses the redirect sealed (AES-GCM under the server key, bound to the session and the page) in
// a short-lived HttpOnly cookie; the plain secret is never stored. The page that shows it clears the
// cookie and takes the sealed box's one-time key in the store first, so a replayed cookie (kept by
// the browser, an extension or a proxy) shows nothing, in any process.
import type { Db } from "../store/open-store.ts";
import { open, seal } from "../lib/sealed-box.ts";
import { hashSecret } from "../lib/secrets.ts";
import { takeOnce } from "../http/rate-limit.ts";
import type { Clock } from "../lib/clock.ts";
import { clearCookie, readCookie, setCookie, type CookieNames } from "./cookies.ts";

/** How long a new secret waits, sealed in its cookie, for the page that shows it once. */
export const REVEAL_SECONDS = 120;

export interface SecretReveal<T> {
  /** The Set-Cookie that carries `value` to the page that shows it. */
  cookie(names: CookieNames, sessionHash: string, value: T): Promise<string>;
  /**
   * What waits to be shown and the Set-Cookie that clears it: undefined when no cookie came; `value`
   * null when the cookie is not valid, has expired or was shown already.
   */
  take(request: Request, names: CookieNames, sessionHash: string): Promise<{ value: T | null; clear: string } | undefined>;
}

export function secretReveal<T>(deps: { db: Db; serverKey: Uint8Array; clock: Clock }, purpose: string, isValue: (v: unknown) => v is T): SecretReveal<T> {
  const cookieName = (names: CookieNames) => (names.secure ? `__Host-parla_${purpose}` : `parla_${purpose}`);
  const context = (sessionHash: string) => `${purpose}:${sessionHash}`;
  return {
    async cookie(names, sessionHash, value) {
      const sealed = await seal(deps.serverKey, JSON.stringify({ value, expires_at: deps.clock.now() + REVEAL_SECONDS * 1000 }), context(sessionHash));
      return setCookie(names, cookieName(names), sealed, REVEAL_SECONDS);
    },
    async take(request, names, sessionHash) {
      const raw = readCookie(request, cookieName(names));
      if (!raw) return undefined;
      const clear = clearCookie(names, cookieName(names));
      const opened = await open(deps.serverKey, raw, context(sessionHash));
      if (!opened) return { value: null, clear };
      let p: { value?: unknown; expires_at?: unknown };
      try {
        p = JSON.parse(opened) as typeof p;
      } catch {
        return { value: null, clear };
      }
      const now = deps.clock.now();
      if (!isValue(p.value) || typeof p.expires_at !== "number" || p.expires_at <= now) return { value: null, clear };
      // The sealed box is unique (a random IV), so its hash names this one reveal.
      if (!(await takeOnce(deps.db, `reveal:${hashSecret(raw)}`, now, REVEAL_SECONDS * 1000))) return { value: null, clear };
      return { value: p.value, clear };
    },
  };
}
