// The Account page's password section, in-process: a user created through an external provider has
// no password and gets "Set a password" (new password + confirmation, no current password); a user
// with a password keeps "Change password", which needs the current one. Every check drives the forms
// like a browser, then looks at the users and sessions tables and at signing in.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { signInWithIdentity } from "../../src/accounts/external-signin/link-identity.ts";
import { sessions, users } from "../../src/accounts/schema.ts";
import { createSession } from "../../src/accounts/sessions.ts";
import { cookieNames } from "../../src/web/cookies.ts";
import { csrfFrom, WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a brand new passphrase";
const CSRF_TEXT = "Your form expired or came from another site. Please try again.";
const SET_FORM = 'action="/account/password/set"';
const CHANGE_FORM = 'action="/account/password"';

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => {
  t.cleanup();
});

// ---------------------------------------------------------------------------------------------
// Helpers

/** A user as the GitHub sign-in creates one: verified e-mail, linked identity, no password. */
async function providerUser(email: string, subject = email): Promise<string> {
  const outcome = await signInWithIdentity(t.deps.store.db, t.clock.now(), { provider: "github", subject, email, emailVerified: true });
  if (!outcome.ok || !outcome.created) throw new Error(`no user created: ${JSON.stringify(outcome)}`);
  return outcome.userId;
}

/** A browser signed in as this user (a session made as the external sign-in callback makes it). */
async function signedInAs(userId: string): Promise<WebUser> {
  const { token } = await createSession(t.deps.store.db, t.clock.now(), userId);
  const user = new WebUser(t);
  user.jar.take(new Response(null, { headers: { "set-cookie": `${cookieNames(t.deps.config).session}=${token}; Path=/` } }));
  expect((await user.get("/account")).status).toBe(200);
  return user;
}

async function passwordHash(userId: string): Promise<string | null> {
  const [row] = await t.deps.store.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row!.passwordHash;
}

