import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts, users } from "../accounts/schema.ts";
import { clientSecrets, clients } from "../clients/schema.ts";
import { json, millis } from "../store/schema-helpers.ts";

/** A user's consent to a client ("Connected apps"): one row per user and client. */
export const grants = sqliteTable(
  "grants",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull().references(() => clients.id, { onDelete: "cascade" }),
    scopes: json<string[]>("scopes").notNull(),
    createdAt: millis("created_at").notNull(),
    lastUsedAt: millis("last_used_at"),
  },
  (t) => [index("grants_user_client").on(t.userId, t.clientId)],
);

/** One install: the tokens issued from one authorization (spec 3.4 "that install's tokens"). */
export const tokenFamilies = sqliteTable("token_families", {
  id: text("id").primaryKey(),
  grantId: text("grant_id").notNull().references(() => grants.id, { onDelete: "cascade" }),
  scopes: json<string[]>("scopes").notNull(),
  createdAt: millis("created_at").notNull(),
  /** The current refresh token, sealed under the server key: returned again to a racing refresh within the grace window (spec 3.4). */
  currentRefreshSealed: text("current_refresh_sealed"),
  endedAt: millis("ended_at"),
  endedReason: text("ended_reason"),
});

export const authorizationCodes = sqliteTable("authorization_codes", {
  codeHash: text("code_hash").primaryKey(),
  clientId: text("client_id").notNull().references(() => clients.id, { onDelete: "cascade" }),
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  grantId: text("grant_id").notNull().references(() => grants.id, { onDelete: "cascade" }),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  scopes: json<string[]>("scopes").notNull(),
  expiresAt: millis("expires_at").notNull(),
  usedAt: millis("used_at"),
  /** The family the first exchange created, ended if the code is used again (spec 3.3). */
  familyId: text("family_id"),
});

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    familyId: text("family_id").notNull().references(() => tokenFamilies.id, { onDelete: "cascade" }),
    createdAt: millis("created_at").notNull(),
    /** When it was replaced by a refresh; null while current. */
    replacedAt: millis("replaced_at"),
  },
  (t) => [index("refresh_tokens_family").on(t.familyId)],
);

export const accessTokens = sqliteTable(
  "access_tokens",
  {
    /** The token's key: its issue time and SHA-256 (token-store.ts accessTokenKey), never the token. */
    tokenHash: text("token_hash").primaryKey(),
    clientId: text("client_id").notNull().references(() => clients.id, { onDelete: "cascade" }),
    /** Set for client-credentials tokens: revoking the secret ends them (spec 3.5). */
    secretId: text("secret_id").references(() => clientSecrets.id, { onDelete: "cascade" }),
    /** Set for authorization-code tokens: ending the install ends them. */
    familyId: text("family_id").references(() => tokenFamilies.id, { onDelete: "cascade" }),
    /** Who pays (spec 5.6): the client's owner, or the authorizing user's account. */
    accountId: text("account_id").notNull().references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    scopes: json<string[]>("scopes").notNull(),
    apiVersion: text("api_version").notNull(),
    createdAt: millis("created_at").notNull(),
    expiresAt: millis("expires_at").notNull(),
  },
  (t) => [index("access_tokens_client").on(t.clientId)],
);

