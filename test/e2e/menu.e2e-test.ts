// The menu in Chromium: at 1280 px the learner's six entries and Developers sit on one line in
// every language, and the Developers disclosure opens without JavaScript. Pages come from the
// in-process app (no binary needed); the browser gets them and the stylesheet through routes.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { ASSETS } from "../../src/web/assets.ts";
import { UI_LANGS } from "../../src/web/ui-text/index.ts";
import { WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { launchChromium } from "./browser-harness.ts";

let t: TestApp;
let browser: Browser;
const homes = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({}, { PARLA_OPERATOR_EMAILS: "" });
  for (const lang of UI_LANGS) {
    const web = new WebUser(t);
    // A long address: the menu shares the bar with it and the sign-out button.
    await web.signUp(`a.rather.long.learner.name-${lang.toLowerCase()}@example-school.org`);
    await web.submit("/account", "/account/language", { ui_lang: lang });
    homes.set(lang, await (await web.get("/")).text());
  }
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  t?.cleanup();
});

async function open(html: string, options: { javaScriptEnabled: boolean }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: options.javaScriptEnabled });
  const page = await context.newPage();
  await page.route("http://parla.test/**", (route) => {
    const path = new URL(route.request().url()).pathname;
    const asset = ASSETS[path];
    if (asset) return route.fulfill({ contentType: asset.type, body: asset.body });
    return route.fulfill({ contentType: "text/html", body: path === "/" ? html : "" });
  });
  await page.goto("http://parla.test/");
  return { context, page };
}

test("at 1280 px the menu fits one line in every language", async () => {
  for (const lang of UI_LANGS) {
    const { context, page } = await open(homes.get(lang)!, { javaScriptEnabled: true });
    const tops = await page.$$eval("nav.main > a, nav.main > details > summary", (items) => items.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(tops, lang).toHaveLength(7);
    // One line: the entries' tops differ by a pixel or two at most (the current entry's underline), a second line by a line's height.
    expect(Math.max(...tops) - Math.min(...tops), `${lang}: ${tops.join(",")}`).toBeLessThan(8);
    // The brand, the menu and the sign-out form share one bar line too.
    const bar = await page.$eval("header.top .bar", (el) => el.getBoundingClientRect().height);
    expect(bar, lang).toBeLessThan(70);
    await context.close();
  }
}, 60_000);

test("Developers opens without JavaScript and lists the tools for games and apps", async () => {
  const { context, page } = await open(homes.get("en")!, { javaScriptEnabled: false });
  const links = page.locator(".dev-menu a");
  expect(await links.first().isVisible()).toBe(false);
  await page.locator(".dev-menu > summary").click();
  expect(await links.first().isVisible()).toBe(true);
  expect(await links.allInnerTexts()).toEqual(["Integrations", "Webhooks", "Events", "API usage", "Connected apps"]);
  await context.close();
}, 60_000);
