// The learner's review deck (spec 1.1: a learner keeps the words they met): one row per word a
// user met in a list, a lesson or a tutor turn, and one spaced-repetition card per direction.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../accounts/schema.ts";
import { bool, json, millis } from "../store/schema-helpers.ts";
import type { Attempt, ExitAttempt } from "./answer-check.ts";

export const reviewWords = sqliteTable(
  "review_words",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    sourceLang: text("source_lang").notNull(),
    targetLang: text("target_lang").notNull(),
    /** The word as taught in the target language, with its article («la manzana»). */
    term: text("term").notNull(),
    /** Its meaning in the learner's language. */
    meaning: text("meaning").notNull(),
    exampleText: text("example_text").notNull(),
    exampleTranslation: text("example_translation").notNull(),
    /** Where the learner met it. */
    origin: text("origin", { enum: ["list", "lesson", "tutor"] }).notNull(),
    /** Set when the learner left the word out of their deck: its cards are not reviewed, and meeting it again does not bring it back. */
    leftOutAt: millis("left_out_at"),
    createdAt: millis("created_at").notNull(),
  },
  // A word met twice is one entry: the deck is the set of words, not a log of meetings.
  (t) => [uniqueIndex("review_words_user_term").on(t.userId, t.sourceLang, t.targetLang, t.term)],
);

/** FSRS memory state of one card (ts-fsrs `Card` without `due`, dates as epoch milliseconds). */
export interface FsrsMemory {
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: number | null;
}

export const reviewCards = sqliteTable(
  "review_cards",
  {
    id: text("id").primaryKey(),
    wordId: text("word_id").notNull().references(() => reviewWords.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** recognise: target → source (read the word, give its meaning); recall: source → target. */
    direction: text("direction", { enum: ["recognise", "recall"] }).notNull(),
    dueAt: millis("due_at").notNull(),
    memory: json<FsrsMemory>("memory").notNull(),
    lastReviewedAt: millis("last_reviewed_at"),
    createdAt: millis("created_at").notNull(),
  },
  (t) => [uniqueIndex("review_cards_word_direction").on(t.wordId, t.direction), index("review_cards_user_due").on(t.userId, t.dueAt)],
);

/**
 * One answer to one card, kept for the statistics (reviews per day, retention, streak) and for the
 * daily limit on new cards: a card first answered today (`was_new`) counts against today's limit.
 * The deck (target language) is copied so a day's numbers per deck need no join.
 */
export const reviewLog = sqliteTable(
  "review_log",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    cardId: text("card_id").notNull().references(() => reviewCards.id, { onDelete: "cascade" }),
    targetLang: text("target_lang").notNull(),
    /** ts-fsrs Rating: 1 again, 2 hard, 3 good, 4 easy. */
    grade: integer("grade").notNull(),
    /** ts-fsrs State before the answer: 0 new, 1 learning, 2 review, 3 relearning. */
    stateBefore: integer("state_before").notNull(),
    reviewedAt: millis("reviewed_at").notNull(),
  },
  (t) => [index("review_log_user_time").on(t.userId, t.reviewedAt)],
);

/** The learner's review settings; a user without a row has the defaults (learning/review-settings.ts). */
export const reviewSettings = sqliteTable("review_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** New cards a day, across all decks. */
  newPerDay: integer("new_per_day").notNull(),
  /** IANA time zone in which the learner's days begin and end. */
  timeZone: text("time_zone").notNull(),
  updatedAt: millis("updated_at").notNull(),
});

/** A learner's way through one lesson plan: every exercise's last attempt and the exit check's. */
export interface LessonAttempts {
  /** Keyed `${setIndex}.${exerciseIndex}`. */
  exercises: Record<string, Attempt>;
  exit: ExitAttempt | null;
}

export const lessonProgress = sqliteTable(
  "lesson_progress",
  {
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The lesson plan (generation's lesson_plans.id); a plan is the account's, progress the user's. */
    planId: text("plan_id").notNull(),
    attempts: json<LessonAttempts>("attempts").notNull(),
    /** The exit check's last score, copied out of `attempts` for the plans list. */
    exitScore: integer("exit_score"),
    exitTotal: integer("exit_total"),
    passed: bool("passed"),
    /** The tutor conversation the plan's role-play opened, to resume it. */
    conversationId: text("conversation_id"),
    startedAt: millis("started_at").notNull(),
    updatedAt: millis("updated_at").notNull(),
    completedAt: millis("completed_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.planId] }), index("lesson_progress_user_updated").on(t.userId, t.updatedAt)],
);
