// The learner's day: review counts, the daily limit on new cards and the streak are counted in the
// days of the learner's own time zone (review_settings.time_zone, an IANA name), so a session at
// 23:30 and one at 00:30 local time fall on two days, as the learner lives them. Times come from the
// injectable clock; the zone's offset comes from the runtime's time-zone data (Intl, ECMA-402).
import { DAY, HOUR } from "../lib/clock.ts";

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    formats.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows `name` as a time zone. */
export function isTimeZone(name: string): boolean {
  try {
    formatIn(name);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at instant `at`, in milliseconds (positive east of Greenwich). */
function offsetAt(timeZone: string, at: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatIn(timeZone).formatToParts(new Date(at))) if (p.type !== "literal") parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant the learner's day containing `at` began (local midnight). */
export function startOfDay(at: number, timeZone: string): number {
  const localMidnight = Math.floor((at + offsetAt(timeZone, at)) / DAY) * DAY;
  // The offset at midnight may differ from the offset now (a daylight-saving change that day).
  const guess = localMidnight - offsetAt(timeZone, at);
  return localMidnight - offsetAt(timeZone, guess);
}

/** The instant the next learner's day begins (days are 23 to 25 hours long where clocks change). */
export function endOfDay(at: number, timeZone: string): number {
  return startOfDay(startOfDay(at, timeZone) + DAY + 2 * HOUR, timeZone);
}

/** The local calendar date of `at` (`2026-12-02`), the label of a day in the statistics. */
export function localDate(at: number, timeZone: string): string {
  return new Date(at + offsetAt(timeZone, at)).toISOString().slice(0, 10);
}
