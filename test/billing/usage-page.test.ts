// The Usage page and its forms (spec 5.6), driven like a browser in-process: the
// month per client with SVG charts, the CSV export, and the metered settings (owner only).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { users } from "../../src/accounts/schema.ts";
import { getAccount, getUserByEmail } from "../../src/accounts/service.ts";
import { getClient, createClient } from "../../src/clients/service.ts";
import { setAccountSpendLimit, setMeteredActive, setMeteredClientLimit } from "../../src/billing/metered-settings.ts";
import { newRowId } from "../../src/lib/secrets.ts";
import { chargeCall } from "../../src/billing/service.ts";
import { sessionPayer } from "../../src/billing/payer.ts";
import { DAY } from "../../src/lib/clock.ts";
import { SCOPES } from "../../src/lib/scopes.ts";
import { csrfFrom, WebUser } from "../helpers/browser-less.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { activateMetered, billingApp, charge, ledger, tokenFor } from "./fixtures.ts";

let t: TestApp;
let owner: WebUser;
let accountId: string;
beforeEach(async () => {
  t = await billingApp();
  owner = new WebUser(t);
  await owner.signUp("owner@example.com");
  accountId = (await getUserByEmail(t.deps.store.db, "owner@example.com"))!.accountId;
});
afterEach(() => t.cleanup());

async function newClient(name: string, billingMode: "allowance" | "metered") {
  const r = await createClient(t.deps.store.db, t.clock.now(), { accountId, name, type: "confidential", scopes: [...SCOPES], billingMode, redirectUris: [] });
  return { client: r.client, secret: r.secret!, token: await tokenFor(t, r.client.id, r.secret!) };
}

/** Submits a form of the Usage page with the page's own CSRF token. */
const submit = (user: WebUser, action: string, form: Record<string, string>) => user.submit("/usage", action, form);

