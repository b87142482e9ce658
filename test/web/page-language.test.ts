// Every learner page in the learner's language: for each of the six, the pages a learner sees
// (signed out: sign-in, sign-up, check your e-mail, forgot and dead link; signed in: Home, Learn
// with a list, Lessons, a lesson answered with a typo, a wrong answer and an empty check, Tutor,
// Review and Account) are rendered and their visible text — text nodes, placeholders and labels
// outside content marked with another `lang` (the lesson's target language) — is compared with
// the English rendering: nothing may be left in English unless the language's own text file says
// the same (Tutor, Webhooks…). The language comes from the account (Account page) or, signed out,
// from Accept-Language.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { accounts, users } from "../../src/accounts/schema.ts";
import { getUserByEmail } from "../../src/accounts/service.ts";
import type { LessonSet } from "../../src/generation/model.ts";
import { langFromAcceptLanguage, pageLang, UI_LANGS, uiText, type UiLang } from "../../src/web/ui-text/index.ts";
import { csrfFrom, WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ freeAllowanceCredits: 500 });
});
afterAll(() => t?.cleanup());

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The page's own visible texts in `lang`: text nodes and placeholder/aria-label/title, outside <head>, <script> and content marked with another language. */
export function pageTexts(html: string, lang: string): string[] {
  const out: string[] = [];
  const stack: { tag: string; lang: string }[] = [];
  const current = () => stack.at(-1)?.lang ?? lang;
  const skipping = () => stack.some((s) => s.tag === "head" || s.tag === "script" || s.tag === "style" || s.tag === "title");
  const re = /<(\/?)([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/g;
  for (const m of html.replace(/^<!doctype html>/i, "").matchAll(re)) {
    if (m[4] !== undefined) {
      const text = decode(m[4]).replace(/\s+/g, " ").trim();
      if (text && !skipping() && current() === lang) out.push(text);
      continue;
    }
    const [, closing, rawTag, attrs = ""] = m;
    const tag = rawTag!.toLowerCase();
    if (closing) {
      const at = stack.map((s) => s.tag).lastIndexOf(tag);
      if (at >= 0) stack.length = at;
      continue;
    }
    const own = /\slang="([^"]*)"/.exec(attrs)?.[1];
    const elementLang = tag === "html" ? lang : (own ?? current());
    if (elementLang === lang && !skipping()) for (const a of attrs.matchAll(/\s(placeholder|aria-label|title)="([^"]*)"/g)) out.push(decode(a[2]!).trim());
    if (!VOID.has(tag) && !attrs.trimEnd().endsWith("/")) stack.push({ tag, lang: elementLang });
  }
  return out;
}

/** Every string leaf of a text file (the functions' words are compared through the rendered pages). */
function leaves(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(leaves);
  return [];
}

const EMAIL = (lang: string) => `learner-${lang.toLowerCase()}@example.com`;
/** Texts that are data, the same in every language: the address, numbers, level bands, the brand, IANA time-zone names. */
const isData = (text: string, lang: string) =>
  !/\p{L}{2,}/u.test(text) || text === "UTC" || /^[A-Z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)+$/.test(text) || text === "Parla" || text === EMAIL(lang) || text === EMAIL("en") || /^\d+ · [ABC][12]\+?$/.test(text) || /^\p{Lu}\p{Ll}+:$/u.test(text); // a partner's name before their line

async function signedOutPages(lang: UiLang): Promise<Record<string, string>> {
  const headers = { "accept-language": `${lang};q=0.9, en;q=0.1` };
  const get = async (path: string) => (await t.request("GET", path, { headers })).text();
  const signup = await t.request("GET", "/signup", { headers });
  const cookie = signup.headers.get("set-cookie")?.split(";")[0] ?? "";
  const signupHtml = await signup.text();
  const checkEmail = await t.request("POST", "/signup", { headers: { ...headers, cookie, origin: "http://localhost" }, form: { csrf_token: csrfFrom(signupHtml), email: `new-${lang.toLowerCase()}@example.com`, password: "x" } });
  return {
    signin: await get("/signin"),
    signup: signupHtml,
    "signup refused": await checkEmail.text(),
    forgot: await get("/password/forgot"),
    "dead link": await get("/password/reset?token=nope"),
  };
}

