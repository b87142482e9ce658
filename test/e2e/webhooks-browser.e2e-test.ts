// The Webhooks page in Chromium against the built binary (spec 2.9, 6.3): register an endpoint by
// choosing the client first, see the signing secret once, send a test, see its attempt, redeliver —
// to a real HTTPS receiver that verifies every delivery with standardwebhooks.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { startHttpsReceiver } from "../helpers/https-receiver.ts";
import { startBinary, type RunningBinary } from "./binary-harness.ts";
import { launchChromium, newPage } from "./browser-harness.ts";
import { webhookFor } from "../webhooks/verify.ts";

const receiver = startHttpsReceiver();
let parla: RunningBinary;
let browser: Browser;

beforeAll(async () => {
  [parla, browser] = await Promise.all([startBinary({ PARLA_WEBHOOK_ALLOW_NETWORKS: "127.0.0.0/8", PARLA_WEBHOOK_CA_FILE: receiver.caFile }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await parla?.stop();
  receiver.cleanup();
});

async function submit(page: Page, target: Locator): Promise<void> {
  await Promise.all([page.waitForNavigation(), target.click()]);
}

test("register, see the secret once, send a test, see the attempt, redeliver", async () => {
  const { context, page, pageErrors } = await newPage(browser, parla.url);
  await page.goto("/signup?next=%2Fadmin");
  await page.locator('form[action^="/signup"] input[name="email"]').fill("hooks@example.com");
  await page.locator('form[action^="/signup"] input[name="password"]').fill("correct horse battery staple");
  await submit(page, page.locator('form[action^="/signup"] button[type="submit"]'));
  // No SMTP server here: the verification mail is held in the outbox, where the operator reads it.
  const outbox = await parla.cli(["admin", "mail", "outbox", "--to", "hooks@example.com", "--json"]);
  await page.goto(/https?:\/\/\S+\/verify-email\?\S+/.exec((JSON.parse(outbox.stdout) as { items: { text: string }[] }).items[0]!.text)![0]);
  const create = page.locator('form[action="/admin/clients"]');
  await create.locator('input[name="name"]').fill("Game server");
  for (const s of ["events:read", "lesson_plans:read"]) await create.locator(`input[name="scopes"][value="${s}"]`).check();
  await submit(page, create.locator('button[type="submit"]'));

  // Webhooks sits under the menu's Developers disclosure.
  await page.locator("nav.main .dev-menu > summary").click();
  await submit(page, page.locator('nav.main a[href="/admin/webhooks"]'));
  expect(await page.locator('input[name="url"]').count()).toBe(0);
  await submit(page, page.locator('form[action="/admin/webhooks"][method="get"] button[type="submit"]'));
  const register = page.locator('form[action="/admin/webhooks"][method="post"]');
  expect(await register.locator('input[value="webhook.test"]').count()).toBe(0);
  await register.locator('input[name="url"]').fill(`https://127.0.0.1:${receiver.port}/hook`);
  await register.locator('input[name="events"][value="lesson_plan.ready"]').check();
  await submit(page, register.locator('button[type="submit"]'));
  const secret = (await page.locator('[data-testid="new-signing-secret"]').innerText()).trim();
  expect(secret).toMatch(/^parla_whsec_[A-Za-z0-9+/]+=*$/);
  await page.reload();
  expect(await page.locator('[data-testid="new-signing-secret"]').count()).toBe(0);
  expect(await page.content()).not.toContain(secret);

  const endpoint = page.locator("section[data-endpoint-id]");
  await submit(page, endpoint.locator('form[action$="/test"] button'));
  expect(await page.locator("main p.flash").innerText()).toContain("Test sent");
  expect(receiver.received).toHaveLength(1);
  expect(webhookFor(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers)).toMatchObject({ type: "webhook.test" });
  const row = page.locator('tr[data-delivery-kind="test"]');
  expect(await row.locator('[data-attempt-status="200"]').count()).toBe(1);

  await submit(page, row.locator('form[action$="/redeliver"] button'));
  expect(await page.locator("main p.flash").innerText()).toContain("Redelivery sent");
  expect(receiver.received).toHaveLength(2);
  expect(receiver.received[1]!.headers["webhook-id"]).toBe(receiver.received[0]!.headers["webhook-id"]);
  webhookFor(secret).verify(receiver.received[1]!.body, receiver.received[1]!.headers);
  expect(await page.locator("tr[data-delivery-id]").count()).toBe(2);
  expect(pageErrors).toEqual([]);
  expect(parla.output()).not.toContain(secret.slice("parla_whsec_".length));
  await context.close();
}, 60_000);
