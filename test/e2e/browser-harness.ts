// Debian's chromium driven by playwright-core, shared by the end-to-end browser tests (DESIGN §2, §7).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = process.env.PARLA_CHROMIUM ?? "/usr/bin/chromium";
export const ARTIFACTS = join(import.meta.dir, "../../test-artifacts");

const ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
}

/**
 * A fresh browser context (its own cookies) and page. Confirm dialogs (`data-confirm` forms) are
 * accepted, as a user clicking OK would; script errors and CSP violations are collected.
 */
export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; pageErrors: string[]; dialogs: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1200, height: 900 } });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    // Error statuses (a 400 refusal page) are logged by Chromium too; only CSP violations matter here.
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) pageErrors.push(message.text());
  });
  return { context, page, pageErrors, dialogs };
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}

/** Fills and submits the sign-in form (stable names: email, password). */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.locator('form[action^="/signin"] input[name="email"]').fill(email);
  await page.locator('form[action^="/signin"] input[name="password"]').fill(password);
  await Promise.all([page.waitForNavigation(), page.locator('form[action^="/signin"] button[type="submit"]').click()]);
}

const AXE_SOURCE = await Bun.file(join(import.meta.dir, "../../node_modules/axe-core/axe.min.js")).text();

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page (WCAG 2.1 A/AA rules and best practices) and returns the violations.
 * It goes in through the DevTools protocol's evaluate, which the page's CSP (script-src 'self')
 * does not govern, so the page is checked exactly as served.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  });
}

export interface PageMetrics {
  /** HTML + CSS + JS bytes as delivered (decoded body sizes: an upper bound of what went over the wire). */
  bytes: number;
  /** First contentful paint, ms after navigation start. */
  firstPaintMs: number | null;
  /** Wider than the viewport (horizontal scrolling on a phone). */
  overflowX: boolean;
}

export async function pageMetrics(page: Page): Promise<PageMetrics> {
  return page.evaluate(async () => {
    // The paint entry is queued after the frame is drawn; a buffered observer waits for it (at most 5 s).
    const paintMs = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 5000);
      new PerformanceObserver((list, observer) => {
        const fcp = list.getEntries().find((e) => e.name === "first-contentful-paint");
        if (fcp) {
          clearTimeout(timer);
          observer.disconnect();
          resolve(Math.round(fcp.startTime));
        }
      }).observe({ type: "paint", buffered: true });
    });
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const bytes = (nav?.decodedBodySize ?? 0) + resources.reduce((sum, r) => sum + r.decodedBodySize, 0);
    return { bytes, firstPaintMs: paintMs, overflowX: document.documentElement.scrollWidth > window.innerWidth };
  });
}
