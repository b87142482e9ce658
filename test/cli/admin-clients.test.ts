// `parla admin client secret revoke`, `client update`, `client delete` (DESIGN §5), run as the
// operator would: real processes on a store file; the effects are checked through the token
// endpoint and the bearer guard of an app on the same store.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createUser } from "../../src/accounts/service.ts";
import { addProbeRoutes, probePath } from "../helpers/probe-routes.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { basic } from "../oauth/fixtures.ts";

const main = join(import.meta.dir, "../../src/main.ts");
let dir: ReturnType<typeof tempDir>;
let url: string;
let accountId: string;
let t: TestApp;

beforeAll(async () => {
  dir = tempDir();
  url = `file:${join(dir.path, "cli.db")}`;
  t = await createTestApp({}, { PARLA_DATABASE_URL: url });
  addProbeRoutes(t);
  const user = await createUser(t.deps.store.db, t.clock.now(), { email: "owner@example.com", password: null });
  accountId = user.accountId;
});
afterAll(() => {
  t.cleanup();
  dir.cleanup();
});

async function parla(...args: string[]) {
  const proc = Bun.spawn(["bun", main, ...args], { env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PARLA_DATABASE_URL: url, PARLA_LOG_LEVEL: "silent" }, stdout: "pipe", stderr: "pipe" });
  return { code: await proc.exited, out: await new Response(proc.stdout).text(), err: await new Response(proc.stderr).text() };
}

async function newClient(scopes = "usage:read vocab:generate") {
  const r = await parla("admin", "client", "create", "--account", accountId, "--name", "Game", "--scopes", scopes, "--billing", "allowance", "--json");
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as { client_id: string; client_secret: string; secret_id: string };
}

async function token(clientId: string, secret: string): Promise<{ status: number; body: Record<string, string> }> {
  const res = await t.app.handle(new Request("http://localhost/oauth/token", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(clientId, secret) }, body: "grant_type=client_credentials" }));
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

const probe = (accessToken: string, scope: string) => t.app.handle(new Request(`http://localhost${probePath(scope)}`, { headers: { authorization: `Bearer ${accessToken}` } }));

/** A refused command: exit non-zero, nothing on stdout, exactly one line on stderr, never a stack. */
function expectRefused(r: { code: number; out: string; err: string }, json: boolean) {
  expect(r.code).not.toBe(0);
  expect(r.out).toBe("");
  expect(r.err.trimEnd().split("\n")).toHaveLength(1);
  expect(r.err).not.toContain("    at ");
  if (json) {
    const body = JSON.parse(r.err) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(["code", "error"]);
    return body;
  }
  return { code: "", error: r.err };
}

describe("parla admin client secret revoke", () => {
  test("the only secret is refused; with two, the old one is revoked and its tokens stop at once", async () => {
    const c = await newClient();
    const only = expectRefused(await parla("admin", "client", "secret", "revoke", "--client", c.client_id, "--secret", c.secret_id, "--json"), true);
    expect(only.code).toBe("refused");
    expect(only.error).toContain("only secret");
    const old = await token(c.client_id, c.client_secret);
    expect(old.status).toBe(200);
    const second = JSON.parse((await parla("admin", "client", "secret", "create", "--client", c.client_id, "--json")).out) as { secret_id: string; client_secret: string };
    const r = await parla("admin", "client", "secret", "revoke", "--client", c.client_id, "--secret", c.secret_id, "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ client_id: c.client_id, secret_id: c.secret_id, revoked: true });
    expect((await probe(old.body.access_token!, "usage:read")).status).toBe(401);
    expect((await token(c.client_id, c.client_secret)).status).toBe(401);
    expect((await token(c.client_id, second.client_secret)).status).toBe(200);
    const unknown = expectRefused(await parla("admin", "client", "secret", "revoke", "--client", c.client_id, "--secret", "nope", "--json"), true);
    expect(unknown.code).toBe("not_found");
  });
});

describe("parla admin client update", () => {
  test("narrowing scopes applies to live tokens at once; widening from the next exchange", async () => {
    const c = await newClient("usage:read vocab:generate");
    const before = (await token(c.client_id, c.client_secret)).body.access_token!;
    const narrowed = await parla("admin", "client", "update", "--client", c.client_id, "--scopes", "usage:read", "--name", "Renamed", "--json");
    expect(narrowed.code).toBe(0);
    expect(JSON.parse(narrowed.out)).toMatchObject({ client_id: c.client_id, name: "Renamed", scopes: ["usage:read"] });
    expect((await probe(before, "vocab:generate")).status).toBe(403);
    expect((await probe(before, "usage:read")).status).toBe(200);
    await parla("admin", "client", "update", "--client", c.client_id, "--scopes", "usage:read vocab:generate lesson_plans:read");
    // The old token keeps what it was issued (now narrowed to usage:read, vocab:generate): no new scope.
    expect((await probe(before, "lesson_plans:read")).status).toBe(403);
    const after = (await token(c.client_id, c.client_secret)).body.access_token!;
    expect((await probe(after, "lesson_plans:read")).status).toBe(200);
  });

  test("bad input changes nothing; with nothing to change it says so; an unknown client is not_found", async () => {
    const c = await newClient();
    const bad = expectRefused(await parla("admin", "client", "update", "--client", c.client_id, "--name", "Fine name", "--scopes", "usage:read admin:all", "--json"), true);
    expect(bad.code).toBe("invalid_request");
    expect(bad.error).toContain("admin:all");
    const version = expectRefused(await parla("admin", "client", "update", "--client", c.client_id, "--version", "1999-01-nope"), false);
    expect(version.error).toStartWith("parla: ");
    // Nothing was written, not even the valid name.
    const row = await t.deps.store.client.execute({ sql: "SELECT name FROM clients WHERE id = ?", args: [c.client_id] });
    expect(row.rows[0]!.name).toBe("Game");
    const nothing = expectRefused(await parla("admin", "client", "update", "--client", c.client_id, "--json"), true);
    expect(nothing.code).toBe("invalid_usage");
    expect(expectRefused(await parla("admin", "client", "update", "--client", "parla_cid_nope", "--name", "x", "--json"), true).code).toBe("not_found");
  });
});

describe("parla admin client delete", () => {
  test("ends every token at once; a second delete is not_found", async () => {
    const c = await newClient();
    const live = (await token(c.client_id, c.client_secret)).body.access_token!;
    const r = await parla("admin", "client", "delete", "--client", c.client_id, "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ client_id: c.client_id, deleted: true });
    expect((await probe(live, "usage:read")).status).toBe(401);
    expect((await token(c.client_id, c.client_secret)).status).toBe(401);
    expect(expectRefused(await parla("admin", "client", "delete", "--client", c.client_id, "--json"), true).code).toBe("not_found");
  });
});

describe("every refused admin command prints one line", () => {
  test("missing flags, unknown flags, unknown commands, bad values, unknown accounts", async () => {
    const cases: string[][] = [
      ["admin", "client", "delete"],
      ["admin", "client", "delete", "--client", "x", "--colour"],
      ["admin", "frobnicate"],
      ["admin", "account", "set-plan", "--account", "nope", "--plan", "gold"],
      ["admin", "account", "set-plan", "--account", "nope", "--plan", "paid"],
      ["admin", "user", "create", "--email", "not-an-email", "--password", "short"],
      ["admin", "maintenance", "sideways"],
    ];
    for (const words of cases) {
      expectRefused(await parla(...words), false);
      const json = expectRefused(await parla(...words, "--json"), true);
      expect(json.error!.length).toBeGreaterThan(5);
    }
  });
});
