// Which Parla user an external identity belongs to. The one rule that matters: an identity is never
// attached to an existing account because the e-mail matches — whoever controls an address at some
// provider (or a provider that lies about verification) would otherwise take over the account. A
// user connects a provider explicitly, while signed in, from the Account page.
import { and, eq } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { newRowId } from "../../lib/secrets.ts";
import type { Db, DbOrTx } from "../../store/open-store.ts";
import { isUniqueViolation } from "../../store/open-store.ts";
import { accounts, externalIdentities, users } from "../schema.ts";
import { normaliseEmail } from "../service.ts";
import type { ExternalIdentity, ProviderId } from "./identity.ts";

export type SignInOutcome =
  | { ok: true; userId: string; created: boolean }
  | { ok: false; reason: "email_missing" | "email_unverified" | "email_taken" };

export type ConnectOutcome = { ok: true; alreadyConnected: boolean } | { ok: false; reason: "identity_in_use" | "provider_already_connected" };

export interface Connection {
  provider: ProviderId;
  createdAt: number;
}

async function userIdFor(db: DbOrTx, provider: ProviderId, subject: string): Promise<string | null> {
  const [row] = await db.select({ userId: externalIdentities.userId }).from(externalIdentities).where(and(eq(externalIdentities.provider, provider), eq(externalIdentities.subject, subject)));
  return row?.userId ?? null;
}

async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row !== undefined;
}

/** A new password-less user, its account and the identity, in one transaction (a crash or race leaves none of them half-made). */
async function createLinkedUser(db: Db, nowMs: number, email: string, identity: ExternalIdentity): Promise<string> {
  const userId = newRowId(nowMs);
  const accountId = newRowId(nowMs);
  await db.transaction(async (tx) => {
    await tx.insert(accounts).values({ id: accountId, ownerUserId: userId, plan: "free", createdAt: nowMs });
    await tx.insert(users).values({ id: userId, accountId, email, passwordHash: null, createdAt: nowMs });
    await tx.insert(externalIdentities).values({ provider: identity.provider, subject: identity.subject, userId, createdAt: nowMs });
  });
  return userId;
}

/** The user for a sign-in: the linked one, else a new one when the verified e-mail is free, else a refusal. */
export async function signInWithIdentity(db: Db, nowMs: number, identity: ExternalIdentity): Promise<SignInOutcome> {
  const linked = await userIdFor(db, identity.provider, identity.subject);
  if (linked) return { ok: true, userId: linked, created: false };
  const email = identity.email === null ? null : normaliseEmail(identity.email);
  if (!email) return { ok: false, reason: "email_missing" };
  if (!identity.emailVerified) return { ok: false, reason: "email_unverified" };
  if (await emailTaken(db, email)) return { ok: false, reason: "email_taken" };
  try {
    return { ok: true, userId: await createLinkedUser(db, nowMs, email, identity), created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Lost a race: the same identity finished signing in a moment ago (then use it), or the e-mail was just taken.
    const winner = await userIdFor(db, identity.provider, identity.subject);
    return winner ? { ok: true, userId: winner, created: false } : { ok: false, reason: "email_taken" };
  }
}

/** Adds an identity to a signed-in user. One identity per provider per user keeps the Account page unambiguous. */
export async function connectIdentity(db: Db, nowMs: number, userId: string, identity: ExternalIdentity): Promise<ConnectOutcome> {
  const owner = await userIdFor(db, identity.provider, identity.subject);
  if (owner === userId) return { ok: true, alreadyConnected: true };
  if (owner !== null) return { ok: false, reason: "identity_in_use" };
  const [existing] = await db.select({ subject: externalIdentities.subject }).from(externalIdentities).where(and(eq(externalIdentities.userId, userId), eq(externalIdentities.provider, identity.provider)));
  if (existing) return { ok: false, reason: "provider_already_connected" };
  try {
    await db.insert(externalIdentities).values({ provider: identity.provider, subject: identity.subject, userId, createdAt: nowMs });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "identity_in_use" };
    throw error;
  }
  return { ok: true, alreadyConnected: false };
}

export async function listConnections(db: DbOrTx, userId: string): Promise<Connection[]> {
  const rows = await db.select({ provider: externalIdentities.provider, createdAt: externalIdentities.createdAt }).from(externalIdentities).where(eq(externalIdentities.userId, userId)).orderBy(externalIdentities.createdAt);
  return rows.map((r) => ({ provider: r.provider as ProviderId, createdAt: r.createdAt }));
}

/**
 * Removes a connection unless it is the user's last way to sign in (no password, no other
 * provider): 404 not_found when there is no such connection, 409 conflict for the last way in.
 */
export async function removeConnection(db: Db, userId: string, provider: ProviderId): Promise<void> {
  // One transaction: two removals at once must not both see "another way is left".
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    const connections = await listConnections(tx, userId);
    if (!user || !connections.some((c) => c.provider === provider)) throw new AppError(404, "not_found", "No such connection.", { param: "provider" });
    if (user.passwordHash === null && connections.length === 1) {
      throw new AppError(409, "conflict", "This is your only way to sign in, so it cannot be removed. Connect another provider first.", { param: "provider" });
    }
    await tx.delete(externalIdentities).where(and(eq(externalIdentities.userId, userId), eq(externalIdentities.provider, provider)));
  });
}
