// One event to many open streams (event-signal.ts, event-stream.ts): the poller's batch makes each
// frame once per client and version and hands the same text to every stream of that client, while
// each stream still applies its own rule — its `types`, its scopes — and each client gets its own
// subject (spec 2.5). Checked on live streams, where the sharing happens.
import { afterEach, describe, expect, test } from "bun:test";
import { createClient, setClientScopes } from "../../src/clients/service.ts";
import { SCOPES } from "../../src/lib/scopes.ts";
import { tokenFor } from "../billing/fixtures.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { ownerWithClient } from "../oauth/fixtures.ts";
import { feed, openSubscribedStream, recordEvent } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

describe("one event to many live streams", () => {
  test("streams of one client get the same frame; another client its own subject; each stream its own types and scopes", async () => {
    t = await createTestApp();
    const owner = await ownerWithClient(t);
    const second = await createClient(t.deps.store.db, t.clock.now(), { accountId: owner.accountId, name: "Second game", type: "confidential", scopes: [...SCOPES], billingMode: "allowance", redirectUris: [] });
    const narrowed = await createClient(t.deps.store.db, t.clock.now(), { accountId: owner.accountId, name: "Third game", type: "confidential", scopes: [...SCOPES], billingMode: "allowance", redirectUris: [] });
    const [a1, a2, b, c] = [
      await tokenFor(t, owner.client.id, owner.secret!),
      await tokenFor(t, owner.client.id, owner.secret!),
      await tokenFor(t, second.client.id, second.secret!),
      await tokenFor(t, narrowed.client.id, narrowed.secret!),
    ];
    const streams = {
      a1: await openSubscribedStream(t, a1),
      a2: await openSubscribedStream(t, a2),
      a1Usage: await openSubscribedStream(t, a1, "types=usage.threshold_reached"),
      b: await openSubscribedStream(t, b),
      c: await openSubscribedStream(t, c),
    };
    // A first event takes every stream past its catch-up: the next ones come live, in one batch.
    await recordEvent(t, owner.accountId, "usage.threshold_reached", { subject: "account", percent: 50, limit_credits: 10, used_credits: 5, month: "2026-11" });
    for (const frames of Object.values(streams)) expect(JSON.parse((await frames.nextNonHeartbeat())!.data!).type).toBe("usage.threshold_reached");
    await Bun.sleep(100);
    // The third client loses lesson_plans:read: its stream no longer hears lesson plans.
    await setClientScopes(t.deps.store.db, owner.accountId, narrowed.client.id, ["events:read", "usage:read"]);
    await recordEvent(t, owner.accountId, "lesson_plan.ready", { plan_id: "parla_lp_live", status: "complete" });
    await recordEvent(t, owner.accountId, "usage.threshold_reached", { subject: "account", percent: 90, limit_credits: 10, used_credits: 9, month: "2026-11" });

    const next = async (name: keyof typeof streams) => (await streams[name].nextNonHeartbeat())!;
    const [fromA1, fromA2, fromB] = [await next("a1"), await next("a2"), await next("b")];
    expect(JSON.parse(fromA1.data!).data.plan_id).toBe("parla_lp_live");
    // The same client: the same bytes, cursor included.
    expect(fromA2.id).toBe(fromA1.id);
    expect(fromA2.data).toBe(fromA1.data);
    // Another client of the account: the same event and position, its own subject.
    const envelopeA = JSON.parse(fromA1.data!);
    const envelopeB = JSON.parse(fromB.data!);
    expect(envelopeB.id).toBe(envelopeA.id);
    expect(envelopeB.subject).not.toBe(envelopeA.subject);
    const pageB = await feed(t, b, "start=oldest");
    expect(pageB.body.items.find((e: { id: string }) => e.id === envelopeA.id).subject).toBe(envelopeB.subject);
    // Filtered by `types`, or narrowed: the lesson plan never comes, the usage event does.
    expect(JSON.parse((await next("a1Usage")).data!).data.percent).toBe(90);
    expect(JSON.parse((await next("c")).data!).data.percent).toBe(90);
    for (const frames of Object.values(streams)) await frames.cancel();
  });
});
