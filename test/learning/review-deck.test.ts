// The review deck's rules on a real store with the adjustable clock (no sleeping): two cards per
// word, the other direction buried until the next day, a card answered into a learning step out of
// today's count until the step is due, a daily limit on new cards shared among the decks (one per
// target language) and counted in the learner's own days, words left out of the deck by choice,
// and cards of one user out of another's reach.
import { afterEach, describe, expect, test } from "bun:test";
import { createUser } from "../../src/accounts/service.ts";
import { endOfDay, startOfDay } from "../../src/learning/learner-day.ts";
import { nextDueCard, reviewDay, shareNewCards } from "../../src/learning/review-queue.ts";
import { saveReviewSettings } from "../../src/learning/review-settings.ts";
import { reviewStats } from "../../src/learning/review-stats.ts";
import { chooseDeckWords, deckSize, gradeCard, gradePreview, saveWords, termsInDeck, type DeckWordInput, type GradeName } from "../../src/learning/service.ts";
import { DAY, HOUR, MINUTE } from "../../src/lib/clock.ts";
import type { DbOrTx } from "../../src/store/open-store.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
afterEach(() => t.cleanup());

const word = (term: string, meaning: string, targetLang = "es"): DeckWordInput => ({ sourceLang: "en", targetLang, term, meaning, example: { text: `Quiero ${term}.`, translation: `I want ${meaning}.` } });
const words = (n: number, targetLang: string) => Array.from({ length: n }, (_, i) => word(`${targetLang}-${i}`, `meaning ${i}`, targetLang));

async function setup() {
  t = await createTestApp();
  const { db } = t.deps.store;
  const ana = await createUser(db, t.clock.now(), { email: "ana@example.com", password: null });
  const ben = await createUser(db, t.clock.now(), { email: "ben@example.com", password: null });
  return { db, ana: ana.userId, ben: ben.userId };
}

const deckOf = async (db: DbOrTx, userId: string, deck: string) => (await reviewDay(db, userId, t.clock.now())).decks.find((d) => d.deck === deck)!;

/** Answers every card the queue offers now (in `deck`, or all), each with `grade`; returns how many. */
async function reviewAll(db: DbOrTx, userId: string, grade: GradeName, deck: string | null = null): Promise<string[]> {
  const answered: string[] = [];
  for (let card = await nextDueCard(db, userId, t.clock.now(), deck); card; card = await nextDueCard(db, userId, t.clock.now(), deck)) {
    expect(answered).not.toContain(card.cardId);
    await gradeCard(db, userId, card.cardId, grade, t.clock.now());
    answered.push(card.cardId);
    expect(answered.length).toBeLessThan(200);
  }
  return answered;
}

