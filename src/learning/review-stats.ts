// Review statistics from the answers kept in review_log, counted in the learner's days
// (learner-day.ts): answers per day over the last weeks, retention, and the streak of days with at
// least one answer. Retention is as Anki's statistics define "true retention": of the answers to
// cards in review (not new, not in a learning step), the share that was not "again".
import { and, eq, gte, sql } from "drizzle-orm";
import { DAY, HOUR } from "../lib/clock.ts";
import type { DbOrTx } from "../store/open-store.ts";
import { localDate, startOfDay } from "./learner-day.ts";
import { reviewSettingsOf } from "./review-settings.ts";
import { reviewLog } from "./schema.ts";

export const CHART_DAYS = 30;
const STREAK_DAYS = 366;

export interface ReviewStats {
  /** The last CHART_DAYS learner days, oldest first, today last. */
  days: { date: string; reviews: number }[];
  today: number;
  /** Answers in the chart's days. */
  reviews: number;
  /** Answers to cards in review in the chart's days, and how many of them were remembered. */
  matured: number;
  remembered: number;
  /** Days in a row with an answer, up to today (a day not yet begun counts from yesterday). */
  streak: number;
  /** The longest streak within the last year. */
  bestStreak: number;
}

export async function reviewStats(db: DbOrTx, userId: string, nowMs: number): Promise<ReviewStats> {
  const { timeZone } = await reviewSettingsOf(db, userId);
  const today = startOfDay(nowMs, timeZone);
  // Day starts of the chart, walking back from today (each step lands inside the previous day).
  const starts: number[] = [today];
  for (let i = 1; i < CHART_DAYS; i++) starts.unshift(startOfDay(starts[0]! - HOUR, timeZone));
  const rows = await db
    .select({ at: reviewLog.reviewedAt, grade: reviewLog.grade, stateBefore: reviewLog.stateBefore })
    .from(reviewLog)
    .where(and(eq(reviewLog.userId, userId), gte(reviewLog.reviewedAt, today - STREAK_DAYS * DAY)))
    .orderBy(sql`${reviewLog.reviewedAt}`);
  const perDay = new Map<string, number>();
  let matured = 0;
  let remembered = 0;
  for (const r of rows) {
    const date = localDate(r.at, timeZone);
    perDay.set(date, (perDay.get(date) ?? 0) + 1);
    // ts-fsrs State 2 is Review; Rating 1 is Again.
    if (r.at >= starts[0]! && r.stateBefore === 2) {
      matured++;
      if (r.grade > 1) remembered++;
    }
  }
  const days = starts.map((s) => ({ date: localDate(s, timeZone), reviews: perDay.get(localDate(s, timeZone)) ?? 0 }));
  // Streaks over calendar dates: consecutive dates differ by one day in UTC date arithmetic.
  const dateBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
  const todayDate = localDate(nowMs, timeZone);
  let streak = 0;
  for (let d = perDay.has(todayDate) ? todayDate : dateBefore(todayDate); perDay.has(d); d = dateBefore(d)) streak++;
  let bestStreak = 0;
  for (const date of perDay.keys()) {
    if (perDay.has(dateBefore(date))) continue;
    let run = 0;
    for (let d = date; perDay.has(d); d = new Date(Date.parse(`${d}T00:00:00Z`) + DAY).toISOString().slice(0, 10)) run++;
    bestStreak = Math.max(bestStreak, run);
  }
  return { days, today: perDay.get(todayDate) ?? 0, reviews: days.reduce((a, d) => a + d.reviews, 0), matured, remembered, streak, bestStreak };
}
