// PKCE (RFC 7636), S256 only (spec 5.3.3).
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "../lib/secrets.ts";

/** RFC 7636 §4.1: 43–128 unreserved characters. */
export function isValidCodeVerifier(verifier: string): boolean {
  return /^[A-Za-z0-9\-._~]{43,128}$/.test(verifier);
}

/** A S256 challenge is base64url(SHA-256(verifier)) without padding: always 43 characters. */
export function isValidCodeChallenge(challenge: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(challenge);
}

export function verifierMatches(verifier: string, challenge: string): boolean {
  return constantTimeEqual(encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier))), challenge);
}
