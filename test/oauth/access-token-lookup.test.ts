// The doorway's token lookup reads the store on every call and keeps nothing. These tests change a
// token's facts from another connection to the same database — as another Parla process or the
// admin CLI would — and check that the very next call sees the change (spec 3.3, 5.4.2: revocation
// and narrowing take effect at once).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createUser } from "../../src/accounts/service.ts";
import { createClient, createClientSecret, deleteClient, revokeClientSecret, setClientScopes } from "../../src/clients/service.ts";
import { findAccessGrants, findAccessToken, findClientScopes } from "../../src/oauth/access-token-lookup.ts";
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
  expect((await usage()).status).toBe(200);
  expect((await usage()).status).toBe(200);
});

afterEach(() => {
  other.close();
  t.cleanup();
});

describe("an access token in use, changed elsewhere", () => {
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

  test("expired since the last call: 401 with the expiry's message", async () => {
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

describe("the lookup", () => {
  test("a /v1 call reads the store once for its token (the token and its client's facts together)", async () => {
    const store = t.deps.store;
    const [read, readAll] = [store.read, store.readAll];
    const reads: string[] = [];
    store.read = (sql, args) => (reads.push(sql), read(sql, args));
    store.readAll = (statements) => (reads.push(...statements.map((s) => s.sql)), readAll(statements));
    try {
      expect((await usage()).status).toBe(200);
      expect((await usage()).status).toBe(200);
    } finally {
      Object.assign(store, { read, readAll });
    }
    expect(reads.filter((sql) => sql.includes("FROM access_tokens"))).toHaveLength(2);
    expect(reads.filter((sql) => sql.includes("FROM access_tokens"))[0]).toContain("FROM clients");
  });

  test("many tokens at once (open streams): each granting key with its grant, the rest left out; clients' scopes likewise", async () => {
    const second = (await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(owner.client.id, owner.secret!) })).body.access_token as string;
    const granted = await findAccessToken(t.deps.store, token, t.clock.now());
    const other = await findAccessToken(t.deps.store, second, t.clock.now());
    if (granted.kind !== "granted" || other.kind !== "granted") throw new Error("both tokens grant");
    const grants = await findAccessGrants(t.deps.store, [granted.grant.tokenHash, other.grant.tokenHash, "nothing"]);
    expect([...grants.keys()].sort()).toEqual([granted.grant.tokenHash, other.grant.tokenHash].sort());
    expect(grants.get(granted.grant.tokenHash)).toEqual(granted.grant);
    expect(await findClientScopes(t.deps.store, [owner.client.id, "parla_cid_gone"])).toEqual(new Map([[owner.client.id, granted.grant.scopes]]));
  });
});

for (const driver of STORE_DRIVERS) {
  test(`on the ${driver.name} driver, the lookup sees changes made through another connection at once`, async () => {
    const dir = tempDir();
    const { url, stop } = driver.open(dir.path);
    const store = openStore(url);
    const elsewhere = openStore(url);
    try {
      await migrate(store.client, TEST_START);
      const user = await createUser(store.db, TEST_START, { email: "owner@example.com", password: null });
      const { client } = await createClient(store.db, TEST_START, { accountId: user.accountId, name: "Game", type: "confidential", scopes: ["usage:read", "events:read"], billingMode: "allowance", redirectUris: [] });
      const token = await issueAccessToken(store.db, TEST_START, { clientId: client.id, secretId: null, familyId: null, accountId: user.accountId, userId: null, scopes: ["usage:read", "events:read"], apiVersion: CURRENT_API_VERSION });
      const scopesNow = async () => {
        const answer = await findAccessToken(store, token, TEST_START + 1000);
        return answer.kind === "granted" ? answer.grant.scopes : answer.kind;
      };
      expect(await scopesNow()).toEqual(["usage:read", "events:read"]);
      expect(await scopesNow()).toEqual(["usage:read", "events:read"]);
      await setClientScopes(elsewhere.db, user.accountId, client.id, ["events:read"]);
      expect(await scopesNow()).toEqual(["events:read"]);
      // What open streams read about once a second, and before each batch of events.
      const key = (await findAccessToken(store, token, TEST_START + 1000)) as { grant: { tokenHash: string } };
      expect([...(await findAccessGrants(store, [key.grant.tokenHash])).values()].map((g) => g.scopes)).toEqual([["events:read"]]);
      expect(await findClientScopes(store, [client.id])).toEqual(new Map([[client.id, ["events:read"]]]));
      await elsewhere.client.execute({ sql: "DELETE FROM access_tokens WHERE client_id = ?", args: [client.id] });
      expect(await scopesNow()).toBe("unknown");
      expect((await findAccessGrants(store, [key.grant.tokenHash])).size).toBe(0);
    } finally {
      elsewhere.close();
      store.close();
      stop();
      dir.cleanup();
    }
  });
}
