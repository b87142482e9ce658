// The review deck's rules on a real store with the adjustable clock (no sleeping): two cards per
// word, a word met twice kept once with its schedule, FSRS learning steps within the day and
// intervals in days after, cards of one user out of another's reach.
import { afterEach, describe, expect, test } from "bun:test";
import { createUser } from "../../src/accounts/service.ts";
import { deckSize, dueTodayCount, endOfDay, gradeCard, gradePreview, nextDueCard, saveWords, type DeckWordInput } from "../../src/learning/service.ts";
import { DAY, MINUTE } from "../../src/lib/clock.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
afterEach(() => t.cleanup());

const word = (term: string, meaning: string): DeckWordInput => ({ sourceLang: "en", targetLang: "es", term, meaning, example: { text: `Quiero ${term}.`, translation: `I want ${meaning}.` } });

async function setup() {
  t = await createTestApp();
  const { db } = t.deps.store;
  const ana = await createUser(db, t.clock.now(), { email: "ana@example.com", password: null });
  const ben = await createUser(db, t.clock.now(), { email: "ben@example.com", password: null });
  return { db, ana: ana.userId, ben: ben.userId };
}

describe("the review deck", () => {
  test("a word gives two cards (both directions), due at once; a word met again is kept once", async () => {
    const { db, ana } = await setup();
    expect(await saveWords(db, ana, t.clock.now(), "list", [word("la manzana", "the apple"), word("el pan", "the bread"), word("la manzana", "the apple")])).toBe(2);
    expect(await deckSize(db, ana)).toBe(2);
    expect(await dueTodayCount(db, ana, t.clock.now())).toBe(4);
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const card = (await nextDueCard(db, ana, t.clock.now()))!;
      seen.add(`${card.term}/${card.direction}`);
      expect((await gradeCard(db, ana, card.cardId, "easy", t.clock.now())).intervalMs).toBeGreaterThanOrEqual(DAY);
    }
    expect([...seen].sort()).toEqual(["el pan/recall", "el pan/recognise", "la manzana/recall", "la manzana/recognise"]);
    expect(await nextDueCard(db, ana, t.clock.now())).toBeNull();
    // Meeting the word again later changes neither the deck nor its schedule.
    t.clock.advance(MINUTE);
    expect(await saveWords(db, ana, t.clock.now(), "lesson", [word("la manzana", "the apple")])).toBe(0);
    expect(await dueTodayCount(db, ana, t.clock.now())).toBe(0);
  });

  test("again and good stay within the day (learning steps); easy waits days; the card comes back when due", async () => {
    const { db, ana } = await setup();
    await saveWords(db, ana, t.clock.now(), "list", [word("el queso", "the cheese")]);
    const card = (await nextDueCard(db, ana, t.clock.now()))!;
    const preview = (await gradePreview(db, ana, card.cardId, t.clock.now()))!;
    expect(preview.again).toBeLessThan(preview.hard);
    expect(preview.hard).toBeLessThan(preview.good);
    expect(preview.good).toBeLessThan(preview.easy);
    const again = await gradeCard(db, ana, card.cardId, "again", t.clock.now());
    expect(again.intervalMs).toBe(preview.again);
    expect(again.intervalMs).toBeLessThan(15 * MINUTE);
    // Still due today: after the other direction's card, the failed one comes back.
    expect(await dueTodayCount(db, ana, t.clock.now())).toBe(2);
    const other = (await nextDueCard(db, ana, t.clock.now()))!;
    expect(other.cardId).not.toBe(card.cardId);
    const easy = await gradeCard(db, ana, other.cardId, "easy", t.clock.now());
    expect(easy.intervalMs).toBeGreaterThanOrEqual(DAY);
    expect((await nextDueCard(db, ana, t.clock.now()))!.cardId).toBe(card.cardId);
    expect(await dueTodayCount(db, ana, t.clock.now())).toBe(1);
    // The failed card, known now, graduates to days as well; nothing is left for today.
    t.clock.advance(again.intervalMs);
    let answers = 0;
    for (let next = await nextDueCard(db, ana, t.clock.now()); next; next = await nextDueCard(db, ana, t.clock.now())) {
      expect(next.cardId).toBe(card.cardId);
      const r = await gradeCard(db, ana, card.cardId, "good", t.clock.now());
      t.clock.advance(r.intervalMs < DAY ? r.intervalMs : 0);
      expect(++answers).toBeLessThan(5);
    }
    expect(await dueTodayCount(db, ana, t.clock.now())).toBe(0);
    // The day before the easy card is due it is not counted; on its day it is, and it comes first.
    const dueDay = endOfDay(easy.dueAt) - DAY;
    t.clock.set(dueDay - 1);
    expect((await nextDueCard(db, ana, t.clock.now()))?.cardId).not.toBe(other.cardId);
    t.clock.set(dueDay);
    const back = await nextDueCard(db, ana, t.clock.now());
    expect(back?.cardId === other.cardId || back?.cardId === card.cardId).toBe(true);
    expect(await dueTodayCount(db, ana, t.clock.now())).toBeGreaterThanOrEqual(1);
  });

  test("one user can neither see nor answer another's cards", async () => {
    const { db, ana, ben } = await setup();
    await saveWords(db, ana, t.clock.now(), "list", [word("el vino", "the wine")]);
    const card = (await nextDueCard(db, ana, t.clock.now()))!;
    expect(await nextDueCard(db, ben, t.clock.now())).toBeNull();
    expect(await dueTodayCount(db, ben, t.clock.now())).toBe(0);
    await expect(gradeCard(db, ben, card.cardId, "easy", t.clock.now())).rejects.toMatchObject({ status: 404, code: "not_found", param: "card" });
    expect(await gradePreview(db, ben, card.cardId, t.clock.now())).toBeNull();
    expect(await dueTodayCount(db, ana, t.clock.now())).toBe(2);
  });
});
