// Folding, stemming and edit distance: the matching machinery under scene understanding,
// intent recognition and spelling correction.
import { describe, expect, test } from "bun:test";
import { editDistance, foldAccents, stem, tokensWithOffsets, words } from "../../src/generation/builtin/text-normalise.ts";

describe("text normalisation", () => {
  test("folding removes case, accents and ligatures", () => {
    expect(foldAccents("Äpfel")).toBe("apfel");
    expect(foldAccents("Straße")).toBe("strasse");
    expect(foldAccents("cœur")).toBe("coeur");
    expect(foldAccents("MAÇÃ")).toBe("maca");
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
