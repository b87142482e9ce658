// The doorway's token lookup keeps what it read about a granting token while the access epoch
// (migration 0014) stays the same. These tests change a kept token's facts from another connection
// to the same database — as another Parla process or the admin CLI would — and check that the very
// next call sees the change (spec 3.3, 5.4.2: revocation and narrowing take effect at once).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createUser } from "../../src/accounts/service.ts";
import { createClient, createClientSecret, deleteClient, revokeClientSecret, setClientScopes } from "../../src/clients/service.ts";
import { AccessTokenReader } from "../../src/oauth/access-token-lookup.ts";
import { issueAccessToken } from "../../src/oauth/token-store.ts";
import { migrate } from "../../src/store/migrate.ts";
import { CURRENT_API_VERSION } from "../../src/versions/registry.ts";
import { STORE_DRIVERS } from "../helpers/store-drivers.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { openStore, type Store } from "../../src/store/open-store.ts";
import { createTestApp, TEST_START, type TestApp } from "../helpers/test-app.ts";
import { basic, exchange, ownerWithClient } from "./fixtures.ts";

let t: TestApp;
let other: Store;
let owner: Awaited<ReturnType<typeof ownerWithClient>>;
let token: string;

const usage = (bearer = token) => t.request("GET", "/v1/usage", { headers: { authorization: `Bearer ${bearer}` } });

beforeEach(async () => {
  t = await createTestApp();
  // A second connection to the same file: what another process sharing the database writes through.
  other = openStore(t.deps.config.databaseUrl);
  owner = await ownerWithClient(t);
  const exchanged = await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(owner.client.id, owner.secret!) });
  token = exchanged.body.access_token;
  // The first call reads the token's rows and keeps them.
  expect((await usage()).status).toBe(200);
  expect((await usage()).status).toBe(200);
});

afterEach(() => {
  other.close();
  t.cleanup();
});

describe("a kept access token, changed elsewhere", () => {
  test("deleted by another process: the next call is 401", async () => {
    await other.client.execute("DELETE FROM access_tokens");
    const res = await usage();
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toContain("unknown or was revoked");
  });

  test("its client's scopes narrowed by another process: the next call is 403", async () => {
    await setClientScopes(other.db, owner.accountId, owner.client.id, ["lesson_plans:read"]);
    const res = await usage();
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe("insufficient_scope");
  });

  test("its secret revoked by another process (the token goes by cascade): the next call is 401", async () => {
    const [secret] = (await other.client.execute({ sql: "SELECT id FROM client_secrets WHERE client_id = ?", args: [owner.client.id] })).rows;
    // The only secret cannot be revoked (spec 3.5): a replacement first.
    await createClientSecret(t.deps.store.db, t.clock.now(), owner.accountId, owner.client.id);
    await revokeClientSecret(other.db, owner.accountId, owner.client.id, String(secret!.id));
    expect((await usage()).status).toBe(401);
  });

  test("its client deleted by another process: the next call is 401", async () => {
    expect(await deleteClient(other.db, owner.accountId, owner.client.id)).toBe(true);
    expect((await usage()).status).toBe(401);
  });

  test("revoked at /oauth/revoke in this process: the next call is 401", async () => {
    const res = await t.request("POST", "/oauth/revoke", { form: { token }, headers: { authorization: basic(owner.client.id, owner.secret!) } });
    expect(res.status).toBe(200);
    expect((await usage()).status).toBe(401);
  });

  test("expired while kept: 401 with the expiry's message", async () => {
    t.clock.advance(60 * 60 * 1000);
    const res = await usage();
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toContain("expired");
  });

  test("a change that does not touch tokens (the client renamed) keeps it valid", async () => {
    await other.client.execute({ sql: "UPDATE clients SET name = 'Renamed' WHERE id = ?", args: [owner.client.id] });
    expect((await usage()).status).toBe(200);
  });
});

