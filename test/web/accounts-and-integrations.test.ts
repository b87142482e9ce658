// Accounts and the Integrations page (spec 5.4), in-process: accounts (sign-up, sign-in, sign-out, password change, rate limit),
// CSRF and cookie rules, the Integrations page (clients, secrets, redirect URIs, ownership) and
// Connected apps — every check drives the web forms like a browser and then looks at what changed.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { createUser } from "../../src/accounts/service.ts";
import { sessions, users } from "../../src/accounts/schema.ts";
import { clientSecrets, clients } from "../../src/clients/schema.ts";
import { SECOND } from "../../src/lib/clock.ts";
import { grants } from "../../src/oauth/schema.ts";
import type { Config } from "../../src/config/config.ts";
import { csrfFrom, latestMailLink, WebUser } from "../helpers/browser-less.ts";
import { addProbeRoutes, probePath } from "../helpers/probe-routes.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { basic, exchange, ownerWithClient } from "../oauth/fixtures.ts";

const PASSWORD = "correct horse battery staple";
const CSRF_TEXT = "Your form expired or came from another site";
const EVIL = "https://evil.example";

let t: TestApp;
const extraApps: TestApp[] = [];

async function freshApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const app = await createTestApp(overrides);
  addProbeRoutes(app);
  return app;
}

beforeEach(async () => {
  t = await freshApp();
});
afterEach(() => {
  t.cleanup();
  for (const a of extraApps.splice(0)) a.cleanup();
});

// ---------------------------------------------------------------------------------------------
// Helpers

const probe = (token: string, scope = "usage:read") => t.request("GET", probePath(scope), { headers: { authorization: `Bearer ${token}` } });

function decode(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The text of the field error with this id, or null when the page shows none. */
function fieldError(html: string, id: string): string | null {
  const m = new RegExp(`<p class="field-error" id="${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>([^<]*)</p>`).exec(html);
  return m ? decode(m[1]!) : null;
}

/** The flash (or form-level alert) shown on a page, or null. */
function flashText(html: string): string | null {
  const m = /<p class="flash (?:ok|error)"[^>]*>([^<]*)<\/p>/.exec(html);
  return m ? decode(m[1]!) : null;
}

/** Follows a 303 like a browser (GET with the jar's cookies) and returns the page it lands on. */
async function follow(user: WebUser, res: Response): Promise<{ status: number; html: string; location: string; page: Response }> {
  expect(res.status).toBe(303);
  const location = res.headers.get("location")!;
  const page = await user.get(location);
  return { status: page.status, html: await page.text(), location, page };
}

const revealedSecret = (html: string) => /data-testid="new-secret"[^>]*>\s*(parla_cs_[A-Za-z0-9_-]+)/.exec(html)?.[1] ?? null;

/** POSTs a form with repeated fields (scopes) as a browser would, keeping the jar's cookies. */
async function postPairs(user: WebUser, path: string, pairs: [string, string][], headers: Record<string, string> = {}): Promise<Response> {
  const res = await user.t.request("POST", path, {
    body: new URLSearchParams(pairs).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: user.jar.header(), origin: "http://localhost", ...headers },
  });
  user.jar.take(res);
  return res;
}

async function adminCsrf(user: WebUser): Promise<string> {
  const page = await user.get("/admin");
  expect(page.status).toBe(200);
  return csrfFrom(await page.text());
}

interface ClientForm {
  name: string;
  type?: "public" | "confidential";
  billing_mode?: string;
  scopes?: string[];
  redirect_uris?: string;
  pinned_version?: string;
}

function clientPairs(csrf: string | null, form: ClientForm): [string, string][] {
  const pairs: [string, string][] = [];
  if (csrf !== null) pairs.push(["csrf_token", csrf]);
  pairs.push(["name", form.name], ["type", form.type ?? "confidential"], ["billing_mode", form.billing_mode ?? "allowance"]);
  for (const s of form.scopes ?? ["usage:read"]) pairs.push(["scopes", s]);
  if (form.pinned_version) pairs.push(["pinned_version", form.pinned_version]);
  pairs.push(["redirect_uris", form.redirect_uris ?? ""]);
  return pairs;
}

/**
 * Submits the create form. On success the browser is redirected to /admin (POST → 303 → GET), and
 * `page`/`html` are that page; on failure they are the refusal itself.
 */
async function createClientForm(user: WebUser, form: ClientForm): Promise<{ res: Response; page: Response; html: string; secret: string | null; clientId: string | null }> {
  const res = await postPairs(user, "/admin/clients", clientPairs(await adminCsrf(user), form));
  const landed = res.status === 303 ? await follow(user, res) : null;
  const html = landed ? landed.html : await res.text();
  const rows = await t.deps.store.db.select().from(clients);
  const clientId = res.status === 303 ? (rows.find((c) => c.name === form.name.trim())?.id ?? null) : null;
  return { res, page: landed?.page ?? res, html, secret: revealedSecret(html), clientId };
}

async function signedUp(email: string, app: TestApp = t): Promise<WebUser> {
  const user = new WebUser(app);
  const res = await user.signUp(email);
  expect(res.status).toBe(303);
  return user;
}

async function userCount(app: TestApp = t): Promise<number> {
  return (await app.deps.store.db.select().from(users)).length;
}

/** Everything about clients and secrets, to compare before and after a refused request. */
async function clientState(): Promise<string> {
  const db = t.deps.store.db;
  return JSON.stringify({ clients: await db.select().from(clients), secrets: await db.select().from(clientSecrets) });
}

const sessionCookieSet = (res: Response, name = "parla_session") => res.headers.getSetCookie().some((c) => c.startsWith(`${name}=`) && !/max-age=0/i.test(c));

// ---------------------------------------------------------------------------------------------

