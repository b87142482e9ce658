// Accounts and users: sign-up and password checks. No HTTP here. Plans belong to billing (plans.ts).
import { and, eq, isNull } from "drizzle-orm";
import { AppError, invalidRequest } from "../lib/errors.ts";
import { newRowId } from "../lib/secrets.ts";
import type { Db, DbOrTx } from "../store/open-store.ts";
import { isUniqueViolation } from "../store/open-store.ts";
import { accounts, users } from "./schema.ts";
import { hasHiddenCharacter } from "../lib/text-fields.ts";

export type User = typeof users.$inferSelect;
/** The plan column's values; what a plan gives is billing's (billing/plans.ts). */
type PlanName = Account["plan"];
export type Account = typeof accounts.$inferSelect;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

/**
 * The address an account is known by, or null when it is not one. Compatibility forms are folded
 * (NFKC: a fullwidth "ａ" is "a", as RFC 8265 §3.3.1 maps width for identifiers), and an address
 * with an invisible, control or direction character is refused: it would be a second account that
 * looks like the first.
 */
export function normaliseEmail(raw: string): string | null {
  // Only spaces around it are forgiven: trim() would also drop a U+FEFF (DESIGN §9).
  if (hasHiddenCharacter(raw.replace(/^[ \t]+|[ \t]+$/g, ""))) return null;
  const email = raw.normalize("NFKC").trim().toLowerCase();
  if (email.length > 254 || !/^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/.test(email)) return null;
  return email;
}

/** Why a password is refused, or null. Length is what matters (NIST SP 800-63B §5.1.1.2). */
export type PasswordRule = "too_short" | "too_long" | "too_simple" | "has_email";

/** Which password rule a password breaks, if any (pages say it in the learner's language). */
export function passwordRuleBroken(password: string, email?: string): PasswordRule | null {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN) return "too_short";
  if (length > PASSWORD_MAX) return "too_long";
  if (new Set(password).size < 4) return "too_simple";
  if (email && password.toLowerCase().includes(email.split("@")[0]!.toLowerCase()) && email.split("@")[0]!.length >= 4) return "has_email";
  return null;
}

export function passwordProblem(password: string, email?: string): string | null {
  const rule = passwordRuleBroken(password, email);
  if (rule === "too_short") return `use at least ${PASSWORD_MIN} characters`;
  if (rule === "too_long") return `use at most ${PASSWORD_MAX} characters`;
  if (rule === "too_simple") return "use more than a few different characters";
  if (rule === "has_email") return "do not use your e-mail address in the password";
  return null;
}

/** The address is taken: 409 conflict on `email` (sign-up turns it into a note to the owner instead). */
export const emailTaken = () => new AppError(409, "conflict", "an account with this e-mail already exists", { param: "email" });

export const invalidEmail = () => invalidRequest("enter a valid e-mail address", "email");

/** Creates a user and their account, or throws a 400 invalid_request on `email`/`password`, or emailTaken. */
export async function createUser(db: Db, nowMs: number, input: { email: string; password: string | null; plan?: PlanName; unverified?: boolean }): Promise<{ userId: string; accountId: string }> {
  const email = normaliseEmail(input.email);
  if (!email) throw invalidEmail();
  if (input.password !== null) {
    const problem = passwordProblem(input.password, email);
    if (problem) throw invalidRequest(problem, "password");
  }
  const passwordHash = input.password === null ? null : await Bun.password.hash(input.password, { algorithm: "argon2id" });
  const userId = newRowId(nowMs);
  const accountId = newRowId(nowMs);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(accounts).values({ id: accountId, ownerUserId: userId, plan: input.plan ?? "free", createdAt: nowMs });
      await tx.insert(users).values({ id: userId, accountId, email, passwordHash, emailUnverifiedSince: input.unverified ? nowMs : null, createdAt: nowMs });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return { userId, accountId };
}

// A valid argon2id hash of a random string, verified when the e-mail is unknown so that a sign-in
// takes as long for a missing account as for a wrong password (no account enumeration by timing).
let dummyHash: Promise<string> | null = null;

/** Spends the time an argon2id check takes, for paths that must not be faster when an e-mail is unknown (or known). */
export async function spendPasswordTime(password: string): Promise<void> {
  dummyHash ??= Bun.password.hash(crypto.randomUUID(), { algorithm: "argon2id" });
  await Bun.password.verify(password, await dummyHash).catch(() => false);
}

export async function verifyPassword(db: DbOrTx, emailInput: string, password: string): Promise<User | null> {
  const email = normaliseEmail(emailInput);
  const [user] = email ? await db.select().from(users).where(eq(users.email, email)) : [];
  if (!user || !user.passwordHash) {
    dummyHash ??= Bun.password.hash(crypto.randomUUID(), { algorithm: "argon2id" });
    await Bun.password.verify(password, await dummyHash).catch(() => false);
    return null;
  }
  return (await Bun.password.verify(password, user.passwordHash)) ? user : null;
}

const unknownUser = () => new AppError(404, "not_found", "no such user", { param: "user" });

/** Replaces the password (the caller has checked the current one): 400 invalid_request on `password` when it is too weak. */
export async function changePassword(db: Db, userId: string, password: string): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unknownUser();
  const problem = passwordProblem(password, user.email);
  if (problem) throw invalidRequest(problem, "password");
  await db.update(users).set({ passwordHash: await Bun.password.hash(password, { algorithm: "argon2id" }) }).where(eq(users.id, userId));
}

/** The user has a password already: replacing it needs the current one (409 conflict on `current_password`). */
export const hasPassword = () => new AppError(409, "conflict", "you already have a password; enter it to change it", { param: "current_password" });

/**
 * Gives a first password to a user who has none (one created through an external provider), under
 * the sign-up rules. A user who already has a password is refused: replacing one needs the current
 * password (verifyPassword, then changePassword). The write is conditional on the hash still being
 * null, so a password set a moment ago by another request is never overwritten without it.
 */
/** The language the user's pages are in (src/web/ui-text); null: the browser's Accept-Language. */
export async function setPageLanguage(db: Db, userId: string, lang: string | null): Promise<void> {
  await db.update(users).set({ uiLang: lang }).where(eq(users.id, userId));
}

export async function setPassword(db: Db, userId: string, password: string): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unknownUser();
  if (user.passwordHash !== null) throw hasPassword();
  const problem = passwordProblem(password, user.email);
  if (problem) throw invalidRequest(problem, "password");
  const passwordHash = await Bun.password.hash(password, { algorithm: "argon2id" });
  const updated = await db.update(users).set({ passwordHash }).where(and(eq(users.id, userId), isNull(users.passwordHash))).returning({ id: users.id });
  if (updated.length !== 1) throw hasPassword();
}

export async function getUser(db: DbOrTx, userId: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user ?? null;
}

export async function getUserByEmail(db: DbOrTx, emailInput: string): Promise<User | null> {
  const email = normaliseEmail(emailInput);
  if (!email) return null;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user ?? null;
}

export async function getAccount(db: DbOrTx, accountId: string): Promise<Account | null> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return account ?? null;
}

