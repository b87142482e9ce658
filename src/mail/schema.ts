import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { millis } from "../store/schema-helpers.ts";

/**
 * Every message Parla sends, written in the transaction of the change that causes it (outbox).
 * With PARLA_SMTP_URL a job delivers it (`queued` → `sent`); without, it is `held` for the operator
 * (`parla admin mail outbox`), because there is nowhere to send it.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    bodyText: text("body_text").notNull(),
    status: text("status", { enum: ["queued", "sent", "held", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: millis("created_at").notNull(),
    sentAt: millis("sent_at"),
  },
  (t) => [index("mail_outbox_created").on(t.createdAt)],
);
