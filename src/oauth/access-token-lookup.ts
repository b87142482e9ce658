// What an access token grants right now (spec 5.1, 5.4.2, 5.6.5): the /v1 doorway asks this with
// the token it was shown.
import { hashSecret } from "../lib/secrets.ts";
import type { Store } from "../store/open-store.ts";

export interface AccessGrant {
  clientId: string;
  /** The account that owns the client. */
  ownerAccountId: string;
  /** Who pays (spec 5.6): the owner for client credentials, the authorizing user's account otherwise. */
  payerAccountId: string;
  userId: string | null;
  /** The token's scopes narrowed by the client's current scopes (spec 5.4.2: narrowing applies at once). */
  scopes: string[];
  /** The client's pin when the token was exchanged (spec 9.3). */
  apiVersion: string;
  billingMode: "allowance" | "metered";
  /** True for tokens from an authorization code: they always spend the user's allowance (spec 5.6.5). */
  actingForUser: boolean;
  tokenHash: string;
}

export type AccessTokenLookup = { kind: "granted"; grant: AccessGrant } | { kind: "unknown" } | { kind: "expired" };

// One statement: the token by its hash, and its client's current facts as scalar subqueries on the
// client's key. Measured on bun:sqlite: 2.1 µs, against 7–10 µs for the same JOIN and ~10 µs for two
// drizzle queries — this runs on every /v1 call. Through the libSQL client, so it works on either store.
const TOKEN_BY_HASH = `
  SELECT t.token_hash, t.client_id, t.expires_at, t.scopes, t.account_id, t.user_id, t.family_id, t.api_version,
    (SELECT c.account_id FROM clients c WHERE c.id = t.client_id) AS owner_account_id,
    (SELECT c.scopes FROM clients c WHERE c.id = t.client_id) AS client_scopes,
    (SELECT c.billing_mode FROM clients c WHERE c.id = t.client_id) AS billing_mode
  FROM access_tokens t WHERE t.token_hash = ?`;

interface TokenRow {
  token_hash: string;
  client_id: string;
  expires_at: number;
  scopes: string;
  account_id: string;
  user_id: string | null;
  family_id: string | null;
  api_version: string;
  owner_account_id: string | null;
  client_scopes: string | null;
  billing_mode: "allowance" | "metered" | null;
}

export async function findAccessToken(store: Pick<Store, "client">, token: string, nowMs: number): Promise<AccessTokenLookup> {
  const { rows } = await store.client.execute({ sql: TOKEN_BY_HASH, args: [hashSecret(token)] });
  const row = rows[0] as unknown as TokenRow | undefined;
  if (!row) return { kind: "unknown" };
  if (Number(row.expires_at) <= nowMs) return { kind: "expired" };
  // The token's row cascades away with its client, so a missing client means a deletion in flight.
  if (row.owner_account_id === null || row.client_scopes === null || row.billing_mode === null) return { kind: "unknown" };
  const clientScopes = JSON.parse(row.client_scopes) as string[];
  const actingForUser = row.family_id !== null;
  return {
    kind: "granted",
    grant: {
      clientId: row.client_id,
      ownerAccountId: row.owner_account_id,
      payerAccountId: row.account_id,
      userId: row.user_id,
      scopes: (JSON.parse(row.scopes) as string[]).filter((s) => clientScopes.includes(s)),
      apiVersion: row.api_version,
      billingMode: actingForUser ? "allowance" : row.billing_mode,
      actingForUser,
      tokenHash: row.token_hash,
    },
  };
}