/** A learner who speaks `lang`, with a list, a lesson answered and a card to review. */
async function signedInPages(lang: UiLang): Promise<Record<string, string>> {
  const web = new WebUser(t);
  await web.signUp(EMAIL(lang));
  const chose = await web.submit("/account", "/account/language", { ui_lang: lang });
  expect(chose.status).toBe(303);
  const user = (await getUserByEmail(t.deps.store.db, EMAIL(lang)))!;
  expect(user.uiLang).toBe(lang);
  const target = lang === "es" ? "de" : "es";
  const pages: Record<string, string> = {};
  pages.home = await (await web.get("/")).text();
  pages.learn = await (await web.get("/learn")).text();
  pages["learn with a list"] = await (await web.submit("/learn", "/learn", { source: lang, target, level: "2", topic: "food_drink" })).text();
  const created = await web.submit("/lessons", "/lessons", { source: lang, target, level: "2", kind: "topic", about: "market", npc_name: "", npc_persona: "" });
  const path = created.headers.get("location")!;
  await t.scheduler.drain();
  pages.lessons = await (await web.get("/lessons")).text();
  let lesson = await (await web.get(path)).text();
  // A gap fill answered with one typo, one wrong answer and one left empty.
  const { getPlan } = await import("../../src/generation/plans-service.ts");
  const view = await getPlan(t.deps, { accountId: user.accountId, userId: user.id, clientId: null }, path.split("/")[2]!);
  const set = view.sets.find((s): s is Extract<LessonSet, { kind: "exercises" }> => s.kind === "exercises")!;
  const gapIndex = set.exercises.findIndex((e) => e.type === "gap_fill");
  const gap = set.exercises[gapIndex]!;
  if (gap.type !== "gap_fill") throw new Error("gap fill");
  // The typo: one letter left out of the middle of a word of seven letters or more.
  const typo = gap.items.findIndex((i) => i.answer.split(" ").some((w) => w.length >= 7));
  expect(typo).toBeGreaterThanOrEqual(0);
  const misspelt = (answer: string) => answer.split(" ").map((w) => (w.length >= 7 ? w.slice(0, 3) + w.slice(4) : w)).join(" ");
  const form: Record<string, string> = { csrf_token: csrfFrom(lesson) };
  gap.items.forEach((item, i) => {
    form[`a${i}`] = i === typo ? misspelt(item.answer) : i === (typo + 1) % gap.items.length ? "zzzz" : i === (typo + 2) % gap.items.length ? "" : item.answer;
  });
  await web.post(`${path}/exercises/${set.index}/${gapIndex}`, form);
  const empty = await web.post(`${path}/exercises/${set.index}/${(gapIndex + 1) % set.exercises.length}`, { csrf_token: form.csrf_token! });
  expect(empty.status).toBe(303);
  lesson = await (await web.get(path)).text();
  pages.lesson = lesson;
  await t.deps.store.db.update(accounts).set({ plan: "free" }).where(eq(accounts.id, user.accountId));
  pages["tutor (free plan)"] = await (await web.get("/tutor")).text();
  await t.deps.store.db.update(accounts).set({ plan: "paid" }).where(eq(accounts.id, user.accountId));
  pages.tutor = await (await web.get("/tutor")).text();
  pages.review = await (await web.get("/review")).text();
  pages.account = await (await web.get("/account")).text();
  return pages;
}

describe("every learner page in the learner's language", () => {
  const rendered = new Map<UiLang, Record<string, string>>();
  const topicNames = new Map<UiLang, string[]>();
  beforeAll(async () => {
    for (const lang of UI_LANGS) topicNames.set(lang, (await t.deps.engine.topics(lang)).map((topic) => topic.name));
    for (const lang of UI_LANGS) rendered.set(lang, { ...(await signedOutPages(lang)), ...(await signedInPages(lang)) });
  }, 120_000);

  test("the language: the account's choice, else Accept-Language, else English", () => {
    expect(langFromAcceptLanguage("de-AT,de;q=0.9,en;q=0.5")).toBe("de");
    expect(langFromAcceptLanguage("nl, pt;q=0.8")).toBe("pt-BR");
    expect(langFromAcceptLanguage("fr;q=0, it;q=0.5")).toBe("it");
    expect(langFromAcceptLanguage("*")).toBeNull();
    expect(pageLang("es", "de")).toBe("es");
    expect(pageLang(null, "de")).toBe("de");
    expect(pageLang("xx", null)).toBe("en");
  });

  test("each page says <html lang> and shows the lesson's feedback in the learner's words", () => {
    for (const [lang, pages] of rendered) {
      for (const [name, html] of Object.entries(pages)) expect(html, `${lang} ${name}`).toContain(`<html lang="${lang}">`);
      const lesson = pages.lesson!;
      const l = uiText(lang).lesson;
      expect(lesson, lang).toContain('data-note="typo"');
      expect(lesson, lang).toContain(`>${l.notQuite}<`);
      expect(lesson, lang).toContain(`data-result="skipped"`);
      expect(lesson, lang).not.toMatch(/\(\s*\)|(^|[^.])\.\.(?!\.)|—\s*</);
      // Nothing on the lesson is in a third language: the learner's own, or the one taught.
      const target = lang === "es" ? "de" : "es";
      const langs = new Set([...lesson.matchAll(/\slang="([^"]+)"/g)].map((m) => m[1]));
      expect([...langs].filter((l) => l !== lang && l !== target), `${lang} lesson`).toEqual([]);
    }
  });

  for (const lang of UI_LANGS.filter((l) => l !== "en")) {
    test(`${lang}: no text from another language`, () => {
      // The language's own words: its text file, and the engine's topic names in it (Restaurant, Café…).
      const own = new Set([...leaves(uiText(lang)), ...topicNames.get(lang)!]);
      const english = new Set(leaves(uiText("en")));
      const en = rendered.get("en")!;
      const problems: string[] = [];
      for (const [name, html] of Object.entries(rendered.get(lang)!)) {
        const baseline = new Set(pageTexts(en[name] ?? "", "en"));
        for (const text of pageTexts(html, lang)) {
          if (isData(text, lang) || own.has(text)) continue;
          if (english.has(text) || baseline.has(text)) problems.push(`${name}: ${JSON.stringify(text)}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
