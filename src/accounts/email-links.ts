// Single-use links sent by e-mail: address verification (7 days) and password reset (30 minutes).
// A link carries 32 random bytes; only their SHA-256 is stored, and using one is a conditional
// UPDATE, so two clicks (or two processes) cannot both use it.
import { and, eq, gt, isNull } from "drizzle-orm";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { DAY, MINUTE } from "../lib/clock.ts";
import { hashSecret, randomBytes } from "../lib/secrets.ts";
import type { DbOrTx } from "../store/open-store.ts";
import { emailTokens } from "./schema.ts";

export type EmailLinkPurpose = "verify_email" | "reset_password";
export const LINK_TTL_MS: Record<EmailLinkPurpose, number> = { verify_email: 7 * DAY, reset_password: 30 * MINUTE };

export async function issueEmailLink(tx: DbOrTx, nowMs: number, userId: string, purpose: EmailLinkPurpose): Promise<string> {
  const token = encodeBase64urlNoPadding(randomBytes(32));
  await tx.insert(emailTokens).values({ tokenHash: hashSecret(token), userId, purpose, createdAt: nowMs, expiresAt: nowMs + LINK_TTL_MS[purpose] });
  return token;
}

function wellFormed(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** The user a live (unused, unexpired) link belongs to, without using it. */
export async function peekEmailLink(db: DbOrTx, nowMs: number, token: unknown, purpose: EmailLinkPurpose): Promise<string | null> {
  if (!wellFormed(token)) return null;
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashSecret(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, nowMs)));
  return row?.userId ?? null;
}

/** Uses a live link once; returns its user, or null when it is unknown, expired or already used. */
export async function useEmailLink(tx: DbOrTx, nowMs: number, token: unknown, purpose: EmailLinkPurpose): Promise<string | null> {
  if (!wellFormed(token)) return null;
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: nowMs })
    .where(and(eq(emailTokens.tokenHash, hashSecret(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, nowMs)))
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** Ends a user's other live links of one purpose (a reset ends the other reset links). */
export async function endEmailLinks(tx: DbOrTx, nowMs: number, userId: string, purpose: EmailLinkPurpose): Promise<void> {
  await tx.update(emailTokens).set({ usedAt: nowMs }).where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
