// Articles of nouns in the five gendered languages, from gender, first letters and overrides.
import { describe, expect, test } from "bun:test";
import { englishIndefinite, frenchElides, nounArticles, withArticle } from "../../src/generation/builtin/articles.ts";
import type { LexiconEntry } from "../../src/generation/builtin/lexicon-rules.ts";
import type { Lang } from "../../src/generation/languages.ts";

const noun = (w: string, g: "m" | "f" | "n", extra: Partial<LexiconEntry> = {}): LexiconEntry => ({ w, g, ex: "-", ...extra });
const shown = (lang: Lang, entry: LexiconEntry) => {
  const a = nounArticles(lang, entry);
  return a ? [withArticle(a.definite, entry.w), entry.pl ? withArticle(a.definitePlural, entry.pl) : null, withArticle(a.indefinite, entry.w)] : null;
};

describe("articles", () => {
  test("Spanish, with el for a stressed a- and the art override", () => {
    expect(shown("es", noun("manzana", "f", { pl: "manzanas" }))).toEqual(["la manzana", "las manzanas", "una manzana"]);
    expect(shown("es", noun("mercado", "m", { pl: "mercados" }))).toEqual(["el mercado", "los mercados", "un mercado"]);
    expect(shown("es", noun("agua", "f", { art: "el" }))).toEqual(["el agua", null, "un agua"]);
    expect(shown("es", noun("águila", "f", { pl: "águilas" }))).toEqual(["el águila", "las águilas", "un águila"]);
    expect(shown("es", noun("ave de corral", "f"))).toEqual(["el ave de corral", null, "un ave de corral"]);
    expect(shown("es", noun("harina", "f"))).toEqual(["la harina", null, "una harina"]);
  });
  test("nouns used only in the plural take their plural article from art", () => {
    expect(shown("es", noun("afueras", "f", { art: "las" }))).toEqual(["las afueras", null, "unas afueras"]);
    expect(shown("it", noun("scacchi", "m", { art: "gli" }))).toEqual(["gli scacchi", null, "degli scacchi"]);
    expect(shown("fr", noun("vacances", "f", { art: "les" }))).toEqual(["les vacances", null, "des vacances"]);
    expect(shown("de", noun("Leute", "m", { art: "die" }))).toEqual(["die Leute", null, "Leute"]);
  });
  test("French elision before a vowel or mute h, not before an aspirated h or y", () => {
    expect(shown("fr", noun("école", "f", { pl: "écoles" }))).toEqual(["l'école", "les écoles", "une école"]);
    expect(shown("fr", noun("hôtel", "m"))).toEqual(["l'hôtel", null, "un hôtel"]);
    expect(shown("fr", noun("haricot", "m"))).toEqual(["le haricot", null, "un haricot"]);
    expect(shown("fr", noun("yaourt", "m"))).toEqual(["le yaourt", null, "un yaourt"]);
    expect(shown("fr", noun("pomme", "f"))).toEqual(["la pomme", null, "une pomme"]);
    expect(frenchElides("Homme")).toBe(true);
    expect(frenchElides("hibou")).toBe(false);
  });
  test("German der/die/das, plural die", () => {
    expect(shown("de", noun("Apfel", "m", { pl: "Äpfel" }))).toEqual(["der Apfel", "die Äpfel", "ein Apfel"]);
    expect(shown("de", noun("Tasse", "f", { pl: "Tassen" }))).toEqual(["die Tasse", "die Tassen", "eine Tasse"]);
    expect(shown("de", noun("Brot", "n", { pl: "Brote" }))).toEqual(["das Brot", "die Brote", "ein Brot"]);
  });
  test("Italian il/lo/l'/la and i/gli/le, uno/un'", () => {
    expect(shown("it", noun("mercato", "m", { pl: "mercati" }))).toEqual(["il mercato", "i mercati", "un mercato"]);
    expect(shown("it", noun("zaino", "m", { pl: "zaini" }))).toEqual(["lo zaino", "gli zaini", "uno zaino"]);
    expect(shown("it", noun("studente", "m", { pl: "studenti" }))).toEqual(["lo studente", "gli studenti", "uno studente"]);
    expect(shown("it", noun("gnomo", "m", { pl: "gnomi" }))).toEqual(["lo gnomo", "gli gnomi", "uno gnomo"]);
    expect(shown("it", noun("amico", "m", { pl: "amici" }))).toEqual(["l'amico", "gli amici", "un amico"]);
    expect(shown("it", noun("amica", "f", { pl: "amiche" }))).toEqual(["l'amica", "le amiche", "un'amica"]);
    expect(shown("it", noun("mela", "f", { pl: "mele" }))).toEqual(["la mela", "le mele", "una mela"]);
    expect(shown("it", noun("hotel", "m", { pl: "hotel" }))).toEqual(["l'hotel", "gli hotel", "un hotel"]);
  });
  test("Brazilian Portuguese o/a/os/as", () => {
    expect(shown("pt-BR", noun("maçã", "f", { pl: "maçãs" }))).toEqual(["a maçã", "as maçãs", "uma maçã"]);
    expect(shown("pt-BR", noun("ônibus", "m", { pl: "ônibus" }))).toEqual(["o ônibus", "os ônibus", "um ônibus"]);
  });
  test("English nouns carry no article in an item; a/an by sound in sentences", () => {
    expect(nounArticles("en", { w: "apple", ex: "-" })).toBeNull();
    expect(["apple", "banana", "hour", "university", "honest", "euro", "umbrella"].map(englishIndefinite)).toEqual(["an", "a", "an", "a", "an", "a", "an"]);
  });
});
