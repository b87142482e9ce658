// Web-app sessions (lucia's model): a random token in an HttpOnly cookie, only its SHA-256 stored;
// sliding expiry; sign-out and password change end sessions.
import { and, eq, lt, ne } from "drizzle-orm";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { DAY, HOUR } from "../lib/clock.ts";
import { constantTimeEqual, hashSecret, randomBytes } from "../lib/secrets.ts";
import type { Db } from "../store/open-store.ts";
import { accounts, sessions, users } from "./schema.ts";
import type { Account, User } from "./service.ts";

export const SESSION_IDLE_MS = 14 * DAY;
const TOUCH_EVERY_MS = HOUR;

export interface SessionContext {
  tokenHash: string;
  csrfSecret: string;
  user: User;
  account: Account;
}

export async function createSession(db: Db, nowMs: number, userId: string): Promise<{ token: string; expiresAt: number }> {
  const token = encodeBase64urlNoPadding(randomBytes(32));
  const expiresAt = nowMs + SESSION_IDLE_MS;
  await db.insert(sessions).values({
    tokenHash: hashSecret(token),
    userId,
    csrfSecret: encodeBase64urlNoPadding(randomBytes(24)),
    createdAt: nowMs,
    lastSeenAt: nowMs,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The session for a cookie value, extended when used; null when unknown or expired. */
export async function validateSession(db: Db, nowMs: number, token: string): Promise<SessionContext | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const tokenHash = hashSecret(token);
  const [row] = await db
    .select({ session: sessions, user: users, account: accounts })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(sessions.tokenHash, tokenHash));
  if (!row) return null;
  if (row.session.expiresAt <= nowMs) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (nowMs - row.session.lastSeenAt > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: nowMs, expiresAt: nowMs + SESSION_IDLE_MS }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { tokenHash, csrfSecret: row.session.csrfSecret, user: row.user, account: row.account };
}

export function csrfMatches(session: { csrfSecret: string }, submitted: unknown): boolean {
  return typeof submitted === "string" && constantTimeEqual(session.csrfSecret, submitted);
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user, except optionally the one making the change. */
export async function endUserSessions(db: Db, userId: string, keepTokenHash?: string): Promise<void> {
  await db.delete(sessions).where(keepTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)) : eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db, nowMs: number): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, nowMs));
}