describe("accounts", () => {
  test("sign up, sign out, sign in — and a signed-out session cookie is dead", async () => {
    const user = new WebUser(t);
    const form = await user.get("/signup");
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain('name="email"');
    expect(formHtml).toContain('name="password"');
    expect(formHtml).toContain('name="csrf_token"');

    const up = await user.signUp("Learner@Example.com");
    expect(up.status).toBe(303);
    expect(up.headers.get("location")).toBe("/learn");
    expect(sessionCookieSet(up)).toBe(true);
    const [row] = await t.deps.store.db.select().from(users);
    expect(row!.email).toBe("learner@example.com");
    expect(row!.passwordHash).not.toContain(PASSWORD);
    expect(row!.passwordHash).toStartWith("$argon2id$");

    const admin = await user.get("/admin");
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain("learner@example.com");

    // Sign out (the form in the page header).
    const oldSession = user.jar.get("parla_session")!;
    const out = await user.submit("/admin", "/signout", {});
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/signin");
    expect(out.headers.getSetCookie().some((c) => c.startsWith("parla_session=;") && /max-age=0/i.test(c))).toBe(true);
    expect(user.jar.get("parla_session")).toBeUndefined();
    expect(await t.deps.store.db.select().from(sessions)).toHaveLength(0);
    const signedOutPage = await follow(user, out);
    expect(flashText(signedOutPage.html)).toBe("You are signed out.");

    const afterOut = await user.get("/admin");
    expect(afterOut.status).toBe(303);
    expect(afterOut.headers.get("location")).toBe("/signin?next=%2Fadmin");
    // Replaying the old cookie does not bring the session back.
    const replay = await t.request("GET", "/admin", { headers: { cookie: `parla_session=${oldSession}` } });
    expect(replay.status).toBe(303);

    // Sign in again, returning to where the user was going; case and spaces of the e-mail do not matter.
    const inRes = await user.submit("/signin?next=%2Fadmin", "/signin?next=%2Fadmin", { email: "  LEARNER@example.com ", password: PASSWORD });
    expect(inRes.status).toBe(303);
    expect(inRes.headers.get("location")).toBe("/admin");
    expect(user.jar.get("parla_session")).toBeDefined();
    expect(user.jar.get("parla_session")).not.toBe(oldSession);
    expect((await user.get("/admin")).status).toBe(200);
    // Signed in, the sign-in and sign-up pages send the user on.
    expect((await user.get("/signin")).status).toBe(303);
    expect((await user.get("/signup")).status).toBe(303);
  });

  test("next= never leads off the site", async () => {
    await createUser(t.deps.store.db, t.clock.now(), { email: "next@example.com", password: PASSWORD });
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const user = new WebUser(t);
      const q = `?next=${encodeURIComponent(next)}`;
      const res = await user.submit(`/signin${q}`, `/signin${q}`, { email: "next@example.com", password: PASSWORD });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/learn");
    }
  });

  test("sign-up answers the same whether or not the e-mail has an account, and mails the owner instead", async () => {
    const first = await signedUp("alice@example.com");
    const [before] = await t.deps.store.db.select().from(users);
    const fresh = new WebUser(t);
    const known = new WebUser(t);
    const [a, b] = [await fresh.submit("/signup", "/signup", { email: "carol@example.com", password: "another long passphrase" }), await known.submit("/signup", "/signup", { email: "  ALICE@example.com", password: "another long passphrase" })];
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const strip = (html: string, email: string) => html.replaceAll(email, "EMAIL");
    expect(strip(await b.text(), "alice@example.com")).toBe(strip(await a.text(), "carol@example.com"));
    for (const res of [a, b]) expect(sessionCookieSet(res)).toBe(false);
    // The known address got a note, not an account; its first account and password are untouched.
    const mail = await t.deps.store.client.execute("SELECT to_address, subject, body_text FROM mail_outbox ORDER BY rowid");
    const toAlice = mail.rows.filter((r) => r.to_address === "alice@example.com");
    expect(toAlice).toHaveLength(2);
    expect(String(toAlice[1]!.subject)).toContain("tried to sign up");
    expect(String(toAlice[1]!.body_text)).toContain("/password/forgot");
    expect(String(toAlice[1]!.body_text)).not.toContain("token=");
    expect((await t.deps.store.db.select().from(users)).find((u) => u.email === "alice@example.com")).toEqual(before!);
    expect((await new WebUser(t).submit("/signin", "/signin", { email: "alice@example.com", password: PASSWORD })).status).toBe(303);
    expect((await new WebUser(t).submit("/signin", "/signin", { email: "alice@example.com", password: "another long passphrase" })).status).toBe(400);
    expect((await first.get("/admin")).status).toBe(200);
  });

  test("a weak password is refused next to the field; no account is created", async () => {
    for (const [password, words] of [
      ["short", "Use at least 10 characters."],
      ["aaaaaaaaaaaaaa", "Use more than a few different characters."],
      ["bobthebuilder-2026", "Do not use your e-mail address in the password."],
    ] as const) {
      const user = new WebUser(t);
      const res = await user.signUp("bobthebuilder@example.com", password);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(fieldError(html, "password-error")).toBe(words);
      expect(html).not.toContain(password === "short" ? 'value="short"' : `value="${password}"`); // a password is never echoed back
      expect(sessionCookieSet(res)).toBe(false);
    }
    const bad = await new WebUser(t).signUp("not-an-email", PASSWORD);
    expect(bad.status).toBe(400);
    expect(fieldError(await bad.text(), "email-error")).toBe("Enter a valid e-mail address.");
    expect(await userCount()).toBe(0);
  });

  test("a wrong password and an unknown e-mail get the same answer", async () => {
    await createUser(t.deps.store.db, t.clock.now(), { email: "known@example.com", password: PASSWORD });
    const wrong = await new WebUser(t).submit("/signin", "/signin", { email: "known@example.com", password: "not the right passphrase" });
    const unknown = await new WebUser(t).submit("/signin", "/signin", { email: "nobody@example.com", password: "not the right passphrase" });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(wrong.status);
    const [a, b] = [await wrong.text(), await unknown.text()];
    const message = /<p class="flash error" role="alert">([^<]+)<\/p>/.exec(a)?.[1];
    expect(message).toBe("E-mail or password is not right.");
    expect(/<p class="flash error" role="alert">([^<]+)<\/p>/.exec(b)?.[1]).toBe(message!);
    // Apart from the e-mail echoed into the form and the per-form token, the pages are identical.
    const normalise = (html: string) => html.replace(/value="[^"]*"/g, 'value=""');
    expect(normalise(a)).toBe(normalise(b));
    expect(sessionCookieSet(wrong)).toBe(false);
    expect(sessionCookieSet(unknown)).toBe(false);
    expect(await t.deps.store.db.select().from(sessions)).toHaveLength(0);
  });

  test("sign-up and sign-in without the right csrf_token, or from another origin, are refused", async () => {
    await createUser(t.deps.store.db, t.clock.now(), { email: "victim@example.com", password: PASSWORD });
    const usersBefore = await userCount();
    const attempts: { path: string; form: Record<string, string>; headers?: Record<string, string>; fresh?: boolean }[] = [];
    for (const path of ["/signup", "/signin"]) {
      const email = path === "/signup" ? "newcomer@example.com" : "victim@example.com";
      attempts.push({ path, form: { email, password: PASSWORD } }); // missing token
      attempts.push({ path, form: { email, password: PASSWORD, csrf_token: "A".repeat(32) } }); // wrong token
      attempts.push({ path, form: { email, password: PASSWORD }, headers: { origin: EVIL }, fresh: true }); // right token, other site
      attempts.push({ path, form: { email, password: PASSWORD }, headers: { origin: "", referer: `${EVIL}/page` }, fresh: true }); // no Origin, cross-site Referer
    }
    for (const a of attempts) {
      const user = new WebUser(t);
      const page = await user.get(a.path); // gets the csrf cookie like a browser would
      const form = a.fresh ? { ...a.form, csrf_token: csrfFrom(await page.text()) } : a.form;
      const headers = { ...a.headers };
      const res = a.headers?.origin === "" ? await t.request("POST", a.path, { form, headers: { cookie: user.jar.header(), referer: headers.referer! } }) : await user.post(a.path, form, headers);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain(CSRF_TEXT);
      expect(sessionCookieSet(res)).toBe(false);
    }
    // A token from one browser does not work in another (double-submit cookie).
    const alice = new WebUser(t);
    const token = csrfFrom(await (await alice.get("/signin")).text());
    const mallory = new WebUser(t);
    await mallory.get("/signin");
    expect((await mallory.post("/signin", { email: "victim@example.com", password: PASSWORD, csrf_token: token })).status).toBe(403);
    expect(await userCount()).toBe(usersBefore);
    expect(await t.deps.store.db.select().from(sessions)).toHaveLength(0);
  });

  test("cookies are HttpOnly and SameSite=Lax on http", async () => {
    const user = new WebUser(t);
    const page = await user.get("/signup");
    const csrfCookie = page.headers.getSetCookie().find((c) => c.startsWith("parla_csrf="))!;
    expect(csrfCookie).toBeDefined();
    const res = await user.signUp("cookies@example.com");
    const session = res.headers.getSetCookie().find((c) => c.startsWith("parla_session="))!;
    for (const cookie of [csrfCookie, session]) {
      const attrs = cookie.split(";").map((s) => s.trim().toLowerCase());
      expect(attrs).toContain("httponly");
      expect(attrs).toContain("samesite=lax");
      expect(attrs).toContain("path=/");
      expect(attrs.some((a) => a.startsWith("domain="))).toBe(false);
      expect(attrs).not.toContain("secure"); // an http web app could not send it back
    }
  });

  test("with an https web app the session cookie is __Host-, Secure, HttpOnly and SameSite=Lax", async () => {
    const s = await freshApp({ webAppUrl: "https://parla.example.com" });
    extraApps.push(s);
    const user = new WebUser(s);
    const page = await user.get("/signup");
    const csrfCookie = page.headers.getSetCookie().find((c) => c.startsWith("__Host-parla_csrf="));
    expect(csrfCookie).toBeDefined();
    const origin = { origin: "https://parla.example.com" };
    const form = await user.post("/signup", { email: "secure@example.com", password: PASSWORD, csrf_token: csrfFrom(await page.text()) }, origin);
    expect(form.status).toBe(200);
    const res = await user.get((await latestMailLink(s, "secure@example.com", "/verify-email"))!);
    expect(res.status).toBe(303);
    const session = res.headers.getSetCookie().find((c) => c.startsWith("__Host-parla_session="));
    expect(session).toBeDefined();
    expect(res.headers.getSetCookie().some((c) => c.startsWith("parla_session="))).toBe(false);
    for (const cookie of [csrfCookie!, session!]) {
      const attrs = cookie.split(";").map((x) => x.trim().toLowerCase());
      // __Host- requires Secure, Path=/ and no Domain (RFC 6265bis §4.1.3.2).
      for (const a of ["secure", "httponly", "samesite=lax", "path=/"]) expect(attrs).toContain(a);
      expect(attrs.some((a) => a.startsWith("domain="))).toBe(false);
    }
    // The prefixed cookie is the one that signs the user in; a cross-origin form is still refused.
    const admin = await user.get("/admin");
    expect(admin.status).toBe(200);
    const csrf = csrfFrom(await admin.text());
    const before = (await s.deps.store.db.select().from(clients)).length;
    const evil = await user.post("/admin/clients", { csrf_token: csrf, name: "Evil", scopes: "usage:read" }, { origin: EVIL });
    expect(evil.status).toBe(303);
    expect((await s.deps.store.db.select().from(clients)).length).toBe(before);
    // The sealed secret crossing the redirect after creating a client gets the same protection.
    const created = await user.post("/admin/clients", { csrf_token: csrf, name: "Secure game", scopes: "usage:read" }, origin);
    expect(created.status).toBe(303);
    const reveal = created.headers.getSetCookie().find((c) => c.startsWith("__Host-parla_reveal="));
    expect(reveal).toBeDefined();
    for (const a of ["secure", "httponly", "samesite=lax", "path=/"]) expect(reveal!.toLowerCase().split(";").map((x) => x.trim())).toContain(a);
    const shown = await user.get("/admin");
    expect(await shown.text()).toMatch(/data-testid="new-secret"[^>]*>\s*parla_cs_/);
    const signOut = await user.post("/signout", { csrf_token: csrf }, origin);
    expect(signOut.headers.getSetCookie().some((c) => c.startsWith("__Host-parla_session=;") && /max-age=0/i.test(c) && /secure/i.test(c))).toBe(true);
  });

  test("changing the password ends the user's other sessions, not this one", async () => {
    const laptop = await signedUp("mover@example.com");
    const phone = new WebUser(t);
    expect((await phone.submit("/signin", "/signin", { email: "mover@example.com", password: PASSWORD })).status).toBe(303);
    const other = await signedUp("bystander@example.com");
    expect(await t.deps.store.db.select().from(sessions)).toHaveLength(3);

    // A wrong current password changes nothing.
    const wrong = await laptop.submit("/account", "/account/password", { current_password: "not my passphrase", password: "a brand new passphrase" });
    expect(wrong.status).toBe(400);
    expect(fieldError(await wrong.text(), "current-password-error")).toBe("That is not your current password.");
    const weak = await laptop.submit("/account", "/account/password", { current_password: PASSWORD, password: "short" });
    expect(weak.status).toBe(400);
    expect(fieldError(await weak.text(), "new-password-error")).toBe("Use at least 10 characters.");
    // Without the csrf token nothing changes either.
    const forged = await laptop.post("/account/password", { current_password: PASSWORD, password: "a brand new passphrase" });
    expect(forged.status).toBe(303);
    expect(flashText((await follow(laptop, forged)).html)).toStartWith(CSRF_TEXT);
    expect((await phone.get("/admin")).status).toBe(200);

    const ok = await laptop.submit("/account", "/account/password", { current_password: PASSWORD, password: "a brand new passphrase" });
    expect(ok.status).toBe(303);
    expect(flashText((await follow(laptop, ok)).html)).toBe("Password changed. Other sessions were signed out.");
    expect((await laptop.get("/admin")).status).toBe(200);
    const phoneAfter = await phone.get("/admin");
    expect(phoneAfter.status).toBe(303);
    expect(phoneAfter.headers.get("location")).toStartWith("/signin");
    expect((await other.get("/admin")).status).toBe(200); // other users are untouched
    expect((await new WebUser(t).submit("/signin", "/signin", { email: "mover@example.com", password: PASSWORD })).status).toBe(400);
    expect((await new WebUser(t).submit("/signin", "/signin", { email: "mover@example.com", password: "a brand new passphrase" })).status).toBe(303);
  });

  test("sign-in attempts are limited per address: 429 with a message, and the window passes", async () => {
    const s = await freshApp({ rateLimitSigninPerAddressPerMinute: 3 });
    extraApps.push(s);
    await createUser(s.deps.store.db, s.clock.now(), { email: "limited@example.com", password: PASSWORD });
    for (let i = 0; i < 3; i++) {
      const res = await new WebUser(s).submit("/signin", "/signin", { email: `guess${i}@example.com`, password: "a wrong passphrase" });
      expect(res.status).toBe(400);
    }
    // Even the right password is refused while the address is limited, and no session is made.
    const limited = await new WebUser(s).submit("/signin", "/signin", { email: "limited@example.com", password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(flashText(await limited.text())).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
    expect(sessionCookieSet(limited)).toBe(false);
    expect(await s.deps.store.db.select().from(sessions)).toHaveLength(0);
    s.clock.advance(61 * SECOND);
    const later = await new WebUser(s).submit("/signin", "/signin", { email: "limited@example.com", password: PASSWORD });
    expect(later.status).toBe(303);
  });
});

// ---------------------------------------------------------------------------------------------

describe("Integrations page (spec 5.4)", () => {
  test("a confidential client's secret is shown once, in a no-store response, and only its hash is kept", async () => {
    const owner = await signedUp("dev@example.com");
    const { res, page: shown, html, secret, clientId } = await createClientForm(owner, { name: "Game server", scopes: ["usage:read", "vocab:generate"] });
    // POST → 303 → GET /admin: a reload re-requests the page, never the form.
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin");
    expect(JSON.stringify(res.headers.getSetCookie())).not.toContain(secret!); // sealed on its way through the redirect
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("no-store");
    expect(secret).toMatch(/^parla_cs_[A-Za-z0-9_-]{43}$/);
    expect(flashText(html)).toBe("Client “Game server” created.");
    expect(clientId).toStartWith("parla_cid_");
    expect(html).toContain(clientId!);
    // The client ID has a copy button (browser-script.ts copies the element it names).
    expect(html).toContain(`<code id="client-id-${clientId}">${clientId}</code>`);
    expect(html).toContain(`data-copy="client-id-${clientId}"`);

    const [stored] = await t.deps.store.db.select().from(clientSecrets);
    expect(JSON.stringify(stored)).not.toContain(secret!);
    expect(stored!.hint).toBe(secret!.slice(-4));

    const again = await owner.get("/admin");
    const page = await again.text();
    expect(page).not.toContain(secret!);
    expect(page).not.toContain(secret!.slice(9, 30));
    expect(page).not.toContain('data-testid="new-secret"');
    expect(page).toContain(`parla_cs_…${secret!.slice(-4)}`);
    expect(page).toContain(clientId!);

    // The secret shown is the real one.
    const r = await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(clientId!, secret!) });
    expect(r.status).toBe(200);
    expect(r.body.scope).toBe("vocab:generate usage:read");
    expect(t.logs.join("\n")).not.toContain(secret!);
  });

  test("a new secret crosses the redirect sealed: shown once, to this session only, for two minutes at most", async () => {
    const owner = await signedUp("sealed@example.com");
    const thief = await signedUp("thief@example.com");
    const postCreate = async (name: string) => postPairs(owner, "/admin/clients", clientPairs(await adminCsrf(owner), { name }));

    // The same reveal cookie, replayed: to another session it shows nothing; tampered, nothing.
    const res = await postCreate("Sealed one");
    const reveal = res.headers.getSetCookie().find((c) => c.startsWith("parla_reveal="))!;
    expect(reveal).toBeDefined();
    for (const attr of ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=120"]) expect(reveal).toContain(attr);
    const sealed = reveal.slice("parla_reveal=".length, reveal.indexOf(";"));
    const stolen = await t.request("GET", "/admin", { headers: { cookie: `${thief.jar.header()}; parla_reveal=${sealed}` } });
    expect(stolen.status).toBe(200);
    expect(revealedSecret(await stolen.text())).toBeNull();
    const tampered = await t.request("GET", "/admin", { headers: { cookie: `${owner.jar.header().replace(/parla_reveal=[^;]+/, "")}; parla_reveal=${encodeURIComponent("AAAA" + decodeURIComponent(sealed).slice(4))}` } });
    expect(tampered.status).toBe(200);
    expect(revealedSecret(await tampered.text())).toBeNull();
    expect(tampered.headers.getSetCookie().some((c) => c.startsWith("parla_reveal=;") && c.includes("Max-Age=0"))).toBe(true);

    // The owner's browser shows it once; the page that shows it clears the cookie; a reload shows nothing.
    const first = await owner.get("/admin");
    const firstHtml = await first.text();
    const secret = revealedSecret(firstHtml);
    expect(secret).toMatch(/^parla_cs_/);
    expect(first.headers.getSetCookie().some((c) => c.startsWith("parla_reveal=;") && c.includes("Max-Age=0"))).toBe(true);
    const reload = await owner.get("/admin");
    const reloadHtml = await reload.text();
    expect(revealedSecret(reloadHtml)).toBeNull();
    expect(reloadHtml).not.toContain(secret!);
    expect((await t.deps.store.db.select().from(clients)).map((c) => c.name)).toEqual(["Sealed one"]); // the reload created nothing

    // Not picked up within two minutes (per the server's clock): gone.
    await postCreate("Sealed two");
    t.clock.advance(121 * SECOND);
    const late = await owner.get("/admin");
    expect(revealedSecret(await late.text())).toBeNull();
  });

  test("shown once on the server: the reveal cookie replayed after the page showed it shows nothing, even in the same session", async () => {
    const owner = await signedUp("replay@example.com");
    const res = await postPairs(owner, "/admin/clients", clientPairs(await adminCsrf(owner), { name: "Replayed" }));
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("parla_reveal="))!;
    const sealed = cookie.slice("parla_reveal=".length, cookie.indexOf(";"));
    const session = owner.jar.header().replace(/;?\s*parla_reveal=[^;]+/, "");
    const replay = () => t.request("GET", "/admin", { headers: { cookie: `${session}; parla_reveal=${sealed}` } });
    // Two pages racing with the same cookie: exactly one shows the secret.
    const raced = await Promise.all([replay(), replay()]);
    const shown = (await Promise.all(raced.map(async (r) => revealedSecret(await r.text())))).filter((s) => s !== null);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(/^parla_cs_/);
    // Within the two minutes the cookie would still be valid, a replay shows nothing and clears it.
    t.clock.advance(60 * SECOND);
    const again = await replay();
    const html = await again.text();
    expect(revealedSecret(html)).toBeNull();
    expect(html).not.toContain(shown[0]!);
    expect(again.headers.getSetCookie().some((c) => c.startsWith("parla_reveal=;") && c.includes("Max-Age=0"))).toBe(true);
  });

  test("a public client has no secret and needs a loopback or private-use redirect", async () => {
    const owner = await signedUp("native@example.com");
    const none = await createClientForm(owner, { name: "Desktop app", type: "public", redirect_uris: "" });
    expect(none.res.status).toBe(400);
    expect(fieldError(none.html, "redirect-error")).toBe("a public client needs at least one redirect URI");
    expect(await t.deps.store.db.select().from(clients)).toHaveLength(0);

    const ok = await createClientForm(owner, { name: "Desktop app", type: "public", redirect_uris: "http://127.0.0.1/callback\r\ncom.example.game:/callback\r\nhttp://[::1]:8080/cb" });
    expect(ok.res.status).toBe(303);
    expect(ok.secret).toBeNull();
    expect(ok.html).not.toMatch(/parla_cs_[A-Za-z0-9_-]{20}/);
    expect(flashText(ok.html)).toBe("Client “Desktop app” created. Public clients have no secret.");
    const [row] = await t.deps.store.db.select().from(clients);
    expect(row).toMatchObject({ type: "public", redirectUris: ["http://127.0.0.1/callback", "com.example.game:/callback", "http://[::1]:8080/cb"] });
    expect(await t.deps.store.db.select().from(clientSecrets)).toHaveLength(0);
    // Nor can it be given one.
    const csrf = await adminCsrf(owner);
    const more = await owner.post(`/admin/clients/${row!.id}/secrets`, { csrf_token: csrf });
    expect(more.status).toBe(400);
    expect(fieldError(await more.text(), `secret-error-${row!.id}`)).toBe("a public client has no secret");
    expect(await t.deps.store.db.select().from(clientSecrets)).toHaveLength(0);
  });

  test("bad redirect URIs are refused next to the field and no client is created", async () => {
    const owner = await signedUp("uris@example.com");
    const cases: { type: "public" | "confidential"; uri: string; words: RegExp }[] = [
      { type: "confidential", uri: "http://example.com/cb", words: /http is allowed only for the loopback/ },
      { type: "confidential", uri: "https://example.com/*", words: /wildcards are not allowed/ },
      { type: "confidential", uri: "https://example.com/cb#frag", words: /must not contain a fragment/ },
      { type: "public", uri: "https://example.com/cb", words: /a public client must use a loopback/ },
      { type: "confidential", uri: "com.example.game:/callback", words: /a confidential client must use https/ },
      { type: "public", uri: "javascript:alert(1)", words: /reverse domain name|not allowed/ },
      { type: "confidential", uri: "https://user:pw@example.com/cb", words: /must not contain credentials/ },
      { type: "confidential", uri: "/relative/cb", words: /not an absolute URI/ },
    ];
    for (const c of cases) {
      const good = c.type === "public" ? "http://127.0.0.1/cb" : "https://ok.example.com/cb";
      const { res, html } = await createClientForm(owner, { name: "Bad redirect", type: c.type, redirect_uris: `${good}\n${c.uri}` });
      expect(res.status).toBe(400);
      const error = fieldError(html, "redirect-error");
      expect(error).not.toBeNull();
      expect(error!).toStartWith(c.uri);
      expect(error!).toMatch(c.words);
      // The form keeps what was typed so it can be corrected.
      expect(html).toContain('value="Bad redirect"');
      expect(decode(html)).toContain(c.uri);
    }
    expect(await t.deps.store.db.select().from(clients)).toHaveLength(0);
    expect(await t.deps.store.db.select().from(clientSecrets)).toHaveLength(0);
  });

  test("an unknown scope, no scope, a bad name or an unknown version are refused next to their fields", async () => {
    const owner = await signedUp("scopes@example.com");
    const unknown = await createClientForm(owner, { name: "Scoped", scopes: ["usage:read", "admin:everything"] });
    expect(unknown.res.status).toBe(400);
    expect(fieldError(unknown.html, "scopes-error")).toBe('unknown scope "admin:everything"');
    const noScope = await createClientForm(owner, { name: "Scoped", scopes: [] });
    expect(fieldError(noScope.html, "scopes-error")).toBe("choose at least one scope");
    const noName = await createClientForm(owner, { name: "   " });
    expect(noName.res.status).toBe(400);
    expect(fieldError(noName.html, "client-name-error")).not.toBeNull();
    const longName = await createClientForm(owner, { name: "x".repeat(65) });
    expect(longName.res.status).toBe(400);
    expect(fieldError(longName.html, "client-name-error")).not.toBeNull();
    const badBilling = await createClientForm(owner, { name: "Scoped", billing_mode: "free-lunch" });
    expect(badBilling.res.status).toBe(400);
    expect(fieldError(badBilling.html, "billing-error")).toBe("billing mode must be allowance or metered");
    const badVersion = await createClientForm(owner, { name: "Scoped", pinned_version: "1999-01-ancient-aardvark" });
    expect(badVersion.res.status).toBe(400);
    expect(fieldError(badVersion.html, "version-error")).toBe('unknown API version "1999-01-ancient-aardvark"');
    expect(await t.deps.store.db.select().from(clients)).toHaveLength(0);
  });

  test("a client holds at most two secrets; the only secret cannot be revoked; rotation ends the old secret's tokens", async () => {
    const owner = await signedUp("rotate@example.com");
    const { secret: first, clientId } = await createClientForm(owner, { name: "Rotating" });
    const id = clientId!;
    const [firstRow] = await t.deps.store.db.select().from(clientSecrets);

    // The only secret: refused, with the explanation next to the secrets.
    let csrf = await adminCsrf(owner);
    const onlyOne = await owner.post(`/admin/clients/${id}/secrets/${firstRow!.id}/revoke`, { csrf_token: csrf });
    expect(onlyOne.status).toBe(400);
    expect(fieldError(await onlyOne.text(), `secret-error-${id}`)).toBe("this is the client's only secret: create a replacement first, deploy it, then revoke this one — or delete the client");
    expect(await t.deps.store.db.select().from(clientSecrets)).toHaveLength(1);

    // A second secret, shown once.
    const second = await follow(owner, await owner.post(`/admin/clients/${id}/secrets`, { csrf_token: csrf }));
    expect(second.location).toBe("/admin");
    expect(second.page.headers.get("cache-control")).toBe("no-store");
    const secondHtml = second.html;
    expect(flashText(secondHtml)).toBe("Second secret created.");
    const secondSecret = revealedSecret(secondHtml)!;
    expect(secondSecret).toMatch(/^parla_cs_/);
    expect(secondSecret).not.toBe(first!);
    expect(secondHtml).not.toContain(first!);
    expect((await (await owner.get("/admin")).text())).not.toContain(secondSecret);

    // A third: refused.
    const third = await owner.post(`/admin/clients/${id}/secrets`, { csrf_token: csrf });
    expect(third.status).toBe(400);
    const thirdHtml = await third.text();
    expect(fieldError(thirdHtml, `secret-error-${id}`)).toStartWith("a client holds at most 2 secrets");
    expect(thirdHtml).not.toContain('data-testid="new-secret"');
    expect(await t.deps.store.db.select().from(clientSecrets)).toHaveLength(2);

    // Rotation: tokens from the old secret stop when it is revoked; the new one keeps working.
    const oldToken = (await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(id, first!) })).body.access_token as string;
    const newToken = (await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(id, secondSecret) })).body.access_token as string;
    expect((await probe(oldToken)).status).toBe(200);
    csrf = await adminCsrf(owner);
    const revoked = await owner.post(`/admin/clients/${id}/secrets/${firstRow!.id}/revoke`, { csrf_token: csrf });
    const after = await follow(owner, revoked);
    expect(flashText(after.html)).toBe("Secret revoked. Tokens exchanged with it have stopped.");
    expect(after.html).not.toContain(`data-secret-id="${firstRow!.id}"`);
    expect((await probe(oldToken)).status).toBe(401);
    expect((await probe(newToken)).status).toBe(200);
    expect((await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(id, first!) })).body.error).toBe("invalid_client");
    // Now the remaining secret is the only one again.
    const [remaining] = await t.deps.store.db.select().from(clientSecrets);
    const last = await owner.post(`/admin/clients/${id}/secrets/${remaining!.id}/revoke`, { csrf_token: csrf });
    expect(last.status).toBe(400);
    expect(await t.deps.store.db.select().from(clientSecrets)).toHaveLength(1);
    // A secret this client does not have: not_found, said next to the secrets.
    const unknown = await owner.post(`/admin/clients/${id}/secrets/${firstRow!.id}/revoke`, { csrf_token: csrf });
    expect(unknown.status).toBe(404);
    expect(fieldError(await unknown.text(), `secret-error-${id}`)).toBe("no such secret");
    expect(await t.deps.store.db.select().from(clientSecrets)).toHaveLength(1);
  });

  test("rename, narrow scopes (applies to live tokens at once) and change the pinned version", async () => {
    const owner = await signedUp("change@example.com");
    const { secret, clientId } = await createClientForm(owner, { name: "Before", scopes: ["usage:read", "vocab:generate"] });
    const id = clientId!;
    const token = (await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(id, secret!) })).body.access_token as string;
    expect((await probe(token, "vocab:generate")).status).toBe(200);
    let csrf = await adminCsrf(owner);

    const renamed = await owner.post(`/admin/clients/${id}/rename`, { csrf_token: csrf, name: "  After <b>bold</b>  " });
    const renamedPage = await follow(owner, renamed);
    expect(flashText(renamedPage.html)).toBe("Client renamed.");
    expect(renamedPage.html).toContain(">After &lt;b&gt;bold&lt;/b&gt;</h2>"); // shown as text, never as markup
    expect(renamedPage.html).not.toContain("<b>bold</b></h2>");
    const [row1] = await t.deps.store.db.select().from(clients);
    expect(row1!.name).toBe("After <b>bold</b>");
    const emptyName = await owner.post(`/admin/clients/${id}/rename`, { csrf_token: csrf, name: "  " });
    expect(emptyName.status).toBe(400);
    expect(fieldError(await emptyName.text(), `name-error-${id}`)).not.toBeNull();
    expect((await t.deps.store.db.select().from(clients))[0]!.name).toBe("After <b>bold</b>");

    const narrowed = await postPairs(owner, `/admin/clients/${id}/scopes`, [["csrf_token", csrf], ["scopes", "usage:read"]]);
    expect(flashText((await follow(owner, narrowed)).html)).toStartWith("Scopes saved.");
    expect((await t.deps.store.db.select().from(clients))[0]!.scopes).toEqual(["usage:read"]);
    expect((await probe(token, "vocab:generate")).status).toBe(403);
    expect((await probe(token, "usage:read")).status).toBe(200);
    const noScopes = await postPairs(owner, `/admin/clients/${id}/scopes`, [["csrf_token", csrf]]);
    expect(noScopes.status).toBe(400);
    expect(fieldError(await noScopes.text(), `scopes-error-${id}`)).toBe("choose at least one scope");
    const unknownScope = await postPairs(owner, `/admin/clients/${id}/scopes`, [["csrf_token", csrf], ["scopes", "usage:read"], ["scopes", "root"]]);
    expect(unknownScope.status).toBe(400);
    expect(fieldError(await unknownScope.text(), `scopes-error-${id}`)).toBe('unknown scope "root"');
    expect((await t.deps.store.db.select().from(clients))[0]!.scopes).toEqual(["usage:read"]);

    csrf = await adminCsrf(owner);
    const version = await owner.post(`/admin/clients/${id}/version`, { csrf_token: csrf, pinned_version: "2026-10-affable-towhee" });
    expect(flashText((await follow(owner, version)).html)).toBe("API version saved. It applies from the next token exchange.");
    expect((await t.deps.store.db.select().from(clients))[0]!.pinnedVersion).toBe("2026-10-affable-towhee");
    const badVersion = await owner.post(`/admin/clients/${id}/version`, { csrf_token: csrf, pinned_version: "1999-01-ancient-aardvark" });
    expect(badVersion.status).toBe(400);
    expect(fieldError(await badVersion.text(), `version-error-${id}`)).toBe('unknown API version "1999-01-ancient-aardvark"');
    expect((await t.deps.store.db.select().from(clients))[0]!.pinnedVersion).toBe("2026-10-affable-towhee");
  });

  test("delete goes through a confirmation page; a wrong typed name deletes nothing", async () => {
    const owner = await signedUp("delete@example.com");
    const { secret, clientId } = await createClientForm(owner, { name: "Doomed game" });
    const id = clientId!;
    const token = (await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(id, secret!) })).body.access_token as string;

    const confirmPage = await owner.get(`/admin/clients/${id}/delete`);
    expect(confirmPage.status).toBe(200);
    const confirmHtml = await confirmPage.text();
    expect(confirmHtml).toContain("Doomed game");
    expect(confirmHtml).toContain('name="confirm_name"');
    const csrf = csrfFrom(confirmHtml);

    for (const typed of ["Doomed", "doomed game", ""]) {
      const wrong = await owner.post(`/admin/clients/${id}/delete`, { csrf_token: csrf, confirm_name: typed });
      const back = await follow(owner, wrong);
      expect(back.location).toBe(`/admin/clients/${encodeURIComponent(id)}/delete`);
      expect(flashText(back.html)).toBe("The name you typed does not match; nothing was deleted.");
    }
    expect(await t.deps.store.db.select().from(clients)).toHaveLength(1);
    expect((await probe(token)).status).toBe(200);

    const done = await owner.post(`/admin/clients/${id}/delete`, { csrf_token: csrf, confirm_name: "Doomed game" });
    const after = await follow(owner, done);
    expect(after.location).toBe("/admin");
    expect(flashText(after.html)).toBe("Client “Doomed game” deleted. Its tokens and grants have ended.");
    expect(after.html).not.toContain(id);
    expect(await t.deps.store.db.select().from(clients)).toHaveLength(0);
    expect(await t.deps.store.db.select().from(clientSecrets)).toHaveLength(0);
    expect((await probe(token)).status).toBe(401);
    const ex = await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(id, secret!) });
    expect(ex.status).toBe(401);
    expect(ex.body.error).toBe("invalid_client");
  });

  test("client creation, secret creation, revoke, delete and changes without the right csrf_token or from another origin change nothing", async () => {
    const owner = await signedUp("csrf-admin@example.com");
    const { clientId } = await createClientForm(owner, { name: "Guarded" });
    const id = clientId!;
    const csrf = await adminCsrf(owner);
    const second = await owner.post(`/admin/clients/${id}/secrets`, { csrf_token: csrf });
    expect(second.status).toBe(303);
    await follow(owner, second);
    const [secretRow] = await t.deps.store.db.select().from(clientSecrets);
    // Another user's valid token is still the wrong token for this session.
    const stranger = await signedUp("stranger@example.com");
    const strangerCsrf = await adminCsrf(stranger);
    const before = await clientState();

    const actions: { path: string; pairs: [string, string][] }[] = [
      { path: "/admin/clients", pairs: clientPairs(null, { name: "Injected", scopes: ["usage:read"] }) },
      { path: `/admin/clients/${id}/secrets`, pairs: [] },
      { path: `/admin/clients/${id}/secrets/${secretRow!.id}/revoke`, pairs: [] },
      { path: `/admin/clients/${id}/delete`, pairs: [["confirm_name", "Guarded"]] },
      { path: `/admin/clients/${id}/rename`, pairs: [["name", "Hijacked"]] },
      { path: `/admin/clients/${id}/scopes`, pairs: [["scopes", "events:read"]] },
      { path: `/admin/clients/${id}/version`, pairs: [["pinned_version", "2026-10-affable-towhee"]] },
    ];
    const variants: { label: string; token: string | null; headers?: Record<string, string> }[] = [
      { label: "missing", token: null },
      { label: "wrong", token: "A".repeat(32) },
      { label: "another session's", token: strangerCsrf },
      { label: "cross-origin", token: csrf, headers: { origin: EVIL } },
      { label: "cross-site referer", token: csrf, headers: { origin: "", referer: `${EVIL}/x` } },
    ];
    for (const a of actions) {
      for (const v of variants) {
        const pairs: [string, string][] = v.token === null ? a.pairs : [["csrf_token", v.token], ...a.pairs];
        let res: Response;
        if (v.headers?.origin === "") {
          res = await t.request("POST", a.path, { body: new URLSearchParams(pairs).toString(), headers: { "content-type": "application/x-www-form-urlencoded", cookie: owner.jar.header(), referer: v.headers.referer! } });
          owner.jar.take(res);
        } else {
          res = await postPairs(owner, a.path, pairs, v.headers);
        }
        if (res.status !== 303) throw new Error(`${a.path} with a ${v.label} token answered ${res.status}`);
        expect(res.headers.get("location")).toBe("/admin");
        const page = await follow(owner, res);
        expect(flashText(page.html)).toStartWith(CSRF_TEXT);
        expect(page.html).not.toContain('data-testid="new-secret"');
      }
    }
    expect(await clientState()).toBe(before);
  });

  test("another account's client cannot be seen or changed", async () => {
    const alice = await signedUp("alice-owner@example.com");
    const { secret, clientId } = await createClientForm(alice, { name: "Alice's game", scopes: ["usage:read", "vocab:generate"] });
    const id = clientId!;
    const csrfA = await adminCsrf(alice);
    expect(revealedSecret((await follow(alice, await alice.post(`/admin/clients/${id}/secrets`, { csrf_token: csrfA }))).html)).not.toBeNull();
    const [secretRow] = await t.deps.store.db.select().from(clientSecrets);
    const token = (await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(id, secret!) })).body.access_token as string;

    const mallory = await signedUp("mallory@example.com");
    const adminPage = await (await mallory.get("/admin")).text();
    expect(adminPage).not.toContain(id);
    expect(adminPage).not.toContain("Alice&#39;s game");
    const csrf = csrfFrom(adminPage);
    const before = await clientState();

    const attempts: [string, [string, string][]][] = [
      [`/admin/clients/${id}/rename`, [["name", "Pwned"]]],
      [`/admin/clients/${id}/scopes`, [["scopes", "usage:read"]]],
      [`/admin/clients/${id}/version`, [["pinned_version", "2026-10-affable-towhee"]]],
      [`/admin/clients/${id}/secrets`, []],
      [`/admin/clients/${id}/secrets/${secretRow!.id}/revoke`, []],
      [`/admin/clients/${id}/delete`, [["confirm_name", "Alice's game"]]],
    ];
    for (const [path, pairs] of attempts) {
      const res = await postPairs(mallory, path, [["csrf_token", csrf], ...pairs]);
      const html = res.status === 303 ? (await follow(mallory, res)).html : await res.text();
      if (res.status !== 303) expect(res.status).toBe(404);
      expect(flashText(html)).toBe("No such client.");
      expect(html).not.toContain('data-testid="new-secret"');
      expect(html).not.toContain(id);
    }
    const deletePage = await mallory.get(`/admin/clients/${id}/delete`);
    expect(deletePage.status).toBe(303);
    expect(flashText((await follow(mallory, deletePage)).html)).toBe("No such client.");

    expect(await clientState()).toBe(before);
    expect((await probe(token, "vocab:generate")).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------

describe("Connected apps (spec 3.4, 5.3.7)", () => {
  const verifier = "connected-apps-verifier-" + "x".repeat(30);
  const challenge = encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)));

  async function consent(player: WebUser, clientId: string): Promise<string> {
    const q = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: "https://game.example.com/callback",
      scope: "usage:read",
      state: "s-1",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    const page = await player.get(`/oauth/authorize?${q}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="decision" value="approve"');
    const fields: Record<string, string> = {};
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = decode(m[2]!);
    const res = await player.post("/oauth/authorize", { ...fields, decision: "approve" });
    expect(res.status).toBe(303);
    return new URL(res.headers.get("location")!).searchParams.get("code")!;
  }

  test("a grant appears after consent; Remove ends its tokens and the app's next call gets 401", async () => {
    const o = await ownerWithClient(t, { scopes: ["usage:read", "vocab:generate"] });
    const player = await signedUp("player@example.com");
    const empty = await (await player.get("/account/connected-apps")).text();
    expect(empty).toContain("No app is connected.");

    const code = await consent(player, o.client.id);
    const tokens = await exchange(t, { grant_type: "authorization_code", code, redirect_uri: "https://game.example.com/callback", code_verifier: verifier, client_id: o.client.id, client_secret: o.secret! });
    expect(tokens.status).toBe(200);
    const { access_token: access, refresh_token: refresh } = tokens.body as { access_token: string; refresh_token: string };
    expect((await probe(access)).status).toBe(200);

    const listed = await (await player.get("/account/connected-apps")).text();
    expect(listed).toContain("Test game");
    expect(listed).toContain('<span class="tag">usage:read</span>');
    expect(listed).not.toContain("vocab:generate"); // only what the player allowed
    const [grant] = await t.deps.store.db.select().from(grants);
    expect(listed).toContain(`/account/connected-apps/${grant!.id}/remove`);
    const csrf = csrfFrom(listed);

    // Refused removals change nothing: no token, another origin, another user.
    const noToken = await player.post(`/account/connected-apps/${grant!.id}/remove`, {});
    expect(flashText((await follow(player, noToken)).html)).toStartWith(CSRF_TEXT);
    const cross = await player.post(`/account/connected-apps/${grant!.id}/remove`, { csrf_token: csrf }, { origin: EVIL });
    expect(flashText((await follow(player, cross)).html)).toStartWith(CSRF_TEXT);
    const other = await signedUp("other-player@example.com");
    const otherRemove = await other.submit("/account/connected-apps", `/account/connected-apps/${grant!.id}/remove`, {});
    expect(flashText((await follow(other, otherRemove)).html)).toBe("No such app.");
    expect(await t.deps.store.db.select().from(grants)).toHaveLength(1);
    expect((await probe(access)).status).toBe(200);

    const removed = await player.post(`/account/connected-apps/${grant!.id}/remove`, { csrf_token: csrf });
    const after = await follow(player, removed);
    expect(flashText(after.html)).toBe("App removed. Its tokens have stopped.");
    expect(after.html).toContain("No app is connected.");
    const call = await probe(access);
    expect(call.status).toBe(401);
    expect(((await call.json()) as { error: string }).error).toStartWith("invalid_token");
    const again = await exchange(t, { grant_type: "refresh_token", refresh_token: refresh, client_id: o.client.id, client_secret: o.secret! });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("invalid_grant");
  });
});
