import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "../accounts/schema.ts";
import { json, millis } from "../store/schema-helpers.ts";

/** OAuth clients (spec 2.1). Deleting a client cascades to its secrets, tokens and grants. */
export const clients = sqliteTable(
  "clients",
  {
    /** The public client ID, `parla_cid_…`. */
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: ["public", "confidential"] }).notNull(),
    scopes: json<string[]>("scopes").notNull(),
    billingMode: text("billing_mode", { enum: ["allowance", "metered"] }).notNull(),
    pinnedVersion: text("pinned_version").notNull(),
    redirectUris: json<string[]>("redirect_uris").notNull(),
    /** Monthly spending limit for this metered client, in credits; null = none. */
    spendLimitCredits: integer("spend_limit_credits"),
    createdAt: millis("created_at").notNull(),
  },
  (t) => [index("clients_account").on(t.accountId)],
);

export const clientSecrets = sqliteTable(
  "client_secrets",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id").notNull().references(() => clients.id, { onDelete: "cascade" }),
    secretHash: text("secret_hash").notNull().unique(),
    /** Last four characters, so the owner can tell two secrets apart; never enough to use. */
    hint: text("hint").notNull(),
    createdAt: millis("created_at").notNull(),
    lastUsedAt: millis("last_used_at"),
  },
  (t) => [index("client_secrets_client").on(t.clientId)],
);
