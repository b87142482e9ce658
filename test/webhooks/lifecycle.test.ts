// Retries, disabling and their exceptions (spec 3.2, 6.4; DESIGN §6), driven by the injectable clock.
import { afterEach, describe, expect, test } from "bun:test";
import { DAY, HOUR, SECOND } from "../../src/lib/clock.ts";
import { enableEndpoint, findEndpoint } from "../../src/webhooks/endpoints.ts";
import { listDeliveries, redeliver, sendTest } from "../../src/webhooks/manual-deliveries.ts";
import { RETRY_GAPS_MS, nextGapMs } from "../../src/webhooks/retry-schedule.ts";
import { webhookWorld, type WebhookWorld } from "./fixtures.ts";
import { webhookFor } from "./verify.ts";

let world: WebhookWorld;
afterEach(() => world?.cleanup());

const failing = () => new Response("down", { status: 503 });

async function advanceAndDrain(w: WebhookWorld, ms: number): Promise<void> {
  w.clock.advance(ms);
  await w.deps.webhooks.worker.drain();
}

describe("retries (DESIGN §6)", () => {
  test("gaps 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h within ±20 %, then failed after 8 attempts", async () => {
    world = await webhookWorld();
    const ep = await world.endpoint();
    world.receiver.answer = failing;
    await world.record();
    await world.deps.webhooks.worker.drain();
    const times = [world.clock.now()];
    for (const gap of RETRY_GAPS_MS) {
      // Not yet due at 79 % of the gap; due by 121 %.
      await advanceAndDrain(world, Math.floor(gap * 0.79));
      expect(world.receiver.received).toHaveLength(times.length);
      await advanceAndDrain(world, Math.ceil(gap * 0.42));
      expect(world.receiver.received).toHaveLength(times.length + 1);
      times.push(world.clock.now());
    }
    await advanceAndDrain(world, 2 * DAY);
    expect(world.receiver.received).toHaveLength(8);
    const [d] = await listDeliveries(world.deps.store.db, world.clock.now(), ep.id);
    expect(d).toMatchObject({ state: "failed" });
    expect(d!.attempts).toHaveLength(8);
    expect(new Set(world.receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    // Signed with wall time, so a receiver still verifies the last retry after the clock moved on a day.
    const last = world.receiver.received.at(-1)!;
    expect(webhookFor(ep.secret).verify(last.body, last.headers)).toMatchObject({ type: "lesson_plan.ready" });
  });

  test("jitter stays within ±20 % and Retry-After is honoured up to the longest gap", () => {
    expect(nextGapMs(1, null, () => 0)).toBe(4_000);
    expect(nextGapMs(1, null, () => 1)).toBe(6_000);
    expect(nextGapMs(1, 60_000, () => 0.5)).toBe(60_000);
    expect(nextGapMs(2, 100 * HOUR, () => 0.5)).toBe(10 * HOUR);
    expect(nextGapMs(8, null)).toBeNull();
  });

  test("a receiver's Retry-After postpones the next attempt", async () => {
    world = await webhookWorld();
    await world.endpoint();
    world.receiver.answer = () => new Response("slow down", { status: 429, headers: { "retry-after": "120" } });
    await world.record();
    await world.deps.webhooks.worker.drain();
    await advanceAndDrain(world, 60 * SECOND);
    expect(world.receiver.received).toHaveLength(1);
    await advanceAndDrain(world, 61 * SECOND);
    expect(world.receiver.received).toHaveLength(2);
  });
});

describe("disabling (spec 3.2)", () => {
  test("a 410 to an automatic delivery disables at once, and the owner is notified; later events are missed", async () => {
    world = await webhookWorld();
    const ep = await world.endpoint();
    world.receiver.answer = () => new Response("gone", { status: 410 });
    await world.record();
    await world.deps.webhooks.worker.drain();
    expect((await findEndpoint(world.deps.store.db, null, ep.id))?.state).toBe("disabled");
    expect(world.notices).toMatchObject([{ endpointId: ep.id, reason: "gone", accountId: world.accountId }]);
    await advanceAndDrain(world, DAY);
    expect(world.receiver.received).toHaveLength(1);
    await world.record();
    await world.deps.webhooks.worker.drain();
    expect(world.receiver.received).toHaveLength(1);
    const deliveries = await listDeliveries(world.deps.store.db, world.clock.now(), ep.id);
    expect(deliveries.map((d) => d.state)).toEqual(["missed", "failed"]);
    // A test and a redelivery still go to a disabled endpoint; a 410 to them changes nothing.
    world.receiver.answer = () => new Response("ok");
    expect(await redeliver(world.deps.webhooks.deps, world.deps.webhooks.worker, world.accountId, deliveries[0]!.id)).toStartWith("whd_");
    expect(world.receiver.received).toHaveLength(2);
    expect(await enableEndpoint(world.deps.store.db, world.accountId, ep.id)).toBe(true);
    await world.record();
    await world.deps.webhooks.worker.drain();
    expect(world.receiver.received).toHaveLength(3);
  });

  test("a 410 to a test or a redelivery does not disable; neither is retried", async () => {
    world = await webhookWorld();
    const ep = await world.endpoint();
    world.receiver.answer = () => new Response("gone", { status: 410 });
    expect(await sendTest(world.deps.webhooks.deps, world.deps.webhooks.worker, world.accountId, ep.id)).toStartWith("whd_");
    expect((await findEndpoint(world.deps.store.db, null, ep.id))?.state).toBe("enabled");
    world.receiver.answer = failing;
    await world.record();
    await world.deps.webhooks.worker.drain();
    const auto = (await listDeliveries(world.deps.store.db, world.clock.now(), ep.id)).find((d) => d.kind === "auto");
    world.receiver.answer = () => new Response("gone", { status: 410 });
    await redeliver(world.deps.webhooks.deps, world.deps.webhooks.worker, world.accountId, auto!.id);
    expect((await findEndpoint(world.deps.store.db, null, ep.id))?.state).toBe("enabled");
    const all = await listDeliveries(world.deps.store.db, world.clock.now(), ep.id);
    const manual = all.filter((d) => d.kind !== "auto");
    expect(manual.map((d) => [d.kind, d.state, d.attempts.length]).sort()).toEqual([
      ["redelivery", "failed", 1],
      ["test", "failed", 1],
    ]);
    expect(world.notices).toHaveLength(0);
  });

  /** Fails everything; an event every 12 hours so there is always a delivery failing. */
  async function failFor(w: WebhookWorld, days: number): Promise<void> {
    for (let h = 0; h < days * 24; h += 12) {
      await w.record();
      for (let i = 0; i < 12; i++) await advanceAndDrain(w, HOUR);
    }
  }

  test("five days of nothing but failed deliveries disable; four do not", async () => {
    world = await webhookWorld();
    const ep = await world.endpoint();
    world.receiver.answer = failing;
    await failFor(world, 4.5);
    expect((await findEndpoint(world.deps.store.db, null, ep.id))?.state).toBe("enabled");
    await failFor(world, 1);
    expect((await findEndpoint(world.deps.store.db, null, ep.id))?.state).toBe("disabled");
    expect(world.notices).toMatchObject([{ endpointId: ep.id, reason: "failing" }]);
  });

  test("a success on day four resets the clock", async () => {
    world = await webhookWorld();
    const ep = await world.endpoint();
    world.receiver.answer = failing;
    await failFor(world, 4);
    world.receiver.answer = () => new Response("ok");
    await world.record();
    await world.deps.webhooks.worker.drain();
    world.receiver.answer = failing;
    await failFor(world, 4.5);
    expect((await findEndpoint(world.deps.store.db, null, ep.id))?.state).toBe("enabled");
    await failFor(world, 1);
    expect((await findEndpoint(world.deps.store.db, null, ep.id))?.state).toBe("disabled");
  });

  test("an endpoint with no traffic is never disabled", async () => {
    world = await webhookWorld();
    const ep = await world.endpoint();
    world.receiver.answer = failing;
    // One failing event every six days: its retries end after about a day, then nothing is sent.
    for (let round = 0; round < 3; round++) {
      await world.record();
      for (let i = 0; i < 6 * 24; i++) await advanceAndDrain(world, HOUR);
    }
    expect(world.receiver.received).toHaveLength(24);
    expect((await findEndpoint(world.deps.store.db, null, ep.id))?.state).toBe("enabled");
  });

  test("Parla's own faults (its network down) never count toward disabling", async () => {
    let networkDown = false;
    world = await webhookWorld({
      webhookResolver: async () => {
        if (networkDown) throw Object.assign(new Error("temporary failure in name resolution"), { code: "EAI_AGAIN" });
        return ["127.0.0.1"];
      },
    });
    const ep = await world.endpoint();
    networkDown = true;
    await failFor(world, 6);
    expect((await findEndpoint(world.deps.store.db, null, ep.id))?.state).toBe("enabled");
    const deliveries = await listDeliveries(world.deps.store.db, world.clock.now(), ep.id);
    expect(deliveries.every((d) => d.state === "pending")).toBe(true);
    expect(deliveries[0]!.attempts[0]!.error).toContain("EAI_AGAIN");
    expect(world.receiver.received).toHaveLength(0);
    networkDown = false;
    await advanceAndDrain(world, HOUR);
    expect(world.receiver.received).toHaveLength(deliveries.length);
  });
});

describe("the disabled notice (spec 3.2)", () => {
  test("without a port given, the product's wiring mails the account owner through the mail outbox", async () => {
    const { mailOutbox } = await import("../../src/mail/schema.ts");
    world = await webhookWorld({ notifyEndpointDisabled: undefined });
    await world.endpoint();
    world.receiver.answer = () => new Response("gone", { status: 410 });
    await world.record();
    await world.deps.webhooks.worker.drain();
    const mails = await world.deps.store.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toStartWith("dev");
    expect(mails[0]!.subject).toBe("Parla: a webhook endpoint was disabled");
    expect(mails[0]!.bodyText).toContain("410 Gone");
    expect(mails[0]!.bodyText).toContain("/admin/webhooks");
  });
});
