// The Webhooks page in-process (spec 2.9, 6.3): choose the client, register, the secret shown once
// after a redirect, only hearable types offered, a test and its attempt, redelivery, rotation,
// re-enabling, deletion, CSRF, and another account's endpoints untouchable.
import { afterAll, afterEach, beforeEach, expect, test } from "bun:test";
import { getUserByEmail } from "../../src/accounts/service.ts";
import { createClient } from "../../src/clients/service.ts";
import { startHttpsReceiver } from "../helpers/https-receiver.ts";
import { csrfFrom, WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const receiver = startHttpsReceiver();
let t: TestApp;
afterAll(() => receiver.cleanup());
beforeEach(async () => {
  t = await createTestApp({}, { PARLA_WEBHOOK_ALLOW_NETWORKS: "127.0.0.0/8", PARLA_WEBHOOK_CA_FILE: receiver.caFile });
  receiver.received.length = 0;
  receiver.answer = () => new Response("thanks");
});
afterEach(() => t.cleanup());

async function owner(email: string, scopes = ["events:read", "lesson_plans:read"]) {
  const user = new WebUser(t);
  await user.signUp(email);
  const u = await getUserByEmail(t.deps.store.db, email);
  const made = await createClient(t.deps.store.db, t.clock.now(), { accountId: u!.accountId, name: "My game", type: "confidential", scopes, billingMode: "allowance", redirectUris: [] });
  return { user, client: made.client, accountId: u!.accountId };
}

const hookUrl = () => `https://127.0.0.1:${receiver.port}/hook`;

test("register by choosing the client first; the secret is shown once; test, attempt, redeliver", async () => {
  const { user, client } = await owner("dev@example.com");
  const first = await (await user.get("/admin/webhooks")).text();
  expect(first).toContain('href="/admin/webhooks"');
  expect(first).not.toContain('name="url"');
  const chosen = await (await user.get(`/admin/webhooks?client=${client.id}`)).text();
  expect(chosen).toContain('value="lesson_plan.ready"');
  expect(chosen).toContain('value="app.installed"');
  expect(chosen).not.toContain('value="webhook.test"');
  expect(chosen).not.toContain('value="usage.threshold_reached"'); // needs usage:read
  const csrf = csrfFrom(chosen);
  const refused = await user.post("/admin/webhooks", { csrf_token: csrf, client_id: client.id, url: "https://10.0.0.1/hook", events: "lesson_plan.ready" });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("not public");
  const made = await user.post("/admin/webhooks", { csrf_token: csrf, client_id: client.id, url: hookUrl(), events: "lesson_plan.ready" });
  expect(made.status).toBe(303);
  const shown = await (await user.get("/admin/webhooks")).text();
  const secret = /data-testid="new-signing-secret"[^>]*>\s*(parla_whsec_[A-Za-z0-9+/=]+)/.exec(shown)?.[1];
  expect(secret).toBeDefined();
  const again = await (await user.get("/admin/webhooks")).text();
  expect(again).not.toContain(secret!);
  const endpointId = /data-endpoint-id="(whe_[^"]+)"/.exec(again)![1]!;
  expect((await user.post(`/admin/webhooks/${endpointId}/test`, { csrf_token: csrfFrom(again) })).status).toBe(303);
  expect(receiver.received).toHaveLength(1);
  const afterTest = await (await user.get("/admin/webhooks")).text();
  expect(afterTest).toContain('data-delivery-kind="test"');
  expect(afterTest).toContain('data-attempt-status="200"');
  expect(afterTest).toContain("thanks");
  const deliveryId = /data-delivery-id="(whd_[^"]+)"/.exec(afterTest)![1]!;
  expect((await user.post(`/admin/webhooks/deliveries/${deliveryId}/redeliver`, { csrf_token: csrfFrom(afterTest) })).status).toBe(303);
  expect(receiver.received).toHaveLength(2);
  expect(receiver.received[1]!.headers["webhook-id"]).toBe(receiver.received[0]!.headers["webhook-id"]);
});

test("a signing secret is shown once on the server: the reveal cookie replayed shows nothing", async () => {
  const { user, client } = await owner("replay@example.com");
  const page = await (await user.get(`/admin/webhooks?client=${client.id}`)).text();
  const made = await user.post("/admin/webhooks", { csrf_token: csrfFrom(page), client_id: client.id, url: hookUrl(), events: "lesson_plan.ready" });
  const cookie = made.headers.getSetCookie().find((c) => c.startsWith("parla_whreveal="))!;
  const sealed = cookie.slice("parla_whreveal=".length, cookie.indexOf(";"));
  const session = user.jar.header().replace(/;?\s*parla_whreveal=[^;]+/, "");
  const replay = async () => (await t.request("GET", "/admin/webhooks", { headers: { cookie: `${session}; parla_whreveal=${sealed}` } })).text();
  const secretIn = (html: string) => /data-testid="new-signing-secret"[^>]*>\s*(parla_whsec_[A-Za-z0-9+/=]+)/.exec(html)?.[1] ?? null;
  const first = secretIn(await replay());
  expect(first).toMatch(/^parla_whsec_/);
  const second = await replay();
  expect(secretIn(second)).toBeNull();
  expect(second).not.toContain(first!);
});

