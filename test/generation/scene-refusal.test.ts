// A topic or scene the built-in engine understands nothing of is refused before anything is
// spent (the learner pays for a lesson on what was asked, never for a substitute): on
// POST /v1/lesson-plans, on an inbound event that asks for a plan, and on the web's lessons page.
// Nothing is stored and nothing is counted.
import { afterEach, expect, test } from "bun:test";
import { count } from "drizzle-orm";
import { lessonPlans } from "../../src/generation/schema.ts";
import { clientWithToken, ledger, op, usage } from "../billing/fixtures.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { createTestApp } from "../helpers/test-app.ts";
import { WebUser } from "../helpers/browser-less.ts";
import { as, footprint, plan } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

const plans = async () => (await t.deps.store.db.select({ n: count() }).from(lessonPlans))[0]!.n;

test("POST /v1/lesson-plans: 400 invalid_request naming topic or scene and what the engine teaches; nothing stored, charged or counted", async () => {
  t = await createTestApp();
  const c = await clientWithToken(t);
  const before = await ledger(t);
  const rows = await footprint(t);
  for (const [field, text] of [["topic", "quantum chromodynamics"], ["scene", "🎉🍕🚀"], ["scene", "مقهى في القاهرة"]] as const) {
    const r = await as(t, c.token).post("/v1/lesson-plans", plan({ topic: undefined, [field]: text }));
    expect(r.status).toBe(400);
    const body = (await r.json()) as any;
    expect(body).toMatchObject({ code: "invalid_request", param: field });
    expect(body.error).toContain("ordering in a restaurant");
  }
  expect(await plans()).toBe(0);
  expect(await footprint(t)).toEqual(rows);
  expect((await ledger(t)).totals).toEqual(before.totals);
  expect(op(await (await usage(t, c.token)).json(), "lesson_plan.create")?.calls ?? 0).toBe(0);
  // Partly understood is taught, and the plan says what it used.
  const ok = await as(t, c.token).post("/v1/lesson-plans", plan({ topic: undefined, scene: "a café with zorblax" }));
  expect(ok.status).toBe(202);
  await t.scheduler.drain();
  const id = ((await ok.json()) as any).id;
  const full = (await (await as(t, c.token).get(`/v1/lesson-plans/${id}`)).json()) as any;
  expect(full.sets[0].understood).toMatchObject({ frame: "order_food", npc_role: "waiter" });
  expect(full.sets[0].understood.confidence).toBeLessThan(1);
}, 60_000);

test("an inbound event asking for a plan on a scene not understood: reaction refused with the reason, no plan, nothing spent", async () => {
  t = await createTestApp();
  const c = await clientWithToken(t);
  const before = await ledger(t);
  const res = await t.request("POST", "/v1/events", {
    json: { type: "world.practice_requested", data: { topic: "quantum chromodynamics", source_lang: "en", target_lang: "es", level: 2 } },
    headers: { authorization: `Bearer ${c.token}`, "idempotency-key": crypto.randomUUID() },
  });
  expect(res.status).toBe(202);
  const answer = (await res.json()) as any;
  expect(answer).toMatchObject({ reaction: "refused", reason: "invalid_request" });
  expect(answer.error).toContain("understood nothing");
  expect(answer.plan_id).toBeUndefined();
  expect(await plans()).toBe(0);
  expect((await ledger(t)).totals).toEqual(before.totals);
}, 60_000);

test("the web lessons page says so before the learner pays: 400 with the engine's words, nothing stored or spent", async () => {
  t = await createTestApp({ freeAllowanceCredits: 300 });
  const web = new WebUser(t);
  await web.signUp("scene-learner@example.com");
  const before = await footprint(t);
  const spentBefore = (await ledger(t)).totals;
  const res = await web.submit("/lessons", "/lessons", { source: "en", target: "es", level: "2", kind: "scene", about: "quantum chromodynamics", npc_name: "", npc_persona: "" });
  expect(res.status).toBe(400);
  const html = await res.text();
  expect(html).toContain("understood nothing of this scene");
  expect(html).toContain("ordering in a restaurant");
  expect(await footprint(t)).toEqual(before);
  expect((await ledger(t)).totals).toEqual(spentBefore);
}, 60_000);
