// The review deck: words a learner met are kept, and reviewed with spaced repetition in both
// directions (spec 1.1). Scheduling is FSRS (ts-fsrs), fed the injectable clock's time, so a test
// moves the clock instead of sleeping. Fuzz is off: the same answers at the same times give the
// same schedule, which a learner can reason about and a test can assert.
import { and, asc, count, eq, lte } from "drizzle-orm";
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from "ts-fsrs";
import { DAY } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { newRowId } from "../lib/secrets.ts";
import type { DbOrTx } from "../store/open-store.ts";
import { reviewCards, reviewWords, type FsrsMemory } from "./schema.ts";

const scheduler = fsrs(generatorParameters({ enable_fuzz: false }));

export type Direction = "recognise" | "recall";
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

export interface DueCard {
  cardId: string;
  direction: Direction;
  dueAt: number;
  sourceLang: string;
  targetLang: string;
  term: string;
  meaning: string;
  exampleText: string;
  exampleTranslation: string;
  reps: number;
}

/** The end of the learner's day. Days are UTC days: an account carries no time zone yet. */
export function endOfDay(nowMs: number): number {
  return Math.floor(nowMs / DAY) * DAY + DAY;
}

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
 * the deck (same languages and term) is left as it is, with its schedule. Returns how many were new.
 */
export async function saveWords(db: DbOrTx, userId: string, nowMs: number, origin: Origin, words: DeckWordInput[]): Promise<number> {
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
  if (inserted.length === 0) return 0;
  const memory = toMemory(createEmptyCard(new Date(nowMs)));
  await db.insert(reviewCards).values(inserted.flatMap(({ id: wordId }) => DIRECTIONS.map((direction) => ({ id: newRowId(nowMs), wordId, userId, direction, dueAt: nowMs, memory, lastReviewedAt: null, createdAt: nowMs }))));
  return inserted.length;
}

/** Cards due before the end of today (what the navigation counts). */
export async function dueTodayCount(db: DbOrTx, userId: string, nowMs: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviewCards).where(and(eq(reviewCards.userId, userId), lte(reviewCards.dueAt, endOfDay(nowMs) - 1)));
  return row?.n ?? 0;
}

export async function deckSize(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviewWords).where(eq(reviewWords.userId, userId));
  return row?.n ?? 0;
}

/**
 * The next card to review today, most overdue first. A card failed a minute ago comes back within
 * the day after the others (FSRS's short-term learning steps), as in a paper flashcard box.
 */
export async function nextDueCard(db: DbOrTx, userId: string, nowMs: number): Promise<DueCard | null> {
  const [row] = await db
    .select({
      cardId: reviewCards.id,
      direction: reviewCards.direction,
      dueAt: reviewCards.dueAt,
      memory: reviewCards.memory,
      sourceLang: reviewWords.sourceLang,
      targetLang: reviewWords.targetLang,
      term: reviewWords.term,
      meaning: reviewWords.meaning,
      exampleText: reviewWords.exampleText,
      exampleTranslation: reviewWords.exampleTranslation,
    })
    .from(reviewCards)
    .innerJoin(reviewWords, eq(reviewWords.id, reviewCards.wordId))
    .where(and(eq(reviewCards.userId, userId), lte(reviewCards.dueAt, endOfDay(nowMs) - 1)))
    .orderBy(asc(reviewCards.dueAt), asc(reviewCards.id))
    .limit(1);
  if (!row) return null;
  const { memory, ...rest } = row;
  return { ...rest, reps: memory.reps };
}

/**
 * Records the learner's answer to one of their cards and schedules its next review. Another
 * learner's card is as good as missing: 404 not_found on `card`.
 */
export async function gradeCard(db: DbOrTx, userId: string, cardId: string, grade: GradeName, nowMs: number): Promise<{ dueAt: number; intervalMs: number }> {
  const [row] = await db.select().from(reviewCards).where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId)));
  if (!row) throw new AppError(404, "not_found", "that card is not in your deck", { param: "card" });
  const { card } = scheduler.next(fromMemory(row.memory, row.dueAt), new Date(nowMs), GRADES[grade] as Grade);
  const dueAt = card.due.getTime();
  await db.update(reviewCards).set({ dueAt, memory: toMemory(card), lastReviewedAt: nowMs }).where(eq(reviewCards.id, cardId));
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