test("rotation, enable, delete; CSRF refused; another account sees and changes nothing", async () => {
  const { user, client } = await owner("a@example.com");
  const page = await (await user.get(`/admin/webhooks?client=${client.id}`)).text();
  await user.post("/admin/webhooks", { csrf_token: csrfFrom(page), client_id: client.id, url: hookUrl(), events: "lesson_plan.ready" });
  const listed = await (await user.get("/admin/webhooks")).text();
  const endpointId = /data-endpoint-id="(whe_[^"]+)"/.exec(listed)![1]!;
  const csrf = csrfFrom(listed);
  expect((await user.post(`/admin/webhooks/${endpointId}/secrets`, { csrf_token: "nope" })).status).toBe(303);
  expect((await (await user.get("/admin/webhooks")).text()).match(/data-secret-id=/g)).toHaveLength(1);
  expect((await user.post(`/admin/webhooks/${endpointId}/secrets`, { csrf_token: csrf })).status).toBe(303);
  const two = await (await user.get("/admin/webhooks")).text();
  expect(two.match(/data-secret-id=/g)).toHaveLength(2);
  expect(two).toContain("new-signing-secret");
  const other = await owner("b@example.com");
  const otherPage = await (await other.user.get("/admin/webhooks")).text();
  expect(otherPage).not.toContain(endpointId);
  await other.user.post(`/admin/webhooks/${endpointId}/delete`, { csrf_token: csrfFrom(otherPage) });
  await other.user.post("/admin/webhooks", { csrf_token: csrfFrom(otherPage), client_id: client.id, url: hookUrl(), events: "lesson_plan.ready" });
  const still = await (await user.get("/admin/webhooks")).text();
  expect(still).toContain(endpointId);
  expect(still.match(/data-endpoint-id=/g)).toHaveLength(1);
  const secretId = /data-secret-id="(whs_[^"]+)"/.exec(still)![1]!;
  expect((await user.post(`/admin/webhooks/${endpointId}/secrets/${secretId}/revoke`, { csrf_token: csrf })).status).toBe(303);
  expect((await (await user.get("/admin/webhooks")).text()).match(/data-secret-id=/g)).toHaveLength(1);
  expect((await user.post(`/admin/webhooks/${endpointId}/enable`, { csrf_token: csrf })).status).toBe(303);
  expect((await user.post(`/admin/webhooks/${endpointId}/delete`, { csrf_token: csrf })).status).toBe(303);
  expect(await (await user.get("/admin/webhooks")).text()).not.toContain(endpointId);
});

test("a refusal is shown next to the field it names, or on the endpoint's card, with its status", async () => {
  const { user, client } = await owner("fields@example.com");
  const page = await (await user.get(`/admin/webhooks?client=${client.id}`)).text();
  const csrf = csrfFrom(page);
  const fieldError = (html: string, id: string) => new RegExp(`<p class="field-error" id="${id}"[^>]*>([^<]*)</p>`).exec(html)?.[1] ?? null;

  const badUrl = await user.post("/admin/webhooks", { csrf_token: csrf, client_id: client.id, url: "http://example.com/hook", events: "lesson_plan.ready" });
  expect(badUrl.status).toBe(400);
  const badUrlHtml = await badUrl.text();
  expect(fieldError(badUrlHtml, "webhook-url-error")).toBe("the URL must use https");
  expect(fieldError(badUrlHtml, "webhook-events-error")).toBeNull();

  const noEvents = await user.post("/admin/webhooks", { csrf_token: csrf, client_id: client.id, url: hookUrl() });
  expect(noEvents.status).toBe(400);
  const noEventsHtml = await noEvents.text();
  expect(fieldError(noEventsHtml, "webhook-events-error")).toBe("choose at least one event type");
  expect(fieldError(noEventsHtml, "webhook-url-error")).toBeNull();

  // Both wrong: both errors at once, each by its field, and the values kept.
  const both = await user.post("/admin/webhooks", { csrf_token: csrf, client_id: client.id, url: "http://example.com/hook" });
  expect(both.status).toBe(400);
  const bothHtml = await both.text();
  expect(fieldError(bothHtml, "webhook-url-error")).toBe("the URL must use https");
  expect(fieldError(bothHtml, "webhook-events-error")).toBe("choose at least one event type");
  expect(bothHtml).toContain('value="http://example.com/hook"');
  const refusedType = await user.post("/admin/webhooks", { csrf_token: csrf, client_id: client.id, url: "https://10.0.0.1/hook", events: "usage.threshold_reached" });
  const refusedTypeHtml = await refusedType.text();
  expect(fieldError(refusedTypeHtml, "webhook-events-error")).toBe("this client may not subscribe to usage.threshold_reached");
  expect(fieldError(refusedTypeHtml, "webhook-url-error")).toContain("not public");

  // A third signing secret: 409, said on that endpoint's card.
  await user.post("/admin/webhooks", { csrf_token: csrf, client_id: client.id, url: hookUrl(), events: "lesson_plan.ready" });
  const listed = await (await user.get("/admin/webhooks")).text();
  const endpointId = /data-endpoint-id="(whe_[^"]+)"/.exec(listed)![1]!;
  expect((await user.post(`/admin/webhooks/${endpointId}/secrets`, { csrf_token: csrf })).status).toBe(303);
  const third = await user.post(`/admin/webhooks/${endpointId}/secrets`, { csrf_token: csrf });
  expect(third.status).toBe(409);
  expect(await third.text()).toContain("an endpoint holds at most 2 signing secrets: revoke the old one first");
  // An endpoint of no one: the same redirect as before, nothing shown as a field error.
  const missing = await user.post(`/admin/webhooks/whe_nope/secrets`, { csrf_token: csrf });
  expect(missing.status).toBe(303);
});
