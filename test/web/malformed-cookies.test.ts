// A malformed cookie counts as no cookie (RFC 6265bis §5.6: a user agent may send any bytes, and any
// site on the same host can plant a cookie): a value that is not valid percent-encoded UTF-8 in
// parla_session, parla_flash or parla_csrf gets every page the answer it gets with no such cookie,
// never a 500.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.cleanup());

const PAGES = [
  "/", "/signin", "/signin?next=%2Flearn", "/signup", "/account", "/account/connected-apps", "/admin", "/admin/webhooks",
  "/usage", "/usage/export.csv", "/learn", "/lessons", "/lessons/lp_missing", "/tutor", "/tutor/tc_missing", "/review",
  "/events", "/docs", "/password/forgot", "/password/reset?token=x", "/verify-email?token=x", "/operator/outbox",
  "/oauth/authorize?response_type=code&client_id=parla_cid_x&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&scope=usage%3Aread&state=s&code_challenge=abc&code_challenge_method=S256",
];
const BAD_VALUES = ["%", "%ZZ", "%E0%A4%A", "%C3%28", "%ED%A0%80"];
const NAMES = ["parla_session", "parla_flash", "parla_csrf", "parla_reveal", "parla_whreveal"];

async function answer(path: string, cookie: string, method = "GET") {
  const res = await t.request(method, path, { headers: cookie ? { cookie, origin: "http://localhost" } : { origin: "http://localhost" }, ...(method === "POST" ? { form: { csrf_token: "x", email: "a@example.com", password: "correct horse battery staple" } } : {}) });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get("location") };
}

describe("malformed cookies count as no cookie", () => {
  test("signed out: every page answers as with no cookie, for each cookie and each malformed value", async () => {
    for (const path of PAGES) {
      const plain = await answer(path, "");
      expect(plain.status).toBeLessThan(500);
      for (const name of NAMES)
        for (const bad of BAD_VALUES) {
          const got = await answer(path, `${name}=${bad}`);
          expect({ path, name, bad, ...got }).toEqual({ path, name, bad, ...plain });
        }
      const all = await answer(path, NAMES.map((n) => `${n}=%`).join("; "));
      expect({ path, ...all }).toEqual({ path, ...plain });
    }
  });

  test("signed in: a malformed flash, csrf or reveal cookie beside a good session changes nothing", async () => {
    const user = new WebUser(t);
    expect((await user.signUp("ana@example.com")).status).toBeLessThan(400);
    const session = user.jar.header();
    expect(session).toContain("parla_session=");
    for (const path of PAGES) {
      const plain = await answer(path, session);
      expect(plain.status).toBeLessThan(500);
      for (const name of NAMES.filter((n) => n !== "parla_session")) {
        const got = await answer(path, `${name}=%; ${session}`);
        expect({ path, name, ...got }).toEqual({ path, name, ...plain });
      }
    }
  });

  test("forms refuse a malformed csrf cookie as a missing one (403), never 500", async () => {
    for (const path of ["/signin", "/signup", "/password/forgot"]) {
      const plain = await answer(path, "", "POST");
      const bad = await answer(path, "parla_csrf=%", "POST");
      expect(plain.status).toBe(403);
      expect({ path, ...bad }).toEqual({ path, ...plain });
    }
  });

  test("no page logged an error for a malformed cookie", async () => {
    for (const path of PAGES) await answer(path, NAMES.map((n) => `${n}=%`).join("; "));
    expect(t.logs.filter((l) => /"level":"error"/.test(l))).toEqual([]);
  });
});
