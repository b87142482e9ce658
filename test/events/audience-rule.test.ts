// The one audience rule (catalogue.ts mayHear, spec 6.1, 6.2) on every door: the feed, the stream
// and webhooks, run over the same stored rows, each give exactly the events the rule picks for
// their listener. And delegated isolation: two users of one public client each hear only events
// about themselves (their plans and installs), while the client itself (webhooks) hears the account.
import { afterEach, describe, expect, test } from "bun:test";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { getUserByEmail } from "../../src/accounts/service.ts";
import { mayHear, type Listener } from "../../src/events/catalogue.ts";
import { SCOPES } from "../../src/lib/scopes.ts";
import { createEndpoint } from "../../src/webhooks/endpoints.ts";
import { WebUser, csrfFrom } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { exchange, ownerWithClient } from "../oauth/fixtures.ts";
import { bearer, feed, frameReader, recordEvent } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

const verifier = "audience-rule-verifier-" + "x".repeat(30);
const challenge = encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)));

/** A user signs up, approves the public client and the app exchanges the code (PKCE, no secret). */
async function player(clientId: string, email: string) {
  const web = new WebUser(t);
  await web.signUp(email);
  const q = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: "com.example.game:/callback", scope: SCOPES.join(" "), state: "s", code_challenge: challenge, code_challenge_method: "S256" });
  const html = await (await web.get(`/oauth/authorize?${q}`)).text();
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = m[2]!.replaceAll("&amp;", "&");
  const approved = await web.post("/oauth/authorize", { ...fields, csrf_token: csrfFrom(html), decision: "approve" });
  const code = new URL(approved.headers.get("location")!).searchParams.get("code")!;
  const r = await exchange(t, { grant_type: "authorization_code", code, redirect_uri: "com.example.game:/callback", code_verifier: verifier, client_id: clientId });
  expect(r.status).toBe(200);
  const user = (await getUserByEmail(t.deps.store.db, email))!;
  return { token: r.body.access_token as string, userId: user.id };
}

/** Every event id the stream sends from the oldest kept event, until it has been quiet a moment. */
async function streamIds(token: string): Promise<string[]> {
  const res = await t.request("GET", "/v1/events/stream?start=oldest", { headers: bearer(token) });
  expect(res.status).toBe(200);
  const frames = frameReader(res.body!);
  const ids: string[] = [];
  for (;;) {
    const next = await Promise.race([frames.nextNonHeartbeat(), Bun.sleep(300).then(() => "quiet" as const)]);
    if (next === "quiet" || next === null) break;
    ids.push(JSON.parse(next.data!).id);
  }
  await frames.cancel();
  return ids;
}

async function feedIds(token: string): Promise<string[]> {
  const page = await feed(t, token, "start=oldest");
  expect(page.status).toBe(200);
  expect(page.body.has_more).toBe(false);
  return page.body.items.map((e: { id: string }) => e.id);
}

describe("one audience rule on the feed, the stream and webhooks", () => {
  test("each door gives what mayHear picks from the same rows; two users of one public client hear only their own events", async () => {
    t = await createTestApp();
    const owner = await ownerWithClient(t, { type: "public", redirectUris: ["com.example.game:/callback"] });
    const game = owner.client;
    // The client's own endpoint: it hears the owner's account (spec 6.2), as a client-credentials token does.
    await createEndpoint({ db: t.deps.store.db, serverKey: t.deps.serverKey, guard: { check: async () => ({ ok: true }) } as never }, t.clock.now(), owner.accountId, {
      clientId: game.id,
      url: "https://hooks.example.com/parla",
      events: ["lesson_plan.ready", "lesson_plan.failed", "usage.threshold_reached", "app.installed", "app.uninstalled"],
    });
    // The installs record app.installed about each user (spec 5.3.7).
    const ana = await player(game.id, "ana@example.com");
    const ben = await player(game.id, "ben@example.com");
    await recordEvent(t, owner.accountId, "lesson_plan.ready", { plan_id: "ana-plan", status: "complete" }, { aboutUserId: ana.userId });
    await recordEvent(t, owner.accountId, "lesson_plan.ready", { plan_id: "ben-plan", status: "complete" }, { aboutUserId: ben.userId });
    await recordEvent(t, owner.accountId, "lesson_plan.failed", { plan_id: "ben-failed" }, { aboutUserId: ben.userId });
    await recordEvent(t, owner.accountId, "lesson_plan.ready", { plan_id: "owner-plan", status: "partial" });
    await recordEvent(t, owner.accountId, "usage.threshold_reached", { subject: "account", percent: 50, limit_credits: 100, used_credits: 50, month: "2026-11" });

    const { rows } = await t.deps.store.client.execute({ sql: "SELECT id, type, account_id, client_id, about_user_id FROM events WHERE account_id = ? ORDER BY seq", args: [owner.accountId] });
    const stored = rows.map((r) => ({ id: String(r.id), type: String(r.type), accountId: String(r.account_id), clientId: r.client_id === null ? null : String(r.client_id), aboutUserId: r.about_user_id === null ? null : String(r.about_user_id) }));
    const heardBy = (listener: Listener) => stored.filter((row) => mayHear(listener, row)).map((row) => row.id);
    const userListener = (userId: string): Listener => ({ clientId: game.id, accountId: owner.accountId, userId, scopes: [...SCOPES] });

    for (const user of [ana, ben]) {
      const expected = heardBy(userListener(user.userId));
      expect(await feedIds(user.token)).toEqual(expected);
      expect(await streamIds(user.token)).toEqual(expected);
    }
    // Isolation, spelled out: each user hears their install and their plans, nothing of the other.
    const types = (ids: string[]) => ids.map((id) => stored.find((row) => row.id === id)!.type);
    expect(types(heardBy(userListener(ana.userId)))).toEqual(["app.installed", "lesson_plan.ready"]);
    expect(types(heardBy(userListener(ben.userId)))).toEqual(["app.installed", "lesson_plan.ready", "lesson_plan.failed"]);
    const anaIds = new Set(await feedIds(ana.token));
    for (const id of await feedIds(ben.token)) expect(anaIds.has(id)).toBe(false);

    // Webhooks: the client listens for the whole account.
    const deliveries = await t.deps.store.client.execute({ sql: "SELECT event_id FROM webhook_deliveries WHERE kind = 'auto' ORDER BY created_at, rowid" });
    const delivered = deliveries.rows.map((r) => String(r.event_id));
    const forClient = heardBy({ clientId: game.id, accountId: owner.accountId, userId: null, scopes: [...SCOPES] });
    expect(delivered).toEqual(forClient);
    expect(forClient).toHaveLength(stored.length);
  }, 30_000);
});
