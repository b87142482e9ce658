import { describe, expect, test } from "bun:test";
import { checkTags, checkTextField } from "../../src/lib/text-fields.ts";
import vectors from "../fixtures/text-fields.json";

describe("text-field rules (spec 2.6) — shared vectors", () => {
  for (const v of vectors.valid) {
    test(`accepts ${v.name}`, () => {
      const r = checkTextField(v.value, 160);
      expect(r).toEqual({ ok: true, value: v.value.normalize("NFC").trim() });
    });
  }
  for (const v of vectors.invalid) {
    test(`refuses ${v.name} (${v.why})`, () => {
      expect(checkTextField(v.value, 160).ok).toBe(false);
    });
  }
  for (const tags of vectors.tags.valid) test(`accepts tags ${JSON.stringify(tags)}`, () => expect(checkTags(tags).ok).toBe(true));
  for (const tags of vectors.tags.invalid) test(`refuses tags ${JSON.stringify(tags)}`, () => expect(checkTags(tags).ok).toBe(false));
});

describe("text-field rules — more cases", () => {
  test("counts code points after NFC, not UTF-16 units", () => {
    expect(checkTextField("😀".repeat(32), 32).ok).toBe(true);
    expect(checkTextField("e\u0301".repeat(32), 32).ok).toBe(true); // NFC folds e + combining acute into é
    expect(checkTextField("😀".repeat(33), 32).ok).toBe(false);
  });
  test("a joiner at the edge or doubled is refused", () => {
    expect(checkTextField("\u200dmarket", 160).ok).toBe(false);
    expect(checkTextField("market\u200c", 160).ok).toBe(false);
    expect(checkTextField("a\u200d\u200db", 160).ok).toBe(false);
    // Latin needs no joiner; the scripts and emoji that do keep theirs.
    expect(checkTextField("Fish\u200dmarket", 160).ok).toBe(false);
    expect(checkTextField("Fish\u200cmarket", 160).ok).toBe(false);
    expect(checkTextField("\u0915\u094d\u200d\u0937", 160).ok).toBe(true);
    expect(checkTextField("\u{1F468}\u200d\u{1F469}\u200d\u{1F467}", 160).ok).toBe(true);
  });
  test("printable ASCII (answered without NFC work) gets the answer of the general rules", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    // Mostly printable ASCII with spaces at the edges; now and then a neighbour just outside the
    // range (controls, DEL, NBSP, é) so the general path is compared too.
    const pool = [0x20, 0x20, 0x41, 0x7a, 0x30, 0x2e, 0x7e, 0x21, 0x1f, 0x7f, 0xa0, 0xe9];
    let ascii = 0;
    for (let i = 0; i < 5000; i++) {
      const cps = Array.from({ length: Math.floor(rand() * 12) }, () => pool[Math.floor(rand() * (rand() < 0.8 ? 8 : pool.length))] as number);
      const s = String.fromCodePoint(...cps);
      if (/^[\x20-\x7e]*$/.test(s)) ascii++;
      const r = checkTextField(s, 8);
      const value = s.normalize("NFC").trim();
      if (cps.some((cp) => cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))) expect(r).toEqual({ ok: false, reason: "contains a control character" });
      else if (value.length === 0) expect(r).toEqual({ ok: false, reason: "must not be empty" });
      else if (Array.from(value).length > 8) expect(r).toEqual({ ok: false, reason: `must be at most 8 characters (got ${Array.from(value).length})` });
      else expect(r).toEqual({ ok: true, value });
    }
    expect(ascii).toBeGreaterThan(1000);
  });

  test("non-strings are refused", () => {
    for (const v of [null, 5, {}, ["a"]]) expect(checkTextField(v, 160).ok).toBe(false);
  });
  test("fuzz: random strings never throw, accepted values obey the rules, refusals name the broken rule", () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const accepted: string[] = [];
    const refused: string[] = [];
    const pool = [0x41, 0x20, 0x0a, 0x200d, 0x200b, 0xfeff, 0x202e, 0xe000, 0x1f600, 0xe0041, 0x7f, 0xe9, 0x301, 0x3000];
    for (let i = 0; i < 5000; i++) {
      const cps = Array.from({ length: Math.floor(rand() * 12) }, () => pool[Math.floor(rand() * pool.length)] as number);
      const s = String.fromCodePoint(...cps);
      const r = checkTextField(s, 8);
      const refusal = expectedRefusal(cps, s, 8);
      if (r.ok) {
        expect(refusal).toBeNull();
        expect(r.value).toBe(s.normalize("NFC").trim());
        expect(r.value.length).toBeGreaterThan(0);
        expect(/[\n\u200b\ufeff\u202e\ue000\u{e0041}\u007f]/u.test(r.value)).toBe(false);
        expect(Array.from(r.value).length).toBeLessThanOrEqual(8);
      } else {
        // The refusal side: refused exactly when the oracle refuses, for the reason it names.
        expect(refusal).not.toBeNull();
        expect(r.reason).toMatch(refusal!);
      }
      (r.ok ? accepted : refused).push(s);
    }
    // Both sides were exercised, so neither branch above is vacuous.
    expect(accepted.length).toBeGreaterThan(200);
    expect(refused.length).toBeGreaterThan(500);
  });
});

/**
 * An independent oracle for the fuzz pool's code points (spec 2.6): why `cps` must be refused, as a
 * pattern of the reason, or null when it must be accepted. The first offending code point decides.
 */
function expectedRefusal(cps: number[], s: string, max: number): RegExp | null {
  const forbidden = new Map<number, RegExp>([
    [0x0a, /line break/],
    [0x7f, /control character/],
    [0x202e, /text-direction/],
    [0x200b, /zero-width/],
    [0xfeff, /zero-width/],
    [0xe000, /private-use/],
    [0xe0041, /tag characters/],
  ]);
  // Of the pool, only the emoji is joined by a ZWJ: "A\u200dA" hides a difference in Latin text.
  const joins = (cp: number | undefined) => cp === 0x1f600;
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i]!;
    if (cp === 0x200d) {
      if (!joins(cps[i - 1]) || !joins(cps[i + 1])) return /zero-width/;
      continue;
    }
    const why = forbidden.get(cp);
    if (why) return why;
  }
  const value = s.normalize("NFC").trim();
  if (value.length === 0) return /must not be empty/;
  if (Array.from(value).length > max) return new RegExp(`at most ${max} characters`);
  return null;
}
