// The ledger's rules (spec 1.2, 5.6, 6.5, 7), through real tokens and probe
// routes that charge, on a fresh store with the test clock.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { OPERATIONS, CREDIT_WEIGHTS } from "../../src/billing/credits.ts";
import { setMeteredActive, setMeteredClientLimit, setAccountSpendLimit } from "../../src/billing/metered-settings.ts";
import { clientPayer, sessionPayer } from "../../src/billing/payer.ts";
import { allowanceState } from "../../src/billing/report.ts";
import { chargeCall, countUsage, holderKey, refund } from "../../src/billing/service.ts";
import { createClient } from "../../src/clients/service.ts";
import { HOUR } from "../../src/lib/clock.ts";
import { SCOPES } from "../../src/lib/scopes.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { activateMetered, OPERATION_SCOPES, billingApp, charge, clientWithToken, ledger, op, playerToken, tokenFor, usage, spent } from "./fixtures.ts";

let t: TestApp;
beforeEach(async () => {
  t = await billingApp({ freeAllowanceCredits: 30 });
});
afterEach(() => t.cleanup());

const month = "2026-11";

describe("who pays (spec 5.6)", () => {
  test("an allowance client and its tokens spend the owner's allowance", async () => {
    const o = await clientWithToken(t);
    expect((await charge(t, o.token, "vocab.generate")).status).toBe(200);
    expect(await allowanceState(t.deps.store.db, t.deps.config, o.accountId, month)).toEqual({ credits: 30, used: 3, remaining: 27 });
    const body = await (await usage(t, o.token)).json();
    expect(body.allowance).toEqual({ credits: 30, used: 3, remaining: 27 });
  });

  test("a metered client spends no allowance and is billed per credit", async () => {
    const o = await clientWithToken(t, { billing: "metered" });
    await activateMetered(t, o.accountId);
    for (const operation of ["vocab.generate", "lesson_plan.create", "tutor.turn"]) expect((await charge(t, o.token, operation)).status).toBe(200);
    expect((await allowanceState(t.deps.store.db, t.deps.config, o.accountId, month)).used).toBe(0);
    expect(await spent(t, holderKey.clientMetered(o.client.id), month)).toBe(14);
    expect(await spent(t, holderKey.accountMetered(o.accountId), month)).toBe(14);
    const body = await (await usage(t, o.token)).json();
    expect(body.billing_mode).toBe("metered");
    expect(body.usage.credits).toBe(14);
  });

  test("a token from an authorization code spends the player's allowance, even for a metered client with billing off", async () => {
    const o = await clientWithToken(t, { billing: "metered" });
    const player = await playerToken(t, o.client, o.secret!);
    const res = await charge(t, player.token, "vocab.generate");
    expect(res.status).toBe(200);
    expect((await res.json()).receipt).toMatchObject({ budget: "allowance", accountId: player.accountId, clientId: o.client.id, credits: 3 });
    expect((await allowanceState(t.deps.store.db, t.deps.config, player.accountId, month)).used).toBe(3);
    expect((await allowanceState(t.deps.store.db, t.deps.config, o.accountId, month)).used).toBe(0);
    expect(await spent(t, holderKey.accountMetered(o.accountId), month)).toBe(0);
    // The same metered client's own token is refused: its owner has not activated usage billing.
    expect((await (await charge(t, o.token, "vocab.generate")).json()).code).toBe("metered_billing_inactive");
  });

  test("a web-app session spends its account's allowance", async () => {
    const o = await clientWithToken(t);
    expect((await chargeCall(t.deps, sessionPayer(o.accountId), "tutor.turn")).credits).toBe(1);
    expect((await allowanceState(t.deps.store.db, t.deps.config, o.accountId, month)).used).toBe(1);
    const { daily } = await ledger(t);
    expect(daily).toEqual([{ accountId: o.accountId, clientId: "", budget: "allowance", day: "2026-11-02", operation: "tutor.turn", calls: 1, credits: 1 }]);
  });
});

