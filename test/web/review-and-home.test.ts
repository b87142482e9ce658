// The Review page, Home and the navigation count through the app, in-process: words of a Learn
// list land in the deck (two cards each), answering schedules with the clock, reviewing spends
// nothing, and an allowance refusal is a message on the page that saves no words.
import { afterEach, describe, expect, test } from "bun:test";
import { ledger } from "../billing/fixtures.ts";
import { csrfFrom, WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { DAY } from "../../src/lib/clock.ts";

let t: TestApp;
afterEach(() => t.cleanup());

async function learner(allowance = 300, email = "learner@example.com") {
  if (!t) t = await createTestApp({ freeAllowanceCredits: allowance });
  const web = new WebUser(t);
  await web.signUp(email);
  return web;
}
const fresh = async (allowance = 300) => {
  t = await createTestApp({ freeAllowanceCredits: allowance });
  return learner(allowance);
};

const list = (web: WebUser) => web.submit("/learn", "/learn", { source: "en", target: "es", level: "2", topic: "food" });
const dueBadge = (html: string) => /data-testid="due-count">(\d+)</.exec(html)?.[1] ?? null;
const cardOf = (html: string) => /data-card-id="([^"]+)" data-direction="(recognise|recall)"/.exec(html);

describe("the review deck on the web", () => {
  test("a list's words land in the deck: 2 cards a word, counted on the navigation and on Home", async () => {
    const web = await fresh();
    expect(dueBadge(await (await web.get("/learn")).text())).toBeNull();
    const res = await list(web);
    const html = await res.text();
    expect(html).toContain("20 new words added to your review deck");
    expect(dueBadge(html)).toBe("40");
    const home = await (await web.get("/")).text();
    expect(home).toContain("40 cards are due today.");
    expect(home).toContain("297 of 300 credits left");
    // The same list again: same words, nothing new in the deck.
    expect(await (await list(web)).text()).toContain("These words are already in your review deck.");
    const review = await (await web.get("/review")).text();
    expect(review).toContain("40 cards due today · 20 words in your deck");
    expect(cardOf(review)).not.toBeNull();
    expect(review).toContain("<details>");
  });

  test("answering schedules the card with the clock; reviewing spends nothing", async () => {
    const web = await fresh();
    await list(web);
    const spentBefore = (await ledger(t)).totals.map((r) => r.credits);
    let page = await (await web.get("/review")).text();
    const first = cardOf(page)!;
    const easy = await web.post(`/review/${first[1]}`, { csrf_token: csrfFrom(page), grade: "easy" });
    expect(easy.status).toBe(303);
    page = await (await web.get("/review")).text();
    expect(page).toMatch(/Next review of that card in \d+ days\./);
    expect(cardOf(page)![1]).not.toBe(first[1]);
    expect(dueBadge(page)).toBe("39");
    // Again keeps the card for today.
    const second = cardOf(page)!;
    await web.post(`/review/${second[1]}`, { csrf_token: csrfFrom(page), grade: "again" });
    page = await (await web.get("/review")).text();
    expect(page).toMatch(/Next review of that card in \d+ min\./);
    expect(dueBadge(page)).toBe("39");
    // The next day the easy card (days away) is still not due; the failed one and the rest are.
    t.clock.advance(DAY);
    expect(dueBadge(await (await web.get("/review")).text())).toBe("39");
    expect((await ledger(t)).totals.map((r) => r.credits)).toEqual(spentBefore);
  });

  test("a forged form, an unknown answer or another learner's card change nothing", async () => {
    const web = await fresh();
    await list(web);
    const page = await (await web.get("/review")).text();
    const card = cardOf(page)![1]!;
    expect((await web.post(`/review/${card}`, { csrf_token: "forged", grade: "easy" })).status).toBe(303);
    expect(await (await web.get("/review")).text()).toContain("Your form expired");
    await web.post(`/review/${card}`, { csrf_token: csrfFrom(page), grade: "perfect" });
    expect(await (await web.get("/review")).text()).toContain("Choose one of the four answers.");
    const other = await learner(300, "other@example.com");
    const otherPage = await (await other.get("/review")).text();
    expect(otherPage).toContain("Your deck is empty.");
    await other.post(`/review/${card}`, { csrf_token: csrfFrom(otherPage), grade: "easy" });
    expect(await (await other.get("/review")).text()).toContain("That card is not in your deck.");
    const mine = await (await web.get("/review")).text();
    expect(dueBadge(mine)).toBe("40");
    expect(cardOf(mine)![1]).toBe(card);
  });

  test("with the allowance used up, Learn says why in words and nothing is added to the deck; Home shows what is left", async () => {
    const web = await fresh(5);
    await list(web);
    const refused = await list(web);
    expect(refused.status).toBe(402);
    const html = await refused.text();
    expect(html).toContain("No list this time:");
    expect(html).not.toContain("added to your review deck");
    const home = await (await web.get("/")).text();
    expect(home).toContain("2 of 5 credits left");
    expect(home).toContain("Used up for this month; reviewing stays free.");
  });

  test("Home needs a session: / sends anyone else to sign in", async () => {
    t = await createTestApp();
    const res = await t.request("GET", "/");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/signin");
    expect((await t.request("GET", "/review")).headers.get("location")).toBe("/signin?next=%2Freview");
  });
});
