// Who hears what (spec 6.1, 6.2) and the app.* events of installs (spec 5.3.7).
import { afterEach, describe, expect, test } from "bun:test";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { eq } from "drizzle-orm";
import { createClient } from "../../src/clients/service.ts";
import { grants } from "../../src/oauth/schema.ts";
import { SCOPES } from "../../src/lib/scopes.ts";
import { setMeteredClientLimit } from "../../src/billing/metered-settings.ts";
import { activateMetered, billingApp, charge, clientWithToken, tokenFor } from "../billing/fixtures.ts";
import { WebUser, csrfFrom } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { basic, exchange } from "../oauth/fixtures.ts";
import { feed, recordEvent } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

const verifier = "events-audience-verifier-" + "x".repeat(30);
const challenge = encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)));

async function approve(player: WebUser, clientId: string): Promise<string> {
  const q = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: "https://game.example.com/callback", scope: "usage:read", state: "s", code_challenge: challenge, code_challenge_method: "S256" });
  const page = await player.get(`/oauth/authorize?${q}`);
  // A confidential client the user already approved skips the consent page.
  if (page.status === 303 || page.status === 302) return new URL(page.headers.get("location")!).searchParams.get("code")!;
  const html = await page.text();
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = m[2]!.replaceAll("&amp;", "&");
  const res = await player.post("/oauth/authorize", { ...fields, csrf_token: csrfFrom(html), decision: "approve" });
  return new URL(res.headers.get("location")!).searchParams.get("code")!;
}

async function install(player: WebUser, client: { id: string }, secret: string) {
  const code = await approve(player, client.id);
  const r = await exchange(t, { grant_type: "authorization_code", code, redirect_uri: "https://game.example.com/callback", code_verifier: verifier, client_id: client.id, client_secret: secret });
  expect(r.status).toBe(200);
  return r.body.refresh_token as string;
}

const types = async (token: string, q = "start=oldest") => (await feed(t, token, q)).body.items.map((e: any) => e.type);

