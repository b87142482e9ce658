import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, millis } from "../store/schema-helpers.ts";

export const accounts = sqliteTable("accounts", {
  id: text("id").primaryKey(),
  ownerUserId: text("owner_user_id").notNull(),
  plan: text("plan", { enum: ["free", "paid"] }).notNull(),
  /** Metered usage billing (spec 5.6): off until the owner activates it. */
  meteredActive: bool("metered_active").notNull().default(false),
  /** Monthly spending limit for all metered clients of the account, in credits; null = none. */
  meteredSpendLimitCredits: integer("metered_spend_limit_credits"),
  createdAt: millis("created_at").notNull(),
});

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
  email: text("email").notNull().unique(),
  /** argon2id (Bun.password); null for users who only sign in through an external provider. */
  passwordHash: text("password_hash"),
  /**
   * Set while a self-service sign-up has not confirmed its address (the link in the verification
   * mail clears it); null for confirmed addresses, operator-created users and accounts that existed
   * before verification did. An unconfirmed account can sign in but cannot create clients.
   */
  emailUnverifiedSince: millis("email_unverified_since"),
  /** The language of the pages (src/web/ui-text); null: taken from the browser's Accept-Language. */
  uiLang: text("ui_lang"),
  createdAt: millis("created_at").notNull(),
});

/** Single-use links sent by e-mail (address verification, password reset); only their SHA-256 is stored. */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_email", "reset_password"] }).notNull(),
    createdAt: millis("created_at").notNull(),
    expiresAt: millis("expires_at").notNull(),
    usedAt: millis("used_at"),
  },
  (t) => [index("email_tokens_user").on(t.userId, t.purpose)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the session token; the token itself lives only in the cookie. */
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    csrfSecret: text("csrf_secret").notNull(),
    createdAt: millis("created_at").notNull(),
    lastSeenAt: millis("last_seen_at").notNull(),
    expiresAt: millis("expires_at").notNull(),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

export const externalIdentities = sqliteTable(
  "external_identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: millis("created_at").notNull(),
  },
  (t) => [uniqueIndex("external_identity").on(t.provider, t.subject)],
);
