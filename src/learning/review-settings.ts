// The learner's review settings: how many new cards a day (across all decks) and the time zone
// their days are counted in. A learner who never chose has the defaults: 20 new cards a day, as
// Anki's default deck options have it, and UTC (the Review page offers the browser's zone until
// the learner saves one: HTTP carries no time zone).
import { eq } from "drizzle-orm";
import { AppError } from "../lib/errors.ts";
import type { DbOrTx } from "../store/open-store.ts";
import { isTimeZone } from "./learner-day.ts";
import { reviewSettings } from "./schema.ts";

export interface ReviewSettings {
  newPerDay: number;
  timeZone: string;
  /** False while the learner has never saved them: the Review page then offers the browser's time zone. */
  saved: boolean;
}

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = { newPerDay: 20, timeZone: "UTC", saved: false };
export const MAX_NEW_PER_DAY = 500;

export async function reviewSettingsOf(db: DbOrTx, userId: string): Promise<ReviewSettings> {
  const [row] = await db.select({ newPerDay: reviewSettings.newPerDay, timeZone: reviewSettings.timeZone }).from(reviewSettings).where(eq(reviewSettings.userId, userId));
  // A zone the runtime no longer knows (time-zone data changes) falls back to UTC rather than failing every page.
  return row ? { newPerDay: row.newPerDay, timeZone: isTimeZone(row.timeZone) ? row.timeZone : "UTC", saved: true } : DEFAULT_REVIEW_SETTINGS;
}

/** Saves both settings; 400 invalid_request on `new_per_day` (0–500, whole) or `time_zone` (an IANA name). */
export async function saveReviewSettings(db: DbOrTx, userId: string, nowMs: number, input: { newPerDay: unknown; timeZone: unknown }): Promise<ReviewSettings> {
  const n = typeof input.newPerDay === "string" && /^\d{1,4}$/.test(input.newPerDay.trim()) ? Number(input.newPerDay.trim()) : typeof input.newPerDay === "number" ? input.newPerDay : NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_NEW_PER_DAY) throw new AppError(400, "invalid_request", `new cards a day must be a whole number from 0 to ${MAX_NEW_PER_DAY}`, { param: "new_per_day" });
  const zone = typeof input.timeZone === "string" ? input.timeZone.trim() : "";
  if (!zone || zone.length > 64 || !isTimeZone(zone)) throw new AppError(400, "invalid_request", "unknown time zone", { param: "time_zone" });
  const settings = { newPerDay: n, timeZone: zone };
  await db
    .insert(reviewSettings)
    .values({ userId, ...settings, updatedAt: nowMs })
    .onConflictDoUpdate({ target: reviewSettings.userId, set: { ...settings, updatedAt: nowMs } });
  return { ...settings, saved: true };
}
