// What a learner's menu holds (six entries, the tools for games and apps under one Developers
// disclosure, the operator's pages only for operators), the account id on the Account page, the
// mail held in the outbox when no SMTP server is configured, the Tutor's word on the paid plan,
// and the favicon.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { getUserByEmail } from "../../src/accounts/service.ts";
import { UI_LANGS, uiText } from "../../src/web/ui-text/index.ts";
import { csrfFrom, WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { PARLA_OPERATOR_EMAILS: "ops@example.com" });
});
afterAll(() => t.cleanup());

async function signedUp(email: string): Promise<WebUser> {
  const user = new WebUser(t);
  expect((await user.signUp(email)).status).toBeLessThan(400);
  return user;
}

/** The menu: the top-level links, and the Developers menu's links, as [label, href]. */
function menu(html: string) {
  const nav = /<nav class="main"[^>]*>([\s\S]*?)<\/nav>/.exec(html)![1]!;
  const [top, developers = ""] = nav.split('<details class="dev-menu"');
  const links = (part: string) => [...part!.matchAll(/<a href="([^"]+)"[^>]*>(?:<span>)?([^<]+)</g)].map((m) => [m[2]!, m[1]!]);
  return { top: links(top!), developers: links(developers), summary: /<summary>([^<]+)<\/summary>/.exec(developers)?.[1] };
}

describe("the menu", () => {
  test("a learner sees Home, Learn, Lessons, Tutor, Review and Account, and one Developers entry with the tools for games and apps", async () => {
    const learner = await signedUp("learner@example.com");
    for (const path of ["/", "/learn", "/lessons", "/review", "/account", "/admin", "/usage"]) {
      const m = menu(await (await learner.get(path)).text());
      expect(m.top, path).toEqual([
        ["Home", "/"],
        ["Learn", "/learn"],
        ["Lessons", "/lessons"],
        ["Tutor", "/tutor"],
        ["Review", "/review"],
        ["Account", "/account"],
      ]);
      expect(m.summary).toBe("Developers");
      expect(m.developers).toEqual([
        ["Integrations", "/admin"],
        ["Webhooks", "/admin/webhooks"],
        ["Events", "/events"],
        ["API usage", "/usage"],
        ["Connected apps", "/account/connected-apps"],
      ]);
    }
    const onUsage = await (await learner.get("/usage")).text();
    expect(onUsage).toContain('data-current="true"');
    expect(onUsage).toMatch(/<a href="\/usage" aria-current="page">/);
    expect(await (await learner.get("/")).text()).not.toContain('data-current="true"');
  });

  test("the menu speaks the learner's language; an operator also finds Accounts and Outbox under Developers", async () => {
    const learner = await signedUp("lernende@example.com");
    await learner.submit("/account", "/account/language", { ui_lang: "de" });
    const m = menu(await (await learner.get("/")).text());
    expect(m.top.map(([label]) => label)).toEqual(["Start", "Lernen", "Lektionen", "Tutor", "Wiederholen", "Konto"].map((l, i) => (i === 4 ? uiText("de").nav.review : l)));
    expect(m.summary).toBe(uiText("de").nav.developers);
    const operator = await signedUp("ops@example.com");
    const o = menu(await (await operator.get("/")).text());
    expect(o.top).toHaveLength(6);
    expect(o.developers.slice(-2)).toEqual([
      ["Accounts", "/operator/accounts"],
      ["Outbox", "/operator/outbox"],
    ]);
  });

  test("no learner page names an API code or usage billing", async () => {
    const learner = await signedUp("plain@example.com");
    for (const path of ["/", "/learn", "/lessons", "/tutor", "/review", "/account"]) {
      const html = await (await learner.get(path)).text();
      expect(html, path).not.toMatch(/\b40[0-9]\b|allowance_exhausted|spend_cap_reached|usage billing|metered/i);
    }
  });
});

describe("the operator's path to the paid plan, as a learner sees it", () => {
  test("the Account page shows the account id; the Tutor on the free plan says how the operator turns the paid plan on", async () => {
    const learner = await signedUp("free@example.com");
    const user = (await getUserByEmail(t.deps.store.db, "free@example.com"))!;
    const account = await (await learner.get("/account")).text();
    expect(account).toMatch(new RegExp(`data-testid="account-id"[^>]*>\\s*${user.accountId}\\s*<`));
    expect(account).toContain(uiText("en").account.askOperator);
    const tutor = await (await learner.get("/tutor")).text();
    expect(tutor).toContain("parla admin account set-plan --email free@example.com --plan paid");
    for (const lang of UI_LANGS) expect(uiText(lang).tutor.paidHow("x@example.com")).toContain("--email x@example.com --plan paid");
  });

  test("without SMTP, sign-up and the Integrations page say the mail is held in the outbox, not sent", async () => {
    const visitor = new WebUser(t);
    const form = await (await visitor.get("/signup")).text();
    const checkEmail = await (await visitor.post("/signup", { csrf_token: csrfFrom(form), email: "new@example.com", password: "correct horse battery staple" })).text();
    expect(checkEmail).toContain('data-testid="mail-held"');
    expect(checkEmail).toContain(uiText("en").email.held("new@example.com"));
    expect(checkEmail).not.toContain("We sent");
    // An unconfirmed sign-up may sign in; the Integrations page asks it to confirm the address.
    const signin = await (await visitor.get("/signin")).text();
    expect((await visitor.post("/signin", { csrf_token: csrfFrom(signin), email: "new@example.com", password: "correct horse battery staple" })).status).toBe(303);
    const integrations = await (await visitor.get("/admin")).text();
    expect(integrations).toContain('data-testid="unverified-notice"');
    expect(integrations).toContain("held in the operator&#x27;s outbox");
    expect(integrations).not.toContain("We sent a link");
  });
});

test("with SMTP configured, sign-up says the message was sent", async () => {
  const withSmtp = await createTestApp({ smtpUrl: "smtp://127.0.0.1:9" });
  try {
    const visitor = new WebUser(withSmtp);
    const form = await (await visitor.get("/signup")).text();
    const checkEmail = await (await visitor.post("/signup", { csrf_token: csrfFrom(form), email: "new@example.com", password: "correct horse battery staple" })).text();
    expect(checkEmail).toContain(uiText("en").email.sent("new@example.com"));
    expect(checkEmail).not.toContain("mail-held");
  } finally {
    withSmtp.cleanup();
  }
});

test("/favicon.ico and /favicon.svg answer with the embedded icon, which every page names", async () => {
  for (const path of ["/favicon.ico", "/favicon.svg"]) {
    const res = await t.request("GET", path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(await res.text()).toStartWith("<svg");
  }
  expect(await (await t.request("GET", "/signin")).text()).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"');
});
