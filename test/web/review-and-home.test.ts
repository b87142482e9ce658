// The Review page, Home and the navigation count through the app, in-process: words of a Learn
// list are offered and the chosen ones join the deck, the daily limit and decks on the badge,
// answering takes a card off the count, settings, statistics, reviewing spends nothing, and an
// allowance refusal is a message on the page that saves no words.
import { afterEach, describe, expect, test } from "bun:test";
import { ledger } from "../billing/fixtures.ts";
import { csrfFrom, WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { DAY, MINUTE } from "../../src/lib/clock.ts";

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
const dueBadge = (html: string) => /data-testid="due-count" data-total="(\d+)"/.exec(html)?.[1] ?? null;
const cardOf = (html: string) => /data-card-id="([^"]+)" data-direction="(recognise|recall)"/.exec(html);
const decode = (s: string) => s.replace(/&quot;|&#34;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
/** The checkbox values of a list page's word choice form. */
const offered = (html: string) => [...html.matchAll(/name="word" id="word-\d+" value="([^"]*)"/g)].map((m) => decode(m[1]!));

/** Ticks `values` on a list page and submits the choice (several `word` fields, as a browser sends them). */
async function choose(web: WebUser, html: string, values: string[], target = "es") {
  const body = new URLSearchParams([["csrf_token", csrfFrom(html)], ["source", "en"], ["target", target], ...values.map((v): [string, string] => ["word", v])]);
  const res = await t.request("POST", "/review/words", { body: body.toString(), headers: { cookie: web.jar.header(), origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" } });
  web.jar.take(res);
  return res;
}

/** A learner with the first `n` words of a list chosen for the deck. */
async function withChosen(web: WebUser, n: number) {
  const html = await (await list(web)).text();
  expect((await choose(web, html, offered(html).slice(0, n))).status).toBe(303);
}

describe("the review deck on the web", () => {
  test("a list's words are offered, not added; the chosen ones join, counted by the daily limit on the navigation and on Home", async () => {
    const web = await fresh();
    expect(dueBadge(await (await web.get("/learn")).text())).toBeNull();
    const html = await (await list(web)).text();
    expect(offered(html)).toHaveLength(20);
    expect(html).not.toContain(" checked");
    expect(dueBadge(html)).toBeNull();
    expect((await choose(web, html, [])).headers.get("location")).toBe("/learn");
    // A value the page could not have sent is dropped.
    await choose(web, html, ['["x\u0000", "y", "z", "w"]', "not json"]);
    expect(await (await web.get("/learn")).text()).toContain("Tick at least one word to add.");
    const added = await choose(web, html, offered(html).slice(0, 12));
    expect(added.headers.get("location")).toBe("/review?deck=es");
    const review = await (await web.get("/review?deck=es")).text();
    expect(review).toContain("12 words added to your review deck, both ways round.");
    expect(dueBadge(review)).toBe("12");
    expect(review).toContain("12 cards due today · 12 words in your deck");
    expect(review).toContain("Today: 12 new, 0 learning, 0 to review.");
    const home = await (await web.get("/")).text();
    expect(home).toContain("12 cards are due today.");
    expect(home).toContain("297 of 300 credits left");
    // The same list again: the words in the deck are ticked already; all 20 in the deck, 20 new a day.
    const again = await (await list(web)).text();
    expect(again.match(/ checked/g)).toHaveLength(12);
    await choose(web, again, offered(again));
    const page = await (await web.get("/review")).text();
    expect(page).toContain("8 words added");
    expect(dueBadge(page)).toBe("20");
    expect(cardOf(page)).not.toBeNull();
  });

  test("answering takes the card off today's count, whatever the answer; reviewing spends nothing", async () => {
    const web = await fresh();
    await withChosen(web, 20);
    const spentBefore = (await ledger(t)).totals.map((r) => r.credits);
    let page = await (await web.get("/review")).text();
    const first = cardOf(page)!;
    const easy = await web.post(`/review/${first[1]}`, { csrf_token: csrfFrom(page), grade: "easy" });
    expect(easy.status).toBe(303);
    page = await (await web.get("/review")).text();
    expect(page).toMatch(/Next review of that card in \d+ days\./);
    expect(cardOf(page)![1]).not.toBe(first[1]);
    expect(dueBadge(page)).toBe("19");
    // Again: a learning step, off the count until it is due.
    const second = cardOf(page)!;
    await web.post(`/review/${second[1]}`, { csrf_token: csrfFrom(page), grade: "again" });
    page = await (await web.get("/review")).text();
    expect(page).toMatch(/Next review of that card in \d+ min\./);
    expect(dueBadge(page)).toBe("18");
    t.clock.advance(10 * MINUTE);
    page = await (await web.get("/review")).text();
    expect(dueBadge(page)).toBe("19");
    expect(cardOf(page)![1]).toBe(second[1]);
    // The next day: twenty new cards again (the other directions among them), the failed one still learning.
    t.clock.advance(DAY);
    expect(Number(dueBadge(await (await web.get("/review")).text()))).toBeLessThanOrEqual(21);
    expect((await ledger(t)).totals.map((r) => r.credits)).toEqual(spentBefore);
  });

  test("decks: one per target language, picked on the page, counted by deck on the badge", async () => {
    const web = await fresh();
    await withChosen(web, 15);
    const it = await (await web.submit("/learn", "/learn", { source: "en", target: "it", level: "2", topic: "food" })).text();
    await choose(web, it, offered(it).slice(0, 15), "it");
    let page = await (await web.get("/review")).text();
    expect(dueBadge(page)).toBe("20");
    expect(page).toMatch(/data-deck="es"><span aria-hidden="true">ES 10<\/span><span class="visually-hidden"> Spanish: 10 due today<\/span>/);
    expect(page).toContain('data-deck="it"><span aria-hidden="true">IT 10</span>');
    expect(page).toContain('href="/review?deck=it"');
    page = await (await web.get("/review?deck=it")).text();
    expect(page).toContain('aria-current="page" data-deck="it"');
    expect(page).toContain('data-deck="it" data-state="0"');
    await web.post(`/review/${cardOf(page)![1]}`, { csrf_token: csrfFrom(page), grade: "easy", deck: "it" });
    page = await (await web.get("/review?deck=it")).text();
    expect(dueBadge(page)).toBe("19");
    expect(page).toContain("Today: 9 new, 0 learning, 0 to review.");
    // An unknown deck shows all decks.
    expect(await (await web.get("/review?deck=xx")).text()).toContain('aria-current="page" data-deck=""');
  });

  test("the daily limit and time zone are the learner's, saved on the Review page", async () => {
    const web = await fresh();
    await withChosen(web, 20);
    const page = await (await web.get("/review")).text();
    expect(page).toContain('name="new_per_day" min="0" max="500" step="1" required value="20"');
    // Never saved: the page says days are counted in UTC and lets the browser's zone be offered.
    expect(page).toContain("data-offer-browser-zone");
    expect(page).toContain("Your days are counted in UTC until you save a time zone");
    await web.post("/review/settings", { csrf_token: csrfFrom(page), new_per_day: "7", time_zone: "Europe/Madrid" });
    const after = await (await web.get("/review")).text();
    expect(after).toContain("Review settings saved.");
    expect(after).not.toContain("data-offer-browser-zone");
    expect(after).not.toContain("Your days are counted in UTC");
    expect(dueBadge(after)).toBe("7");
    expect(after).toContain('<option value="Europe/Madrid" selected>');
    await web.post("/review/settings", { csrf_token: csrfFrom(page), new_per_day: "lots", time_zone: "Europe/Madrid" });
    expect(await (await web.get("/review")).text()).toContain("Choose a whole number of new cards a day from 0 to 500.");
    await web.post("/review/settings", { csrf_token: csrfFrom(page), new_per_day: "5", time_zone: "Atlantis/Capital" });
    const refused = await (await web.get("/review")).text();
    expect(refused).toContain("Choose a time zone from the list.");
    expect(dueBadge(refused)).toBe("7");
  });

  test("statistics: reviews per day as an SVG chart with a title, a description and a table, retention and streak", async () => {
    const web = await fresh();
    await withChosen(web, 5);
    // Three answers on the first two days; the third day has two cards left (five words, ten cards).
    for (let day = 0; day < 3; day++) {
      for (let n = 0; n < 3; n++) {
        const page = await (await web.get("/review")).text();
        if (!cardOf(page)) break;
        await web.post(`/review/${cardOf(page)![1]}`, { csrf_token: csrfFrom(page), grade: "easy" });
      }
      t.clock.advance(DAY);
    }
    t.clock.advance(-DAY); // still the third day
    const stats = await (await web.get("/review/stats")).text();
    expect(stats).toContain('role="img" aria-labelledby="chart-title chart-desc"');
    expect(stats).toContain('<title id="chart-title">Reviews per day, last 30 days</title>');
    expect(stats).toMatch(/<desc id="chart-desc">8 reviews in the last 30 days; the busiest day was \d{4}-\d\d-\d\d with 3\.<\/desc>/);
    expect(stats.match(/<rect class="bar"/g)).toHaveLength(30);
    expect(stats.match(/data-reviews="3"/g)).toHaveLength(2);
    expect(stats.match(/data-reviews="2"/g)).toHaveLength(1);
    expect(stats).toContain('data-testid="stats-streak" data-days="3">3 days<');
    expect(stats).toContain('data-testid="stats-today">2<');
    expect(stats).toContain("<caption>Reviews per day, last 30 days</caption>");
  });

  test("a forged form, an unknown answer or another learner's card change nothing", async () => {
    const web = await fresh();
    await withChosen(web, 20);
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
    expect(dueBadge(mine)).toBe("20");
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
