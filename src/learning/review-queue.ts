// What is due today, deck by deck, and which card comes next, as Anki users expect (README,
// "Review"): a deck per target language; new cards limited per learner's day across all
// decks; the other direction of a word buried until the next day once one was answered; a card
// answered into a learning step leaves today's count until that step is due, so ten answers take
// ten cards off the count. Everything is read from the store on each call: no queue is kept.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../store/open-store.ts";
import { endOfDay, startOfDay } from "./learner-day.ts";
import { reviewSettingsOf, type ReviewSettings } from "./review-settings.ts";

export type Direction = "recognise" | "recall";

export interface DeckDue {
  /** The deck: its target language. */
  deck: string;
  /** Cards in a learning step that is due now. */
  learning: number;
  /** Cards in review whose day has come, siblings of a card answered today left out. */
  review: number;
  /** New cards this deck may still show today (its share of the daily limit). */
  fresh: number;
  /** learning + review + fresh: what the badge shows. */
  due: number;
  /** Cards in a learning step due later today, and when the first of them is. */
  later: number;
  nextAt: number | null;
  /** Words in the deck. */
  words: number;
}

export interface ReviewDay {
  settings: ReviewSettings;
  start: number;
  end: number;
  /** New cards first answered today, all decks. */
  introduced: number;
  decks: DeckDue[];
  due: number;
}

/**
 * The user's cards in the deck (words not left out), each with its word's columns and two flags of
 * its word, computed in one pass by window functions (SQLite 3.25+) rather than a sibling lookup per
 * card: `today`, one of the word's cards was answered today; `due`, one of them (not new) is due
 * today. ts-fsrs State `st`: 0 New, 1 Learning, 2 Review, 3 Relearning (in review_cards.memory).
 */
const cardsToday = (userId: string, start: number, end: number) => sql`(
    SELECT c.id, c.word_id, c.direction, c.due_at, c.last_reviewed_at, json_extract(c.memory, '$.state') AS st,
      w.source_lang, w.target_lang, w.term, w.meaning, w.example_text, w.example_translation, w.created_at AS word_created,
      max(coalesce(c.last_reviewed_at, 0) >= ${start}) OVER (PARTITION BY c.word_id) AS today,
      max(json_extract(c.memory, '$.state') <> 0 AND c.due_at < ${end}) OVER (PARTITION BY c.word_id) AS due
    FROM review_cards c JOIN review_words w ON w.id = c.word_id
    WHERE c.user_id = ${userId} AND w.left_out_at IS NULL) c`;

const STATE = sql.raw("c.st");

/** A card not answered today whose other direction was: it waits until tomorrow. */
const buried = (start: number) => sql`(coalesce(c.last_reviewed_at, 0) < ${start} AND c.today)`;

/**
 * A new card that may be introduced today: its word had no card answered today and has no card due
 * today. So a word shows one new card a day, and a word's count of new cards stays the same while
 * the other direction is reviewed (the share of the limit does not move under the learner).
 */
const freshOk = sql`(c.st = 0 AND NOT c.today AND NOT c.due)`;

/**
 * Shares `limit` new cards among decks, each getting at most `caps[d]`: evenly, and what a small
 * deck cannot use goes to the others (water-filling); a remainder goes to decks in alphabetical
 * order. Deterministic, so the same day shows the same split on every page.
 */
export function shareNewCards(limit: number, caps: Map<string, number>): Map<string, number> {
  const decks = [...caps.keys()].sort();
  const filled = (level: number) => decks.reduce((a, d) => a + Math.min(caps.get(d)!, level), 0);
  const most = Math.max(0, ...caps.values());
  // The highest even level the limit fills: every deck gets up to it.
  let level = 0;
  while (level < most && filled(level + 1) <= limit) level++;
  const out = new Map(decks.map((d) => [d, Math.min(caps.get(d)!, level)]));
  // What is left (fewer than the decks with room) goes one each to decks with room, in order.
  let left = Math.max(0, limit - filled(level));
  for (const d of decks) {
    if (left === 0) break;
    if (out.get(d)! < caps.get(d)!) {
      out.set(d, out.get(d)! + 1);
      left--;
    }
  }
  return out;
}

