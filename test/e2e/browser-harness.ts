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
