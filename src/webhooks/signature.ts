// Standard Webhooks signing (spec 6.4.2; DESIGN §6): signed = id.timestamp.body, key = the base64
// part of the secret after its prefix (never the secret as a string), one `v1,` entry per live secret.
import { createHmac } from "node:crypto";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import { PREFIX, randomBytes } from "../lib/secrets.ts";

/** A new signing secret: the prefix and base64 of 32 random bytes (spec 2.2), what Standard Webhooks verifiers accept after the prefix. */
export function newSigningSecret(): string {
  return PREFIX.webhookSecret + encodeBase64(randomBytes(32));
}

/** The key bytes of `parla_whsec_…` or `whsec_…`: the base64 part decoded. */
export function signingKey(secret: string): Uint8Array {
  const b64 = secret.startsWith(PREFIX.webhookSecret) ? secret.slice(PREFIX.webhookSecret.length) : secret.startsWith("whsec_") ? secret.slice(6) : secret;
  return decodeBase64(b64);
}

/** `v1,` + base64(HMAC-SHA256(key, id.timestamp.body)). */
export function signEntry(key: Uint8Array, msgId: string, timestampSeconds: number, body: string): string {
  return "v1," + createHmac("sha256", key).update(`${msgId}.${timestampSeconds}.${body}`).digest("base64");
}

/** The `webhook-signature` header: one entry per live secret, space-separated (spec 6.4.7). */
export function signatureHeader(keys: readonly Uint8Array[], msgId: string, timestampSeconds: number, body: string): string {
  return keys.map((k) => signEntry(k, msgId, timestampSeconds, body)).join(" ");
}