describe("the Usage page", () => {
  test("signed out: sent to sign-in, coming back to /usage", async () => {
    const res = await new WebUser(t).get("/usage");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/signin?next=%2Fusage");
  });

  test("allowance, every client with its calls and credits, web sessions, and SVG charts by day", async () => {
    const game = await newClient("Word <Quest>", "allowance");
    const idle = await newClient("Idle tool", "allowance");
    await charge(t, game.token, "lesson_plan.create");
    t.clock.advance(DAY);
    await charge(t, await tokenFor(t, game.client.id, game.secret), "vocab.generate");
    await chargeCall(t.deps, sessionPayer(accountId), "tutor.turn");
    const res = await owner.get("/usage");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    const html = await res.text();
    expect(html).toContain("Used 14, 286 remaining");
    expect(html).toContain('data-allowance-remaining="286"');
    expect(html).toContain("Word &lt;Quest&gt;");
    // Attribute values may hold "<" (only quotes and ampersands matter there); text never does.
    expect(html.replace(/="[^"]*"/g, '=""')).not.toContain("<Quest>");
    const row = (id: string) => new RegExp(`data-client-id="${id}"[^]*?data-calls[^>]*>\\s*(\\d+)\\s*</td>[^]*?data-credits[^>]*>\\s*(\\d+)`).exec(html)!.slice(1);
    expect(row(game.client.id)).toEqual(["2", "13"]);
    expect(row(idle.client.id)).toEqual(["0", "0"]);
    expect(row("")).toEqual(["1", "1"]);
    expect(html).toContain("Parla web app");
    // One month chart plus one small chart per row, every day with its own tooltip.
    expect(html.match(/<svg[^>]*class="usage-chart"/g)!.length).toBe(4);
    expect(html).toContain("2026-11-02: 10 credits (allowance 10, metered 0), 1 call");
    expect(html).toContain("2026-11-03: 4 credits (allowance 4, metered 0), 2 calls");
    expect(html).toContain("2026-11-30:");
    // Everything is embedded: no script, stylesheet or image from elsewhere.
    expect(html).not.toMatch(/(src|href)="https?:/);
  });

  test("months: another month shows its own record; a malformed month is refused", async () => {
    const game = await newClient("Game", "allowance");
    await charge(t, game.token, "vocab.generate");
    const october = await (await owner.get("/usage?month=2026-10")).text();
    expect(october).toContain("Used 0, 300 remaining");
    expect(october).toContain('href="/usage?month=2026-11"');
    const bad = await owner.get("/usage?month=2026-13");
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe("/usage");
  });
});

describe("the CSV export", () => {
  test("one row per day, client, budget and operation; names that look like formulas are defused", async () => {
    const game = await newClient("=HYPERLINK(\"x\"), evil", "metered");
    await activateMetered(t, accountId);
    await charge(t, game.token, "vocab.generate");
    await charge(t, game.token, "vocab.generate");
    t.clock.advance(DAY);
    await charge(t, await tokenFor(t, game.client.id, game.secret), "tutor.turn");
    await chargeCall(t.deps, sessionPayer(accountId), "lesson_plan.create");
    const res = await owner.get("/usage/export.csv?month=2026-11");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/csv");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="parla-usage-2026-11.csv"');
    const lines = (await res.text()).trimEnd().split("\r\n");
    const name = `"'=HYPERLINK(""x""), evil"`;
    expect(lines).toEqual([
      "day,client_id,client_name,billing,operation,calls,credits,credits_per_call",
      `2026-11-02,${game.client.id},${name},metered,vocab.generate,2,6,3`,
      "2026-11-03,,Parla web app,allowance,lesson_plan.create,1,10,10",
      `2026-11-03,${game.client.id},${name},metered,tutor.turn,1,1,1`,
    ]);
  });

  test("another month, an empty month, and a malformed month", async () => {
    expect((await (await owner.get("/usage/export.csv?month=2026-10")).text()).trimEnd()).toBe("day,client_id,client_name,billing,operation,calls,credits,credits_per_call");
    const bad = await owner.get("/usage/export.csv?month=november");
    expect(bad.status).toBe(400);
  });

  test("only the signed-in account's usage", async () => {
    const stranger = new WebUser(t);
    await stranger.signUp("stranger@example.com");
    const game = await newClient("Owner's game", "allowance");
    await charge(t, game.token, "vocab.generate");
    expect(await (await stranger.get("/usage/export.csv")).text()).not.toContain(game.client.id);
  });
});

describe("metered settings", () => {
  test("the owner activates and deactivates usage billing", async () => {
    const res = await submit(owner, "/usage/metered", { action: "activate" });
    expect(res.status).toBe(303);
    expect((await getAccount(t.deps.store.db, accountId))!.meteredActive).toBe(true);
    const page = await (await owner.get("/usage")).text();
    expect(page).toContain('data-metered-active="true"');
    expect(page).toContain("Usage billing is active");
    await submit(owner, "/usage/metered", { action: "deactivate" });
    expect((await getAccount(t.deps.store.db, accountId))!.meteredActive).toBe(false);
  });

  test("account and client spending limits are saved; empty means no limit", async () => {
    const game = await newClient("Metered game", "metered");
    expect((await submit(owner, "/usage/spend-limit", { spend_limit_credits: "2500" })).status).toBe(303);
    expect((await getAccount(t.deps.store.db, accountId))!.meteredSpendLimitCredits).toBe(2500);
    expect((await submit(owner, `/usage/clients/${game.client.id}/spend-limit`, { spend_limit_credits: " 40 " })).status).toBe(303);
    expect((await getClient(t.deps.store.db, game.client.id))!.spendLimitCredits).toBe(40);
    expect(await (await owner.get("/usage")).text()).toContain('value="40"');
    await submit(owner, "/usage/spend-limit", { spend_limit_credits: "" });
    expect((await getAccount(t.deps.store.db, accountId))!.meteredSpendLimitCredits).toBeNull();
  });

  test("bad input: a negative or non-numeric limit is refused with the reason, and nothing changes", async () => {
    const game = await newClient("Metered game", "metered");
    for (const [value, reason] of [
      ["-5", "cannot be negative"],
      ["ten", "must be a whole number"],
      ["1.5", "must be a whole number"],
      ["1e3", "must be a whole number"],
      ["99999999999", "at most"],
    ] as const) {
      const res = await submit(owner, "/usage/spend-limit", { spend_limit_credits: value });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(reason);
      const clientRes = await submit(owner, `/usage/clients/${game.client.id}/spend-limit`, { spend_limit_credits: value });
      expect(clientRes.status).toBe(400);
    }
    expect((await getAccount(t.deps.store.db, accountId))!.meteredSpendLimitCredits).toBeNull();
    expect((await getClient(t.deps.store.db, game.client.id))!.spendLimitCredits).toBeNull();
  });

  test("an allowance client has no spending limit; another account's client is not found", async () => {
    const game = await newClient("Allowance game", "allowance");
    const res = await submit(owner, `/usage/clients/${game.client.id}/spend-limit`, { spend_limit_credits: "10" });
    expect(res.status).toBe(400);
    // The allowance client has no limit form: the message stands alone, under that client's key.
    expect(await res.text()).toMatch(new RegExp(`<p class="field-error" id="error-client:${game.client.id}"[^>]*>spending limits apply to metered clients`));
    const stranger = new WebUser(t);
    await stranger.signUp("stranger@example.com");
    const theirs = await submit(stranger, `/usage/clients/${game.client.id}/spend-limit`, { spend_limit_credits: "10" });
    expect(theirs.status).toBe(303);
    expect((await getClient(t.deps.store.db, game.client.id))!.spendLimitCredits).toBeNull();
  });

  test("activation by a non-owner is refused with 403, and so are limits; the page shows no forms", async () => {
    const game = await newClient("Metered game", "metered");
    await t.deps.store.db.insert(users).values({ id: newRowId(t.clock.now()), accountId, email: "member@example.com", passwordHash: await Bun.password.hash("correct horse battery staple"), createdAt: t.clock.now() });
    const member = new WebUser(t);
    expect((await member.submit("/signin", "/signin", { email: "member@example.com", password: "correct horse battery staple" })).status).toBe(303);
    const page = await (await member.get("/usage")).text();
    expect(page).toContain("Only the account's owner can change usage billing");
    expect(page).not.toContain('action="/usage/metered"');
    const csrf = csrfFrom(page);
    for (const [path, form] of [
      ["/usage/metered", { action: "activate" }],
      ["/usage/spend-limit", { spend_limit_credits: "10" }],
      [`/usage/clients/${game.client.id}/spend-limit`, { spend_limit_credits: "10" }],
    ] as const) {
      const res = await member.post(path, { csrf_token: csrf, ...form });
      expect(res.status).toBe(403);
    }
    const account = (await getAccount(t.deps.store.db, accountId))!;
    expect([account.meteredActive, account.meteredSpendLimitCredits]).toEqual([false, null]);
    expect((await getClient(t.deps.store.db, game.client.id))!.spendLimitCredits).toBeNull();
  });

  test("a form without the CSRF token, or from another site, changes nothing", async () => {
    const missing = await owner.post("/usage/metered", { action: "activate" });
    expect(missing.status).toBe(303);
    const page = await (await owner.get("/usage")).text();
    const forged = await owner.post("/usage/metered", { csrf_token: csrfFrom(page), action: "activate" }, { origin: "https://evil.example" });
    expect(forged.status).toBe(303);
    expect((await getAccount(t.deps.store.db, accountId))!.meteredActive).toBe(false);
    expect(await ledger(t)).toEqual({ daily: [], monthly: [], totals: [] });
  });
});

describe("metered settings refuse with the AppError the page and the CLI show", () => {
  test("a bad limit is 400 invalid_request on spend_limit_credits; a missing account or client 404; a non-owner 403", async () => {
    const game = await newClient("Allowance game", "allowance");
    const user = { kind: "user" as const, userId: (await getUserByEmail(t.deps.store.db, "owner@example.com"))!.id };
    await expect(setAccountSpendLimit(t.deps, t.clock.now(), accountId, user, -1)).rejects.toMatchObject({ status: 400, code: "invalid_request", param: "spend_limit_credits" });
    await expect(setMeteredClientLimit(t.deps, t.clock.now(), accountId, user, game.client.id, 10)).rejects.toMatchObject({ status: 400, code: "invalid_request", param: "spend_limit_credits" });
    await expect(setMeteredClientLimit(t.deps, t.clock.now(), accountId, user, "parla_cid_nope", 10)).rejects.toMatchObject({ status: 404, code: "not_found", param: "client" });
    await expect(setMeteredActive(t.deps, t.clock.now(), "no-such-account", { kind: "operator" }, true)).rejects.toMatchObject({ status: 404, code: "not_found", param: "account" });
    await expect(setMeteredActive(t.deps, t.clock.now(), accountId, { kind: "user", userId: "someone-else" }, true)).rejects.toMatchObject({ status: 403, code: "forbidden" });
    expect((await getAccount(t.deps.store.db, accountId))!.meteredActive).toBe(false);
  });
});
