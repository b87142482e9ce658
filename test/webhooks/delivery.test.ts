// Delivery to a real HTTPS receiver (spec 6.4), verified with the standardwebhooks package.
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { usageDaily } from "../../src/billing/schema.ts";
import { setClientScopes } from "../../src/clients/service.ts";
import { createEndpointSecret, revokeEndpointSecret } from "../../src/webhooks/endpoints.ts";
import { listDeliveries, redeliver, sendTest } from "../../src/webhooks/manual-deliveries.ts";
import { webhookFor } from "./verify.ts";
import { webhookWorld, type WebhookWorld } from "./fixtures.ts";

let world: WebhookWorld;
afterEach(() => world?.cleanup());

describe("signed delivery to a real HTTPS receiver", () => {
  test("an event reaches its endpoint once, signed, with the envelope; standardwebhooks verifies it", async () => {
    world = await webhookWorld();
    const ep = await world.endpoint();
    const eventId = await world.record();
    await world.deps.webhooks.worker.drain();
    expect(world.receiver.received).toHaveLength(1);
    const req = world.receiver.received[0]!;
    expect(req.headers["webhook-id"]).toBe(eventId);
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers["user-agent"]).toMatch(/^Parla-Webhooks\//);
    expect(req.headers.host).toBe(`localhost:${world.receiver.port}`);
    const payload = webhookFor(ep.secret).verify(req.body, req.headers) as Record<string, unknown>;
    expect(payload).toMatchObject({ id: eventId, type: "lesson_plan.ready", api_version: world.client.pinnedVersion, data: { plan_id: "lp_1", status: "complete" } });
    expect(String(payload.subject)).toStartWith("parla_sub_");
    const [d] = await listDeliveries(world.deps.store.db, world.clock.now(), ep.id);
    expect(d).toMatchObject({ eventId, state: "succeeded", kind: "auto" });
    expect(d!.attempts).toHaveLength(1);
    expect(d!.attempts[0]).toMatchObject({ status: 200, error: null, response: "ok" });
  });

  test("rotation: two live secrets sign with two v1 entries, each verifies alone; revoking leaves one", async () => {
    world = await webhookWorld();
    const ep = await world.endpoint();
    const second = await createEndpointSecret({ db: world.deps.store.db, serverKey: world.deps.serverKey }, world.clock.now(), world.accountId, ep.id);
    await expect(createEndpointSecret({ db: world.deps.store.db, serverKey: world.deps.serverKey }, world.clock.now(), world.accountId, ep.id)).rejects.toMatchObject({ status: 409, code: "conflict", param: "secret" });
    await world.record();
    await world.deps.webhooks.worker.drain();
    const req = world.receiver.received[0]!;
    expect(req.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    webhookFor(ep.secret).verify(req.body, req.headers);
    webhookFor(second.secret).verify(req.body, req.headers);
    await revokeEndpointSecret(world.deps.store.db, world.accountId, ep.id, ep.secretId);
    await expect(revokeEndpointSecret(world.deps.store.db, world.accountId, ep.id, second.secretId)).rejects.toMatchObject({ status: 409, code: "conflict", param: "secret" });
    await world.record();
    await world.deps.webhooks.worker.drain();
    const later = world.receiver.received[1]!;
    expect(later.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    webhookFor(second.secret).verify(later.body, later.headers);
    expect(() => webhookFor(ep.secret).verify(later.body, later.headers)).toThrow();
  });

  test("only subscribed types that the client may hear; another account's events never", async () => {
    world = await webhookWorld();
    await world.endpoint(["lesson_plan.failed"]);
    await world.record("lesson_plan.ready");
    // app.installed for another client of the account: this client may not hear it (spec 6.1).
    await world.deps.webhooks.worker.drain();
    expect(world.receiver.received).toHaveLength(0);
    await world.record("lesson_plan.failed", { plan_id: "lp_2" });
    await world.deps.webhooks.worker.drain();
    expect(world.receiver.received).toHaveLength(1);
  });

  test("the client's current scopes: a delivery queued before its scopes narrowed is not sent, and new events are not queued", async () => {
    world = await webhookWorld();
    const ep = await world.endpoint(["lesson_plan.ready"]);
    await world.record("lesson_plan.ready", { plan_id: "queued" });
    await setClientScopes(world.deps.store.db, world.accountId, world.client.id, ["events:read", "usage:read"]);
    await world.record("lesson_plan.ready", { plan_id: "after" });
    await world.deps.webhooks.worker.drain();
    expect(world.receiver.received).toHaveLength(0);
    const deliveries = await listDeliveries(world.deps.store.db, world.clock.now(), ep.id);
    expect(deliveries.map((d) => [d.state, d.attempts.length])).toEqual([["failed", 0]]);
    // Widened again: what is recorded from then on goes.
    await setClientScopes(world.deps.store.db, world.accountId, world.client.id, ["events:read", "lesson_plans:read"]);
    await world.record("lesson_plan.ready", { plan_id: "widened" });
    await world.deps.webhooks.worker.drain();
    expect(world.receiver.received.map((r) => JSON.parse(r.body).data.plan_id)).toEqual(["widened"]);
  });

  test("usage counts once per event per endpoint at its first 2xx; a test never counts", async () => {
    world = await webhookWorld();
    const ep = await world.endpoint();
    await world.record();
    await world.deps.webhooks.worker.drain();
    const [delivery] = await listDeliveries(world.deps.store.db, world.clock.now(), ep.id);
    expect(await redeliver(world.deps.webhooks.deps, world.deps.webhooks.worker, world.accountId, delivery!.id)).toStartWith("whd_");
    expect(await sendTest(world.deps.webhooks.deps, world.deps.webhooks.worker, world.accountId, ep.id)).toStartWith("whd_");
    expect(world.receiver.received).toHaveLength(3);
    expect(world.receiver.received[1]!.headers["webhook-id"]).toBe(world.receiver.received[0]!.headers["webhook-id"]);
    const testBody = JSON.parse(world.receiver.received[2]!.body);
    expect(testBody).toMatchObject({ type: "webhook.test", data: { endpoint_id: ep.id } });
    webhookFor(ep.secret).verify(world.receiver.received[2]!.body, world.receiver.received[2]!.headers);
    const rows = await world.deps.store.db.select().from(usageDaily).where(eq(usageDaily.operation, "webhook.delivery"));
    expect(rows.reduce((n, r) => n + r.calls, 0)).toBe(1);
  });

  test("a redirect is a failure and is not followed", async () => {
    world = await webhookWorld();
    const ep = await world.endpoint();
    world.receiver.answer = (req) => (req.path === "/hook" ? new Response(null, { status: 302, headers: { location: world.receiver.url("/elsewhere") } }) : new Response("ok"));
    await world.record();
    await world.deps.webhooks.worker.drain();
    expect(world.receiver.received.map((r) => r.path)).toEqual(["/hook"]);
    const [d] = await listDeliveries(world.deps.store.db, world.clock.now(), ep.id);
    expect(d).toMatchObject({ state: "pending" });
    expect(d!.attempts[0]).toMatchObject({ status: 302 });
    expect(d!.attempts[0]!.error).toContain("redirect");
  });

  test("an answer after the timeout is a failure (10 s, scaled down for the test)", async () => {
    world = await webhookWorld({ webhookTimeoutMs: 100 });
    const ep = await world.endpoint();
    world.receiver.answer = async () => {
      await Bun.sleep(110);
      return new Response("late");
    };
    await world.record();
    await world.deps.webhooks.worker.drain();
    const [d] = await listDeliveries(world.deps.store.db, world.clock.now(), ep.id);
    expect(d).toMatchObject({ state: "pending" });
    expect(d!.attempts[0]).toMatchObject({ status: null });
    expect(d!.attempts[0]!.error).toContain("no answer within");
  });

  test("the first 2 KB of an answer are kept", async () => {
    world = await webhookWorld();
    const ep = await world.endpoint();
    world.receiver.answer = () => new Response("x".repeat(10_000), { status: 500 });
    await world.record();
    await world.deps.webhooks.worker.drain();
    const [d] = await listDeliveries(world.deps.store.db, world.clock.now(), ep.id);
    expect(d!.attempts[0]!.response).toHaveLength(2048);
    expect(d!.attempts[0]!.status).toBe(500);
  });

  test("a name that changes address after registration is refused at delivery (DNS rebinding)", async () => {
    let address = "93.184.215.14";
    world = await webhookWorld({ webhookResolver: async () => [address] });
    const { createEndpoint } = await import("../../src/webhooks/endpoints.ts");
    const made = await createEndpoint({ db: world.deps.store.db, serverKey: world.deps.serverKey, guard: world.deps.webhooks.deps.guard }, world.clock.now(), world.accountId, { clientId: world.client.id, url: "https://rebind.example.com/hook", events: ["lesson_plan.ready"] });
    address = "10.1.2.3";
    await world.record();
    await world.deps.webhooks.worker.drain();
    const [d] = await listDeliveries(world.deps.store.db, world.clock.now(), made.endpoint.id);
    expect(d!.attempts[0]!.error).toContain("refused");
    expect(d!.attempts[0]!.status).toBeNull();
  });
});
