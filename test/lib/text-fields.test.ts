import { describe, expect, test } from "bun:test";
import { checkTags, checkTextField } from "../../src/lib/text-fields.ts";
import vectors from "../../../shared/testdata/text-fields.json";

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
  });
  test("non-strings are refused", () => {
    for (const v of [null, 5, {}, ["a"]]) expect(checkTextField(v, 160).ok).toBe(false);
  });
  test("fuzz: random strings never throw and accepted values obey the rules", () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const pool = [0x41, 0x20, 0x0a, 0x200d, 0x200b, 0xfeff, 0x202e, 0xe000, 0x1f600, 0xe0041, 0x7f, 0xe9, 0x301, 0x3000];
    for (let i = 0; i < 5000; i++) {
      const cps = Array.from({ length: Math.floor(rand() * 12) }, () => pool[Math.floor(rand() * pool.length)] as number);
      const s = String.fromCodePoint(...cps);
      const r = checkTextField(s, 8);
      if (r.ok) {
        expect(r.value.length).toBeGreaterThan(0);
        expect(/[\n\u200b\ufeff\u202e\ue000\u{e0041}\u007f]/u.test(r.value)).toBe(false);
        expect(Array.from(r.value).length).toBeLessThanOrEqual(8);
      }
    }
  });
});
