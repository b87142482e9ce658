// Random secrets, their hashes and constant-time comparison (DESIGN §4 "Secrets"). Tokens are
// high-entropy random values, so a fast SHA-256 hash is the right storage form (not a password hash).
import { timingSafeEqual } from "node:crypto";
import { encodeBase64urlNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

export const PREFIX = {
  clientId: "parla_cid_",
  clientSecret: "parla_cs_",
  accessToken: "parla_at_",
  refreshToken: "parla_rt_",
  authorizationCode: "parla_ac_",
  event: "parla_evt_",
  subject: "parla_sub_",
  webhookSecret: "parla_whsec_",
} as const;

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return bytes;
}

/** A prefixed random token: 32 bytes (256 bits) of entropy, base64url. */
export function newSecret(prefix: string, bytes = 32): string {
  return prefix + encodeBase64urlNoPadding(randomBytes(bytes));
}

/** A public identifier: prefix + 20 random bytes (not a secret, but unguessable). */
export function newPublicId(prefix: string): string {
  return prefix + encodeBase64urlNoPadding(randomBytes(15));
}

/** A sortable row id (time-ordered, 16 random bits of collision room per ms plus 64 random bits). */
export function newRowId(nowMs: number = Date.now()): string {
  return nowMs.toString(36).padStart(9, "0") + encodeHexLowerCase(randomBytes(8));
}

/** SHA-256, hex. Bun's one-shot native hash: 0.2 µs, against 0.5 µs for a CryptoHasher object and 5 µs in JavaScript. */
export function hashSecret(secret: string): string {
  return Bun.SHA256.hash(secret, "hex");
}

export function constantTimeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) {
    // Compare against itself so the time spent does not depend on where the strings differ.
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}

/** HMAC-SHA256 of the parts (joined with NUL, which no part contains), base64url: keyed derivations. */
export function keyedHash(key: Uint8Array, ...parts: string[]): string {
  return encodeBase64urlNoPadding(new Uint8Array(new Bun.CryptoHasher("sha256", key).update(parts.join("\u0000")).digest().buffer));
}
