import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { millis } from "../store/schema-helpers.ts";

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
