// `parla admin user list` and `parla admin account set-plan --email` (DESIGN §5), run in-process
// on the store file of an app: the operator finds an account by e-mail and gives it the paid plan,
// and the account's next page already shows it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createUser, getAccount } from "../../src/accounts/service.ts";
import { runParla } from "../helpers/cli-in-process.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { tempDir } from "../helpers/temp-dir.ts";

let dir: ReturnType<typeof tempDir>;
let env: Record<string, string>;
let t: TestApp;
let ana: { userId: string; accountId: string };
let bo: { userId: string; accountId: string };

beforeAll(async () => {
  dir = tempDir();
  const url = `file:${join(dir.path, "cli.db")}`;
  env = { PARLA_DATABASE_URL: url, PARLA_LOG_LEVEL: "silent" };
  t = await createTestApp({}, { PARLA_DATABASE_URL: url });
  ana = await createUser(t.deps.store.db, t.clock.now(), { email: "ana@example.com", password: null });
  t.clock.advance(1000);
  bo = await createUser(t.deps.store.db, t.clock.now(), { email: "bo.100%_sure@example.org", password: null, plan: "paid" });
});
afterAll(() => {
  t.cleanup();
  dir.cleanup();
});

const parla = (...args: string[]) => runParla(env, ...args);

describe("parla admin user list", () => {
  test("--json lists every user, oldest first, with account id and plan", async () => {
    const r = await parla("admin", "user", "list", "--json");
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    const { users } = JSON.parse(r.out) as { users: Record<string, unknown>[] };
    expect(users.map((u) => u.email)).toEqual(["ana@example.com", "bo.100%_sure@example.org"]);
    expect(users[0]).toEqual({ user_id: ana.userId, email: "ana@example.com", account_id: ana.accountId, plan: "free", owner: true, email_confirmed: true, created_at: new Date(t.clock.now() - 1000).toISOString() });
    expect(users[1]!.plan).toBe("paid");
  });

  test("--email narrows to addresses containing it, case-insensitive, with % and _ taken literally", async () => {
    const ana1 = JSON.parse((await parla("admin", "user", "list", "--email", "ANA@", "--json")).out) as { users: { account_id: string }[] };
    expect(ana1.users.map((u) => u.account_id)).toEqual([ana.accountId]);
    const literal = JSON.parse((await parla("admin", "user", "list", "--email", "%_", "--json")).out) as { users: { email: string }[] };
    expect(literal.users.map((u) => u.email)).toEqual(["bo.100%_sure@example.org"]);
    const none = await parla("admin", "user", "list", "--email", "nobody", "--json");
    expect(JSON.parse(none.out)).toEqual({ users: [] });
  });

  test("without --json: one aligned line per user under a header", async () => {
    const r = await parla("admin", "user", "list");
    const lines = r.out.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^EMAIL\s+ACCOUNT\s+PLAN\s+USER\s+CREATED$/);
    expect(lines[1]).toContain(ana.accountId);
    expect(lines[1]!.indexOf(ana.accountId)).toBe(lines[2]!.indexOf(bo.accountId));
    expect((await parla("admin", "user", "list", "--email", "nobody")).out).toBe("no users\n");
  });
});

describe("parla admin account set-plan", () => {
  test("--email names the account by a user's address; the plan applies at once", async () => {
    const r = await runParla({ ...env, PARLA_LOG_LEVEL: "info" }, "admin", "account", "set-plan", "--email", "Ana@Example.com", "--plan", "paid", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ account_id: ana.accountId, plan: "paid" });
    expect((await getAccount(t.deps.store.db, ana.accountId))!.plan).toBe("paid");
    // Logged as the Accounts page logs it (stderr: stdout is the answer).
    const line = JSON.parse(r.err.trim().split("\n").at(-1)!);
    expect(line).toMatchObject({ level: "info", event: "account.plan_changed", account_id: ana.accountId, from: "free", to: "paid", via: "cli" });
  });

  test("--account still works", async () => {
    const r = await parla("admin", "account", "set-plan", "--account", ana.accountId, "--plan", "free");
    expect(r.code).toBe(0);
    expect(r.out).toBe(`account ${ana.accountId} is now on the free plan\n`);
    expect((await getAccount(t.deps.store.db, ana.accountId))!.plan).toBe("free");
  });

  test("refused: an unknown address, neither or both of --account and --email, a bad plan", async () => {
    const unknown = await parla("admin", "account", "set-plan", "--email", "nobody@example.com", "--plan", "paid", "--json");
    expect(unknown.code).toBe(1);
    expect(unknown.out).toBe("");
    expect(JSON.parse(unknown.err)).toEqual({ code: "not_found", error: "no user with the e-mail address nobody@example.com" });
    const neither = await parla("admin", "account", "set-plan", "--plan", "paid");
    expect(neither.code).toBe(2);
    const both = await parla("admin", "account", "set-plan", "--account", ana.accountId, "--email", "ana@example.com", "--plan", "paid");
    expect(both.code).toBe(2);
    expect(both.err).toContain("exactly one of --account and --email");
    const badPlan = await parla("admin", "account", "set-plan", "--email", "ana@example.com", "--plan", "gold");
    expect(badPlan.code).toBe(2);
    expect((await getAccount(t.deps.store.db, ana.accountId))!.plan).toBe("free");
  });
});
