// `parla admin metered activate` and `deactivate` (DESIGN §5), run as the operator would: a real process on a store file.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createUser, getAccount } from "../../src/accounts/service.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore } from "../../src/store/open-store.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const main = join(import.meta.dir, "../../src/main.ts");
let dir: ReturnType<typeof tempDir>;
let url: string;
let accountId: string;

beforeAll(async () => {
  dir = tempDir();
  url = `file:${join(dir.path, "cli.db")}`;
  const store = openStore(url);
  await migrate(store.client);
  const user = await createUser(store.db, Date.now(), { email: "owner@example.com", password: null });
  accountId = user.accountId;
  store.close();
});
afterAll(() => dir.cleanup());

async function parla(...args: string[]) {
  const proc = Bun.spawn(["bun", main, ...args], { env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PARLA_DATABASE_URL: url, PARLA_LOG_LEVEL: "silent" }, stdout: "pipe", stderr: "pipe" });
  return { code: await proc.exited, out: await new Response(proc.stdout).text(), err: await new Response(proc.stderr).text() };
}

async function account() {
  const store = openStore(url);
  try {
    return (await getAccount(store.db, accountId))!;
  } finally {
    store.close();
  }
}

describe("parla admin metered activate", () => {
  test("--json prints exactly the documented object; without a limit none is set", async () => {
    const r = await parla("admin", "metered", "activate", "--account", accountId, "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ account_id: accountId, metered_active: true, spend_limit_credits: null });
    expect(r.out.trim().split("\n")).toHaveLength(1);
    expect((await account()).meteredActive).toBe(true);
  });

  test("--spend-limit-credits sets the account's monthly limit; omitting it later keeps it", async () => {
    expect(JSON.parse((await parla("admin", "metered", "activate", "--account", accountId, "--spend-limit-credits", "5000", "--json")).out).spend_limit_credits).toBe(5000);
    expect(JSON.parse((await parla("admin", "metered", "activate", "--account", accountId, "--json")).out).spend_limit_credits).toBe(5000);
    expect((await account()).meteredSpendLimitCredits).toBe(5000);
  });

  test("bad input: a negative or non-numeric limit exits 2 and changes nothing; an unknown account exits 1", async () => {
    expect((await parla("admin", "metered", "activate", "--account", accountId, "--spend-limit-credits", "5000")).code).toBe(0);
    const negative = await parla("admin", "metered", "activate", "--account", accountId, "--spend-limit-credits=-1", "--json");
    expect(negative.code).toBe(2);
    expect(negative.err).toContain("cannot be negative");
    expect(negative.out).toBe("");
    const words = await parla("admin", "metered", "activate", "--account", accountId, "--spend-limit-credits", "lots");
    expect(words.code).toBe(2);
    expect(words.err).toContain("must be a whole number");
    expect((await account()).meteredSpendLimitCredits).toBe(5000);
    const unknown = await parla("admin", "metered", "activate", "--account", "no-such-account", "--json");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("no account no-such-account");
  });
});

describe("parla admin metered deactivate", () => {
  test("--json prints the same object as activate; billing is off and the limit is kept", async () => {
    expect((await parla("admin", "metered", "activate", "--account", accountId, "--spend-limit-credits", "7000")).code).toBe(0);
    const r = await parla("admin", "metered", "deactivate", "--account", accountId, "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ account_id: accountId, metered_active: false, spend_limit_credits: 7000 });
    expect(r.out.trim().split("\n")).toHaveLength(1);
    const row = await account();
    expect(row.meteredActive).toBe(false);
    expect(row.meteredSpendLimitCredits).toBe(7000);
  });

  test("without --json it prints one line", async () => {
    const r = await parla("admin", "metered", "deactivate", "--account", accountId);
    expect(r.code).toBe(0);
    expect(r.out).toBe(`usage billing is off for account ${accountId} (spending limit: 7000 credits a month)\n`);
  });

  test("deactivating twice succeeds and changes nothing", async () => {
    const first = await parla("admin", "metered", "deactivate", "--account", accountId, "--json");
    const second = await parla("admin", "metered", "deactivate", "--account", accountId, "--json");
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(JSON.parse(second.out)).toEqual(JSON.parse(first.out));
    expect(await account()).toMatchObject({ meteredActive: false, meteredSpendLimitCredits: 7000 });
  });

  test("an unknown account exits 1 with a message and prints nothing on stdout", async () => {
    const unknown = await parla("admin", "metered", "deactivate", "--account", "no-such-account", "--json");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("no account no-such-account");
    expect(unknown.out).toBe("");
  });
});
