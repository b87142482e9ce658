// The operator's pages (PARLA_OPERATOR_EMAILS): the mail outbox at /operator/outbox and the
// language model's use on the Usage page. Anyone else gets the answer of a route that does not exist.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/config/config.ts";
import { usageRecorder } from "../../src/generation/llm/usage-store.ts";
import { WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const OPERATOR = "ops@example.com";
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, { PARLA_OPERATOR_EMAILS: "Ops@Example.com, second@example.com" });
});
afterEach(() => t.cleanup());

async function signedUp(email: string): Promise<WebUser> {
  const user = new WebUser(t);
  const res = await user.signUp(email);
  expect(res.status).toBeLessThan(400);
  return user;
}

describe("the Outbox page", () => {
  test("an operator sees the held messages with their links; the nav offers the page", async () => {
    await signedUp("learner@example.com");
    const operator = await signedUp(OPERATOR);
    const res = await operator.get("/operator/outbox");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("No SMTP server is configured");
    expect(html).toContain("To learner@example.com");
    expect(html).toMatch(/\/verify-email\?/);
    expect(html).toContain('href="/operator/outbox"');
  });

  test("anyone else gets a 404 as for a route that does not exist, and no link to it; signed out goes to sign-in", async () => {
    const learner = await signedUp("learner@example.com");
    const res = await learner.get("/operator/outbox");
    expect(res.status).toBe(404);
    const unknown = await learner.get("/operator/nothing");
    expect(await res.json()).toEqual({ code: "not_found", error: "no route for GET /operator/outbox" });
    expect(unknown.status).toBe(404);
    expect(await (await learner.get("/usage")).text()).not.toContain('href="/operator/outbox"');
    const anonymous = await new WebUser(t).get("/operator/outbox");
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toStartWith("/signin");
  });
});

describe("the language model's use on the Usage page", () => {
  test("operators see every request of the last 30 days by day, model and operation; others see nothing of it", async () => {
    const record = usageRecorder(t.deps.store.db);
    await record({ at: t.clock.now(), operation: "lesson_plan", model: "gpt-test", kind: "answer", outcome: "ok", promptTokens: 1200, completionTokens: 800 });
    await record({ at: t.clock.now(), operation: "lesson_plan", model: "gpt-test", kind: "repair", outcome: "ok", promptTokens: 300, completionTokens: 100 });
    await record({ at: t.clock.now() - 40 * 86_400_000, operation: "tutor_turn", model: "gpt-test", kind: "answer", outcome: "ok", promptTokens: 5, completionTokens: 5 });
    const operator = await signedUp(OPERATOR);
    const html = await (await operator.get("/usage")).text();
    expect(html).toContain('id="model-usage"');
    expect(html).toContain("2,400 tokens");
    expect(html.match(/data-model-row/g)).toHaveLength(1);
    const learner = await signedUp("learner@example.com");
    expect(await (await learner.get("/usage")).text()).not.toContain("model-usage");
  });
});

test("PARLA_OPERATOR_EMAILS must hold e-mail addresses", () => {
  expect(() => loadConfig({ PARLA_OPERATOR_EMAILS: "ops@example.com, not-an-address" })).toThrow("PARLA_OPERATOR_EMAILS");
  expect(loadConfig({ PARLA_OPERATOR_EMAILS: "Ops@Example.com" }).operatorEmails).toEqual(["ops@example.com"]);
});
