// Folding, stemming and edit distance: the matching machinery under scene understanding,
// intent recognition and spelling correction.
import { describe, expect, test } from "bun:test";
import { editDistance, foldAccents, foldCase, stem, tokensWithOffsets, words } from "../../src/generation/builtin/text-normalise.ts";

describe("text normalisation", () => {
  test("folding removes case, accents and ligatures", () => {
    expect(foldAccents("Äpfel")).toBe("apfel");
    expect(foldAccents("Straße")).toBe("strasse");
    expect(foldAccents("cœur")).toBe("coeur");
    expect(foldAccents("MAÇÃ")).toBe("maca");
  });
  test("case folding is the root locale's lowercasing, for every code point and in context (final sigma)", () => {
    const rootFold = (text: string) => text.normalize("NFC").toLocaleLowerCase("und").replace(/[’‘`´]/g, "'");
    const differing: string[] = [];
    // Chunks of 512 code points, each alone and after "ΑΣ" (where a final sigma would change).
    for (let from = 0; from < 0x110000; from += 512) {
      const chars: string[] = [];
      for (let cp = from; cp < from + 512; cp++) if (cp < 0xd800 || cp > 0xdfff) chars.push(String.fromCodePoint(cp));
      for (const text of [chars.join(" "), chars.map((c) => `ΑΣ${c}`).join(" ")]) if (foldCase(text) !== rootFold(text)) differing.push(`U+${from.toString(16)}…`);
    }
    expect(differing).toEqual([]);
    expect(foldCase("ΟΔΥΣΣΕΥΣ")).toBe("οδυσσευς");
    expect(foldCase("İstanbul")).toBe("i̇stanbul");
  });
  test("a lemma and its inflections share a stem", () => {
    expect(stem("mercados", "es")).toBe(stem("mercado", "es"));
    expect(stem("Märkte", "de")).toBe(stem("Markt", "de"));
    expect(stem("marchés", "fr")).toBe(stem("marché", "fr"));
    expect(stem("chevaux", "fr")).toBe(stem("cheval", "fr"));
    expect(stem("mercati", "it")).toBe(stem("mercato", "it"));
    expect(stem("estações", "pt-BR")).toBe(stem("estação", "pt-BR"));
    expect(stem("cities", "en")).toBe(stem("city", "en"));
  });
  test("stems keep at least three letters", () => {
    expect(stem("es", "es")).toBe("es");
    expect(stem("ojos", "es").length).toBeGreaterThanOrEqual(3);
  });
  test("words split on apostrophes; tokens keep the elided article", () => {
    expect(words("L’école d'été")).toEqual(["l", "école", "d", "été"]);
    expect(tokensWithOffsets("l'école est là").map((t) => t.text)).toEqual(["l'", "école", "est", "là"]);
  });
  test("edit distance counts a swap as one edit and stops early", () => {
    expect(editDistance("quiero", "qiuero", 2)).toBe(1);
    expect(editDistance("manzana", "mansana", 2)).toBe(1);
    expect(editDistance("abc", "xyz", 1)).toBe(2);
  });
});
