// `next=` on sign-in and sign-up, whatever its characters (non-Latin-1, lone surrogates, invalid
// percent-encoding, controls, backslashes, dot segments): the page and the redirect after sign-in
// carry it percent-encoded or fall back to /learn, never a 500 and never another origin (an open
// redirect, RFC 6749 §10.15 / RFC 9700 §4.11).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { safeNextPath } from "../../src/web/html-response.ts";
import { csrfFrom, WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const ORIGIN = "http://localhost";
const PIECES = ["/", "//", "\\", "/\\", "..", "/./", "%2F", "%2f%2F", "%5C", "%", "%ZZ", "%ED%A0%80", "%FF", "%C3%28", "?", "#", "&next=//evil", "@", ":", "evil.example", "https:", "javascript:", "é", "中文", "😀", "\u202e", "\u2028", "\u0000", "\t", "\n", "\u007f", "\ud800", "\udfff", " ", "'", '"', "<", ">", "learn", "lessons/lp_1"];

/** Percent-encodes every UTF-8 byte (lone surrogates become U+FFFD, as in a browser's URL). */
const encodeAll = (s: string) => [...new TextEncoder().encode(s)].map((b) => "%" + b.toString(16).padStart(2, "0")).join("");

function randomNext(rand: () => number): string {
  const n = 1 + Math.floor(rand() * 6);
  let s = rand() < 0.8 ? "/" : "";
  for (let i = 0; i < n; i++) s += rand() < 0.2 ? String.fromCharCode(Math.floor(rand() * 0x10000)) : PIECES[Math.floor(rand() * PIECES.length)]!;
  return s;
}

/** How the query reaches the server: fully encoded, or raw (pieces like %ZZ stay as they are). */
const queryForms = (next: string) => [encodeAll(next), next.replace(/[\u0000-\u0020#&\u007f]/g, (c) => encodeAll(c))];

function expectSafeLocation(location: string | null) {
  expect(location).not.toBeNull();
  const loc = location!;
  expect(loc).toMatch(/^\/(?![\/\\])[\x21-\x7e]*$/);
  expect(new URL(loc, ORIGIN).origin).toBe(ORIGIN);
}

let seed = 11;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const SAMPLES = Array.from({ length: 300 }, () => randomNext(rand));

describe("safeNextPath", () => {
  test("always answers an ASCII same-origin path, for 20,000 random inputs", () => {
    for (let i = 0; i < 20_000; i++) {
      const next = randomNext(rand);
      const got = safeNextPath(next);
      expect(got).toMatch(/^\/(?![\/\\])[\x21-\x7e]*$/);
      expect(new URL(got, ORIGIN).origin).toBe(ORIGIN);
    }
  });

  test("keeps ordinary paths, encodes the rest, refuses other origins", () => {
    expect(safeNextPath("/lessons/lp_1?set=2#x")).toBe("/lessons/lp_1?set=2#x");
    expect(safeNextPath("/learn?topic=café")).toBe("/learn?topic=caf%C3%A9");
    for (const bad of ["//evil.example", "/\\evil.example", "/.//evil.example", "https://evil.example/", "javascript:alert(1)", "evil", "/a\nb", null, ["/a"], "/" + "a".repeat(3000)]) expect(safeNextPath(bad)).toBe("/learn");
  });
});

describe("next= over HTTP", () => {
  let t: TestApp;
  let user: WebUser;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitSigninPerAddressPerMinute: 100_000 });
    user = new WebUser(t);
    expect((await user.signUp("ana@example.com")).status).toBeLessThan(400);
  });
  afterAll(() => t.cleanup());

  test("signed out, the sign-in and sign-up pages render with any next (no 500)", async () => {
    for (const next of SAMPLES)
      for (const q of queryForms(next))
        for (const page of ["/signin", "/signup"]) {
          const res = await t.request("GET", `${page}?next=${q}`);
          expect({ page, q, status: res.status }).toEqual({ page, q, status: 200 });
          const action = /<form method="post" action="([^"]*)"/.exec(await res.text())?.[1] ?? "";
          expect(action).toMatch(/^\/sign(in|up)(\?next=[\x21-\x7e]*)?$/);
        }
  });

  test("signed in, GET /signin redirects to next or /learn, always on this origin", async () => {
    for (const next of SAMPLES)
      for (const q of queryForms(next)) {
        const res = await user.get(`/signin?next=${q}`);
        expect({ q, status: res.status }).toEqual({ q, status: 303 });
        expectSafeLocation(res.headers.get("location"));
      }
  });

  test("a sign-in with next redirects on this origin", async () => {
    for (const next of SAMPLES.slice(0, 8))
      for (const q of queryForms(next)) {
        const anon = new WebUser(t);
        const page = await anon.get(`/signin?next=${q}`);
        const res = await anon.post(`/signin?next=${q}`, { csrf_token: csrfFrom(await page.text()), email: "ana@example.com", password: "correct horse battery staple" });
        expect({ q, status: res.status }).toEqual({ q, status: 303 });
        expectSafeLocation(res.headers.get("location"));
      }
  }, 60_000);

  test("nothing was logged as an unhandled error", () => {
    expect(t.logs.filter((l) => l.includes("http.unhandled_error"))).toEqual([]);
  });
});
