// The review deck: words a learner met are kept, and reviewed with spaced repetition in both
// directions (spec 1.1). Scheduling is FSRS (ts-fsrs), fed the injectable clock's time, so a test
// moves the clock instead of sleeping. Fuzz is off: the same answers at the same times give the
// same schedule, which a learner can reason about and a test can assert.
import { and, count, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from "ts-fsrs";
import { AppError } from "../lib/errors.ts";
import { newRowId } from "../lib/secrets.ts";
import type { DbOrTx } from "../store/open-store.ts";
import type { Direction } from "./review-queue.ts";
import { reviewCards, reviewLog, reviewWords, type FsrsMemory } from "./schema.ts";

const scheduler = fsrs(generatorParameters({ enable_fuzz: false }));

export type { Direction } from "./review-queue.ts";
export const DIRECTIONS: readonly Direction[] = ["recognise", "recall"];

export type Origin = "list" | "lesson" | "tutor";

export interface DeckWordInput {
  sourceLang: string;
  targetLang: string;
  term: string;
  meaning: string;
  example: { text: string; translation: string };
}

/** The four answers a learner gives to a card, as FSRS grades them. */
export const GRADES = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy } as const;
export type GradeName = keyof typeof GRADES;
export const isGradeName = (v: unknown): v is GradeName => typeof v === "string" && Object.hasOwn(GRADES, v);

function toMemory(card: Card): FsrsMemory {
  return {
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review ? card.last_review.getTime() : null,
  };
}

function fromMemory(memory: FsrsMemory, dueAt: number): Card {
  return { ...memory, due: new Date(dueAt), last_review: memory.last_review === null ? undefined : new Date(memory.last_review) };
}

/**
 * Adds words to a user's deck, two cards each (one per direction), due at once. A word already in
 * the deck (same languages and term) keeps its schedule. `chosen`: the learner picked these words
 * (a list's checkboxes), so a word they once left out comes back; words met by default (a lesson)
 * leave such a word out. Returns how many joined the deck.
 */
export async function saveWords(db: DbOrTx, userId: string, nowMs: number, origin: Origin, words: DeckWordInput[], chosen = false): Promise<number> {
  const unique = new Map<string, DeckWordInput & { term: string }>();
  for (const w of words) {
    const term = w.term.trim();
    const key = `${w.sourceLang}\u0000${w.targetLang}\u0000${term}`;
    if (term && !unique.has(key)) unique.set(key, { ...w, term });
  }
  if (unique.size === 0) return 0;
  // Two statements whatever the list's length: a list page saves its words in one round trip each.
  const inserted = await db
    .insert(reviewWords)
    .values([...unique.values()].map((w) => ({ id: newRowId(nowMs), userId, sourceLang: w.sourceLang, targetLang: w.targetLang, term: w.term, meaning: w.meaning, exampleText: w.example.text, exampleTranslation: w.example.translation, origin, createdAt: nowMs })))
    .onConflictDoNothing()
    .returning({ id: reviewWords.id });
  let joined = inserted.length;
  if (inserted.length > 0) {
    const memory = toMemory(createEmptyCard(new Date(nowMs)));
    await db.insert(reviewCards).values(inserted.flatMap(({ id: wordId }) => DIRECTIONS.map((direction) => ({ id: newRowId(nowMs), wordId, userId, direction, dueAt: nowMs, memory, lastReviewedAt: null, createdAt: nowMs }))));
  }
  if (chosen && inserted.length < unique.size) {
    const back = await setLeftOut(db, userId, [...unique.values()], null);
    joined += back;
  }
  return joined;
}