describe("credits and counted calls (spec 5.6.3, 6.5)", () => {
  test("weights come from one table: lesson plan 10, tutor turn 1, vocabulary 3, everything else 0", () => {
    expect(CREDIT_WEIGHTS["lesson_plan.create"]).toBe(10);
    expect(CREDIT_WEIGHTS["tutor.turn"]).toBe(1);
    expect(CREDIT_WEIGHTS["vocab.generate"]).toBe(3);
    for (const name of OPERATIONS.filter((o) => !["lesson_plan.create", "tutor.turn", "vocab.generate"].includes(o))) expect(CREDIT_WEIGHTS[name]).toBe(0);
  });

  test("every call is counted; an event with generate true counts as an event and a lesson plan", async () => {
    const o = await clientWithToken(t, { plan: "paid" });
    for (const operation of ["events.feed", "events.feed", "events.stream", "events.send", "lesson_plan.create", "lesson_plan.read"]) expect((await charge(t, o.token, operation)).status).toBe(200);
    const body = await (await usage(t, o.token)).json();
    expect(op(body, "events.feed")).toMatchObject({ calls: 2, credits: 0 });
    expect(op(body, "events.stream")).toMatchObject({ calls: 1, credits: 0 });
    expect(op(body, "events.send")).toMatchObject({ calls: 1, credits: 0 });
    expect(op(body, "lesson_plan.create")).toMatchObject({ calls: 1, credits: 10 });
    expect(op(body, "usage.read")).toMatchObject({ calls: 1, credits: 0 });
    expect(body.usage).toMatchObject({ calls: 7, credits: 10 });
    expect(body.allowance.used).toBe(body.usage.credits);
  });

  test("a webhook delivery is counted without checks, even while usage billing is off", async () => {
    const o = await clientWithToken(t, { billing: "metered" });
    await countUsage(t.deps.store.db, t.clock.now(), clientPayer(o.client), "webhook.delivery");
    const { daily } = await ledger(t);
    expect(daily).toEqual([{ accountId: o.accountId, clientId: o.client.id, budget: "metered", day: "2026-11-02", operation: "webhook.delivery", calls: 1, credits: 0 }]);
  });
});

