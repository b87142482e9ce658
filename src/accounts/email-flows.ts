// Sign-up with address verification, and password reset, through the mailer (src/mail/).
// Sign-up answers the same whether or not the address has an account (no enumeration): a new
// address gets a verification link, a known one a note to its owner. A reset link is single use,
// lives 30 minutes, and ends every session of the user when used.
import { eq } from "drizzle-orm";
import type { Config } from "../config/config.ts";
import { AppError, invalidRequest } from "../lib/errors.ts";
import { sendMail, type MailDeps } from "../mail/service.ts";
import { endEmailLinks, issueEmailLink, peekEmailLink, useEmailLink } from "./email-links.ts";
import { users } from "./schema.ts";
import { createUser, getUser, getUserByEmail, invalidEmail, normaliseEmail, passwordProblem, spendPasswordTime, type User } from "./service.ts";
import { endUserSessions } from "./sessions.ts";

export type EmailFlowDeps = MailDeps & { config: Pick<Config, "smtpUrl" | "mailFrom" | "webAppUrl"> };

/** The query part that returns a link's user to where they were going (a same-site path, checked again when used). */
function nextParam(next: string | undefined): string {
  return next && next !== "/learn" ? `&next=${encodeURIComponent(next)}` : "";
}

/**
 * Signs up, or throws a 400 invalid_request on `email` or `password`. A taken address is not a
 * refusal here: its owner gets a note, and the answer is the same as for a new one.
 */
export async function signUpByEmail(deps: EmailFlowDeps, input: { email: string; password: string; next?: string }): Promise<void> {
  const email = normaliseEmail(input.email);
  if (!email) throw invalidEmail();
  const problem = passwordProblem(input.password, email);
  if (problem) throw invalidRequest(problem, "password");
  const now = deps.clock.now();
  const existing = await getUserByEmail(deps.store.db, email);
  if (!existing) {
    const created = await createUser(deps.store.db, now, { email, password: input.password, unverified: true }).catch((error: unknown) => {
      // Taken between the lookup and the insert: the owner's note below, as for a known address.
      if (error instanceof AppError && error.status === 409 && error.param === "email") return null;
      throw error;
    });
    if (created) {
      await sendVerification(deps, created.userId, email, input.next);
      return;
    }
  } else {
    // The same work as creating the account, so the answer takes as long.
    await spendPasswordTime(input.password);
  }
  await sendMail(deps, {
    to: email,
    subject: "Someone tried to sign up to Parla with your address",
    text: [
      "Someone (perhaps you) tried to create a Parla account with this e-mail address, which already has one.",
      "No new account was created.",
      "",
      `To sign in: ${deps.config.webAppUrl}/signin`,
      `Forgot your password? ${deps.config.webAppUrl}/password/forgot`,
      "",
      "If it was not you, you can ignore this message.",
    ].join("\n"),
  });
}

/** Sends (again) the link that confirms a user's address. */
export async function sendVerification(deps: EmailFlowDeps, userId: string, email: string, next?: string): Promise<void> {
  await deps.store.db.transaction(async (tx) => {
    const token = await issueEmailLink(tx, deps.clock.now(), userId, "verify_email");
    await sendMail(
      deps,
      {
        to: email,
        subject: "Confirm your e-mail address for Parla",
        text: [
          "Welcome to Parla. Confirm your address (and sign in) with this link, valid for 7 days:",
          "",
          `${deps.config.webAppUrl}/verify-email?token=${token}${nextParam(next)}`,
          "",
          "Until then you can sign in and learn, but not create API clients.",
          "If you did not sign up, ignore this message.",
        ].join("\n"),
      },
      tx,
    );
  });
}

/** Uses a verification link: the address is confirmed. Returns the user, or null for a dead link. */
export async function confirmEmail(deps: EmailFlowDeps, token: unknown): Promise<User | null> {
  const db = deps.store.db;
  const userId = await db.transaction(async (tx) => {
    const id = await useEmailLink(tx, deps.clock.now(), token, "verify_email");
    if (id) await tx.update(users).set({ emailUnverifiedSince: null }).where(eq(users.id, id));
    return id;
  });
  return userId ? getUser(db, userId) : null;
}

/** Mails a reset link when the address has an account; says nothing either way (the caller answers the same). */
export async function requestPasswordReset(deps: EmailFlowDeps, emailInput: string): Promise<void> {
  const user = await getUserByEmail(deps.store.db, emailInput);
  if (!user) return;
  await deps.store.db.transaction(async (tx) => {
    const token = await issueEmailLink(tx, deps.clock.now(), user.id, "reset_password");
    await sendMail(
      deps,
      {
        to: user.email,
        subject: "Reset your Parla password",
        text: [
          "Someone (perhaps you) asked to reset the password of your Parla account.",
          "Choose a new one with this link. It works once, for 30 minutes:",
          "",
          `${deps.config.webAppUrl}/password/reset?token=${token}`,
          "",
          "Using it signs out every device signed in to your account. If you did not ask, ignore this message: your password stays as it is.",
        ].join("\n"),
      },
      tx,
    );
  });
}

/** The reset link is unknown, used or expired: 400 invalid_request on `token` (the page says the link is dead). */
export const deadResetLink = () => invalidRequest("this password reset link is not valid (any more)", "token");

/** Is this reset link still usable (to show the form, or say it is not)? */
export async function resetLinkUser(deps: EmailFlowDeps, token: unknown): Promise<string | null> {
  return peekEmailLink(deps.store.db, deps.clock.now(), token, "reset_password");
}

/**
 * Sets a new password with a reset link: the link is used (once), every session of the user ends,
 * other reset links end, and the address counts as confirmed (the link reached it).
 */
export async function resetPassword(deps: EmailFlowDeps, token: unknown, password: string): Promise<User> {
  const db = deps.store.db;
  const userId = await resetLinkUser(deps, token);
  const user = userId ? await getUser(db, userId) : null;
  if (!user) throw deadResetLink();
  const problem = passwordProblem(password, user.email);
  if (problem) throw invalidRequest(problem, "password");
  const passwordHash = await Bun.password.hash(password, { algorithm: "argon2id" });
  const now = deps.clock.now();
  const used = await db.transaction(async (tx) => {
    const id = await useEmailLink(tx, now, token, "reset_password");
    if (id !== user.id) return false;
    await tx.update(users).set({ passwordHash, emailUnverifiedSince: null }).where(eq(users.id, user.id));
    await endEmailLinks(tx, now, user.id, "reset_password");
    return true;
  });
  if (!used) throw deadResetLink();
  await endUserSessions(db, user.id);
  return (await getUser(db, user.id))!;
}
