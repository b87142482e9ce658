// The Events page (/events): the account's recent events with the envelope a client receives,
// filterable by type and client; other accounts' events never show.
import { afterEach, describe, expect, test } from "bun:test";
import { getUserByEmail } from "../../src/accounts/service.ts";
import { createClient } from "../../src/clients/service.ts";
import { WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { tokenFor } from "../billing/fixtures.ts";
import { recordEvent } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

describe("the Events page", () => {
  test("lists events with envelopes, filters by type and client, and shows nothing of another account", async () => {
    t = await createTestApp();
    const owner = new WebUser(t);
    expect((await owner.signUp("events-owner@example.com")).status).toBe(303);
    const { accountId } = (await getUserByEmail(t.deps.store.db, "events-owner@example.com"))!;
    const make = async (name: string, scopes: string[]) => {
      const r = await createClient(t.deps.store.db, t.clock.now(), { accountId, name, type: "confidential", scopes, billingMode: "allowance", redirectUris: [] });
      return r.client;
    };
    const game = await make("Game <server>", ["events:read", "lesson_plans:read"]);
    const dash = await make("Dashboard", ["events:read", "usage:read"]);
    await recordEvent(t, accountId, "lesson_plan.ready", { plan_id: "plan-one", status: "complete" });
    await recordEvent(t, accountId, "usage.threshold_reached", { subject: "account", percent: 50, limit_credits: 10, used_credits: 5, month: "2026-11" });
    const other = new WebUser(t);
    await other.signUp("events-other@example.com");
    const otherAccount = (await getUserByEmail(t.deps.store.db, "events-other@example.com"))!.accountId;
    await recordEvent(t, otherAccount, "lesson_plan.failed", { plan_id: "not-yours" });

    const all = await owner.get("/events");
    expect(all.status).toBe(200);
    const html = await all.text();
    expect(html).toContain("lesson_plan.ready");
    expect(html).toContain("usage.threshold_reached");
    expect(html).toContain("plan-one");
    expect(html).toContain("parla_sub_");
    expect(html).not.toContain("not-yours");
    expect(html).toContain("Game &lt;server&gt;");
    expect(html).not.toContain("Game <server>");

    const byType = await (await owner.get("/events?type=usage.threshold_reached")).text();
    expect(byType).toContain("usage.threshold_reached");
    expect(byType).not.toContain("plan-one");

    const byClient = await (await owner.get(`/events?client=${game.id}`)).text();
    expect(byClient).toContain("plan-one");
    expect(byClient).not.toContain("&quot;percent&quot;");
    const dashboard = await (await owner.get(`/events?client=${dash.id}`)).text();
    expect(dashboard).not.toContain("plan-one");
    expect(dashboard).toContain("&quot;percent&quot;: 50");

    const signedOut = await t.request("GET", "/events");
    expect(signedOut.status).toBe(303);
  });

  test("lists the games' own inbound world.* events beside outbound ones, marked inbound, with the answer; the type filter picks a direction", async () => {
    t = await createTestApp();
    const owner = new WebUser(t);
    expect((await owner.signUp("inbound-owner@example.com")).status).toBe(303);
    const { accountId } = (await getUserByEmail(t.deps.store.db, "inbound-owner@example.com"))!;
    const made = await createClient(t.deps.store.db, t.clock.now(), { accountId, name: "Harbour game", type: "confidential", scopes: ["events:write", "events:read", "lesson_plans:read"], billingMode: "allowance", redirectUris: [] });
    const token = await tokenFor(t, made.client.id, made.secret!);
    const sent = await t.request("POST", "/v1/events", {
      json: { type: "world.context_changed", data: { scene: "a harbour at dawn", source_lang: "en", target_lang: "es", level: 2 } },
      headers: { authorization: `Bearer ${token}`, "idempotency-key": "harbour-key-1" },
    });
    expect(sent.status).toBe(202);
    await recordEvent(t, accountId, "lesson_plan.ready", { plan_id: "plan-outbound", status: "complete" });
    const other = new WebUser(t);
    await other.signUp("inbound-other@example.com");

    const html = await (await owner.get("/events")).text();
    const inbound = /<tr data-event-id="[^"]+" data-direction="inbound">([\s\S]*?)<\/tr>/.exec(html)?.[1] ?? "";
    expect(inbound).toContain("world.context_changed");
    expect(inbound).toContain("<strong>inbound</strong>");
    expect(inbound).toContain("sent by Harbour game");
    expect(inbound).toContain("harbour-key-1");
    expect(inbound).toContain("a harbour at dawn");
    expect(inbound).toContain("&quot;reaction&quot;");
    expect(html).toMatch(/data-direction="outbound">[\s\S]*?plan-outbound/);

    const onlyInbound = await (await owner.get("/events?type=world.context_changed")).text();
    expect(onlyInbound).toContain("harbour-key-1");
    expect(onlyInbound).not.toContain("plan-outbound");
    const onlyOutbound = await (await owner.get("/events?type=lesson_plan.ready")).text();
    expect(onlyOutbound).toContain("plan-outbound");
    expect(onlyOutbound).not.toContain("harbour-key-1");
    expect(await (await other.get("/events")).text()).not.toContain("harbour-key-1");
  });
});
