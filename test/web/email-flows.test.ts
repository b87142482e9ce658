// The mailer against a real SMTP server, address verification at sign-up, and password reset.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { users } from "../../src/accounts/schema.ts";
import { clients } from "../../src/clients/schema.ts";
import { MINUTE } from "../../src/lib/clock.ts";
import { sendMail } from "../../src/mail/service.ts";
import { latestMailLink, WebUser, csrfFrom } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const PASSWORD = "correct horse battery staple";

interface Received {
  from: string;
  to: string[];
  data: string;
}

let smtp: SMTPServer;
let smtpPort: number;
let received: Received[] = [];
let refuse = false;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse) return callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 450 }));
      callback();
    },
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ from: session.envelope.mailFrom ? (session.envelope.mailFrom as { address: string }).address : "", to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  smtpPort = (smtp.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe("the mailer (PARLA_SMTP_URL)", () => {
  let t: TestApp;
  beforeEach(async () => {
    received = [];
    refuse = false;
    t = await createTestApp({}, { PARLA_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PARLA_MAIL_FROM: "Parla <noreply@parla.test>" });
  });
  afterEach(() => t.cleanup());

  test("a message is delivered over SMTP by a job, and marked sent", async () => {
    const id = await sendMail(t.deps, { to: "learner@example.com", subject: "Hello from Parla", text: "Line one\nLine two" });
    await t.scheduler.drain();
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe("noreply@parla.test");
    expect(received[0]!.to).toEqual(["learner@example.com"]);
    expect(received[0]!.data).toContain("Subject: Hello from Parla");
    expect(received[0]!.data).toContain("Line two");
    const row = await t.deps.store.client.execute({ sql: "SELECT status, attempts, sent_at FROM mail_outbox WHERE id = ?", args: [id] });
    expect(row.rows[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  test("inside a transaction that rolls back, nothing is recorded or sent", async () => {
    await t.deps.store.db
      .transaction(async (tx) => {
        await sendMail(t.deps, { to: "x@example.com", subject: "never", text: "never" }, tx);
        throw new Error("roll back");
      })
      .catch(() => {});
    await t.scheduler.drain();
    expect(received).toHaveLength(0);
    expect((await t.deps.store.client.execute("SELECT count(*) AS n FROM mail_outbox")).rows[0]!.n).toBe(0);
  });

  test("a refusing server: the message is retried with the error recorded, then delivered", async () => {
    refuse = true;
    const id = await sendMail(t.deps, { to: "later@example.com", subject: "Retry me", text: "…" });
    await t.scheduler.drain();
    const failed = await t.deps.store.client.execute({ sql: "SELECT status, attempts, last_error FROM mail_outbox WHERE id = ?", args: [id] });
    expect(failed.rows[0]).toMatchObject({ status: "queued", attempts: 1 });
    expect(String(failed.rows[0]!.last_error)).toContain("mailbox unavailable");
    refuse = false;
    t.clock.advance(11_000);
    await t.scheduler.drain();
    expect(received.map((r) => r.to[0])).toEqual(["later@example.com"]);
  });
});

describe("without SMTP: held in the outbox for the operator", () => {
  test("the message is held, the log says so without its body, and `parla admin mail outbox` shows it", async () => {
    const dir = tempDir();
    const url = `file:${join(dir.path, "p.db")}`;
    const t = await createTestApp({}, { PARLA_DATABASE_URL: url });
    try {
      await sendMail(t.deps, { to: "held@example.com", subject: "Your link", text: "https://parla.test/secret-link-123" });
      const log = t.logs.find((l) => l.includes("mail.held"))!;
      expect(log).toContain("held@example.com");
      expect(log).not.toContain("secret-link-123");
      const proc = Bun.spawn(["bun", join(import.meta.dir, "../../src/main.ts"), "admin", "mail", "outbox", "--json"], { env: { PATH: process.env.PATH ?? "", HOME: dir.path, PARLA_DATABASE_URL: url, PARLA_LOG_LEVEL: "silent" }, stdout: "pipe", stderr: "pipe" });
      const out = JSON.parse(await new Response(proc.stdout).text()) as { items: { to: string; subject: string; text: string; status: string }[] };
      expect(await proc.exited).toBe(0);
      expect(out.items).toEqual([expect.objectContaining({ to: "held@example.com", subject: "Your link", text: "https://parla.test/secret-link-123", status: "held" })]);
    } finally {
      t.cleanup();
      dir.cleanup();
    }
  });
});

describe("e-mail verification at sign-up", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  test("an unverified account can sign in but cannot create clients until it follows the link", async () => {
    const user = new WebUser(t);
    const form = await user.submit("/signup", "/signup", { email: "new@example.com", password: PASSWORD });
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("Check your e-mail");
    expect(user.jar.get("parla_session")).toBeUndefined();
    const [row] = await t.deps.store.db.select().from(users);
    expect(row!.emailUnverifiedSince).toBe(t.clock.now());

    expect((await user.submit("/signin", "/signin", { email: "new@example.com", password: PASSWORD })).status).toBe(303);
    const admin = await user.get("/admin");
    const html = await admin.text();
    expect(html).toContain('data-testid="unverified-notice"');
    const refused = await user.post("/admin/clients", { csrf_token: csrfFrom(html), name: "Game", type: "confidential", billing_mode: "allowance", scopes: "usage:read" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Confirm your e-mail address first");
    expect(await t.deps.store.db.select().from(clients)).toHaveLength(0);

    // Send it again; the newest link confirms.
    const resend = await user.post("/account/verify-email", { csrf_token: csrfFrom(html) });
    expect(resend.status).toBe(303);
    const mails = await t.deps.store.client.execute("SELECT count(*) AS n FROM mail_outbox WHERE to_address = 'new@example.com'");
    expect(mails.rows[0]!.n).toBe(2);
    const link = (await latestMailLink(t, "new@example.com", "/verify-email"))!;
    const confirmed = await user.get(link);
    expect(confirmed.status).toBe(303);
    expect((await t.deps.store.db.select().from(users))[0]!.emailUnverifiedSince).toBeNull();
    expect((await user.get(link)).status).toBe(400); // single use
    const page = await (await user.get("/admin")).text();
    expect(page).not.toContain('data-testid="unverified-notice"');
    const created = await user.post("/admin/clients", { csrf_token: csrfFrom(page), name: "Game", type: "confidential", billing_mode: "allowance", scopes: "usage:read" });
    expect(created.status).toBe(303);
    expect(await t.deps.store.db.select().from(clients)).toHaveLength(1);
  });

  test("the link signs in and returns to where sign-up was headed; the token is stored only hashed", async () => {
    const user = new WebUser(t);
    const res = await user.signUp("headed@example.com", PASSWORD, "/admin");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin");
    const link = (await latestMailLink(t, "headed@example.com", "/verify-email"))!;
    const token = new URL(link, "http://x").searchParams.get("token")!;
    const stored = await t.deps.store.client.execute("SELECT token_hash FROM email_tokens");
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);
    expect(stored.rows).toHaveLength(1);
  });

  test("operator-created users are confirmed", async () => {
    const { createUser } = await import("../../src/accounts/service.ts");
    await createUser(t.deps.store.db, t.clock.now(), { email: "op@example.com", password: PASSWORD });
    expect((await t.deps.store.db.select().from(users))[0]!.emailUnverifiedSince).toBeNull();
  });
});

describe("password reset", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.cleanup());

  async function forgot(email: string) {
    return new WebUser(t).submit("/password/forgot", "/password/forgot", { email });
  }

  test("the same answer for unknown addresses; a single-use 30-minute link that ends every other session", async () => {
    const laptop = new WebUser(t);
    await laptop.signUp("reset@example.com", PASSWORD);
    const phone = new WebUser(t);
    await phone.submit("/signin", "/signin", { email: "reset@example.com", password: PASSWORD });
    expect((await phone.get("/admin")).status).toBe(200);

    const [known, unknown] = [await forgot("reset@example.com"), await forgot("nobody@example.com")];
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect((await known.text()).replaceAll("reset@example.com", "E")).toBe((await unknown.text()).replaceAll("nobody@example.com", "E"));
    expect((await t.deps.store.client.execute("SELECT count(*) AS n FROM mail_outbox WHERE to_address = 'nobody@example.com'")).rows[0]!.n).toBe(0);

    const link = (await latestMailLink(t, "reset@example.com", "/password/reset"))!;
    const browser = new WebUser(t);
    const form = await browser.get(link);
    expect(form.status).toBe(200);
    const token = new URL(link, "http://x").searchParams.get("token")!;
    const csrf = csrfFrom(await form.text());
    const weak = await browser.post("/password/reset", { csrf_token: csrf, token, password: "short" });
    expect(weak.status).toBe(400);
    // The refusal is shown next to the password field, and the link still works.
    expect(await weak.text()).toMatch(/<p class="field-error" id="password-error"[^>]*>Use at least 10 characters.<\/p>/);
    const done = await browser.post("/password/reset", { csrf_token: csrf, token, password: "a brand new passphrase" });
    expect(done.status).toBe(303);
    expect(browser.jar.get("parla_session")).toBeDefined();
    expect((await browser.get("/admin")).status).toBe(200);
    // Every other session has ended; the old password no longer works, the new one does.
    expect((await laptop.get("/admin")).status).toBe(303);
    expect((await phone.get("/admin")).status).toBe(303);
    expect((await new WebUser(t).submit("/signin", "/signin", { email: "reset@example.com", password: PASSWORD })).status).toBe(400);
    expect((await new WebUser(t).submit("/signin", "/signin", { email: "reset@example.com", password: "a brand new passphrase" })).status).toBe(303);
    // Single use.
    expect((await new WebUser(t).get(link)).status).toBe(400);
    const reused = await browser.post("/password/reset", { csrf_token: csrf, token, password: "yet another passphrase" });
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("This link no longer works");
  });

  test("a link expires after 30 minutes; a newer reset ends the older links", async () => {
    await new WebUser(t).signUp("late@example.com", PASSWORD);
    await forgot("late@example.com");
    const first = (await latestMailLink(t, "late@example.com", "/password/reset"))!;
    t.clock.advance(29 * MINUTE);
    expect((await new WebUser(t).get(first)).status).toBe(200);
    t.clock.advance(2 * MINUTE);
    expect((await new WebUser(t).get(first)).status).toBe(400);

    await forgot("late@example.com");
    const a = (await latestMailLink(t, "late@example.com", "/password/reset"))!;
    await forgot("late@example.com");
    const b = (await latestMailLink(t, "late@example.com", "/password/reset"))!;
    expect(a).not.toBe(b);
    const user = new WebUser(t);
    const form = await user.get(b);
    const token = new URL(b, "http://x").searchParams.get("token")!;
    expect((await user.post("/password/reset", { csrf_token: csrfFrom(await form.text()), token, password: "a brand new passphrase" })).status).toBe(303);
    expect((await new WebUser(t).get(a)).status).toBe(400);
  });
});
