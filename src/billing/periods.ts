// Billing periods (spec 5.6; months in UTC so every process agrees): usage is per calendar month in UTC and the allowance resets at
// the month's first instant. Every date here comes from the injectable clock, never Date.now().

const DAY_MS = 86_400_000;
// The last day asked for: every call of a day asks for the same one, and formatting a date is the
// dearest step of counting a call.
let cachedDay = { startMs: 0, day: "1970-01-01", month: "1970-01" };

function dayEntry(nowMs: number) {
  if (nowMs < cachedDay.startMs || nowMs >= cachedDay.startMs + DAY_MS) {
    const day = new Date(nowMs).toISOString().slice(0, 10);
    cachedDay = { startMs: nowMs - (((nowMs % DAY_MS) + DAY_MS) % DAY_MS), day, month: day.slice(0, 7) };
  }
  return cachedDay;
}

/** "2026-11" for any instant in November 2026 (UTC). */
export function monthOf(nowMs: number): string {
  return dayEntry(nowMs).month;
}

/** "2026-11-02" (UTC). */
export function dayOf(nowMs: number): string {
  return dayEntry(nowMs).day;
}

/** A month key from user input ("2026-11"), or null. */
export function parseMonth(value: unknown): string | null {
  if (typeof value !== "string" || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return null;
  const year = Number(value.slice(0, 4));
  return year >= 2000 && year <= 9999 ? value : null;
}

/** The month's first instant and the next month's first instant (half-open). */
export function monthBounds(month: string): { startMs: number; endMs: number } {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1;
  return { startMs: Date.UTC(year, index, 1), endMs: Date.UTC(year, index + 1, 1) };
}

/** Every day of the month, "YYYY-MM-DD", in order. */
export function daysOfMonth(month: string): string[] {
  const { startMs, endMs } = monthBounds(month);
  const days: string[] = [];
  for (let ms = startMs; ms < endMs; ms += 86_400_000) days.push(dayOf(ms));
  return days;
}

/** The month before, for navigation ("2026-01" → "2025-12"). */
export function previousMonth(month: string): string {
  return monthOf(monthBounds(month).startMs - 1);
}

export function nextMonth(month: string): string {
  return monthOf(monthBounds(month).endMs);
}
