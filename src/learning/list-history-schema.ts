// The Learn page's history: every vocabulary list a learner made there, kept as it was shown, so
// it can be shown again without asking (or paying) the engine again.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../accounts/schema.ts";
import type { VocabItem } from "../generation/model.ts";
import { json, millis } from "../store/schema-helpers.ts";

export const learnLists = sqliteTable(
  "learn_lists",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    sourceLang: text("source_lang").notNull(),
    targetLang: text("target_lang").notNull(),
    level: integer("level").notNull(),
    /** The topic or scene as the learner typed it; "" when they left it empty. */
    topic: text("topic").notNull(),
    /** The list as the engine made it. */
    items: json<VocabItem[]>("items").notNull(),
    createdAt: millis("created_at").notNull(),
  },
  (t) => [index("learn_lists_user_created").on(t.userId, t.createdAt)],
);
