// GET /v1/usage (spec 4.2, 5.5): shapes for allowance and metered callers, the
// scope, and the schema published for /v1/openapi.json.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { setMeteredClientLimit } from "../../src/billing/metered-settings.ts";
import { AllowanceUsageResponse, MeteredUsageResponse, UsageResponse } from "../../src/billing/model.ts";
import { OPERATIONS } from "../../src/billing/credits.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { activateMetered, billingApp, charge, clientWithToken, ledger, op, playerToken, usage } from "./fixtures.ts";

let t: TestApp;
beforeEach(async () => {
  t = await billingApp();
});
afterEach(() => t.cleanup());

describe("GET /v1/usage", () => {
  test("an allowance client: allowance, used, remaining and the month by operation; the read counts itself", async () => {
    const o = await clientWithToken(t);
    await charge(t, o.token, "vocab.generate");
    await charge(t, o.token, "tutor.turn");
    const res = await usage(t, o.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(Value.Check(AllowanceUsageResponse, body)).toBe(true);
    expect(body).toMatchObject({
      billing_mode: "allowance",
      month: "2026-11",
      period_start: "2026-11-01T00:00:00.000Z",
      period_end: "2026-12-01T00:00:00.000Z",
      allowance: { credits: 300, used: 4, remaining: 296 },
      usage: { calls: 3, credits: 4 },
    });
    expect(body.usage.operations.map((o: { operation: string }) => o.operation)).toEqual(OPERATIONS);
    expect(op(body, "vocab.generate")).toEqual({ operation: "vocab.generate", calls: 1, credits: 3, credits_per_call: 3 });
    expect(op(body, "usage.read")).toEqual({ operation: "usage.read", calls: 1, credits: 0, credits_per_call: 0 });
    expect(op(await (await usage(t, o.token)).json(), "usage.read")!.calls).toBe(2);
  });

  test("the allowance covers every spender of the account: its clients, and its web sessions", async () => {
    const a = await clientWithToken(t, { plan: "paid" });
    const other = await clientWithToken(t); // another account's usage never shows
    await charge(t, other.token, "lesson_plan.create");
    await charge(t, a.token, "lesson_plan.create");
    const body = await (await usage(t, a.token)).json();
    expect(body.allowance).toEqual({ credits: 10_000, used: 10, remaining: 9_990 });
    expect(body.usage.credits).toBe(body.allowance.used);
  });

  test("a metered client: its own usage, billing state and both spending limits", async () => {
    const o = await clientWithToken(t, { billing: "metered" });
    await activateMetered(t, o.accountId, 500);
    await setMeteredClientLimit(t.deps, t.clock.now(), o.accountId, { kind: "operator" }, o.client.id, 50);
    await charge(t, o.token, "lesson_plan.create");
    await charge(t, o.token, "events.feed");
    const body = await (await usage(t, o.token)).json();
    expect(Value.Check(MeteredUsageResponse, body)).toBe(true);
    expect(body).toMatchObject({
      billing_mode: "metered",
      month: "2026-11",
      metered: {
        active: true,
        client_spend_limit: { limit_credits: 50, used_credits: 10, remaining_credits: 40 },
        account_spend_limit: { limit_credits: 500, used_credits: 10, remaining_credits: 490 },
      },
      usage: { calls: 3, credits: 10 },
    });
    expect(body.allowance).toBeUndefined();
  });

  test("no limit is null, not a number", async () => {
    const o = await clientWithToken(t, { billing: "metered" });
    await activateMetered(t, o.accountId);
    const body = await (await usage(t, o.token)).json();
    expect(body.metered.client_spend_limit).toEqual({ limit_credits: null, used_credits: 0, remaining_credits: null });
  });

  test("an app acting for a player sees the player's allowance, whatever the client's mode", async () => {
    const o = await clientWithToken(t, { billing: "metered" });
    const player = await playerToken(t, o.client, o.secret!);
    await charge(t, player.token, "vocab.generate");
    const body = await (await usage(t, player.token)).json();
    expect(body).toMatchObject({ billing_mode: "allowance", allowance: { credits: 300, used: 3, remaining: 297 } });
  });

  test("usage:read is required; a refused read writes nothing", async () => {
    const o = await clientWithToken(t, { scopes: ["vocab:generate"] });
    const res = await usage(t, o.token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "insufficient_scope" });
    expect(await ledger(t)).toEqual({ daily: [], monthly: [], totals: [] });
  });

  test("the response schema is published with the route (summary, tag, 200 schema) for /v1/openapi.json", async () => {
    const doc = await (await t.request("GET", "/v1/openapi.json")).json();
    const get = doc.paths["/v1/usage"].get;
    expect(get.tags).toEqual(["usage"]);
    expect(get.summary).toBeString();
    const schema = get.responses["200"].content["application/json"].schema;
    expect(schema.anyOf.map((s: { properties: { billing_mode: { const: string } } }) => s.properties.billing_mode.const)).toEqual(["allowance", "metered"]);
    expect(schema.anyOf[0].properties.allowance.properties.remaining.type).toBe("integer");
    expect(Value.Check(UsageResponse, { billing_mode: "allowance" })).toBe(false);
  });
});
