// Small pure pieces of billing: calendar months in UTC, spending-limit input, CSV cells.
import { describe, expect, test } from "bun:test";
import { parseSpendLimit } from "../../src/billing/metered-settings.ts";
import { dayOf, daysOfMonth, monthBounds, monthOf, nextMonth, parseMonth, previousMonth } from "../../src/billing/periods.ts";
import { csvCell, csvLine } from "../../src/billing/usage-export.ts";

describe("periods (calendar months in UTC)", () => {
  test("the month turns at 00:00 UTC on the first, whatever the server's time zone", () => {
    expect(monthOf(Date.UTC(2026, 10, 30, 23, 59, 59, 999))).toBe("2026-11");
    expect(monthOf(Date.UTC(2026, 11, 1, 0, 0, 0, 0))).toBe("2026-12");
    expect(dayOf(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe("2026-12-31");
    expect(monthOf(Date.UTC(2027, 0, 1))).toBe("2027-01");
  });

  test("bounds, days, neighbours; leap years", () => {
    expect(monthBounds("2026-12")).toEqual({ startMs: Date.UTC(2026, 11, 1), endMs: Date.UTC(2027, 0, 1) });
    expect(daysOfMonth("2028-02")).toHaveLength(29);
    expect(daysOfMonth("2026-02")).toHaveLength(28);
    expect(daysOfMonth("2026-11").at(-1)).toBe("2026-11-30");
    expect(previousMonth("2026-01")).toBe("2025-12");
    expect(nextMonth("2026-12")).toBe("2027-01");
  });

  test("parseMonth accepts YYYY-MM only", () => {
    expect(parseMonth("2026-11")).toBe("2026-11");
    for (const bad of ["2026-13", "2026-00", "2026-1", "26-11", "2026-11-01", " 2026-11", "1999-12", null, 202611]) expect(parseMonth(bad)).toBeNull();
  });
});

describe("parseSpendLimit", () => {
  test.each([
    ["", { ok: true, value: null }],
    ["  ", { ok: true, value: null }],
    ["0", { ok: true, value: 0 }],
    [" 250 ", { ok: true, value: 250 }],
    ["1000000000", { ok: true, value: 1_000_000_000 }],
  ] as const)("%p is accepted", (raw, expected) => {
    expect(parseSpendLimit(raw)).toEqual(expected);
  });

  test.each([
    ["-1", "negative"],
    ["- 3", "negative"],
    ["abc", "whole number"],
    ["1.5", "whole number"],
    ["1e3", "whole number"],
    ["0x10", "whole number"],
    ["١٢", "whole number"], // Arabic-Indic digits are not ASCII digits
    ["1000000001", "at most"],
  ] as const)("%p is refused (%s)", (raw, reason) => {
    const r = parseSpendLimit(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(reason);
  });
});

describe("CSV cells (RFC 4180, no formula injection)", () => {
  test("quotes what needs quoting and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(12)).toBe("12");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvLine(["x", 1, "y,z"])).toBe('x,1,"y,z"\r\n');
  });
});
