// The web app in a real browser (Chromium via playwright-core) against the built binary: sign-up,
// sign-in, and the Integrations page — a secret shown once, rotation, the only secret kept,
// rename, narrower scopes, delete through the confirmation page. No client secret ever reaches the log.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { startBinary, type RunningBinary } from "./binary-harness.ts";
import { artifactPath, launchChromium, newPage, signInThroughForm } from "./browser-harness.ts";

const EMAIL = "builder@example.com";
const PASSWORD = "correct horse battery staple";

let parla: RunningBinary;
let browser: Browser;

beforeAll(async () => {
  [parla, browser] = await Promise.all([startBinary(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await parla?.stop();
});

/** Clicks something that submits a form or follows a link, and waits for the page it leads to. */
async function submit(page: Page, target: Locator): Promise<void> {
  await Promise.all([page.waitForNavigation(), target.click()]);
}

const path = (page: Page) => new URL(page.url()).pathname;
const flash = (page: Page) => page.locator("main p.flash").innerText();
const card = (page: Page, name: string) => page.locator("section[data-client-id]", { has: page.locator("h2", { hasText: new RegExp(`^${name}$`) }) });

async function createClient(page: Page, name: string, scopes: string[]): Promise<{ id: string; secret: string }> {
  const form = page.locator('form[action="/admin/clients"]');
  await form.locator('input[name="name"]').fill(name);
  await form.locator('input[name="type"][value="confidential"]').check();
  for (const s of scopes) await form.locator(`input[name="scopes"][value="${s}"]`).check();
  await submit(page, form.locator('button[type="submit"]'));
  expect(path(page)).toBe("/admin");
  expect(await flash(page)).toBe(`Client “${name}” created.`);
  const secret = (await page.locator('[data-testid="new-secret"]').innerText()).trim();
  const id = (await card(page, name).getAttribute("data-client-id"))!;
  return { id, secret };
}

async function tokenStatus(clientId: string, secret: string): Promise<number> {
  const res = await fetch(`${parla.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Basic " + btoa(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`) },
    body: "grant_type=client_credentials",
  });
  return res.status;
}

