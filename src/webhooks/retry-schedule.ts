// DESIGN §6: gaps between automatic attempts, ±20 % jitter — 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
// 10 h (≈ 27.5 h, spec 8's "about one day"); then the delivery has failed. Spec 3.2: five days of
// nothing but failed deliveries disable the endpoint.
import { DAY, HOUR, MINUTE, SECOND } from "../lib/clock.ts";

export const RETRY_GAPS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR] as const;
export const MAX_ATTEMPTS = RETRY_GAPS_MS.length + 1;
export const JITTER = 0.2;
export const DISABLE_AFTER_MS = 5 * DAY;
/** A day with no failed automatic attempt ends a run of failures: an endpoint with no traffic is never disabled. */
export const FAILURE_RUN_BREAK_MS = DAY;
export const REDELIVERY_WINDOW_MS = 30 * DAY;
/** A receiver's Retry-After is honoured up to the longest gap. */
export const MAX_RETRY_AFTER_MS = 10 * HOUR;

/** The wait after `attempts` failed attempts (1-based), or null when none is left. */
export function nextGapMs(attempts: number, retryAfterMs: number | null, random: () => number = Math.random): number | null {
  const gap = RETRY_GAPS_MS[attempts - 1];
  if (gap === undefined) return null;
  const jittered = Math.round(gap * (1 - JITTER + 2 * JITTER * random()));
  return retryAfterMs === null ? jittered : Math.max(jittered, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}