/** Leaves words out of the deck (`at`) or takes them back (`null`); returns how many changed. */
async function setLeftOut(db: DbOrTx, userId: string, words: { sourceLang: string; targetLang: string; term: string }[], at: number | null): Promise<number> {
  let changed = 0;
  for (const w of words) {
    const rows = await db
      .update(reviewWords)
      .set({ leftOutAt: at })
      .where(and(eq(reviewWords.userId, userId), eq(reviewWords.sourceLang, w.sourceLang), eq(reviewWords.targetLang, w.targetLang), eq(reviewWords.term, w.term.trim()), at === null ? isNotNull(reviewWords.leftOutAt) : isNull(reviewWords.leftOutAt)))
      .returning({ id: reviewWords.id });
    changed += rows.length;
  }
  return changed;
}

/** The learner's choice for a lesson's words: `keep` stay in (or come back to) the deck, the others are left out. */
export async function chooseDeckWords(db: DbOrTx, userId: string, nowMs: number, words: { sourceLang: string; targetLang: string; term: string }[], keep: Set<string>): Promise<{ kept: number; leftOut: number }> {
  const kept = await setLeftOut(db, userId, words.filter((w) => keep.has(w.term)), null);
  const leftOut = await setLeftOut(db, userId, words.filter((w) => !keep.has(w.term)), nowMs);
  return { kept, leftOut };
}

/** Which of these terms are in the user's deck (present and not left out). */
export async function termsInDeck(db: DbOrTx, userId: string, sourceLang: string, targetLang: string, terms: string[]): Promise<Set<string>> {
  if (terms.length === 0) return new Set();
  const rows = await db
    .select({ term: reviewWords.term })
    .from(reviewWords)
    .where(and(eq(reviewWords.userId, userId), eq(reviewWords.sourceLang, sourceLang), eq(reviewWords.targetLang, targetLang), inArray(reviewWords.term, terms), isNull(reviewWords.leftOutAt)));
  return new Set(rows.map((r) => r.term));
}

export async function deckSize(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviewWords).where(and(eq(reviewWords.userId, userId), isNull(reviewWords.leftOutAt)));
  return row?.n ?? 0;
}

/**
 * Records the learner's answer to one of their cards and schedules its next review. Another
 * learner's card is as good as missing: 404 not_found on `card`.
 */
export async function gradeCard(db: DbOrTx, userId: string, cardId: string, grade: GradeName, nowMs: number): Promise<{ dueAt: number; intervalMs: number }> {
  const [row] = await db.select().from(reviewCards).where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId)));
  if (!row) throw new AppError(404, "not_found", "that card is not in your deck", { param: "card" });
  const [word] = await db.select({ targetLang: reviewWords.targetLang }).from(reviewWords).where(eq(reviewWords.id, row.wordId));
  const { card } = scheduler.next(fromMemory(row.memory, row.dueAt), new Date(nowMs), GRADES[grade] as Grade);
  const dueAt = card.due.getTime();
  // The answer and the card's new schedule are one change: the log is what the daily limit and the statistics count.
  await db.transaction(async (tx) => {
    await tx.update(reviewCards).set({ dueAt, memory: toMemory(card), lastReviewedAt: nowMs }).where(eq(reviewCards.id, cardId));
    await tx.insert(reviewLog).values({ id: newRowId(nowMs), userId, cardId, targetLang: word!.targetLang, grade: GRADES[grade], stateBefore: row.memory.state, reviewedAt: nowMs });
  });
  return { dueAt, intervalMs: dueAt - nowMs };
}

/** How far each answer would push the card, for the buttons' labels (the learner sees the cost of "again"). */
export async function gradePreview(db: DbOrTx, userId: string, cardId: string, nowMs: number): Promise<Record<GradeName, number> | null> {
  const [row] = await db.select({ memory: reviewCards.memory, dueAt: reviewCards.dueAt }).from(reviewCards).where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId)));
  if (!row) return null;
  const preview = scheduler.repeat(fromMemory(row.memory, row.dueAt), new Date(nowMs));
  const out = {} as Record<GradeName, number>;
  for (const name of Object.keys(GRADES) as GradeName[]) out[name] = preview[GRADES[name] as Grade].card.due.getTime() - nowMs;
  return out;
}
