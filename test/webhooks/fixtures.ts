// Webhook test fixtures: a composed Parla (the product's wiring) on a fresh store, with a clock the
// test moves, a receiver that trusts a test CA, and an account whose client may hear events.
import { join } from "node:path";
import { createUser } from "../../src/accounts/service.ts";
import { createClient, type Client } from "../../src/clients/service.ts";
import { compose, type AppDeps, type ComposePorts } from "../../src/compose.ts";
import { loadConfig } from "../../src/config/config.ts";
import type { RecordedEventType } from "../../src/events/recorder.ts";
import { createAdjustableClock, type AdjustableClock } from "../../src/lib/clock.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore } from "../../src/store/open-store.ts";
import type { DisabledNotice } from "../../src/webhooks/deliver.ts";
import { createEndpoint } from "../../src/webhooks/endpoints.ts";
import { startHttpsReceiver, type HttpsReceiver } from "../helpers/https-receiver.ts";
import { tempDir } from "../helpers/temp-dir.ts";

export interface WebhookWorld {
  deps: AppDeps;
  clock: AdjustableClock;
  receiver: HttpsReceiver;
  accountId: string;
  client: Client;
  notices: DisabledNotice[];
  logs: string[];
  /** Registers an endpoint at the receiver (through the real guard, opened for 127.0.0.0/8). */
  endpoint(events?: string[], path?: string): Promise<{ id: string; secret: string; secretId: string }>;
  record(type?: RecordedEventType, data?: Record<string, unknown>): Promise<string>;
  cleanup(): void;
}

export async function webhookWorld(ports: ComposePorts = {}, startMs = Date.now()): Promise<WebhookWorld> {
  const receiver = startHttpsReceiver();
  const dir = tempDir();
  const config = loadConfig({ PARLA_DATABASE_URL: `file:${join(dir.path, "wh.db")}`, PARLA_BASE_URL: "http://localhost", PARLA_WEBHOOK_ALLOW_NETWORKS: "127.0.0.0/8", PARLA_WEBHOOK_CA_FILE: receiver.caFile });
  const store = openStore(config.databaseUrl);
  const clock = createAdjustableClock(startMs);
  await migrate(store.client, clock.now());
  const logs: string[] = [];
  const notices: DisabledNotice[] = [];
  const { deps } = await compose(config, store, createLogger("debug", {}, (l) => logs.push(l)), clock, undefined, undefined, {
    webhookResolver: async (name) => (name === "localhost" || name === "hooks.test" ? ["127.0.0.1"] : ["93.184.215.14"]),
    notifyEndpointDisabled: async (n) => {
      notices.push(n);
    },
    ...ports,
  });
  const user = await createUser(store.db, clock.now(), { email: `dev${Math.random()}@example.com`, password: "correct horse battery", plan: "free" });
  const made = await createClient(store.db, clock.now(), { accountId: user.accountId, name: "Game", type: "confidential", scopes: ["events:read", "lesson_plans:read", "usage:read"], billingMode: "allowance", redirectUris: [] });
  return {
    deps,
    clock,
    receiver,
    accountId: user.accountId,
    client: made.client,
    notices,
    logs,
    async endpoint(events = ["lesson_plan.ready"], path = "/hook") {
      const r = await createEndpoint({ db: store.db, serverKey: deps.serverKey, guard: deps.webhooks.deps.guard }, clock.now(), user.accountId, { clientId: made.client.id, url: receiver.url(path), events });
      return { id: r.endpoint.id, secret: r.secret, secretId: r.secretId };
    },
    async record(type = "lesson_plan.ready", data = { plan_id: "lp_1", status: "complete" }) {
      const e = await store.db.transaction((tx) => deps.events.record(tx, clock.now(), { accountId: user.accountId, type, data }));
      return e.id;
    },
    cleanup() {
      receiver.stop();
      (receiver as HttpsReceiver & { cleanup(): void }).cleanup();
      store.close();
      dir.cleanup();
    },
  };
}
