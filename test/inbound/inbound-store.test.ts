// The inbound service's statements on both store drivers (spec 4.3.7–8): the embedded bun:sqlite
// client and a libSQL server (the Hrana test server) — one key is claimed once however many ask at
// once, and a known key is found again by one read, its first answer kept as stored.
import { describe, expect, test } from "bun:test";
import { createUser } from "../../src/accounts/service.ts";
import { createClient } from "../../src/clients/service.ts";
import { compose } from "../../src/compose.ts";
import { loadConfig } from "../../src/config/config.ts";
import { parseInboundEvent } from "../../src/inbound/inbound-input.ts";
import { answerKnownKey, findKey, receiveNewEvent, type InboundCaller } from "../../src/inbound/service.ts";
import { createAdjustableClock, DAY } from "../../src/lib/clock.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore } from "../../src/store/open-store.ts";
import { STORE_DRIVERS } from "../helpers/store-drivers.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { TEST_START } from "../helpers/test-app.ts";

const drivers = STORE_DRIVERS;

describe("inbound events on both store drivers", () => {
  for (const driver of drivers) {
    test(`${driver.name}: 20 concurrent new requests with one key store one event and give one answer; the key is then found by one read`, async () => {
      const dir = tempDir();
      const { url, stop } = driver.open(dir.path);
      const store = openStore(url);
      try {
        const clock = createAdjustableClock(TEST_START);
        await migrate(store.client, clock.now());
        const { deps, release } = await compose(loadConfig({ PARLA_DATABASE_URL: url, PARLA_BASE_URL: "http://localhost" }), store, createLogger("error", {}, () => {}), clock);
        const user = await createUser(store.db, clock.now(), { email: "game@example.com", password: null });
        const client = await createClient(store.db, clock.now(), { accountId: user.accountId, name: "Game", type: "confidential", scopes: ["events:write"], billingMode: "allowance", redirectUris: [] });
        const caller: InboundCaller = { clientId: client.client.id, ownerAccountId: user.accountId, payerAccountId: user.accountId, userId: null, billingMode: "allowance", actingForUser: false };
        const event = parseInboundEvent({ type: "world.context_changed", data: { scene: " Café at dawn ", source_lang: "en", target_lang: "es", level: 2, tags: ["cafe"] } });

        expect(await findKey(store, caller.clientId, "one-key")).toBeNull();
        const answers = await Promise.all(Array.from({ length: 20 }, () => receiveNewEvent(deps, caller, "one-key", event)));
        expect(new Set(answers)).toEqual(new Set([JSON.stringify({ reaction: "complete" })]));
        const { rows } = await store.client.execute({ sql: "SELECT id, type, data, answer, answered_at FROM inbound_events", args: [] });
        expect(rows.length).toBe(1);
        expect(String(rows[0]!.id)).toStartWith("parla_evt_");
        expect(JSON.parse(String(rows[0]!.data))).toEqual({ scene: "Café at dawn", source_lang: "en", target_lang: "es", level: 2, tags: ["cafe"], generate: false });
        expect(Number(rows[0]!.answered_at)).toBe(TEST_START);

        const known = await findKey(store, caller.clientId, "one-key");
        expect(known).toEqual({ answer: '{"reaction":"complete"}', planId: null, createdAt: TEST_START, generate: false });
        expect(await answerKnownKey(deps, caller.clientId, "one-key", known)).toBe('{"reaction":"complete"}');
        // Another client's same key is another key.
        expect(await findKey(store, "parla_cl_other", "one-key")).toBeNull();
        // After a day the answer is rebuilt from the stored event (spec 2.7).
        clock.advance(DAY);
        expect(JSON.parse(await answerKnownKey(deps, caller.clientId, "one-key"))).toEqual({ reaction: "complete" });
        await release();
      } finally {
        store.close();
        stop();
        dir.cleanup();
      }
    }, 30_000);
  }
});
