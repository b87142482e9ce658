// Retention (spec 4.4.2, 8): events older than 30 days are pruned by recurring housekeeping.
import { afterEach, describe, expect, test } from "bun:test";
import { DAY, HOUR } from "../../src/lib/clock.ts";
import { events } from "../../src/events/schema.ts";
import { clientWithToken } from "../billing/fixtures.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { recordEvent } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

describe("retention", () => {
  test("the housekeeping job prunes events older than 30 days and keeps the rest", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: "old" });
    t.clock.advance(2 * DAY);
    await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: "newer" });
    await t.scheduler.drain();
    expect(await t.deps.store.db.select().from(events)).toHaveLength(2);
    t.clock.advance(28 * DAY + HOUR);
    await t.scheduler.drain();
    const left = await t.deps.store.db.select().from(events);
    expect(left.map((e) => e.data.plan_id)).toEqual(["newer"]);
  });
});
