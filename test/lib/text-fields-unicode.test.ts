// The text-field rules (spec 2.6.3) over every Unicode code point, against the Unicode Character
// Database's own files (test/fixtures/unicode-text-field-properties.json, made from the UCD by
// scripts/unicode-fixture.ts) rather than the regular-expression engine the rules use: a code point
// is refused exactly when it is Default_Ignorable_Code_Point, Cc, Cf, Co, Cs, Zl, Zp or a
// noncharacter, except ZWJ and ZWNJ between two characters they join (emoji, the joining scripts);
// between Latin letters a joiner is refused like every other invisible character.
import { describe, expect, test } from "bun:test";
import { checkTextField } from "../../src/lib/text-fields.ts";
import ucd from "../fixtures/unicode-text-field-properties.json";

const ZWJ = 0x200d;
const ZWNJ = 0x200c;
const ranges = ucd.properties as unknown as Record<string, [number, number][]>;

function setOf(...names: string[]): Set<number> {
  const set = new Set<number>();
  for (const name of names) {
    expect(ranges[name]?.length ?? 0).toBeGreaterThan(0);
    for (const [a, b] of ranges[name]!) for (let cp = a; cp <= b; cp++) set.add(cp);
  }
  return set;
}

const REFUSED = setOf("Default_Ignorable_Code_Point", "Cc", "Cf", "Co", "Cs", "Zl", "Zp", "Noncharacter_Code_Point");
const charOf = (cp: number) => (cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp));

describe("text fields over every code point (Unicode data of the UCD files)", () => {
  test("the fixture is the Unicode version of Bun's own data", () => {
    expect(ucd.unicode.split(".").slice(0, 2).join(".")).toBe(process.versions.unicode!.split(".").slice(0, 2).join("."));
  });

  test("between two letters, a code point is refused exactly when the UCD says it is invisible, format, control or private", () => {
    const wrong: string[] = [];
    let refused = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const r = checkTextField(`a${charOf(cp)}b`, 160);
      const expectRefused = REFUSED.has(cp);
      if (!r.ok) refused++;
      if (r.ok === expectRefused && wrong.length < 20) wrong.push(`U+${cp.toString(16).toUpperCase().padStart(4, "0")} ${r.ok ? "accepted" : `refused: ${r.reason}`}`);
    }
    expect(wrong).toEqual([]);
    // Sanity: the sets are the large ones the UCD defines (private use alone is 137,468 code points).
    expect(refused).toBeGreaterThan(140_000);
  }, 60_000);

  test("alone (with nothing to join), a joiner is refused too", () => {
    for (const cp of [ZWJ, ZWNJ]) {
      expect(checkTextField(charOf(cp), 160).ok).toBe(false);
      expect(checkTextField(`a${charOf(cp)}`, 160).ok).toBe(false);
      expect(checkTextField(`a${charOf(cp)} b`, 160).ok).toBe(false);
      expect(checkTextField(`a${charOf(cp)}\u034fb`, 160).ok).toBe(false);
    }
  });

  test("the reason names the rule the UCD property belongs to", () => {
    for (const cp of setOf("Zl", "Zp")) expect(checkTextField(`a${charOf(cp)}b`, 160)).toEqual({ ok: false, reason: "contains a line break" });
    for (const cp of setOf("Bidi_Control")) expect(checkTextField(`a${charOf(cp)}b`, 160)).toEqual({ ok: false, reason: "contains a text-direction control" });
    for (const cp of [0xe000, 0xf0000, 0x10fffd]) expect(checkTextField(`a${charOf(cp)}b`, 160)).toEqual({ ok: false, reason: "contains a private-use character" });
    for (const cp of [0x9, 0x7f, 0x9f]) expect(checkTextField(`a${charOf(cp)}b`, 160)).toEqual({ ok: false, reason: "contains a control character" });
  });

  test("the code points reported passing before are refused", () => {
    for (const cp of [0x034f, 0x115f, 0x1160, 0x180b, 0x3164, 0xffa0, 0x1d173, 0xe0100, 0xfe00, 0x2065, 0x17b4]) expect(checkTextField(`a${charOf(cp)}b`, 160).ok).toBe(false);
  });

  test("joined emoji and Persian words still pass", () => {
    expect(checkTextField("\u{1F469}\u200d\u{1F373} chef", 160).ok).toBe(true);
    expect(checkTextField("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", 160).ok).toBe(true);
  });
});
