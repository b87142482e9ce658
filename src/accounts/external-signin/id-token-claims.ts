// ID token validation, OIDC Core 1.0 §3.1.3.7. The token comes straight from the token endpoint over
// the back channel (we POSTed the code there ourselves), so the TLS server check stands in for the
// signature check (§3.1.3.7 item 6) and no JWKS is fetched. Every claim rule below still applies.
import { decodeIdToken } from "arctic";
import { constantTimeEqual } from "../../lib/secrets.ts";

/** Clock difference we tolerate between us and the provider. */
const SKEW_MS = 60_000;
/** An ID token older than the sign-in attempt itself (10-minute state cookie) is not from this attempt (item 10). */
const MAX_AGE_MS = 10 * 60_000;

export interface ExpectedClaims {
  /** The issuer(s) this provider signs as; Google uses two spellings of one issuer. */
  issuers: readonly string[];
  clientId: string;
  nonce: string;
  nowMs: number;
}

export interface IdTokenClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

export type ClaimsResult = { ok: true; claims: IdTokenClaims } | { ok: false; problem: string };

function decode(idToken: string): Record<string, unknown> | null {
  try {
    const payload = decodeIdToken(idToken);
    return typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Items 3–5: our client id is an audience, and with several audiences the authorized party is us. */
function audienceOk(claims: Record<string, unknown>, clientId: string): boolean {
  const aud = claims.aud;
  if (typeof aud === "string") return aud === clientId;
  if (!Array.isArray(aud) || !aud.includes(clientId)) return false;
  return aud.length === 1 ? claims.azp === undefined || claims.azp === clientId : claims.azp === clientId;
}

/** Items 9–10: not expired, issued recently, not issued in the future. JWT times are seconds (RFC 7519 §2). */
function timesProblem(claims: Record<string, unknown>, nowMs: number): string | null {
  if (typeof claims.exp !== "number" || typeof claims.iat !== "number") return "exp or iat missing";
  if (claims.exp * 1000 + SKEW_MS <= nowMs) return "expired";
  if (claims.iat * 1000 - SKEW_MS > nowMs) return "issued in the future";
  if (nowMs - claims.iat * 1000 > MAX_AGE_MS + SKEW_MS) return "issued too long ago";
  return null;
}

/** OIDC Core §2: `sub` is a case-sensitive string of at most 255 ASCII characters. */
function subjectOk(sub: unknown): sub is string {
  return typeof sub === "string" && sub.length > 0 && sub.length <= 255 && /^[\x21-\x7e]+$/.test(sub);
}

export function checkIdTokenClaims(idToken: string, expected: ExpectedClaims): ClaimsResult {
  const claims = decode(idToken);
  if (!claims) return { ok: false, problem: "not a JWT" };
  if (typeof claims.iss !== "string" || !expected.issuers.includes(claims.iss)) return { ok: false, problem: "iss does not match the issuer" };
  if (!audienceOk(claims, expected.clientId)) return { ok: false, problem: "aud/azp is not this client" };
  const times = timesProblem(claims, expected.nowMs);
  if (times) return { ok: false, problem: times };
  // Item 11: the nonce ties the token to the browser that started this attempt (replay protection).
  if (typeof claims.nonce !== "string" || !constantTimeEqual(claims.nonce, expected.nonce)) return { ok: false, problem: "nonce does not match" };
  if (!subjectOk(claims.sub)) return { ok: false, problem: "sub missing or malformed" };
  return {
    ok: true,
    claims: {
      subject: claims.sub,
      email: typeof claims.email === "string" ? claims.email : null,
      // OIDC Core §5.1: only the boolean true means verified; a string "true" is not accepted.
      emailVerified: claims.email_verified === true,
    },
  };
}