describe("who hears an event", () => {
  test("a client without the type's scope hears nothing of it; one account never hears another's", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    const narrow = await createClient(t.deps.store.db, t.clock.now(), { accountId: a.accountId, name: "Narrow", type: "confidential", scopes: ["events:read", "usage:read"], billingMode: "allowance", redirectUris: [] });
    const narrowToken = await tokenFor(t, narrow.client.id, narrow.secret!);
    const b = await clientWithToken(t);
    await recordEvent(t, a.accountId, "lesson_plan.ready", { plan_id: "a1", status: "complete" });
    await recordEvent(t, b.accountId, "lesson_plan.ready", { plan_id: "b1", status: "complete" });
    expect((await feed(t, a.token, "start=oldest")).body.items.map((e: any) => e.data.plan_id)).toEqual(["a1"]);
    expect((await feed(t, b.token, "start=oldest")).body.items.map((e: any) => e.data.plan_id)).toEqual(["b1"]);
    expect(await types(narrowToken)).toEqual([]);
    // A token asking fewer scopes than its client has hears less (spec 6.2.2).
    const r = await exchange(t, { grant_type: "client_credentials", scope: "events:read" }, { authorization: basic(a.client.id, a.secret!) });
    expect(await types(r.body.access_token)).toEqual([]);
  });

  test("app.installed and app.uninstalled reach only the app's own client; subjects differ per client and never leak ids", async () => {
    t = await createTestApp();
    const app1 = await clientWithToken(t);
    const app2raw = await createClient(t.deps.store.db, t.clock.now(), { accountId: app1.accountId, name: "Second", type: "confidential", scopes: [...SCOPES], billingMode: "allowance", redirectUris: ["https://game.example.com/callback"] });
    const app2 = { client: app2raw.client, secret: app2raw.secret!, token: await tokenFor(t, app2raw.client.id, app2raw.secret!) };
    const player = new WebUser(t);
    await player.signUp("player-events@example.com");

    await install(player, app1.client, app1.secret!);
    const first = (await feed(t, app1.token, "start=oldest")).body.items;
    expect(first.map((e: any) => e.type)).toEqual(["app.installed"]);
    expect(first[0].data).toEqual({ client_id: app1.client.id });
    expect(await types(app2.token)).toEqual([]);

    // Approving again while installed reports nothing.
    await install(player, app1.client, app1.secret!);
    expect(await types(app1.token)).toEqual(["app.installed"]);

    await install(player, app2.client, app2.secret);
    const second = (await feed(t, app2.token, "start=oldest")).body.items;
    expect(second.map((e: any) => e.type)).toEqual(["app.installed"]);
    expect(second[0].subject).not.toBe(first[0].subject);
    for (const s of [first[0].subject, second[0].subject]) {
      expect(s).toStartWith("parla_sub_");
      expect(s).not.toContain(app1.accountId);
      expect(s).not.toContain("player-events");
    }

    // Removed on Connected apps: app.uninstalled to app1 only.
    const [grant] = await t.deps.store.db.select().from(grants).where(eq(grants.clientId, app1.client.id));
    const page = await (await player.get("/account/connected-apps")).text();
    await player.post(`/account/connected-apps/${grant!.id}/remove`, { csrf_token: csrfFrom(page) });
    const after = (await feed(t, app1.token, "start=oldest")).body.items;
    expect(after.map((e: any) => e.type)).toEqual(["app.installed", "app.uninstalled"]);
    expect(after[1].subject).toBe(first[0].subject);
    expect(await types(app2.token)).toEqual(["app.installed"]);
  });

  test("a revocation that ends the last install reports app.uninstalled; one that leaves another install reports nothing", async () => {
    t = await createTestApp();
    const app = await clientWithToken(t);
    const player = new WebUser(t);
    await player.signUp("player-revoke@example.com");
    const laptop = await install(player, app.client, app.secret!);
    const phone = await install(player, app.client, app.secret!);
    const revoke = (token: string) => t.request("POST", "/oauth/revoke", { form: { token }, headers: { authorization: basic(app.client.id, app.secret!) } });
    expect((await revoke(laptop)).status).toBe(200);
    expect(await types(app.token)).toEqual(["app.installed"]);
    expect((await revoke(phone)).status).toBe(200);
    expect(await types(app.token)).toEqual(["app.installed", "app.uninstalled"]);
    // Signing in again after the uninstall is a new install.
    await install(player, app.client, app.secret!);
    expect(await types(app.token)).toEqual(["app.installed", "app.uninstalled", "app.installed"]);
  });

  test("usage.threshold_reached: through the ledger's hook, the highest threshold of a jump, heard with usage:read by the account's clients", async () => {
    t = await billingApp();
    const m = await clientWithToken(t, { billing: "metered" });
    await activateMetered(t, m.accountId);
    await setMeteredClientLimit(t.deps, t.clock.now(), m.accountId, { kind: "operator" }, m.client.id, 12);
    const watcher = await createClient(t.deps.store.db, t.clock.now(), { accountId: m.accountId, name: "Dashboard", type: "confidential", scopes: ["events:read", "usage:read"], billingMode: "allowance", redirectUris: [] });
    expect((await charge(t, m.token, "tutor.turn")).status).toBe(200); // 1/12
    expect((await charge(t, m.token, "lesson_plan.create")).status).toBe(200); // 11/12: past 50, 75 and 90
    const items = (await feed(t, m.token, "start=oldest")).body.items;
    expect(items.map((e: any) => e.data)).toEqual([{ subject: "client", client_id: m.client.id, percent: 90, limit_credits: 12, used_credits: 11, month: "2026-11" }]);
    expect(await types(await tokenFor(t, watcher.client.id, watcher.secret!))).toEqual(["usage.threshold_reached"]);
    const noUsage = await exchange(t, { grant_type: "client_credentials", scope: "events:read lesson_plans:read" }, { authorization: basic(m.client.id, m.secret!) });
    expect(await types(noUsage.body.access_token)).toEqual([]);
  });
});