describe("AccessTokenReader", () => {
  /** The store, counting the statements each read asks for. */
  function counting(store: Store) {
    const asked: string[][] = [];
    return {
      asked,
      store: {
        readAll: (statements: readonly { sql: string; args: readonly unknown[] }[]) => {
          asked.push(statements.map((s) => (s.sql.includes("access_epoch") ? "epoch" : s.sql.includes("access_tokens") ? "token" : "beside")));
          return store.readAll(statements as never);
        },
      },
    };
  }

  test("a kept token costs a read of the epoch (and the read beside it); an epoch that moved reads the rows again", async () => {
    const { asked, store } = counting(t.deps.store);
    const reader = new AccessTokenReader(store);
    const askedWith: (string | null)[] = [];
    const beside = (grant: { clientId: string } | null) => {
      askedWith.push(grant?.clientId ?? null);
      return { sql: "SELECT name FROM clients WHERE id = ?", args: [owner.client.id] };
    };
    const now = t.clock.now();
    const first = await reader.find(token, now, beside);
    expect(first[0].kind).toBe("granted");
    expect(first[1]).toEqual([["Test game"]]);
    const second = await reader.find(token, now, beside);
    expect(second[0]).toEqual(first[0]);
    expect(second[1]).toEqual([["Test game"]]);
    expect(asked).toEqual([["epoch", "token", "beside"], ["epoch", "beside"]]);
    // The read beside is built before the token is read: with the kept grant once there is one.
    expect(askedWith).toEqual([null, owner.client.id]);

    await setClientScopes(other.db, owner.accountId, owner.client.id, ["usage:read"]);
    const third = await reader.find(token, now, null);
    expect(third[0].kind === "granted" && third[0].grant.scopes).toEqual(["usage:read"]);
    expect(asked.slice(2)).toEqual([["epoch"], ["epoch", "token"]]);

    // The epoch moves again while a read beside was built for the kept grant: its rows are dropped
    // with the grant, and it is built again without one, beside the token's read.
    await setClientScopes(other.db, owner.accountId, owner.client.id, ["usage:read", "events:read"]);
    const fourth = await reader.find(token, now, beside);
    expect(fourth[1]).toEqual([["Test game"]]);
    expect(asked.slice(4)).toEqual([["epoch", "beside"], ["epoch", "token", "beside"]]);
    expect(askedWith.slice(2)).toEqual([owner.client.id, null]);
  });

  test("unknown tokens are never kept", async () => {
    const { asked, store } = counting(t.deps.store);
    const reader = new AccessTokenReader(store);
    const guess = `${token.slice(0, -4)}AAAA`;
    expect((await reader.find(guess, t.clock.now()))[0].kind).toBe("unknown");
    expect((await reader.find(guess, t.clock.now()))[0].kind).toBe("unknown");
    expect(asked).toEqual([["epoch", "token"], ["epoch", "token"]]);
  });

  test("at most maxKept tokens are kept, the longest kept first out", async () => {
    const second = (await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(owner.client.id, owner.secret!) })).body.access_token as string;
    const { asked, store } = counting(t.deps.store);
    const reader = new AccessTokenReader(store, 1);
    await reader.find(token, t.clock.now());
    await reader.find(second, t.clock.now());
    await reader.find(second, t.clock.now());
    await reader.find(token, t.clock.now());
    expect(asked).toEqual([["epoch", "token"], ["epoch", "token"], ["epoch"], ["epoch", "token"]]);
  });
});

for (const driver of STORE_DRIVERS) {
  test(`on the ${driver.name} driver, a kept token follows the epoch its triggers bump`, async () => {
    const dir = tempDir();
    const { url, stop } = driver.open(dir.path);
    const store = openStore(url);
    const elsewhere = openStore(url);
    try {
      await migrate(store.client, TEST_START);
      const user = await createUser(store.db, TEST_START, { email: "owner@example.com", password: null });
      const { client } = await createClient(store.db, TEST_START, { accountId: user.accountId, name: "Game", type: "confidential", scopes: ["usage:read", "events:read"], billingMode: "allowance", redirectUris: [] });
      const token = await issueAccessToken(store.db, TEST_START, { clientId: client.id, secretId: null, familyId: null, accountId: user.accountId, userId: null, scopes: ["usage:read", "events:read"], apiVersion: CURRENT_API_VERSION });
      const reader = new AccessTokenReader(store);
      const scopesNow = async () => {
        const [answer] = await reader.find(token, TEST_START + 1000);
        return answer.kind === "granted" ? answer.grant.scopes : answer.kind;
      };
      expect(await scopesNow()).toEqual(["usage:read", "events:read"]);
      expect(await scopesNow()).toEqual(["usage:read", "events:read"]);
      await setClientScopes(elsewhere.db, user.accountId, client.id, ["events:read"]);
      expect(await scopesNow()).toEqual(["events:read"]);
      await elsewhere.client.execute({ sql: "DELETE FROM access_tokens WHERE client_id = ?", args: [client.id] });
      expect(await scopesNow()).toBe("unknown");
    } finally {
      elsewhere.close();
      store.close();
      stop();
      dir.cleanup();
    }
  });
}
