import { blob, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "../accounts/schema.ts";
import { bool, json, millis } from "../store/schema-helpers.ts";
import type { LessonPlanInput, LessonSet } from "./model.ts";

/**
 * One row per request to an LLM (the LLM engine, llm/usage-store.ts): the tokens the server
 * reported, so an operator sees what the model costs (`parla admin llm usage`). A request the
 * server answered without a usage block is recorded with zero tokens.
 */
export const llmUsage = sqliteTable(
  "llm_usage",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: millis("at").notNull(),
    /** "vocabulary", "lesson_plan" or "tutor_turn". */
    operation: text("operation").notNull(),
    model: text("model").notNull(),
    /** "answer", or "repair" for the one request that quotes a refused answer's errors. */
    kind: text("kind", { enum: ["answer", "repair"] }).notNull(),
    /** "ok", or why the answer was not used: "invalid", "refused". */
    outcome: text("outcome", { enum: ["ok", "invalid", "refused"] }).notNull(),
    promptTokens: integer("prompt_tokens").notNull(),
    completionTokens: integer("completion_tokens").notNull(),
  },
  (t) => [index("llm_usage_at").on(t.at)],
);


export type PlanStatus = "generating" | "partial" | "complete" | "failed";

/**
 * Lesson plans (spec 3.1; DESIGN §8). `sets_ready` is the number of rows in plan_sets, kept here so
 * a stream on any process can tell progress from one cheap read. `receipt` is the charge's
 * receipt (billing), kept so a plan that fails later is refunded exactly.
 */
export const lessonPlans = sqliteTable(
  "lesson_plans",
  {
    id: text("id").primaryKey(),
    /** The account whose client made it (events go to it, spec 6.2). */
    accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
    /** The user an app made it for (authorization-code token), or null for the account itself. */
    userId: text("user_id"),
    clientId: text("client_id"),
    status: text("status", { enum: ["generating", "partial", "complete", "failed"] }).notNull(),
    input: json<LessonPlanInput>("input").notNull(),
    libraryKey: text("library_key").notNull(),
    fromLibrary: bool("from_library").notNull().default(false),
    setsReady: integer("sets_ready").notNull().default(0),
    receipt: json<unknown>("receipt"),
    createdAt: millis("created_at").notNull(),
    updatedAt: millis("updated_at").notNull(),
    /**
     * A complete plan's whole JSON answer to GET /v1/lesson-plans/{id}, stored in the transaction
     * that made it complete, so that read is one row by its key. Nothing in it changes afterwards:
     * `complete` is final, every statement that moves the status, `sets_ready`, `from_library` or
     * the sets requires `generating` or `partial`, the id, input and creation time never change, and
     * a deleted plan takes its answer with it.
     * A BLOB: it comes back as bytes to answer as they are, where TEXT would be decoded into a
     * string only to be encoded again. Null before `complete`, and for plans completed before the
     * column existed (they are answered from their sets).
     */
    answer: blob("answer", { mode: "buffer" }),
    /** The shape `answer` was made in (plan-view.ts PLAN_ANSWER_SHAPE); any other is not served. */
    answerShape: text("answer_shape"),
    /**
     * A plan served from the library by reference: the plan whose committed sets (plan_sets) are
     * this plan's — the library entry's plan — so they are stored once, not copied per plan. Such a
     * plan has no plan_sets rows and no stored answer of its own (it is answered from its row and
     * those sets). Null for a plan whose sets are its own. Set once, with the sets' count, while the
     * plan is `generating`, and only to a plan whose own `sets_of` is null; plans are never deleted
     * apart from their account.
     */
    setsOf: text("sets_of"),
  },
  (t) => [index("lesson_plans_account").on(t.accountId, t.createdAt)],
);

/** One row per committed set: the primary key makes "each set exactly once" a rule of the store. */
export const planSets = sqliteTable(
  "plan_sets",
  {
    planId: text("plan_id").notNull().references(() => lessonPlans.id, { onDelete: "cascade" }),
    idx: integer("idx").notNull(),
    set: json<LessonSet>("set").notNull(),
    createdAt: millis("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.idx] })],
);

/**
 * The plan library (spec 3.1, 2.7): every finished plan's sets under the normalised key of its
 * request, so the same request can be answered without generating again. An entry made by a plan
 * finishing here names that plan (`plan_id`) and keeps `sets` empty: the plan's committed sets are
 * the entry's, stored once rather than copied. An imported entry has no plan here and carries its
 * sets itself (never empty). An entry whose plan is gone serves nothing and is replaced by the next
 * plan finished under its key.
 */
export const planLibrary = sqliteTable("plan_library", {
  key: text("key").primaryKey(),
  engine: text("engine").notNull(),
  input: json<LessonPlanInput>("input").notNull(),
  sets: json<LessonSet[]>("sets").notNull(),
  planId: text("plan_id"),
  uses: integer("uses").notNull().default(0),
  createdAt: millis("created_at").notNull(),
  lastUsedAt: millis("last_used_at"),
});

/** Tutor conversations per account (spec 1.1): the engine's state for the next turn, and what ties it. */
export const conversations = sqliteTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    clientId: text("client_id"),
    sourceLang: text("source_lang").notNull(),
    targetLang: text("target_lang").notNull(),
    level: integer("level").notNull(),
    scene: text("scene"),
    npc: json<{ name: string; persona?: string }>("npc"),
    planId: text("plan_id"),
    state: json<unknown>("state"),
    turns: integer("turns").notNull().default(0),
    createdAt: millis("created_at").notNull(),
    updatedAt: millis("updated_at").notNull(),
  },
  (t) => [index("conversations_account").on(t.accountId, t.updatedAt)],
);

/** Every turn kept: the learner's message and the tutor's whole answer. */
export const conversationTurns = sqliteTable(
  "conversation_turns",
  {
    conversationId: text("conversation_id").notNull().references(() => conversations.id, { onDelete: "cascade" }),
    n: integer("n").notNull(),
    message: text("message").notNull(),
    reply: json<unknown>("reply").notNull(),
    createdAt: millis("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.n] })],
);
