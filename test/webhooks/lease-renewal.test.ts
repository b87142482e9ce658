// A delivery still in flight keeps its lease (README "Running several processes"): the lease is
// short so a dead process's attempts resume within 15 s, and renewed while the attempt runs so a
// slow receiver is never sent the same attempt by a second process. The short lease's other half,
// resuming a killed process's attempts, is crash-recovery.test.ts.
import { afterEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createDeliveryWorker } from "../../src/webhooks/delivery-worker.ts";
import { sendTest } from "../../src/webhooks/manual-deliveries.ts";
import { webhookAttempts, webhookDeliveries } from "../../src/webhooks/schema.ts";
import { webhookWorld, type WebhookWorld } from "./fixtures.ts";

let world: WebhookWorld;
afterEach(() => world?.cleanup());

test("a slow attempt's lease is renewed, so another process claims nothing until it is recorded", async () => {
  world = await webhookWorld();
  await world.endpoint();
  await world.record();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  world.receiver.answer = async () => {
    await held;
    return new Response("ok");
  };
  const leaseMs = 900;
  const slow = createDeliveryWorker(world.deps.webhooks.deps, { leaseMs, owner: "slow-process" });
  const draining = slow.drain();
  for (let i = 0; i < 200 && world.receiver.received.length === 0; i++) await Bun.sleep(10);
  expect(world.receiver.received).toHaveLength(1);

  const lease = async () => (await world.deps.store.db.select({ owner: webhookDeliveries.leaseOwner, until: webhookDeliveries.leaseExpiresAt }).from(webhookDeliveries))[0]!;
  const firstUntil = (await lease()).until!;
  // Past the first lease on the shared clock: only a renewal keeps the claim.
  world.clock.advance(leaseMs + 100);
  for (let i = 0; i < 200 && (await lease()).until! <= world.clock.now(); i++) await Bun.sleep(20);
  const renewed = await lease();
  expect(renewed.owner).toBe("slow-process");
  expect(renewed.until!).toBeGreaterThan(firstUntil);
  expect(renewed.until!).toBeGreaterThan(world.clock.now());

  // Another process's loop finds nothing to claim while the attempt is in flight.
  await world.deps.webhooks.worker.drain();
  expect(world.receiver.received).toHaveLength(1);

  release();
  await draining;
  const [row] = await world.deps.store.db.select().from(webhookDeliveries);
  expect(row!.state).toBe("succeeded");
  expect(row!.leaseOwner).toBeNull();
  expect(await world.deps.store.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, row!.id))).toHaveLength(1);
  await slow.stop(0);
});

test("a test delivery is leased to the process that sends it: another loop cannot claim it between insert and send", async () => {
  world = await webhookWorld();
  const endpoint = await world.endpoint();
  const mine = world.deps.webhooks.worker;
  const otherLoop = createDeliveryWorker(world.deps.webhooks.deps, { owner: "other-process" });
  let sentByOther = -1;
  const sender = {
    leaseFor: (now: number) => mine.leaseFor(now),
    async deliverNow(id: string) {
      // The other process's loop runs first, as it may on a busy server.
      await otherLoop.drain();
      sentByOther = world.receiver.received.length;
      await mine.deliverNow(id);
    },
  };
  const deliveryId = await sendTest(world.deps.webhooks.deps, sender, world.accountId, endpoint.id);
  expect(sentByOther).toBe(0);
  // Recorded when sendTest returns, so the page that follows shows the attempt.
  const attempts = await world.deps.store.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId));
  expect(attempts.map((a) => a.status)).toEqual([200]);
  expect(world.receiver.received).toHaveLength(1);
  await otherLoop.stop(0);
});