describe("checks before anything is spent (spec 5.6.4, 7)", () => {
  test("allowance used up: 402 allowance_exhausted; the ledger is unchanged; free calls still answer", async () => {
    const o = await clientWithToken(t);
    for (let i = 0; i < 9; i++) expect((await charge(t, o.token, "vocab.generate")).status).toBe(200);
    // 27 used, 3 left: one tutor turn fits, then 2 left and a vocabulary list (3) does not.
    expect((await charge(t, o.token, "tutor.turn")).status).toBe(200);
    const before = await ledger(t);
    const refused = await charge(t, o.token, "vocab.generate");
    expect(refused.status).toBe(402);
    const err = await refused.json();
    expect(err.code).toBe("allowance_exhausted");
    expect(err.error).toContain("2 of 30 remain");
    expect(await ledger(t)).toEqual(before);
    expect((await charge(t, o.token, "tutor.turn")).status).toBe(200);
    expect((await charge(t, o.token, "tutor.turn")).status).toBe(200);
    expect((await charge(t, o.token, "tutor.turn")).status).toBe(402);
    // Calls that cost nothing spend no allowance, so they are never refused for it.
    expect((await charge(t, o.token, "events.feed")).status).toBe(200);
    const body = await (await usage(t, o.token)).json();
    expect(body.allowance).toEqual({ credits: 30, used: 30, remaining: 0 });
  });

  test("metered billing not active: 402 metered_billing_inactive for every call, nothing written; active after activation", async () => {
    const o = await clientWithToken(t, { billing: "metered" });
    const before = await ledger(t);
    for (const res of [await charge(t, o.token, "vocab.generate"), await charge(t, o.token, "events.feed"), await usage(t, o.token)]) {
      expect(res.status).toBe(402);
      expect((await res.json()).code).toBe("metered_billing_inactive");
    }
    expect(await ledger(t)).toEqual(before);
    await activateMetered(t, o.accountId);
    expect((await charge(t, o.token, "vocab.generate")).status).toBe(200);
    await setMeteredActive(t.deps, t.clock.now(), o.accountId, { kind: "operator" }, false);
    expect((await (await charge(t, o.token, "vocab.generate")).json()).code).toBe("metered_billing_inactive");
  });

  test("a metered client at its monthly limit: 402 spend_cap_reached, nothing written", async () => {
    const o = await clientWithToken(t, { billing: "metered" });
    await activateMetered(t, o.accountId);
    await setMeteredClientLimit(t.deps, t.clock.now(), o.accountId, { kind: "operator" }, o.client.id, 12);
    expect((await charge(t, o.token, "lesson_plan.create")).status).toBe(200);
    const before = await ledger(t);
    const refused = await charge(t, o.token, "vocab.generate");
    expect(refused.status).toBe(402);
    const err = await refused.json();
    expect(err.code).toBe("spend_cap_reached");
    expect(err.error).toContain("client");
    expect(await ledger(t)).toEqual(before);
    expect((await charge(t, o.token, "tutor.turn")).status).toBe(200);
    expect((await charge(t, o.token, "tutor.turn")).status).toBe(200);
    expect((await charge(t, o.token, "tutor.turn")).status).toBe(402);
    expect((await charge(t, o.token, "events.feed")).status).toBe(200);
  });

  test("the account's limit binds all its metered clients together; a refusal undoes the client's part too", async () => {
    const a = await clientWithToken(t, { billing: "metered" });
    const second = await createClient(t.deps.store.db, t.clock.now(), { accountId: a.accountId, name: "Second game", type: "confidential", scopes: [...SCOPES], billingMode: "metered", redirectUris: [] });
    const bToken = await tokenFor(t, second.client.id, second.secret!);
    await activateMetered(t, a.accountId, 20);
    await setMeteredClientLimit(t.deps, t.clock.now(), a.accountId, { kind: "operator" }, second.client.id, 100);
    expect((await charge(t, a.token, "lesson_plan.create")).status).toBe(200);
    expect((await charge(t, bToken, "vocab.generate")).status).toBe(200);
    const before = await ledger(t);
    const refused = await charge(t, bToken, "lesson_plan.create");
    expect(refused.status).toBe(402);
    const err = await refused.json();
    expect(err.code).toBe("spend_cap_reached");
    expect(err.error).toContain("account");
    expect(await ledger(t)).toEqual(before);
    expect(await spent(t, holderKey.clientMetered(second.client.id), month)).toBe(3);
    await setAccountSpendLimit(t.deps, t.clock.now(), a.accountId, { kind: "operator" }, null);
    expect((await charge(t, bToken, "lesson_plan.create")).status).toBe(200);
  });

  test("a call refused by validation (400) or scope (403) spends nothing", async () => {
    const o = await clientWithToken(t, { scopes: ["vocab:generate"] });
    const reader = await clientWithToken(t, { scopes: ["usage:read"], email: "reader@example.com" });
    const before = await ledger(t);
    const invalid = await t.request("POST", "/v1/probe/charge/vocab.generate", { json: { level: 12 }, headers: { authorization: `Bearer ${o.token}` } });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).param).toBe("level");
    const scoped = await charge(t, reader.token, "vocab.generate");
    expect(scoped.status).toBe(403);
    expect((await scoped.json()).code).toBe("insufficient_scope");
    expect((await usage(t, o.token)).status).toBe(403);
    expect((await t.request("GET", "/v1/usage")).status).toBe(401);
    expect(await ledger(t)).toEqual(before);
  });
});

