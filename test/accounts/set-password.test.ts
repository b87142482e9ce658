// setPassword (src/accounts/service.ts): a first password for a user created through an external
// provider, under the sign-up rules; never a replacement for an existing password.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { removeConnection, signInWithIdentity } from "../../src/accounts/external-signin/link-identity.ts";
import { users } from "../../src/accounts/schema.ts";
import { createUser, passwordProblem, setPassword, verifyPassword } from "../../src/accounts/service.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const PASSWORD = "correct horse battery staple";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.cleanup());

async function providerUser(email: string): Promise<string> {
  const outcome = await signInWithIdentity(t.deps.store.db, t.clock.now(), { provider: "oidc", subject: email, email, emailVerified: true });
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.userId;
}

async function hashOf(userId: string): Promise<string | null> {
  const [row] = await t.deps.store.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row!.passwordHash;
}

describe("setPassword", () => {
  test("gives a password-less user a password under the sign-up rules; it is then no longer the last way in", async () => {
    const db = t.deps.store.db;
    const id = await providerUser("octopus@example.test");
    await expect(removeConnection(db, id, "oidc")).rejects.toMatchObject({ status: 409, code: "conflict", param: "provider" });

    for (const weak of ["short", "octopus-in-the-garden"]) {
      await expect(setPassword(db, id, weak)).rejects.toMatchObject({ status: 400, code: "invalid_request", param: "password", message: passwordProblem(weak, "octopus@example.test")! });
    }
    expect(await hashOf(id)).toBeNull();

    await setPassword(db, id, PASSWORD);
    expect(await hashOf(id)).toStartWith("$argon2id$");
    expect((await verifyPassword(db, "octopus@example.test", PASSWORD))?.id).toBe(id);
    await removeConnection(db, id, "oidc");
    await expect(removeConnection(db, id, "oidc")).rejects.toMatchObject({ status: 404, code: "not_found" });
  });

  test("never replaces an existing password", async () => {
    const db = t.deps.store.db;
    const created = await createUser(db, t.clock.now(), { email: "bob@example.test", password: PASSWORD });
    const before = await hashOf(created.userId);
    await expect(setPassword(db, created.userId, "a brand new passphrase")).rejects.toMatchObject({ status: 409, code: "conflict", param: "current_password" });
    expect(await hashOf(created.userId)).toBe(before);
    expect(await verifyPassword(db, "bob@example.test", "a brand new passphrase")).toBeNull();
    await expect(setPassword(db, "no-such-user", PASSWORD)).rejects.toMatchObject({ status: 404, code: "not_found" });
  });

  test("two requests at once: one sets the password, the other is refused and does not overwrite it", async () => {
    const db = t.deps.store.db;
    const id = await providerUser("octo@example.test");
    const results = await Promise.allSettled([setPassword(db, id, "first passphrase here"), setPassword(db, id, "second passphrase here")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []))).toMatchObject([{ status: 409, code: "conflict" }]);
    const winner = results[0]!.status === "fulfilled" ? "first passphrase here" : "second passphrase here";
    const loser = results[0]!.status === "fulfilled" ? "second passphrase here" : "first passphrase here";
    expect(await verifyPassword(db, "octo@example.test", winner)).not.toBeNull();
    expect(await verifyPassword(db, "octo@example.test", loser)).toBeNull();
  });
});
