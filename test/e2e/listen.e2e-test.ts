// Listen in Chromium: the Learn page's words get a button that speaks them with the browser's
// speech synthesis, shown only when the browser has a voice for the language. The page comes from
// the in-process app; the browser's speechSynthesis is replaced by one whose voices the test sets,
// since a headless browser has none of its own. No binary needed.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { BROWSER_SCRIPT } from "../../src/web/assets/browser-script.ts";
import { WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { launchChromium } from "./browser-harness.ts";

let t: TestApp;
let browser: Browser;
let learnHtml: string;

beforeAll(async () => {
  t = await createTestApp({ freeAllowanceCredits: 100 });
  const web = new WebUser(t);
  await web.signUp("listener@example.com");
  learnHtml = await (await web.submit("/learn", "/learn", { source: "en", target: "es", level: "1", topic: "food_drink" })).text();
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  t?.cleanup();
});

/** A page showing the Learn page, in a browser whose speech synthesis has `voices`; what it speaks lands in window.spoken. */
async function open(voices: string[]) {
  const context = await browser.newContext();
  await context.addInitScript((langs: string[]) => {
    const voices = langs.map((lang) => ({ lang, name: `Test ${lang}`, default: false, localService: true, voiceURI: lang }));
    const spoken: { text: string; lang: string }[] = [];
    (window as unknown as { spoken: typeof spoken }).spoken = spoken;
    class Utterance {
      voice: unknown = null;
      lang = "";
      constructor(readonly text: string) {}
    }
    const synth = Object.assign(new EventTarget(), {
      getVoices: () => voices,
      cancel: () => {},
      speak: (u: Utterance) => spoken.push({ text: u.text, lang: u.lang }),
    });
    Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
    Object.defineProperty(window, "SpeechSynthesisUtterance", { value: Utterance, configurable: true });
  }, voices);
  const page = await context.newPage();
  await page.route("http://parla.test/**", (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === "/assets/parla.js") return route.fulfill({ contentType: "text/javascript", body: BROWSER_SCRIPT });
    if (path === "/learn") return route.fulfill({ contentType: "text/html", body: learnHtml });
    return route.fulfill({ status: 404, body: "" });
  });
  await page.goto("http://parla.test/learn");
  return { context, page };
}

test("with a Spanish voice, every word of the list has a visible Listen button that speaks it", async () => {
  const { context, page } = await open(["en-US", "es-ES"]);
  const buttons = page.locator("button[data-listen]");
  const count = await buttons.count();
  expect(count).toBeGreaterThanOrEqual(10);
  await page.waitForFunction(() => [...document.querySelectorAll("button[data-listen]")].every((b) => !(b as HTMLButtonElement).hidden));
  const first = buttons.first();
  expect(await first.getAttribute("aria-label")).toBe("Listen");
  const word = (await first.getAttribute("data-listen"))!;
  await first.click();
  expect(await page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken)).toEqual([{ text: word, lang: "es-ES" }]);
  await context.close();
}, 60_000);

test("without a voice for the language, the buttons stay hidden", async () => {
  const { context, page } = await open(["en-US", "de-DE"]);
  await page.waitForLoadState("load");
  expect(await page.locator("button[data-listen]:visible").count()).toBe(0);
  expect(await page.locator("button[data-listen]").count()).toBeGreaterThan(0);
  await context.close();
}, 60_000);