/** Today's counts for every deck of the user (one grouped query and one over today's answers). */
export async function reviewDay(db: DbOrTx, userId: string, nowMs: number): Promise<ReviewDay> {
  const settings = await reviewSettingsOf(db, userId);
  const start = startOfDay(nowMs, settings.timeZone);
  const end = endOfDay(nowMs, settings.timeZone);
  const rows = await db.all<{ deck: string; learning: number; later: number; next_at: number | null; review: number; new_words: number; words: number }>(sql`
    SELECT c.target_lang AS deck,
      sum(CASE WHEN ${STATE} IN (1, 3) AND c.due_at <= ${nowMs} THEN 1 ELSE 0 END) AS learning,
      sum(CASE WHEN ${STATE} IN (1, 3) AND c.due_at > ${nowMs} AND c.due_at < ${end} THEN 1 ELSE 0 END) AS later,
      min(CASE WHEN ${STATE} IN (1, 3) AND c.due_at > ${nowMs} THEN c.due_at END) AS next_at,
      sum(CASE WHEN ${STATE} = 2 AND c.due_at < ${end} AND NOT ${buried(start)} THEN 1 ELSE 0 END) AS review,
      count(DISTINCT CASE WHEN ${freshOk} THEN c.word_id END) AS new_words,
      count(DISTINCT c.word_id) AS words
    FROM ${cardsToday(userId, start, end)}
    GROUP BY c.target_lang ORDER BY c.target_lang`);
  const introducedRows = await db.all<{ deck: string; n: number }>(sql`
    SELECT target_lang AS deck, count(*) AS n FROM review_log
    WHERE user_id = ${userId} AND state_before = 0 AND reviewed_at >= ${start} GROUP BY target_lang`);
  const introducedBy = new Map(introducedRows.map((r) => [r.deck, Number(r.n)]));
  // A deck's room for the day is what it introduced today plus what it can still introduce, which
  // answering a new card does not change: the share stays put and the deck's count goes down by one.
  const caps = new Map(rows.map((r) => [r.deck, (introducedBy.get(r.deck) ?? 0) + Number(r.new_words)]));
  const shares = shareNewCards(settings.newPerDay, caps);
  const decks = rows.map((r): DeckDue => {
    const fresh = Math.max(0, Math.min(Number(r.new_words), (shares.get(r.deck) ?? 0) - (introducedBy.get(r.deck) ?? 0)));
    const learning = Number(r.learning);
    const review = Number(r.review);
    return { deck: r.deck, learning, review, fresh, due: learning + review + fresh, later: Number(r.later), nextAt: r.next_at === null ? null : Number(r.next_at), words: Number(r.words) };
  });
  const introduced = [...introducedBy.values()].reduce((a, b) => a + b, 0);
  return { settings, start, end, introduced, decks, due: decks.reduce((a, d) => a + d.due, 0) };
}

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
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
}

/**
 * The next card of today's queue, in one deck or all: learning steps that are due first, then
 * reviews (most overdue first), then new cards in the order their words were met, the recognising
 * direction first, only from decks with new cards left in their share of today's limit.
 */
export async function nextDueCard(db: DbOrTx, userId: string, nowMs: number, deck: string | null = null, day?: ReviewDay): Promise<DueCard | null> {
  const today = day ?? (await reviewDay(db, userId, nowMs));
  const withFresh = today.decks.filter((d) => d.fresh > 0 && (deck === null || d.deck === deck)).map((d) => d.deck);
  const freshPart = withFresh.length ? sql`OR (c.target_lang IN (${sql.join(withFresh.map((d) => sql`${d}`), sql`, `)}) AND ${freshOk})` : sql``;
  const rows = await db.all<{ card_id: string; direction: Direction; due_at: number; source_lang: string; target_lang: string; term: string; meaning: string; example_text: string; example_translation: string; state: number }>(sql`
    SELECT c.id AS card_id, c.direction, c.due_at, c.source_lang, c.target_lang, c.term, c.meaning, c.example_text, c.example_translation, c.st AS state
    FROM ${cardsToday(userId, today.start, today.end)}
    WHERE ${deck === null ? sql`1` : sql`c.target_lang = ${deck}`}
      AND ((${STATE} IN (1, 3) AND c.due_at <= ${nowMs})
        OR (${STATE} = 2 AND c.due_at < ${today.end} AND NOT ${buried(today.start)})
        ${freshPart})
    ORDER BY CASE WHEN ${STATE} IN (1, 3) THEN 0 WHEN ${STATE} = 2 THEN 1 ELSE 2 END,
      CASE WHEN ${STATE} = 0 THEN c.word_created ELSE c.due_at END, c.word_id, c.direction DESC, c.id
    LIMIT 1`);
  const r = rows[0];
  if (!r) return null;
  return { cardId: r.card_id, direction: r.direction, dueAt: Number(r.due_at), sourceLang: r.source_lang, targetLang: r.target_lang, term: r.term, meaning: r.meaning, exampleText: r.example_text, exampleTranslation: r.example_translation, state: Number(r.state) };
}
