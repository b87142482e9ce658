// The Learn page spends the account's allowance like any other spender (spec 5.6):
// 3 credits a list, refused with the ledger's reason when the allowance is used up, and nothing is
// spent for a refused form (bad CSRF, bad input) or for merely looking at the page.
import { afterEach, describe, expect, test } from "bun:test";
import { getUserByEmail } from "../../src/accounts/service.ts";
import { ledger } from "../billing/fixtures.ts";
import { csrfFrom, WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
afterEach(() => t.cleanup());

async function learner(allowance: number) {
  t = await createTestApp({ freeAllowanceCredits: allowance });
  const web = new WebUser(t);
  await web.signUp("learner@example.com");
  const user = await getUserByEmail(t.deps.store.db, "learner@example.com");
  return { web, accountId: user!.accountId };
}

const choices = { source: "en", target: "es", level: "3", topic: "market" };

async function showVocabulary(web: WebUser, form: Record<string, string> = choices) {
  return web.submit("/learn", "/learn", form);
}

describe("the Learn page", () => {
  test("a list costs 3 credits of the account's allowance, counted as the web app's session", async () => {
    const { web, accountId } = await learner(300);
    const res = await showVocabulary(web);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("20 words");
    expect(html).toContain("<table>");
    const { daily, totals } = await ledger(t);
    expect(daily.map((d) => [d.accountId, d.clientId, d.budget, d.operation, d.calls, d.credits])).toEqual([[accountId, "", "allowance", "vocab.generate", 1, 3]]);
    expect(totals.map((r) => r.credits)).toEqual([3]);
  });

  test("with the allowance used up: 402 with the reason, no list, nothing more spent", async () => {
    const { web } = await learner(5);
    expect((await showVocabulary(web)).status).toBe(200);
    const refused = await showVocabulary(web);
    expect(refused.status).toBe(402);
    const html = await refused.text();
    expect(html).toContain("allowance is used up");
    expect(html).toContain("renews on the first day of next month");
    expect(html).not.toContain("<table>");
    const { daily, totals } = await ledger(t);
    expect(daily.map((d) => [d.calls, d.credits])).toEqual([[1, 3]]);
    expect(totals.map((r) => r.credits)).toEqual([3]);
  });

  test("looking at the page, a form without the CSRF token, and a bad input spend nothing", async () => {
    const { web } = await learner(300);
    const page = await web.get("/learn?source=en&target=es&level=3");
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain("<table>");
    const forged = await web.post("/learn", { ...choices, csrf_token: "forged" });
    expect(forged.status).toBe(303);
    const same = await web.submit("/learn", "/learn", { ...choices, target: "en" });
    expect(same.status).toBe(400);
    const controlCharacter = await web.submit("/learn", "/learn", { ...choices, topic: "\u0007bell" });
    expect(controlCharacter.status).toBe(400);
    expect((await ledger(t)).daily).toEqual([]);
  });

  test("the form posts with the session's CSRF token", async () => {
    const { web } = await learner(300);
    const html = await (await web.get("/learn")).text();
    expect(html).toMatch(/<form method="post" action="\/learn"/);
    expect(csrfFrom(html).length).toBeGreaterThan(20);
  });
});