describe("the web app in Chromium", () => {
  test("sign up, sign out, sign in; create a client, see its secret once, rotate, rename, narrow, delete", async () => {
    const { context, page, pageErrors, dialogs } = await newPage(browser, parla.url);

    // --- Sign up (stable form names: email, password, csrf_token).
    await page.goto("/signup?next=%2Fadmin");
    expect(await page.locator('form[action^="/signup"] input[name="csrf_token"]').count()).toBe(1);
    await page.locator('input[name="email"]').fill(EMAIL);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await submit(page, page.locator('form[action^="/signup"] button[type="submit"]'));
    expect(await page.locator("h1").innerText()).toBe("Check your e-mail");
    // No SMTP server here: the verification mail is held in the outbox, where the operator reads it.
    const outbox = await parla.cli(["admin", "mail", "outbox", "--to", EMAIL, "--json"]);
    const link = /https?:\/\/\S+\/verify-email\?\S+/.exec((JSON.parse(outbox.stdout) as { items: { text: string }[] }).items[0]!.text)![0];
    await page.goto(link);
    expect(path(page)).toBe("/admin");
    expect(await page.locator("h1").innerText()).toBe("Integrations");
    const session = (await context.cookies()).find((c) => c.name === "parla_session")!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

    // --- Sign out, then a wrong password, then sign in.
    await submit(page, page.locator('form[action="/signout"] button'));
    expect(path(page)).toBe("/signin");
    expect(await flash(page)).toBe("You are signed out.");
    expect((await context.cookies()).some((c) => c.name === "parla_session")).toBe(false);
    await page.goto("/admin");
    expect(path(page)).toBe("/signin");
    await signInThroughForm(page, EMAIL, "not my passphrase at all");
    expect(await page.locator('p[role="alert"]').innerText()).toBe("E-mail or password is not right.");
    await signInThroughForm(page, EMAIL, PASSWORD);
    expect(path(page)).toBe("/admin");

    // --- A confidential client: the secret is shown once and works.
    const game = await createClient(page, "Browser game", ["usage:read", "vocab:generate"]);
    expect(game.id).toStartWith("parla_cid_");
    expect(game.secret).toMatch(/^parla_cs_[A-Za-z0-9_-]{43}$/);
    expect(await tokenStatus(game.id, game.secret)).toBe(200);
    expect((await context.cookies()).some((c) => c.name === "parla_reveal")).toBe(false);

    // Reload: the secret is gone, only its last four characters remain, and nothing was resubmitted.
    await page.reload();
    expect(path(page)).toBe("/admin");
    expect(await page.locator('[data-testid="new-secret"]').count()).toBe(0);
    expect(await page.content()).not.toContain(game.secret);
    expect(await card(page, "Browser game").locator("tr[data-secret-id]").innerText()).toContain(`parla_cs_…${game.secret.slice(-4)}`);
    expect(await page.locator("section[data-client-id]").count()).toBe(1);

    // --- A second secret (rotation), then the old one revoked.
    await submit(page, card(page, "Browser game").locator('form[action$="/secrets"] button'));
    expect(await flash(page)).toBe("Second secret created.");
    const secondSecret = (await page.locator('[data-testid="new-secret"]').innerText()).trim();
    expect(secondSecret).toMatch(/^parla_cs_/);
    expect(secondSecret).not.toBe(game.secret);
    expect(await card(page, "Browser game").locator("tr[data-secret-id]").count()).toBe(2);
    expect(await tokenStatus(game.id, secondSecret)).toBe(200);
    const oldRow = card(page, "Browser game").locator("tr[data-secret-id]", { hasText: `…${game.secret.slice(-4)}` });
    await submit(page, oldRow.locator('button[type="submit"]'));
    expect(dialogs.at(-1)).toBe("Revoke this secret? Tokens exchanged with it stop at once.");
    expect(await flash(page)).toBe("Secret revoked. Tokens exchanged with it have stopped.");
    expect(await card(page, "Browser game").locator("tr[data-secret-id]").count()).toBe(1);
    expect(await tokenStatus(game.id, game.secret)).toBe(401);
    expect(await tokenStatus(game.id, secondSecret)).toBe(200);

    // --- A client with one secret: revoking it is refused with the explanation.
    const single = await createClient(page, "Single secret server", ["usage:read"]);
    await page.goto("/admin");
    const singleCard = card(page, "Single secret server");
    expect(await singleCard.locator("tr[data-secret-id]").count()).toBe(1);
    await submit(page, singleCard.locator('tr[data-secret-id] button[type="submit"]'));
    expect(await card(page, "Single secret server").locator(".field-error").innerText()).toBe(
      "this is the client's only secret: create a replacement first, deploy it, then revoke this one — or delete the client",
    );
    expect(await card(page, "Single secret server").locator("tr[data-secret-id]").count()).toBe(1);
    expect(await tokenStatus(single.id, single.secret)).toBe(200);

    // --- Rename.
    await page.goto("/admin");
    let gameCard = card(page, "Browser game");
    await gameCard.locator("summary").click();
    await gameCard.locator('form[action$="/rename"] input[name="name"]').fill("Browser game v2");
    await submit(page, gameCard.locator('form[action$="/rename"] button[type="submit"]'));
    expect(await flash(page)).toBe("Client renamed.");
    gameCard = card(page, "Browser game v2");
    expect(await gameCard.getAttribute("data-client-id")).toBe(game.id);

    // --- Narrow the scopes.
    await gameCard.locator("summary").click();
    await gameCard.locator('form[action$="/scopes"] input[value="vocab:generate"]').uncheck();
    await submit(page, gameCard.locator('form[action$="/scopes"] button[type="submit"]'));
    expect(await flash(page)).toStartWith("Scopes saved.");
    expect(await card(page, "Browser game v2").locator(".tag").allInnerTexts()).toEqual(["usage:read"]);

    await page.screenshot({ path: artifactPath("integrations.png"), fullPage: true });

    // --- Delete through the confirmation page; a wrong name deletes nothing.
    gameCard = card(page, "Browser game v2");
    await gameCard.locator("summary").click();
    await submit(page, gameCard.locator('a[href$="/delete"]'));
    expect(path(page)).toBe(`/admin/clients/${game.id}/delete`);
    expect(await page.locator("h1").innerText()).toBe("Delete Browser game v2?");
    await page.locator('input[name="confirm_name"]').fill("Browser game");
    await submit(page, page.locator('button[type="submit"].danger'));
    expect(path(page)).toBe(`/admin/clients/${game.id}/delete`);
    expect(await flash(page)).toBe("The name you typed does not match; nothing was deleted.");
    expect(await tokenStatus(game.id, secondSecret)).toBe(200);
    await page.locator('input[name="confirm_name"]').fill("Browser game v2");
    await submit(page, page.locator('button[type="submit"].danger'));
    expect(path(page)).toBe("/admin");
    expect(await flash(page)).toBe("Client “Browser game v2” deleted. Its tokens and grants have ended.");
    expect(await card(page, "Browser game v2").count()).toBe(0);
    expect(await page.locator("section[data-client-id]").count()).toBe(1);
    expect(await tokenStatus(game.id, secondSecret)).toBe(401);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test("no client secret ever appears in the server's log", () => {
    const log = parla.output();
    expect(log).toContain("client.created"); // the log did record the work above
    expect(log).toContain("client.secret_created");
    expect(log.match(/parla_cs_[A-Za-z0-9_-]+/g) ?? []).toEqual([]);
  });
});
