// Issuing and ending tokens. Every token is a random secret stored only as its SHA-256 hash.
import { eq } from "drizzle-orm";
import { DAY } from "../lib/clock.ts";
import { PREFIX, hashSecret, newSecret } from "../lib/secrets.ts";
import { seal } from "../lib/sealed-box.ts";
import type { Db, DbOrTx } from "../store/open-store.ts";
import { isDb } from "../store/prepared.ts";
import { ACCESS_TOKEN_TTL_MS } from "./lifetimes.ts";
import { accessTokens, refreshTokens, tokenFamilies } from "./schema.ts";

export interface AccessTokenGrant {
  clientId: string;
  secretId: string | null;
  familyId: string | null;
  accountId: string;
  userId: string | null;
  scopes: string[];
  apiVersion: string;
}

/** Issue times in access tokens: milliseconds, base36, 9 characters (sorts as text until the year 5188). */
const ISSUED_LENGTH = 9;
/** Tokens issued before the issue time was part of them: the prefix and 43 characters of randomness. */
const LEGACY_ACCESS_TOKEN_LENGTH = PREFIX.accessToken.length + 43;

/**
 * An access token: `parla_at_`, its issue time, then 32 random bytes. The time is no secret (like a
 * JWT's `iat`); the random part carries the token's strength.
 */
function newAccessToken(nowMs: number): string {
  return newSecret(PREFIX.accessToken + Math.max(0, Math.floor(nowMs)).toString(36).padStart(ISSUED_LENGTH, "0"));
}

/**
 * Where an access token is stored: its issue time, then its SHA-256. Found from the token alone, and
 * each new key sorts after the ones before it, so an exchange's insert lands on the index's last
 * page instead of a random one (measured in one group commit of 8: 17.5 → 7 µs per insert).
 * A token issued before the time was part of it is stored under its bare hash.
 */
export function accessTokenKey(token: string): string {
  if (token.length === LEGACY_ACCESS_TOKEN_LENGTH) return hashSecret(token);
  const start = PREFIX.accessToken.length;
  return token.slice(start, start + ISSUED_LENGTH) + hashSecret(token);
}

// The insert every exchange runs, as a plain statement through the libSQL client (either store):
// drizzle's prepared insert added ~4 µs of parameter mapping to it.
const INSERT_ACCESS_TOKEN =
  "INSERT INTO access_tokens (token_hash, client_id, secret_id, family_id, account_id, user_id, scopes, api_version, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

export async function issueAccessToken(db: DbOrTx, nowMs: number, grant: AccessTokenGrant): Promise<string> {
  const token = newAccessToken(nowMs);
  const row = { tokenHash: accessTokenKey(token), ...grant, createdAt: nowMs, expiresAt: nowMs + ACCESS_TOKEN_TTL_MS };
  // Inside a transaction the statement must run on it, so only the plain handle takes the fast path.
  if (isDb(db)) {
    await db.$client.execute({
      sql: INSERT_ACCESS_TOKEN,
      args: [row.tokenHash, row.clientId, row.secretId, row.familyId, row.accountId, row.userId, JSON.stringify(row.scopes), row.apiVersion, row.createdAt, row.expiresAt],
    });
  } else await db.insert(accessTokens).values(row);
  return token;
}

/** Issues the family's new current refresh token and keeps it sealed on the family for the grace window. */
export async function issueRefreshToken(db: DbOrTx, nowMs: number, familyId: string, serverKey: Uint8Array): Promise<string> {
  const token = newSecret(PREFIX.refreshToken);
  await db.insert(refreshTokens).values({ tokenHash: hashSecret(token), familyId, createdAt: nowMs });
  await db.update(tokenFamilies).set({ currentRefreshSealed: await seal(serverKey, token, `refresh:${familyId}`) }).where(eq(tokenFamilies.id, familyId));
  return token;
}

/** How long an expired access token's row stays: a call with it hears "expired, exchange again" (spec 7) rather than "unknown". */
export const EXPIRED_ACCESS_TOKENS_KEPT_MS = DAY;
const PRUNE_BATCH = 5_000;
const PRUNE_EXPIRED =
  "DELETE FROM access_tokens WHERE token_hash IN (SELECT token_hash FROM access_tokens WHERE token_hash < ? AND expires_at < ? LIMIT ?)";

/**
 * Deletes the access tokens that expired before `cutoffMs`, in batches so no one transaction holds
 * the writer for long. Keys start with their issue time (accessTokenKey), so the tokens issued
 * before `cutoffMs` less a lifetime are one range of the primary key: no scan, and no index on
 * expires_at for every exchange to write. (Keys from before the issue time was part of them sort
 * anywhere; only those in the range go, and the few left grant nothing.)
 */
export async function pruneExpiredAccessTokens(db: Db, cutoffMs: number, batch = PRUNE_BATCH): Promise<number> {
  const issuedBefore = Math.max(0, Math.floor(cutoffMs - ACCESS_TOKEN_TTL_MS)).toString(36).padStart(ISSUED_LENGTH, "0");
  let deleted = 0;
  for (;;) {
    const result = await db.$client.execute({ sql: PRUNE_EXPIRED, args: [issuedBefore, cutoffMs, batch] });
    deleted += result.rowsAffected;
    if (result.rowsAffected < batch) return deleted;
  }
}

/** Ends an install: its access and refresh tokens stop at once (spec 3.3, 3.4). */
export async function endFamily(db: DbOrTx, nowMs: number, familyId: string, reason: string): Promise<void> {
  await db.update(tokenFamilies).set({ endedAt: nowMs, endedReason: reason, currentRefreshSealed: null }).where(eq(tokenFamilies.id, familyId));
  await db.delete(accessTokens).where(eq(accessTokens.familyId, familyId));
  await db.delete(refreshTokens).where(eq(refreshTokens.familyId, familyId));
}

/** The token response of spec 2.3. */
export function tokenResponse(accessToken: string, scopes: string[], refreshToken?: string): Response {
  const body: Record<string, unknown> = { access_token: accessToken, token_type: "Bearer", expires_in: ACCESS_TOKEN_TTL_MS / 1000, scope: scopes.join(" ") };
  if (refreshToken) body.refresh_token = refreshToken;
  return new Response(JSON.stringify(body), { headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", pragma: "no-cache" } });
}
