// The learner's web app in Chromium against the built binary: sign up, Home, a vocabulary list
// whose words land in the review deck, three words reviewed (one by keyboard only), the count on
// the navigation going down. Every page is checked with axe-core (no serious or critical
// violation), at desktop and at a 375-pixel phone width (no horizontal scrolling), screenshotted
// into test-artifacts/, and weighed (HTML + CSS + JS under 100 KB); first paint is printed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { startBinary, type RunningBinary } from "./binary-harness.ts";
import { artifactPath, axeViolations, launchChromium, newPage, pageMetrics, type AxeViolation, type PageMetrics } from "./browser-harness.ts";

const EMAIL = "learner@example.com";
const PASSWORD = "correct horse battery staple";
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1200, height: 900 };

let parla: RunningBinary;
let browser: Browser;

beforeAll(async () => {
  [parla, browser] = await Promise.all([startBinary(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await parla?.stop();
});

const path = (page: Page) => new URL(page.url()).pathname;
const dueCount = async (page: Page) => ((await page.locator('[data-testid="due-count"]').count()) ? (await page.locator('[data-testid="due-count"]').innerText()).replace(/\D+/g, "") : "0");

interface Checked {
  name: string;
  width: number;
  metrics: PageMetrics;
  serious: AxeViolation[];
  minor: AxeViolation[];
}
const checked: Checked[] = [];

/** Loads `url` at both widths in a fresh tab of the same session (cold caches: full weight), and checks it. */
async function checkPage(page: Page, name: string, url: string | null): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    let target = page;
    if (url !== null) {
      target = await page.context().newPage();
      // A background tab never paints; the page under test is the one in front.
      await target.bringToFront();
      await target.setViewportSize(viewport);
      await target.goto(url, { waitUntil: "load" });
    } else {
      await page.setViewportSize(viewport);
    }
    const metrics = await pageMetrics(target);
    const violations = await axeViolations(target);
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    checked.push({ name, width: viewport.width, metrics, serious, minor: violations.filter((v) => !serious.includes(v)) });
    await target.screenshot({ path: artifactPath(`learner-${name}-${viewport.width === PHONE.width ? "phone" : "desktop"}.png`), fullPage: true });
    if (target !== page) {
      await target.close();
      await page.bringToFront();
    }
  }
  await page.setViewportSize(DESKTOP);
}

describe("the learner's web app in Chromium", () => {
  test("sign up, Home, a list saved to the deck, three words reviewed (one by keyboard); every page accessible, light, phone-wide", async () => {
    const { context, page, pageErrors } = await newPage(browser, parla.url);
    await context.clearCookies();

    await checkPage(page, "signup", "/signup");
    await page.goto("/signup");
    await page.locator('input[name="email"]').fill(EMAIL);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await Promise.all([page.waitForNavigation(), page.locator('form[action^="/signup"] button[type="submit"]').click()]);
    expect(path(page)).toBe("/learn");

    // --- Home with an empty deck.
    await page.goto("/");
    expect(await page.locator("h1").innerText()).toBe("What next?");
    expect(await page.locator('[data-testid="home-review"]').innerText()).toContain("Your deck is empty");
    expect(await page.locator('[data-testid="home-allowance"]').innerText()).toMatch(/(\d+) of \1 credits left/);
    await checkPage(page, "home-empty", "/");

    // --- A list: its words land in the deck, two cards each.
    await page.goto("/learn");
    await page.locator("#target").selectOption("es");
    await page.locator("#level").selectOption("2");
    await page.locator("#topic").fill("food");
    await Promise.all([page.waitForNavigation(), page.locator('form[action="/learn"] button[type="submit"]').click()]);
    expect(await page.locator('[data-testid="saved-to-deck"]').innerText()).toContain("20 new words added to your review deck");
    expect(await dueCount(page)).toBe("40");
    await checkPage(page, "learn-list", null);

    await page.goto("/");
    expect(await page.locator('[data-testid="home-review"]').innerText()).toContain("40 cards are due today.");
    await checkPage(page, "home", "/");

    // --- Review: the first word with the keyboard only.
    await page.goto("/review");
    await checkPage(page, "review", "/review");
    const firstCard = await page.locator("[data-card-id]").getAttribute("data-card-id");
    await page.locator("summary").focus();
    await page.keyboard.press("Enter");
    expect(await page.locator('[data-testid="answer"]').isVisible()).toBe(true);
    await checkPage(page, "review-answer", null);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLButtonElement | null)?.value)).toBe("again");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLButtonElement | null)?.value)).toBe("good");
    await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
    expect(await page.locator("main p.flash").innerText()).toMatch(/^Next review of that card in \d+ min\.$/);

    // --- Two more words with the mouse: easy, so they leave today's count.
    for (let i = 0; i < 2; i++) {
      const card = await page.locator("[data-card-id]").getAttribute("data-card-id");
      expect(card).not.toBe(firstCard);
      await page.locator("summary").click();
      expect((await page.locator('[data-testid="answer"]').innerText()).length).toBeGreaterThan(0);
      expect((await page.locator(".review-card blockquote").innerText()).length).toBeGreaterThan(0);
      await Promise.all([page.waitForNavigation(), page.locator('button[name="grade"][value="easy"]').click()]);
      expect(await page.locator("main p.flash").innerText()).toMatch(/^Next review of that card in \d+ days\.$/);
    }
    expect(await dueCount(page)).toBe("38");
    expect(await page.locator('[data-testid="review-summary"]').innerText()).toBe("38 cards due today · 20 words in your deck");

    // --- The other pages of a signed-in learner.
    for (const [name, url] of [["usage", "/usage"], ["account", "/account"], ["integrations", "/admin"], ["connected-apps", "/account/connected-apps"]] as const) await checkPage(page, name, url);
    await context.clearCookies();
    await checkPage(page, "signin", "/signin");

    expect(pageErrors).toEqual([]);
    await context.close();

    const report = checked.map((c) => `${c.name.padEnd(16)} ${String(c.width).padStart(4)} px  ${(c.metrics.bytes / 1024).toFixed(1).padStart(6)} KB  first paint ${String(c.metrics.firstPaintMs ?? "—").padStart(4)} ms  axe serious/critical ${c.serious.length}, other ${c.minor.map((v) => v.id).join(",") || 0}`);
    console.log(["", "page             width    weight  first paint  accessibility", ...report].join("\n"));
    await Bun.write(artifactPath("learner-pages.txt"), report.join("\n") + "\n");

    expect(checked.filter((c) => c.serious.length > 0).map((c) => ({ page: c.name, width: c.width, violations: c.serious }))).toEqual([]);
    expect(checked.filter((c) => c.metrics.bytes >= 100 * 1024).map((c) => [c.name, c.metrics.bytes])).toEqual([]);
    expect(checked.filter((c) => c.metrics.overflowX).map((c) => `${c.name}@${c.width}`)).toEqual([]);
  });
});
