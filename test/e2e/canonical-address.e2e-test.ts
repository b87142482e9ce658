// Sign-in from another name for the same server (http://127.0.0.1:<port> when the base is
// http://localhost:<port>) ends signed in, in Chromium: page GETs are redirected to the canonical
// address, so the form's Origin and the cookies match what the server expects.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { startBinary, type RunningBinary } from "./binary-harness.ts";
import { launchChromium, newPage, signInThroughForm } from "./browser-harness.ts";

const EMAIL = "canonical@example.com";
const PASSWORD = "correct horse battery staple";

let parla: RunningBinary;
let browser: Browser;

beforeAll(async () => {
  [parla, browser] = await Promise.all([startBinary({}, { baseUrl: (port) => `http://localhost:${port}` }), launchChromium()]);
  const created = await parla.cli(["admin", "user", "create", "--email", EMAIL, "--password", PASSWORD, "--json"]);
  if (created.code !== 0) throw new Error(created.stderr);
});
afterAll(async () => {
  await browser?.close();
  await parla?.stop();
});

describe("canonical address", () => {
  test("start-up prints the address to open", () => {
    expect(parla.output()).toContain(`open http://localhost:${parla.port}/`);
  });

  test("signing in from http://127.0.0.1:<port> with base http://localhost:<port> ends signed in", async () => {
    const { context, page, pageErrors } = await newPage(browser, `http://127.0.0.1:${parla.port}`);
    try {
      await page.goto("/signin?next=%2Fadmin");
      expect(new URL(page.url()).host).toBe(`localhost:${parla.port}`);
      await signInThroughForm(page, EMAIL, PASSWORD);
      expect(page.url()).toBe(`http://localhost:${parla.port}/admin`);
      await expect(page.locator("header.top").innerText()).resolves.toContain(EMAIL);
      expect(await page.locator("main").innerText()).not.toContain("Your form expired");
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("machine endpoints are never redirected", async () => {
    const at = `http://127.0.0.1:${parla.port}`;
    for (const path of ["/healthz", "/readyz", "/.well-known/oauth-authorization-server", "/v1/usage"]) {
      const res = await fetch(at + path, { redirect: "manual" });
      expect(res.status).not.toBe(308);
    }
    const token = await fetch(`${at}/oauth/token`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=client_credentials" });
    expect(token.status).toBe(401);
  });
});