describe("the review deck", () => {
  test("a word gives two cards; once one is answered the other waits until the next day; a word met again is kept once", async () => {
    const { db, ana } = await setup();
    expect(await saveWords(db, ana, t.clock.now(), "list", [word("la manzana", "the apple"), word("el pan", "the bread"), word("la manzana", "the apple")], true)).toBe(2);
    expect(await deckSize(db, ana)).toBe(2);
    // Two words, each showing one new card today.
    expect(await deckOf(db, ana, "es")).toMatchObject({ fresh: 2, learning: 0, review: 0, due: 2, words: 2 });
    const first = (await nextDueCard(db, ana, t.clock.now()))!;
    expect(first.direction).toBe("recognise");
    await gradeCard(db, ana, first.cardId, "easy", t.clock.now());
    const second = (await nextDueCard(db, ana, t.clock.now()))!;
    expect(second.term).not.toBe(first.term);
    await gradeCard(db, ana, second.cardId, "easy", t.clock.now());
    // Both recall cards are buried: nothing more today.
    expect(await nextDueCard(db, ana, t.clock.now())).toBeNull();
    expect((await reviewDay(db, ana, t.clock.now())).due).toBe(0);
    // The next day the other directions come, recall this time.
    t.clock.set(endOfDay(t.clock.now(), "UTC") + HOUR);
    const next = await reviewAll(db, ana, "easy");
    expect(next).toHaveLength(2);
    // Meeting the word again changes neither the deck nor its schedule.
    expect(await saveWords(db, ana, t.clock.now(), "lesson", [word("la manzana", "the apple")])).toBe(0);
    expect((await reviewDay(db, ana, t.clock.now())).due).toBe(0);
  });

  test("an answer takes the card off today's count at once; a learning step brings it back when due", async () => {
    const { db, ana } = await setup();
    await saveWords(db, ana, t.clock.now(), "list", words(30, "es"), true);
    const before = (await reviewDay(db, ana, t.clock.now())).due;
    expect(before).toBe(20);
    const grades: GradeName[] = ["again", "hard", "good", "again", "good", "easy", "again", "good", "hard", "good"];
    for (const g of grades) await gradeCard(db, ana, (await nextDueCard(db, ana, t.clock.now()))!.cardId, g, t.clock.now());
    const after = await deckOf(db, ana, "es");
    expect(after.due).toBe(before - 10);
    expect(after.later).toBe(9); // all but the easy one are in a learning step later today
    expect(after.nextAt! - t.clock.now()).toBeLessThanOrEqual(10 * MINUTE);
    // Learning steps come first once due, before the remaining new cards.
    t.clock.advance(after.nextAt! - t.clock.now());
    const back = (await nextDueCard(db, ana, t.clock.now()))!;
    expect(back.state).toBe(1);
    expect((await deckOf(db, ana, "es")).learning).toBeGreaterThan(0);
  });

  test("again, hard, good, easy push a new card further and further; the preview is what the answer does", async () => {
    const { db, ana } = await setup();
    await saveWords(db, ana, t.clock.now(), "list", [word("el queso", "the cheese")], true);
    const card = (await nextDueCard(db, ana, t.clock.now()))!;
    const preview = (await gradePreview(db, ana, card.cardId, t.clock.now()))!;
    expect(preview.again).toBeLessThan(preview.hard);
    expect(preview.hard).toBeLessThan(preview.good);
    expect(preview.good).toBeLessThan(preview.easy);
    expect((await gradeCard(db, ana, card.cardId, "again", t.clock.now())).intervalMs).toBe(preview.again);
  });

  test("20 new cards a day across all decks, shared between them; the next day's due is at most 20 new plus that day's reviews", async () => {
    const { db, ana } = await setup();
    // Three lessons' and three lists' worth of words in two languages.
    await saveWords(db, ana, t.clock.now(), "lesson", words(45, "es"));
    await saveWords(db, ana, t.clock.now(), "list", words(35, "de"), true);
    const day1 = await reviewDay(db, ana, t.clock.now());
    expect(day1.decks.map((d) => [d.deck, d.fresh, d.words])).toEqual([
      ["de", 10, 35],
      ["es", 10, 45],
    ]);
    expect(day1.due).toBe(20);
    // One deck at a time: the Spanish deck gives its 10, then only German is left.
    const es = await reviewAll(db, ana, "good", "es");
    const reviewedDay1 = new Set(es);
    expect(es.length).toBeGreaterThanOrEqual(10);
    expect(await deckOf(db, ana, "es")).toMatchObject({ fresh: 0 });
    expect((await reviewDay(db, ana, t.clock.now())).decks.find((d) => d.deck === "de")!.fresh).toBe(10);
    for (const id of await reviewAll(db, ana, "easy")) reviewedDay1.add(id);
    const end1 = await reviewDay(db, ana, t.clock.now());
    expect(end1.introduced).toBe(20);
    expect(end1.decks.reduce((a, d) => a + d.fresh, 0)).toBe(0);
    // Later the same day the learning steps come due, but no new card does.
    t.clock.advance(2 * HOUR);
    for (const id of await reviewAll(db, ana, "good")) reviewedDay1.add(id);
    expect((await reviewDay(db, ana, t.clock.now())).introduced).toBe(20);

    t.clock.set(endOfDay(t.clock.now(), "UTC") + 8 * HOUR);
    const day2 = await reviewDay(db, ana, t.clock.now());
    expect(day2.introduced).toBe(0);
    const fresh2 = day2.decks.reduce((a, d) => a + d.fresh, 0);
    expect(fresh2).toBeLessThanOrEqual(20);
    expect(day2.due).toBeLessThanOrEqual(20 + reviewedDay1.size);
    // Siblings of yesterday's new cards are among today's new ones: the recall direction.
    const firstNew = (await nextDueCard(db, ana, t.clock.now(), "de"))!;
    expect(firstNew).toBeTruthy();
  });

  test("the limit is the learner's, and days are the learner's days", async () => {
    const { db, ana } = await setup();
    await saveWords(db, ana, t.clock.now(), "list", [...words(10, "es"), ...words(10, "fr")], true);
    await saveReviewSettings(db, ana, t.clock.now(), { newPerDay: "5", timeZone: "UTC" });
    let day = await reviewDay(db, ana, t.clock.now());
    expect(day.decks.map((d) => d.fresh)).toEqual([3, 2]); // es 3, fr 2: the odd card goes to the first deck
    expect(day.due).toBe(5);
    await expect(saveReviewSettings(db, ana, t.clock.now(), { newPerDay: "-1", timeZone: "UTC" })).rejects.toMatchObject({ status: 400, param: "new_per_day" });
    await expect(saveReviewSettings(db, ana, t.clock.now(), { newPerDay: "20", timeZone: "Mars/Olympus" })).rejects.toMatchObject({ status: 400, param: "time_zone" });
    // A learner in Auckland (UTC+13 in November): 09:00 UTC is 22:00 there, and the day ends two hours later.
    await saveReviewSettings(db, ana, t.clock.now(), { newPerDay: "5", timeZone: "Pacific/Auckland" });
    day = await reviewDay(db, ana, t.clock.now());
    expect(day.end - t.clock.now()).toBe(2 * HOUR);
    await reviewAll(db, ana, "easy");
    expect((await reviewDay(db, ana, t.clock.now())).introduced).toBe(5);
    t.clock.advance(HOUR + 59 * MINUTE); // 23:59 in Auckland: still the same day
    expect((await reviewDay(db, ana, t.clock.now())).due).toBe(0);
    t.clock.advance(2 * MINUTE); // 00:01: a new day with five new cards
    expect((await reviewDay(db, ana, t.clock.now())).decks.reduce((a, d) => a + d.fresh, 0)).toBe(5);
    expect(startOfDay(t.clock.now(), "Pacific/Auckland")).toBe(day.end);
  });

  test("the share of the limit water-fills: a small deck's unused room goes to the others", () => {
    expect([...shareNewCards(20, new Map([["de", 3], ["es", 100], ["fr", 100]]))]).toEqual([["de", 3], ["es", 9], ["fr", 8]]);
    expect([...shareNewCards(20, new Map([["es", 0]]))]).toEqual([["es", 0]]);
    expect([...shareNewCards(0, new Map([["es", 5]]))]).toEqual([["es", 0]]);
  });

  test("a deck chosen on the page gives only its cards", async () => {
    const { db, ana } = await setup();
    await saveWords(db, ana, t.clock.now(), "list", [...words(3, "es"), ...words(3, "it")], true);
    const it = await reviewAll(db, ana, "easy", "it");
    expect(it).toHaveLength(3);
    expect(await deckOf(db, ana, "it")).toMatchObject({ due: 0 });
    expect(await deckOf(db, ana, "es")).toMatchObject({ due: 3 });
  });

  test("the learner chooses: words left out are not reviewed nor brought back by a lesson; ticking them in a list does", async () => {
    const { db, ana } = await setup();
    const lesson = words(4, "es");
    await saveWords(db, ana, t.clock.now(), "lesson", lesson);
    expect(await chooseDeckWords(db, ana, t.clock.now(), lesson, new Set(["es-0", "es-1"]))).toEqual({ kept: 0, leftOut: 2 });
    expect([...(await termsInDeck(db, ana, "en", "es", lesson.map((w) => w.term)))].sort()).toEqual(["es-0", "es-1"]);
    expect(await deckOf(db, ana, "es")).toMatchObject({ words: 2, fresh: 2 });
    expect(await deckSize(db, ana)).toBe(2);
    // Visiting the lesson again does not undo the choice.
    expect(await saveWords(db, ana, t.clock.now(), "lesson", lesson)).toBe(0);
    expect(await deckOf(db, ana, "es")).toMatchObject({ words: 2 });
    // Ticking one in a list brings it back.
    expect(await saveWords(db, ana, t.clock.now(), "list", [lesson[2]!], true)).toBe(1);
    expect(await deckOf(db, ana, "es")).toMatchObject({ words: 3 });
  });

  test("one user can neither see nor answer another's cards", async () => {
    const { db, ana, ben } = await setup();
    await saveWords(db, ana, t.clock.now(), "list", [word("el vino", "the wine")], true);
    const card = (await nextDueCard(db, ana, t.clock.now()))!;
    expect(await nextDueCard(db, ben, t.clock.now())).toBeNull();
    expect((await reviewDay(db, ben, t.clock.now())).due).toBe(0);
    await expect(gradeCard(db, ben, card.cardId, "easy", t.clock.now())).rejects.toMatchObject({ status: 404, code: "not_found", param: "card" });
    expect(await gradePreview(db, ben, card.cardId, t.clock.now())).toBeNull();
    expect((await reviewDay(db, ana, t.clock.now())).due).toBe(1);
  });
});

