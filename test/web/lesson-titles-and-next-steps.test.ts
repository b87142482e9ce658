// Small things a learner meets: lessons titled by their scene or topic (never "Overview: …"), a
// next lesson offered after a passed exit check with the form filled in, and Home's "Resume the
// conversation" only while the conversation is open.
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { accounts } from "../../src/accounts/schema.ts";
import { getUserByEmail } from "../../src/accounts/service.ts";
import { getPlan } from "../../src/generation/plans-service.ts";
import { uiText } from "../../src/web/ui-text/index.ts";
import { csrfFrom, WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
afterEach(() => t?.cleanup());

async function learner(plan: "free" | "paid" = "free") {
  t = await createTestApp({ freeAllowanceCredits: 500, paidAllowanceCredits: 500 });
  const web = new WebUser(t);
  await web.signUp("learner@example.com");
  const user = (await getUserByEmail(t.deps.store.db, "learner@example.com"))!;
  if (plan === "paid") await t.deps.store.db.update(accounts).set({ plan: "paid" }).where(eq(accounts.id, user.accountId));
  return { web, user };
}

async function lesson(web: WebUser, form: Record<string, string>): Promise<string> {
  const res = await web.submit("/lessons", "/lessons", { source: "en", target: "es", level: "2", npc_name: "", npc_persona: "", ...form });
  expect(res.status).toBe(303);
  await t.scheduler.drain();
  return res.headers.get("location")!;
}

const h1 = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];

describe("lesson titles", () => {
  test("a topic lesson is titled by the topic's name in the learner's language; a scene lesson by the scene", async () => {
    const { web, user } = await learner();
    const topicPath = await lesson(web, { kind: "topic", about: "food_drink" });
    const scenePath = await lesson(web, { kind: "scene", about: "ordering tapas at a bar in Seville" });
    const view = await getPlan(t.deps, { accountId: user.accountId, userId: user.id, clientId: null }, topicPath.split("/")[2]!);
    const overview = view.sets.find((s) => s.kind === "overview")!;
    if (overview.kind !== "overview") throw new Error("kind");
    expect(overview.title).toStartWith("Overview");
    const topicName = overview.topics[0]!.name;
    expect(h1(await (await web.get(topicPath)).text())).toBe(topicName);
    expect(h1(await (await web.get(scenePath)).text())).toBe("Ordering tapas at a bar in Seville");
    const list = await (await web.get("/lessons")).text();
    expect(list).toContain(`>${topicName}<`);
    expect(list).toContain(">Ordering tapas at a bar in Seville<");
    expect(list).not.toContain("Overview:");
    // Home's "go on with" names the lesson the same way.
    await web.get(scenePath);
    expect(await (await web.get("/")).text()).not.toContain("Overview:");
  });
});

describe("after a passed exit check", () => {
  test("the next lesson is offered, and its link fills in the languages and level", async () => {
    const { web, user } = await learner();
    const path = await lesson(web, { kind: "topic", about: "market", source: "de", target: "it", level: "3" });
    const view = await getPlan(t.deps, { accountId: user.accountId, userId: user.id, clientId: null }, path.split("/")[2]!);
    const exit = view.sets.find((s) => s.kind === "exit_check")!;
    if (exit.kind !== "exit_check") throw new Error("kind");
    let page = await (await web.get(path)).text();
    expect(page).not.toContain('data-testid="next-lesson"');
    const wrong = Object.fromEntries(exit.questions.map((_, i) => [`q${i}`, "zzz"]));
    await web.post(`${path}/exit`, { csrf_token: csrfFrom(page), ...wrong });
    page = await (await web.get(path)).text();
    expect(page).not.toContain('data-testid="next-lesson"');
    const right = Object.fromEntries(exit.questions.map((q, i) => [`q${i}`, q.type === "respond" ? q.model_answer : q.answer]));
    await web.post(`${path}/exit`, { csrf_token: csrfFrom(page), ...right });
    page = await (await web.get(path)).text();
    const next = /<a class="button" href="([^"]+)" data-testid="next-lesson">([^<]+)</.exec(page);
    expect(next?.[2]).toBe(uiText("de").lesson.nextLesson);
    const href = next![1]!.replaceAll("&amp;", "&");
    expect(href).toBe("/lessons?source=de&target=it&level=3#new-lesson");
    const form = await (await web.get(href.split("#")[0]!)).text();
    expect(form).toMatch(/<select id="source"[^>]*>[\s\S]*?<option value="de" selected/);
    expect(form).toMatch(/<select id="target"[^>]*>[\s\S]*?<option value="it" selected/);
    expect(form).toMatch(/<option value="3" selected/);
  });
});

describe("Home's Resume", () => {
  test("offered while the conversation is open, not once the tutor has brought it to its end", async () => {
    const { web } = await learner("paid");
    let page = await (await web.get("/tutor")).text();
    const res = await web.post("/tutor", { csrf_token: csrfFrom(page), message: "Hola, buenos días", source: "en", target: "es", level: "1", scene: "a café in Seville", npc_name: "Lucía", npc_persona: "" });
    const conversation = res.headers.get("location")!.split("#")[0]!;
    const resume = uiText("en").home.resume;
    expect(await (await web.get("/")).text()).toContain(resume);
    // Answer with the tutor's own suggestions until it says the conversation reached its end.
    const decode = (s: string) => s.replaceAll("&#39;", "'").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
    for (let turn = 0; turn < 25; turn++) {
      page = await (await web.get(conversation)).text();
      if (page.includes(uiText("en").tutor.reachedEnd)) break;
      const suggestion = /data-suggestion="([^"]+)"/.exec(page)?.[1];
      expect(suggestion).toBeDefined();
      await web.post("/tutor", { csrf_token: csrfFrom(page), conversation_id: conversation.split("/")[2]!, message: decode(suggestion!) });
    }
    expect(page).toContain(uiText("en").tutor.reachedEnd);
    const home = await (await web.get("/")).text();
    expect(home).not.toContain(resume);
    expect(home).not.toContain(`href="${conversation}"`);
    expect(home).toContain(uiText("en").home.talk);
  }, 60_000);
});
