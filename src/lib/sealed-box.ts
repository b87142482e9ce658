// AES-256-GCM under the server key, for secrets that must be usable again (webhook signing
// secrets, a token family's current refresh token during its grace window). Output: base64(iv‖ct).
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import { randomBytes } from "./secrets.ts";

const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function importKey(key: Uint8Array): Promise<CryptoKey> {
  let k = keys.get(key);
  if (!k) {
    k = crypto.subtle.importKey("raw", key as Uint8Array<ArrayBuffer>, "AES-GCM", false, ["encrypt", "decrypt"]);
    keys.set(key, k);
  }
  return k;
}

export async function seal(key: Uint8Array, plaintext: string, context: string): Promise<string> {
  const iv = randomBytes(12);
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: new TextEncoder().encode(context) }, await importKey(key), new TextEncoder().encode(plaintext)));
  const out = new Uint8Array(iv.length + ct.length);
  out.set(iv);
  out.set(ct, iv.length);
  return encodeBase64(out);
}

/** The plaintext, or null when the box was tampered with, sealed for another context or under another key. */
export async function open(key: Uint8Array, sealed: string, context: string): Promise<string | null> {
  try {
    const bytes = decodeBase64(sealed);
    const pt = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12), additionalData: new TextEncoder().encode(context) }, await importKey(key), bytes.slice(12));
    return new TextDecoder().decode(pt);
  } catch {
    return null;
  }
}