test("statistics: reviews per learner day, retention of known cards, the streak and its end", async () => {
  const { db, ana } = await setup();
  await saveWords(db, ana, t.clock.now(), "list", words(4, "es"), true);
  // Day 1: four new cards, easy (new cards do not count for retention).
  expect(await reviewAll(db, ana, "easy")).toHaveLength(4);
  let stats = await reviewStats(db, ana, t.clock.now());
  expect(stats).toMatchObject({ today: 4, reviews: 4, matured: 0, streak: 1 });
  expect(stats.days).toHaveLength(30);
  expect(stats.days.at(-1)).toEqual({ date: "2026-11-02", reviews: 4 });
  // Day 2: the four other directions; day 3 nothing; day 20: the first cards are back, one forgotten.
  t.clock.advance(DAY);
  expect(await reviewAll(db, ana, "easy")).toHaveLength(4);
  expect((await reviewStats(db, ana, t.clock.now())).streak).toBe(2);
  t.clock.advance(DAY);
  expect((await reviewStats(db, ana, t.clock.now())).streak).toBe(2); // today not begun yet: counted up to yesterday
  t.clock.advance(DAY);
  expect((await reviewStats(db, ana, t.clock.now())).streak).toBe(0);
  t.clock.advance(60 * DAY);
  const due = await nextDueCard(db, ana, t.clock.now());
  expect(due?.state).toBe(2);
  await gradeCard(db, ana, due!.cardId, "again", t.clock.now());
  const other = (await nextDueCard(db, ana, t.clock.now()))!;
  await gradeCard(db, ana, other.cardId, "good", t.clock.now());
  stats = await reviewStats(db, ana, t.clock.now());
  expect(stats).toMatchObject({ today: 2, reviews: 2, matured: 2, remembered: 1, streak: 1, bestStreak: 2 });
});

test("a day in a time zone with a daylight-saving change is 23 or 25 hours long", () => {
  // Europe/Berlin leaves summer time on 2026-10-25.
  const noon = Date.UTC(2026, 9, 25, 11);
  expect(endOfDay(noon, "Europe/Berlin") - startOfDay(noon, "Europe/Berlin")).toBe(25 * HOUR);
  expect(startOfDay(noon, "Europe/Berlin")).toBe(Date.UTC(2026, 9, 24, 22));
  expect(endOfDay(noon, "UTC") - startOfDay(noon, "UTC")).toBe(DAY);
});