async function sessionCount(userId: string): Promise<number> {
  return (await t.deps.store.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

/** The status of an e-mail + password sign-in from a fresh browser: 303 signed in, 400 refused. */
async function signInStatus(email: string, password: string): Promise<number> {
  return (await new WebUser(t).submit("/signin", "/signin", { email, password })).status;
}

function decode(html: string): string {
  return html.replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

/** The text of the field error with this id, or null when the page shows none. */
function fieldError(html: string, id: string): string | null {
  const m = new RegExp(`<p class="field-error" id="${id}"[^>]*>([^<]*)</p>`).exec(html);
  return m ? decode(m[1]!) : null;
}

function flashText(html: string): string | null {
  const m = /<p class="flash (?:ok|error)"[^>]*>([^<]*)<\/p>/.exec(html);
  return m ? decode(m[1]!) : null;
}

/** Follows a 303 like a browser and returns where it landed. */
async function follow(user: WebUser, res: Response): Promise<{ location: string; html: string }> {
  expect(res.status).toBe(303);
  const location = res.headers.get("location")!;
  const page = await user.get(location);
  expect(page.status).toBe(200);
  return { location, html: await page.text() };
}

// ---------------------------------------------------------------------------------------------

describe("setting a first password (provider-created user)", () => {
  test("sets one without a current password, ends other sessions, then signs in with e-mail and password", async () => {
    const id = await providerUser("octo@example.test");
    const laptop = await signedInAs(id);
    const phone = await signedInAs(id);
    expect(await signInStatus("octo@example.test", NEW_PASSWORD)).toBe(400);

    const before = await (await laptop.get("/account")).text();
    expect(before).toContain("Set a password");
    expect(before).toContain(SET_FORM);
    expect(before).toContain('name="password_confirmation"');
    expect(before).not.toContain("Change password");
    expect(before).not.toContain(CHANGE_FORM);
    expect(before).not.toContain('name="current_password"');

    const res = await laptop.submit("/account", "/account/password/set", { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    const landed = await follow(laptop, res);
    expect(landed.location).toBe("/account");
    expect(flashText(landed.html)).toBe("Password set. You can now sign in with your e-mail address and password. Other sessions were signed out.");
    // Now the page offers "Change password", which asks for the current one.
    expect(landed.html).toContain("Change password");
    expect(landed.html).toContain(CHANGE_FORM);
    expect(landed.html).toContain('name="current_password"');
    expect(landed.html).not.toContain("Set a password");
    expect(landed.html).not.toContain(SET_FORM);

    const hash = await passwordHash(id);
    expect(hash).toStartWith("$argon2id$");
    expect(hash).not.toContain(NEW_PASSWORD);
    // The other session is over; this one goes on.
    const phoneRes = await phone.get("/account");
    expect(phoneRes.status).toBe(303);
    expect(phoneRes.headers.get("location")).toBe("/signin?next=%2Faccount");
    expect((await laptop.get("/account")).status).toBe(200);
    expect(await sessionCount(id)).toBe(1);
    const logs = t.logs.join("\n");
    expect(logs).toContain('"event":"account.password_set"');
    expect(logs).not.toContain(NEW_PASSWORD);

    // E-mail + password sign-in works, for the same user.
    const desk = new WebUser(t);
    const signin = await desk.submit("/signin", "/signin", { email: "octo@example.test", password: NEW_PASSWORD });
    expect(signin.status).toBe(303);
    expect(signin.headers.get("location")).toBe("/learn");
    expect(await (await desk.get("/account")).text()).toContain("octo@example.test");
    expect(await signInStatus("octo@example.test", "not the passphrase at all")).toBe(400);
    expect((await t.deps.store.db.select().from(users)).length).toBe(1);

    // Changing it from here on needs the current password, like any password user.
    const wrong = await laptop.submit("/account", "/account/password", { current_password: "not the passphrase at all", password: "yet another passphrase" });
    expect(wrong.status).toBe(400);
    expect(fieldError(await wrong.text(), "current-password-error")).toBe("That is not your current password.");
    expect(await passwordHash(id)).toBe(hash);
  });

  test("a missing, wrong, foreign or cross-site CSRF token is refused and changes nothing", async () => {
    const id = await providerUser("octo@example.test");
    const user = await signedInAs(id);
    const phone = await signedInAs(id);
    const mallory = await signedInAs(await providerUser("mallory@example.test"));
    const token = csrfFrom(await (await user.get("/account")).text());
    const malloryToken = csrfFrom(await (await mallory.get("/account")).text());
    const form = { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };

    const attempts: [string, Record<string, string>, Record<string, string>][] = [
      ["missing", form, {}],
      ["wrong", { ...form, csrf_token: "A".repeat(32) }, {}],
      ["another user's", { ...form, csrf_token: malloryToken }, {}],
      ["right token, other site", { ...form, csrf_token: token }, { origin: "https://evil.example" }],
    ];
    for (const [name, fields, headers] of attempts) {
      const res = await user.post("/account/password/set", fields, headers);
      expect(res.status, name).toBe(303);
      const landed = await follow(user, res);
      expect(landed.location, name).toBe("/account");
      expect(flashText(landed.html), name).toBe(CSRF_TEXT);
      expect(landed.html, name).toContain(SET_FORM);
    }
    expect(await passwordHash(id)).toBeNull();
    expect(await sessionCount(id)).toBe(2);
    expect((await phone.get("/account")).status).toBe(200);
    expect(await signInStatus("octo@example.test", NEW_PASSWORD)).toBe(400);
    expect(t.logs.join("\n")).not.toContain("account.password_set");

    // Signed out, the form only leads to sign-in.
    const stranger = await new WebUser(t).post("/account/password/set", { ...form, csrf_token: token });
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get("location")).toBe("/signin?next=%2Faccount%2Fpassword%2Fset");
    expect(await passwordHash(id)).toBeNull();
  });

  test("a weak or mismatched password is refused next to its field, and nothing changes", async () => {
    const id = await providerUser("octopus@example.test");
    const user = await signedInAs(id);
    const phone = await signedInAs(id);
    const cases: [string, string, string | null, string | null][] = [
      ["short", "short", "Use at least 10 characters.", null],
      ["aaaaaaaaaaaaaaab", "aaaaaaaaaaaaaaab", "Use more than a few different characters.", null],
      ["my octopus password", "my octopus password", "Do not use your e-mail address in the password.", null],
      ["abcd".repeat(65), "abcd".repeat(65), "Use at most 256 characters.", null],
      [NEW_PASSWORD, `${NEW_PASSWORD}!`, null, "The two passwords are not the same."],
      ["short", "shorter", "Use at least 10 characters.", "The two passwords are not the same."],
    ];
    for (const [password, confirmation, passwordWords, confirmationWords] of cases) {
      const res = await user.submit("/account", "/account/password/set", { password, password_confirmation: confirmation });
      expect(res.status, password).toBe(400);
      const html = await res.text();
      expect(fieldError(html, "new-password-error"), password).toBe(passwordWords);
      expect(fieldError(html, "password-confirmation-error"), password).toBe(confirmationWords);
      expect(html, password).toContain(SET_FORM);
      expect(html, password).not.toContain(`value="${password}"`); // a password is never echoed back
      expect(flashText(html)).toBeNull();
    }
    expect(await passwordHash(id)).toBeNull();
    expect(await sessionCount(id)).toBe(2);
    expect((await phone.get("/account")).status).toBe(200);
    expect(await signInStatus("octopus@example.test", NEW_PASSWORD)).toBe(400);
    expect(t.logs.join("\n")).not.toContain("account.password_set");
  });

  test("the change form sends a user without a password to the set form, changing nothing", async () => {
    const id = await providerUser("octo@example.test");
    const user = await signedInAs(id);
    const res = await user.submit("/account", "/account/password", { current_password: "", password: NEW_PASSWORD });
    const landed = await follow(user, res);
    expect(landed.location).toBe("/account");
    expect(flashText(landed.html)).toBe("You have no password yet. Set one below.");
    expect(landed.html).toContain(SET_FORM);
    expect(await passwordHash(id)).toBeNull();
  });
});

describe("a user who has a password", () => {
  test("cannot use the set-password path to replace it without the current one", async () => {
    const bob = new WebUser(t);
    expect((await bob.signUp("bob@example.test", PASSWORD)).status).toBe(303);
    const [row] = await t.deps.store.db.select().from(users).where(eq(users.email, "bob@example.test"));
    const phone = await signedInAs(row!.id);

    const page = await (await bob.get("/account")).text();
    expect(page).toContain("Change password");
    expect(page).toContain(CHANGE_FORM);
    expect(page).not.toContain(SET_FORM);

    const res = await bob.submit("/account", "/account/password/set", { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(fieldError(html, "current-password-error")).toBe("You already have a password. Enter it to change it.");
    expect(html).toContain(CHANGE_FORM);

    // The change form without the current password is refused too.
    const blank = await bob.submit("/account", "/account/password", { password: NEW_PASSWORD });
    expect(blank.status).toBe(400);
    expect(fieldError(await blank.text(), "current-password-error")).toBe("That is not your current password.");

    expect(await passwordHash(row!.id)).toBe(row!.passwordHash);
    expect(await sessionCount(row!.id)).toBe(2);
    expect((await phone.get("/account")).status).toBe(200);
    expect(await signInStatus("bob@example.test", PASSWORD)).toBe(303);
    expect(await signInStatus("bob@example.test", NEW_PASSWORD)).toBe(400);
    expect(t.logs.join("\n")).not.toContain("account.password_set");
  });
});
