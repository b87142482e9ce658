// The operator's Accounts page (PARLA_OPERATOR_EMAILS): find an account by e-mail and change its
// plan with a CSRF-protected form; the change is logged with who made it. Anyone else gets the
// 404 of a route that does not exist, for the page and for the form's target alike.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { getAccount, getUserByEmail } from "../../src/accounts/service.ts";
import { csrfFrom, WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const OPERATOR = "ops@example.com";
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, { PARLA_OPERATOR_EMAILS: OPERATOR });
});
afterEach(() => t.cleanup());

async function signedUp(email: string): Promise<WebUser> {
  const user = new WebUser(t);
  expect((await user.signUp(email)).status).toBeLessThan(400);
  return user;
}

const accountOf = async (email: string) => (await getUserByEmail(t.deps.store.db, email))!.accountId;

describe("the Accounts page", () => {
  test("an operator finds a learner by part of the address and gives the paid plan; the learner's Tutor opens", async () => {
    const learner = await signedUp("marta.lopez@example.com");
    await signedUp("someone-else@example.org");
    const operator = await signedUp(OPERATOR);
    const accountId = await accountOf("marta.lopez@example.com");
    expect(await (await learner.get("/tutor")).text()).toContain('data-testid="paid-plan-required"');

    const found = await operator.get("/operator/accounts?email=MARTA");
    expect(found.status).toBe(200);
    const html = await found.text();
    expect(html).toContain(`data-account-id="${accountId}"`);
    expect(html).not.toContain("someone-else@example.org");
    expect(html).toContain('href="/operator/accounts"');
    const given = await operator.post(`/operator/accounts/${accountId}/plan?email=MARTA`, { csrf_token: csrfFrom(html), plan: "paid" });
    expect(given.status).toBe(303);
    expect(given.headers.get("location")).toBe("/operator/accounts?email=MARTA");
    expect((await getAccount(t.deps.store.db, accountId))!.plan).toBe("paid");
    const after = await (await operator.get("/operator/accounts?email=MARTA")).text();
    expect(after).toContain(`Account ${accountId} is now on the paid plan.`);
    expect(after).toContain('data-plan="paid"');
    expect(t.logs.some((line) => line.includes('"account.plan_changed"') && line.includes(accountId) && line.includes(OPERATOR) && line.includes('"from":"free"'))).toBe(true);

    const tutor = await (await learner.get("/tutor")).text();
    expect(tutor).not.toContain('data-testid="paid-plan-required"');
    expect(tutor).toContain('action="/tutor"');
  });

  test("a forged or missing CSRF token, an unknown plan or account change nothing", async () => {
    await signedUp("marta@example.com");
    const operator = await signedUp(OPERATOR);
    const accountId = await accountOf("marta@example.com");
    const page = await (await operator.get("/operator/accounts")).text();
    const forged = await operator.post(`/operator/accounts/${accountId}/plan`, { csrf_token: "forged", plan: "paid" });
    expect(forged.status).toBe(303);
    expect(await (await operator.get("/operator/accounts")).text()).toContain("Your form expired");
    const missing = await operator.post(`/operator/accounts/${accountId}/plan`, { plan: "paid" });
    expect(missing.status).toBe(303);
    const crossSite = await operator.post(`/operator/accounts/${accountId}/plan`, { csrf_token: csrfFrom(page), plan: "paid" }, { origin: "https://evil.example" });
    expect(crossSite.status).toBeGreaterThanOrEqual(300);
    await operator.post(`/operator/accounts/${accountId}/plan`, { csrf_token: csrfFrom(page), plan: "gold" });
    expect((await getAccount(t.deps.store.db, accountId))!.plan).toBe("free");
    await operator.post("/operator/accounts/nope/plan", { csrf_token: csrfFrom(page), plan: "paid" });
    expect(await (await operator.get("/operator/accounts")).text()).toContain("There is no such account.");
    expect(t.logs.some((line) => line.includes("account.plan_changed"))).toBe(false);
  });

  test("anyone else: 404 for the page and the form, and no link to them; signed out goes to sign-in", async () => {
    const learner = await signedUp("marta@example.com");
    const accountId = await accountOf("marta@example.com");
    const page = await learner.get("/operator/accounts");
    expect(page.status).toBe(404);
    expect(await page.json()).toEqual({ code: "not_found", error: "no route for GET /operator/accounts" });
    const home = await (await learner.get("/")).text();
    const post = await learner.post(`/operator/accounts/${accountId}/plan`, { csrf_token: csrfFrom(home), plan: "paid" });
    expect(post.status).toBe(404);
    expect((await getAccount(t.deps.store.db, accountId))!.plan).toBe("free");
    expect(home).not.toContain("/operator/accounts");
    const anonymous = await new WebUser(t).get("/operator/accounts");
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toStartWith("/signin");
  });
});
