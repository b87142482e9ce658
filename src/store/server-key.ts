// The server key signs cursors and CSRF tokens and encrypts webhook signing secrets. It comes from
// PARLA_SECRET_KEY, or is generated once and kept in the store so every process shares it.
import { eq } from "drizzle-orm";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { randomBytes } from "../lib/secrets.ts";
import type { Db } from "./open-store.ts";
import { settings } from "./schema.ts";

const KEY = "server_key";

export async function loadServerKey(db: Db, configured: string | null, nowMs: number): Promise<Uint8Array> {
  // Any configured string of 32+ characters is stretched to 32 bytes, so operators can use a passphrase.
  if (configured) return sha256(new TextEncoder().encode(configured));
  await db.insert(settings).values({ key: KEY, value: encodeBase64(randomBytes(32)), updatedAt: nowMs }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return decodeBase64(row!.value);
}
