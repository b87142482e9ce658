// createUser (src/accounts/service.ts) refuses with the AppError the sign-up page and the CLI show.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { createUser } from "../../src/accounts/service.ts";
import { AppError } from "../../src/lib/errors.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.cleanup());

test("a bad address or password is 400 invalid_request naming the field; a taken address 409 conflict on email", async () => {
  const db = t.deps.store.db;
  await expect(createUser(db, t.clock.now(), { email: "not an address", password: "correct horse battery staple" })).rejects.toMatchObject({ status: 400, code: "invalid_request", param: "email" });
  await expect(createUser(db, t.clock.now(), { email: "ana@example.com", password: "short" })).rejects.toMatchObject({ status: 400, code: "invalid_request", param: "password", message: "use at least 10 characters" });
  const made = await createUser(db, t.clock.now(), { email: "ana@example.com", password: "correct horse battery staple" });
  expect(made.userId).not.toBe(made.accountId);
  const taken = await createUser(db, t.clock.now(), { email: "ANA@example.com", password: null }).catch((e: unknown) => e);
  expect(taken).toBeInstanceOf(AppError);
  expect(taken).toMatchObject({ status: 409, code: "conflict", param: "email", message: "an account with this e-mail already exists" });
});
