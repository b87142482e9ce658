// Fixed-window rate limits with counters in the store, so every process shares them. One
// statement per hit: the upsert both resets an old window and counts, atomically.
import { sql } from "drizzle-orm";
import type { Db } from "../store/open-store.ts";
import { AppError } from "../lib/errors.ts";

import type { RateDecision } from "../lib/local-rate-limit.ts";

export type { RateDecision };

export async function hitRateLimit(db: Db, key: string, nowMs: number, windowMs: number, limit: number): Promise<RateDecision> {
  const windowStart = nowMs - (nowMs % windowMs);
  const rows = await db.all<{ count: number; window_start: number }>(sql`
    INSERT INTO rate_counters (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN rate_counters.window_start = excluded.window_start THEN rate_counters.count + 1 ELSE 1 END,
      window_start = excluded.window_start
    RETURNING count, window_start`);
  const row = rows[0]!;
  if (row.count <= limit) return { ok: true, count: row.count };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((row.window_start + windowMs - nowMs) / 1000)) };
}

/** Reads a counter without counting (e.g. to refuse before doing expensive work). */
export async function peekRateLimit(db: Db, key: string, nowMs: number, windowMs: number, limit: number): Promise<RateDecision> {
  const windowStart = nowMs - (nowMs % windowMs);
  const rows = await db.all<{ count: number }>(sql`SELECT count FROM rate_counters WHERE key = ${key} AND window_start = ${windowStart}`);
  const count = rows[0]?.count ?? 0;
  return count < limit ? { ok: true, count } : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - nowMs) / 1000)) };
}

/**
 * Takes a one-time key: true the first time it is taken, false ever after (within `lifetimeMs`, the
 * longest the thing it names can be presented; keys older than that are pruned here). One
 * conditional insert, so two processes racing for the same key cannot both win. Keys are kept
 * under `once:` beside the rate counters, their `window_start` being when they were taken.
 */
export async function takeOnce(db: Db, key: string, nowMs: number, lifetimeMs: number): Promise<boolean> {
  await db.run(sql`DELETE FROM rate_counters WHERE key >= 'once:' AND key < 'once;' AND window_start < ${nowMs - lifetimeMs}`);
  const rows = await db.all<{ count: number }>(sql`INSERT INTO rate_counters (key, window_start, count) VALUES (${"once:" + key}, ${nowMs}, 1) ON CONFLICT(key) DO NOTHING RETURNING count`);
  return rows.length === 1;
}

export function rateLimited(retryAfterSeconds: number, message = "too many requests"): AppError {
  return new AppError(429, "rate_limited", `${message}; retry after ${retryAfterSeconds} s`, { headers: { "retry-after": String(retryAfterSeconds) } });
}

export async function purgeOldRateCounters(db: Db, olderThanMs: number): Promise<void> {
  await db.run(sql`DELETE FROM rate_counters WHERE window_start < ${olderThanMs}`);
}
