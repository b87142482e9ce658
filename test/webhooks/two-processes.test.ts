// Several processes on one database never send one attempt twice (spec 6.4; DESIGN §2): two
// composed Parlas (two stores, two delivery loops with their own lease owners) drain one burst.
import { afterEach, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { compose } from "../../src/compose.ts";
import { loadConfig } from "../../src/config/config.ts";
import { silentLogger } from "../../src/lib/logger.ts";
import { openStore } from "../../src/store/open-store.ts";
import { webhookAttempts } from "../../src/webhooks/schema.ts";
import { webhookWorld, type WebhookWorld } from "./fixtures.ts";

let world: WebhookWorld;
afterEach(() => world?.cleanup());

test("two delivery loops on one database: each of 300 deliveries is attempted exactly once", async () => {
  world = await webhookWorld();
  await world.endpoint();
  for (let i = 0; i < 300; i += 50) {
    await world.deps.store.db.transaction(async (tx) => {
      for (let j = i; j < i + 50; j++) await world.deps.events.record(tx, world.clock.now(), { accountId: world.accountId, type: "lesson_plan.ready", data: { plan_id: `lp_${j}`, status: "complete" } });
    });
  }
  const config = loadConfig({ PARLA_DATABASE_URL: world.deps.config.databaseUrl, PARLA_WEBHOOK_ALLOW_NETWORKS: "127.0.0.0/8", PARLA_WEBHOOK_CA_FILE: world.receiver.caFile });
  const otherStore = openStore(config.databaseUrl);
  const other = await compose(config, otherStore, silentLogger, world.clock);
  expect(other.deps.webhooks.worker.owner).not.toBe(world.deps.webhooks.worker.owner);
  await Promise.all([world.deps.webhooks.worker.drain(), other.deps.webhooks.worker.drain()]);
  const ids = world.receiver.received.map((r) => r.headers["webhook-id"]);
  expect(ids).toHaveLength(300);
  expect(new Set(ids).size).toBe(300);
  const [row] = await world.deps.store.db.select({ n: sql<number>`count(*)`, deliveries: sql<number>`count(distinct ${webhookAttempts.deliveryId})` }).from(webhookAttempts);
  expect(row).toEqual({ n: 300, deliveries: 300 });
  otherStore.close();
});
