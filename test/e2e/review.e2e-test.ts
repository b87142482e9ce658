// Review as Anki users expect, in Chromium against the built binary (with PARLA_DEV_CLOCK to move to
// the next day): a Spanish-speaking and a German-speaking learner each take three lessons and make
// three lists in two target languages, ticking some of each list's words. The first day at most 20
// new cards are due, split by deck on the badge and the page; each card answered leaves the count;
// the other direction of a word never comes the same day. The next day the other directions come,
// and the due count is at most 20 new cards plus the first day's reviews. The Review and statistics
// pages have no serious or critical axe-core violation at desktop and 375 px, and are screenshotted
// into test-artifacts/.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { startBinary, type RunningBinary } from "./binary-harness.ts";
import { artifactPath, axeViolations, launchChromium, pageMetrics, type AxeViolation } from "./browser-harness.ts";

const PASSWORD = "correct horse battery staple";
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1200, height: 900 };
const DAY_SECONDS = 86_400;

let parla: RunningBinary;
let browser: Browser;
beforeAll(async () => {
  [parla, browser] = await Promise.all([startBinary({ PARLA_DEV_CLOCK: "1", PARLA_FREE_ALLOWANCE_CREDITS: "1000" }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await parla?.stop();
});

interface Learner {
  name: string;
  email: string;
  locale: string;
  /** The browser's time zone: the Review settings offer it until the learner saves one. */
  timezoneId: string;
  /** [target language, topic in the learner's language] */
  lessons: [string, string][];
  lists: [string, string][];
}

const LEARNERS: Learner[] = [
  { name: "es", email: "aprendiz@example.com", locale: "es-ES", timezoneId: "America/Mexico_City", lessons: [["en", "comida"], ["fr", "mercado"], ["en", "familia"]], lists: [["en", "market"], ["fr", "food_drink"], ["en", "family"]] },
  { name: "de", email: "lerner@example.com", locale: "de-DE", timezoneId: "Europe/Berlin", lessons: [["es", "Essen"], ["it", "Markt"], ["es", "Familie"]], lists: [["es", "restaurant"], ["it", "food_drink"], ["es", "city"]] },
];

const serious: { page: string; violations: AxeViolation[] }[] = [];
/** Pages wider than the viewport (horizontal scrolling on a phone). */
const overflowing: string[] = [];
async function checkAxe(page: Page, name: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    const found = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
    if (found.length) serious.push({ page: `${name}@${viewport.width}`, violations: found });
    if ((await pageMetrics(page)).overflowX) overflowing.push(`${name}@${viewport.width}`);
    await page.screenshot({ path: artifactPath(`${name}-${viewport === PHONE ? "phone" : "desktop"}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

const total = async (page: Page) => {
  const badge = page.locator('[data-testid="due-count"]');
  return (await badge.count()) ? Number(await badge.getAttribute("data-total")) : 0;
};
const badgeDecks = async (page: Page) => {
  const out: Record<string, number> = {};
  for (const badge of await page.locator('[data-testid="due-count"] .badge').all()) out[(await badge.getAttribute("data-deck"))!] = Number((await badge.locator('[aria-hidden="true"]').innerText()).replace(/\D+/g, ""));
  return out;
};

async function signUp(page: Page, email: string) {
  await page.goto("/signup");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await Promise.all([page.waitForNavigation(), page.locator('form[action^="/signup"] button[type="submit"]').click()]);
  const outbox = await parla.cli(["admin", "mail", "outbox", "--to", email, "--json"]);
  const link = /https?:\/\/\S+\/verify-email\?\S+/.exec((JSON.parse(outbox.stdout) as { items: { text: string }[] }).items[0]!.text)![0];
  await page.goto(link);
}

/** Answers every card the Review page offers now with `grade`; returns each card's deck, direction and term. */
async function reviewSession(page: Page, grade: string): Promise<{ deck: string; direction: string; term: string }[]> {
  const seen: { deck: string; direction: string; term: string }[] = [];
  await page.goto("/review");
  while ((await page.locator("[data-card-id]").count()) > 0) {
    const card = page.locator("[data-card-id]");
    const direction = (await card.getAttribute("data-direction"))!;
    const deck = (await card.getAttribute("data-deck"))!;
    const before = await total(page);
    await card.locator("summary").click();
    const term = direction === "recognise" ? await card.locator(".front").innerText() : await page.locator('[data-testid="answer"]').innerText();
    seen.push({ deck, direction, term });
    await Promise.all([page.waitForNavigation(), page.locator(`button[name="grade"][value="${grade}"]`).click()]);
    // Every answer takes its card off today's count at once.
    expect(await total(page)).toBe(before - 1);
    expect(seen.length).toBeLessThanOrEqual(20);
  }
  return seen;
}

describe("review as Anki users expect, in Chromium", () => {
  test("two learners, three lessons and three lists each: at most 20 new cards a day split by deck, siblings the next day; Review accessible", async () => {
    const sessions: { learner: Learner; page: Page; firstDay: { deck: string; direction: string; term: string }[] }[] = [];
    for (const learner of LEARNERS) {
      const context = await browser.newContext({ baseURL: parla.url, locale: learner.locale, timezoneId: learner.timezoneId, viewport: DESKTOP });
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      await signUp(page, learner.email);
      for (const [target, topic] of learner.lessons) {
        await page.goto("/lessons");
        await page.locator("#target").selectOption(target);
        await page.locator("#level").selectOption("2");
        await page.locator("#about").fill(topic);
        await Promise.all([page.waitForNavigation(), page.locator('form[action="/lessons"] button[type="submit"]').click()]);
        expect(new URL(page.url()).pathname).toMatch(/^\/lessons\/lp_/);
        await page.locator('#plan-progress[data-status="complete"]').waitFor({ timeout: 30_000 });
        // The lesson's words join by default: all ticked in its choice.
        await page.reload();
        const choice = page.locator('[data-testid="lesson-deck"] input[name="keep"]');
        expect(await choice.count()).toBeGreaterThan(0);
        expect(await page.locator('[data-testid="lesson-deck"] input[name="keep"]:not(:checked)').count()).toBe(0);
      }
      // The last lesson in German, its top (objectives and the words it adds to the deck).
      if (learner.name === "de") await page.screenshot({ path: artifactPath("review-lesson-de.png") });
      for (const [target, topic] of learner.lists) {
        await page.goto("/learn");
        await page.locator("#target").selectOption(target);
        await page.locator("#level").selectOption("2");
        await page.locator("#topic").fill(topic);
        await Promise.all([page.waitForNavigation(), page.locator('form[action="/learn"] button[type="submit"]').click()]);
        // The list's words are offered, none added yet; eight are ticked and added.
        const boxes = page.locator('[data-testid="choose-words"] input[name="word"]:not(:checked)');
        expect(await boxes.count()).toBeGreaterThan(8);
        for (let i = 0; i < 8; i++) await boxes.nth(0).check();
        await Promise.all([page.waitForNavigation(), page.locator('[data-testid="choose-words"] button[type="submit"]').click()]);
        expect(new URL(page.url()).pathname).toBe("/review");
      }

      // The first day: at most 20 new cards, split by deck on the badge and the page.
      await page.goto("/review");
      // Settings never saved: the time-zone list offers the browser's zone (days count in UTC until saved).
      expect(await page.locator("#time_zone").inputValue()).toBe(learner.timezoneId);
      const due = await total(page);
      const byDeck = await badgeDecks(page);
      console.log(`${learner.name}: first day ${due} due, by deck ${JSON.stringify(byDeck)}`);
      expect(due).toBeGreaterThan(0);
      expect(due).toBeLessThanOrEqual(20);
      expect(Object.keys(byDeck).sort()).toEqual([...new Set(learner.lessons.map(([t]) => t))].sort());
      expect(Object.values(byDeck).reduce((a, b) => a + b, 0)).toBe(due);
      const deckLinks = page.locator('[data-testid="decks"] a[data-deck]:not([data-deck=""])');
      expect(await deckLinks.count()).toBe(2);
      for (const link of await deckLinks.all()) expect(Number(await link.getAttribute("data-due"))).toBe(byDeck[(await link.getAttribute("data-deck"))!]!);
      await checkAxe(page, `review-${learner.name}`);
      // One deck picked: only its cards.
      const oneDeck = (await deckLinks.first().getAttribute("data-deck"))!;
      await page.goto(`/review?deck=${oneDeck}`);
      expect(await page.locator("[data-card-id]").getAttribute("data-deck")).toBe(oneDeck);

      // The whole day's queue, answered Easy: each word once (its other direction is buried).
      const firstDay = await reviewSession(page, "easy");
      expect(firstDay.length).toBe(due);
      expect(firstDay.every((c) => c.direction === "recognise")).toBe(true);
      expect(new Set(firstDay.map((c) => `${c.deck}/${c.term}`)).size).toBe(firstDay.length);
      await page.goto("/review");
      expect(await page.locator("#done-heading").count()).toBe(1);
      expect(await total(page)).toBe(0);
      sessions.push({ learner, page, firstDay });
    }

    // The next day (the dev clock moves everyone's time).
    const moved = await fetch(`${parla.url}/_dev/clock`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ advance_seconds: DAY_SECONDS }) });
    expect(moved.ok).toBe(true);
    for (const { learner, page, firstDay } of sessions) {
      await page.goto("/review");
      // Settings never saved: the time-zone list offers the browser's zone (days count in UTC until saved).
      expect(await page.locator("#time_zone").inputValue()).toBe(learner.timezoneId);
      const due = await total(page);
      console.log(`${learner.name}: next day ${due} due (first day's reviews: ${firstDay.length})`);
      expect(due).toBeGreaterThan(0);
      expect(due).toBeLessThanOrEqual(20 + firstDay.length);
      const secondDay = await reviewSession(page, "good");
      // Yesterday's words come back the other way round first (they were met first).
      const recall = secondDay.filter((c) => c.direction === "recall");
      expect(recall.length).toBeGreaterThan(0);
      const yesterday = new Set(firstDay.map((c) => `${c.deck}/${c.term}`));
      expect(recall.every((c) => yesterday.has(`${c.deck}/${c.term}`))).toBe(true);
      expect(secondDay[0]!.direction).toBe("recall");

      await page.goto("/review/stats");
      expect(await page.locator('[data-testid="review-chart"] rect.bar').count()).toBe(30);
      expect(await page.locator('[data-testid="stats-streak"]').getAttribute("data-days")).toBe("2");
      await checkAxe(page, `review-stats-${learner.name}`);
      await page.context().close();
    }
    expect(serious).toEqual([]);
    expect(overflowing).toEqual([]);
  });
});