describe("each operation's own scope (spec 4.2, 5.5)", () => {
  test("a token with only the operation's scope is charged; one with every other scope is refused and spends nothing", async () => {
    for (const [i, [operation, scope]] of (Object.entries(OPERATION_SCOPES) as [string, string][]).entries()) {
      const only = await clientWithToken(t, { scopes: [scope], email: `only-${i}@example.com`, plan: "paid" });
      expect((await charge(t, only.token, operation)).status).toBe(200);
      const others = await clientWithToken(t, { scopes: SCOPES.filter((s) => s !== scope), email: `others-${i}@example.com`, plan: "paid" });
      const before = await ledger(t);
      const refused = await charge(t, others.token, operation);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "insufficient_scope" });
      expect(refused.headers.get("www-authenticate")).toContain(`scope="${scope}"`);
      expect(await ledger(t)).toEqual(before);
    }
  }, 30_000);
});

describe("refunds (spec 5.6)", () => {
  test("a generation that fails on the service's side is refunded; the call stays counted", async () => {
    const o = await clientWithToken(t);
    const res = await t.request("POST", "/v1/probe/fail/lesson_plan.create", { headers: { authorization: `Bearer ${o.token}` } });
    expect(res.status).toBe(500);
    expect((await res.json()).code).toBe("internal");
    expect((await allowanceState(t.deps.store.db, t.deps.config, o.accountId, month)).used).toBe(0);
    const { daily } = await ledger(t);
    expect(daily).toEqual([{ accountId: o.accountId, clientId: o.client.id, budget: "allowance", day: "2026-11-02", operation: "lesson_plan.create", calls: 1, credits: 0 }]);
  });

  test("a metered refund returns the credits to the client, the account and the month charged, even after the month turned", async () => {
    const o = await clientWithToken(t, { billing: "metered" });
    await activateMetered(t, o.accountId, 100);
    t.clock.set(Date.UTC(2026, 10, 30, 23, 59, 0));
    const receipt = await chargeCall(t.deps, clientPayer(o.client), "lesson_plan.create");
    t.clock.advance(2 * HOUR);
    const december = await chargeCall(t.deps, clientPayer(o.client), "vocab.generate");
    expect(december.month).toBe("2026-12");
    await refund(t.deps, receipt);
    expect(await spent(t, holderKey.clientMetered(o.client.id), "2026-11")).toBe(0);
    expect(await spent(t, holderKey.accountMetered(o.accountId), "2026-11")).toBe(0);
    expect(await spent(t, holderKey.clientMetered(o.client.id), "2026-12")).toBe(3);
    const body = await (await usage(t, await tokenFor(t, o.client.id, o.secret!))).json();
    expect(body.month).toBe("2026-12");
    expect(body.usage.credits).toBe(3);
  });
});

describe("months (calendar months in UTC)", () => {
  test("the allowance resets at the first instant of the month (UTC); the old month's record stays", async () => {
    t.clock.set(Date.UTC(2026, 10, 30, 23, 59, 59, 999));
    const o = await clientWithToken(t);
    for (let i = 0; i < 10; i++) expect((await charge(t, o.token, "vocab.generate")).status).toBe(200);
    expect((await charge(t, o.token, "vocab.generate")).status).toBe(402);
    const o2 = await tokenFor(t, o.client.id, o.secret!);
    t.clock.advance(1);
    expect((await charge(t, o2, "vocab.generate")).status).toBe(200);
    const body = await (await usage(t, o2)).json();
    expect(body).toMatchObject({ month: "2026-12", period_start: "2026-12-01T00:00:00.000Z", period_end: "2027-01-01T00:00:00.000Z", allowance: { credits: 30, used: 3, remaining: 27 } });
    expect((await allowanceState(t.deps.store.db, t.deps.config, o.accountId, "2026-11")).used).toBe(30);
  });

  test("metered spending limits are monthly too", async () => {
    const o = await clientWithToken(t, { billing: "metered" });
    await activateMetered(t, o.accountId, 10);
    expect((await charge(t, o.token, "lesson_plan.create")).status).toBe(200);
    expect((await charge(t, o.token, "tutor.turn")).status).toBe(402);
    t.clock.set(Date.UTC(2026, 11, 1, 0, 0, 0));
    const fresh = await tokenFor(t, o.client.id, o.secret!);
    expect((await charge(t, fresh, "lesson_plan.create")).status).toBe(200);
  });
});
