// Learn history: every list made on the Learn page is stored in the transaction that pays for it,
// listed newest first on the page, and shown again from storage without spending credits; another
// learner's list is as absent as a missing one, and a refused list leaves no trace.
import { afterEach, expect, test } from "bun:test";
import { getUserByEmail } from "../../src/accounts/service.ts";
import { listsOf } from "../../src/learning/list-history.ts";
import { uiText } from "../../src/web/ui-text/index.ts";
import { ledger } from "../billing/fixtures.ts";
import { WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

const credits = async () => (await ledger(t)).totals.reduce((sum, r) => sum + r.credits, 0);
const words = (html: string) => [...html.matchAll(/<td lang="(?:es|it)"><strong>([^<]+)<\/strong>/g)].map((m) => m[1]);

test("lists are kept, listed newest first, and shown again for free", async () => {
  t = await createTestApp({ freeAllowanceCredits: 300 });
  const web = new WebUser(t);
  await web.signUp("learner@example.com");
  expect(await (await web.get("/learn")).text()).not.toContain('data-testid="learn-history"');
  const first = await (await web.submit("/learn", "/learn", { source: "en", target: "es", level: "1", topic: "food_drink" })).text();
  t.clock.advance(60_000);
  await web.submit("/learn", "/learn", { source: "en", target: "it", level: "2", topic: "" });
  const firstWords = words(first);
  expect(firstWords.length).toBeGreaterThan(5);

  const page = await (await web.get("/learn")).text();
  const ids = [...page.matchAll(/<li data-list-id="([^"]+)"/g)].map((m) => m[1]!);
  expect(ids).toHaveLength(2);
  expect(page).toContain(`>${uiText("en").learn.anyTopic}</a>`);
  expect(page).toContain("English → Italian, level 2");
  expect(page.indexOf("English → Italian")).toBeLessThan(page.indexOf("English → Spanish"));

  const spent = await credits();
  const again = await web.get(`/learn/lists/${ids[1]}`);
  expect(again.status).toBe(200);
  const html = await again.text();
  expect(words(html)).toEqual(firstWords);
  expect(html).toContain('data-testid="past-list"');
  expect(html).toContain(`href="/learn/lists/${ids[1]}" aria-current="page"`);
  expect(html).toMatch(/<select id="target"[^>]*>[\s\S]*?<option value="es" selected/);
  expect(await credits()).toBe(spent);

  // Another learner cannot open it.
  const other = new WebUser(t);
  await other.signUp("other@example.com");
  const refused = await other.get(`/learn/lists/${ids[1]}`);
  expect(refused.status).toBe(303);
  expect(refused.headers.get("location")).toBe("/learn");
  expect(await (await other.get("/learn")).text()).toContain(uiText("en").learn.noSuchList);
});

test("a list refused for the allowance is not kept", async () => {
  t = await createTestApp({ freeAllowanceCredits: 3 });
  const web = new WebUser(t);
  await web.signUp("learner@example.com");
  expect((await web.submit("/learn", "/learn", { source: "en", target: "es", level: "1", topic: "" })).status).toBe(200);
  expect((await web.submit("/learn", "/learn", { source: "en", target: "es", level: "1", topic: "" })).status).toBe(402);
  const user = (await getUserByEmail(t.deps.store.db, "learner@example.com"))!;
  expect(await listsOf(t.deps.store.db, user.id)).toHaveLength(1);
});
