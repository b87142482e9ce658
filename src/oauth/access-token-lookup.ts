// What an access token grants right now (spec 5.1, 5.4.2, 5.6.5): the /v1 doorway asks this with
// the token it was shown, on every call.
import { accessTokenKey } from "./token-store.ts";
import type { ReadStatement, Store } from "../store/open-store.ts";

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

// One statement: the token by its hash, and its client's current facts as one scalar subquery on
// the client's key ("<billing_mode> <account_id> <scopes JSON>": neither of the first two holds a
// space). Measured on bun:sqlite: 3.3 µs, against 3.7 µs for a subquery per fact, ~6 µs for the same
// JOIN and ~10 µs for two drizzle queries. Through Store.read (rows as arrays), so it works on either
// store; the columns' order is TokenRow's.
const TOKEN_BY_HASH = `
  SELECT t.client_id, t.expires_at, t.scopes, t.account_id, t.user_id, t.family_id, t.api_version,
    (SELECT c.billing_mode || ' ' || c.account_id || ' ' || c.scopes FROM clients c WHERE c.id = t.client_id)
  FROM access_tokens t WHERE t.token_hash = ?`;

// Triggers bump this in the same transaction as any change to what TOKEN_BY_HASH reads (migration
// 0014, oauth/schema.ts accessEpoch), so while it reads the same, so would the token.
const EPOCH = { sql: "SELECT n FROM access_epoch WHERE id = 1", args: [] as const };

type TokenRow = [
  clientId: string,
  expiresAt: number,
  scopes: string,
  accountId: string,
  userId: string | null,
  familyId: string | null,
  apiVersion: string,
  clientFacts: string | null,
];

/** A granting token as read at one epoch: what it grants does not change until the epoch does. */
interface Kept {
  epoch: number;
  expiresAt: number;
  grant: AccessGrant;
}

/**
 * Answers token lookups, keeping what it read about each granting token (by its key, never the
 * token) together with the epoch it was read at. Every lookup still reads the store, from a
 * snapshot taken after the call arrived: a kept token costs a read of the epoch instead of the
 * token's row and its client's, and an epoch that moved (a revocation, a deletion, narrowed scopes,
 * in this process or another) sends it back to the rows. So an answer is exactly as fresh as
 * reading the rows every time. Unknown and expired tokens are never kept, so guessing cannot fill it.
 */
export class AccessTokenReader {
  private readonly kept = new Map<string, Kept>();
  /** The newest epoch read: anything kept from an older one can never be used again. */
  private newestEpoch = -1;

  constructor(
    private readonly store: Pick<Store, "readAll">,
    /** How many tokens are kept; the longest kept goes first. */
    private readonly maxKept = 10_000,
  ) {}

  /**
   * The token's grant and, when `beside` gives a statement, that read's rows from the same snapshot:
   * the /v1 doorway reads a route's one read this way, so the call waits for one batched read.
   * `beside` is asked with the grant when one is kept (a read that needs the caller, such as the
   * feed's), else with null; its rows are answered only when they were read for the grant answered.
   */
  async find(token: string, nowMs: number, beside: ((grant: AccessGrant | null) => ReadStatement | null) | null = null): Promise<[AccessTokenLookup, unknown[][] | null]> {
    const key = accessTokenKey(token);
    const kept = this.kept.get(key);
    if (kept) {
      const along = beside?.(kept.grant) ?? null;
      const [epochRows, alongRows] = await this.store.readAll(along ? [EPOCH, along] : [EPOCH]);
      if (epochOf(epochRows!) === kept.epoch) return [answerOf(kept, nowMs), alongRows ?? null];
      this.kept.delete(key);
    }
    const along = beside?.(null) ?? null;
    const [epochRows, tokenRows, alongRows] = await this.store.readAll(along ? [EPOCH, { sql: TOKEN_BY_HASH, args: [key] }, along] : [EPOCH, { sql: TOKEN_BY_HASH, args: [key] }]);
    const read = grantOf(tokenRows![0] as TokenRow | undefined, key);
    if (!read) return [{ kind: "unknown" }, alongRows ?? null];
    this.keep(key, { epoch: epochOf(epochRows!), ...read });
    return [answerOf(read, nowMs), alongRows ?? null];
  }

  private keep(key: string, entry: Kept): void {
    if (entry.epoch < this.newestEpoch) return;
    if (entry.epoch > this.newestEpoch) {
      this.kept.clear();
      this.newestEpoch = entry.epoch;
    }
    if (this.kept.size >= this.maxKept) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, entry);
  }
}

function epochOf(rows: unknown[][]): number {
  // The row exists from the migration on; a database without it keeps nothing valid for long.
  return Number(rows[0]?.[0] ?? -1);
}

function answerOf(read: { expiresAt: number; grant: AccessGrant }, nowMs: number): AccessTokenLookup {
  return read.expiresAt <= nowMs ? { kind: "expired" } : { kind: "granted", grant: read.grant };
}

function grantOf(row: TokenRow | undefined, tokenHash: string): { expiresAt: number; grant: AccessGrant } | null {
  if (!row) return null;
  const [clientId, expiresAt, scopes, accountId, userId, familyId, apiVersion, clientFacts] = row;
  // The token's row cascades away with its client, so a missing client means a deletion in flight.
  if (clientFacts === null) return null;
  const modeEnd = clientFacts.indexOf(" ");
  const ownerEnd = clientFacts.indexOf(" ", modeEnd + 1);
  const billingMode = clientFacts.slice(0, modeEnd) as "allowance" | "metered";
  const ownerAccountId = clientFacts.slice(modeEnd + 1, ownerEnd);
  const allowed = JSON.parse(clientFacts.slice(ownerEnd + 1)) as string[];
  const actingForUser = familyId !== null;
  const grant: AccessGrant = {
    clientId,
    ownerAccountId,
    payerAccountId: accountId,
    userId,
    scopes: (JSON.parse(scopes) as string[]).filter((s) => allowed.includes(s)),
    apiVersion,
    billingMode: actingForUser ? "allowance" : billingMode,
    actingForUser,
    tokenHash,
  };
  // Shared by every call the token makes while kept: nothing may change it.
  Object.freeze(grant.scopes);
  return { expiresAt: Number(expiresAt), grant: Object.freeze(grant) };
}
