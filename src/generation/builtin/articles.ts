// Articles of nouns in the five gendered languages: which definite and indefinite article a noun
// takes, singular and plural, from its gender, its first letters and the lexicon's `art`
// override. English nouns carry no article in a vocabulary item; "a/an" is chosen for sentences.
import type { Lang } from "../languages.ts";
import type { LexiconEntry } from "./lexicon-rules.ts";
import { foldCase } from "./text-normalise.ts";

export interface NounArticles {
  definite: string;
  definitePlural: string;
  indefinite: string;
}

const VOWEL_START = /^[aeiouàâäáéèêëíìîïóòôöúùûüœæ]/;

// French words starting with an aspirated h take no elision (le héros, la honte).
const FR_ASPIRATED_H = new Set(
  "hache haie haine hall halle halte hamac hameau hamburger hamster hanche handball handicap hangar hareng haricot harpe hasard hâte hausse haut hauteur havre héros hérisson hibou hiérarchie hockey homard honte hotte housse houx hublot huit hurlement hutte".split(" "),
);

// Feminine Spanish nouns starting with a stressed a- take "el" in the singular (el agua). The
// lexicon gives `art`; this list covers common ones an entry may have left without it.
const ES_STRESSED_A = new Set("agua águila alma ala arma área aula ave hacha hambre hada habla ancla asma haba".split(" "));

export function frenchElides(word: string): boolean {
  const w = foldCase(word);
  if (w.startsWith("h")) return !FR_ASPIRATED_H.has(w.split(/[\s-]/)[0] as string);
  return VOWEL_START.test(w);
}

/** Italian masculine words that take lo/gli/uno: s + consonant, z, gn, ps, pn, x, y, i + vowel. */
export function italianTakesLo(word: string): boolean {
  const w = foldCase(word);
  return /^(s[^aeiouàèéìòù]|z|gn|ps|pn|x|y|i[aeiou])/.test(w);
}

function italianStartsWithVowel(word: string): boolean {
  const w = foldCase(word);
  // Loanwords with a silent h are elided like vowels (l'hotel).
  return VOWEL_START.test(w) || /^h[aeiou]/.test(w);
}

function spanish(entry: LexiconEntry): NounArticles {
  const first = foldCase(entry.w).split(" ")[0] as string;
  const stressedA = entry.art === "el" || (entry.g === "f" && ES_STRESSED_A.has(first));
  if (entry.g === "m") return { definite: "el", definitePlural: "los", indefinite: "un" };
  return { definite: stressedA ? "el" : "la", definitePlural: "las", indefinite: stressedA ? "un" : "una" };
}

function french(entry: LexiconEntry): NounArticles {
  const elided = entry.art ? entry.art === "l'" : frenchElides(entry.w);
  const singular = entry.g === "m" ? "le" : "la";
  return { definite: elided ? "l'" : singular, definitePlural: "les", indefinite: entry.g === "m" ? "un" : "une" };
}

function german(entry: LexiconEntry): NounArticles {
  if (entry.g === "f") return { definite: "die", definitePlural: "die", indefinite: "eine" };
  return { definite: entry.g === "n" ? "das" : "der", definitePlural: "die", indefinite: "ein" };
}

function italian(entry: LexiconEntry): NounArticles {
  if (entry.g === "f") {
    const vowel = entry.art ? entry.art === "l'" : italianStartsWithVowel(entry.w);
    return { definite: vowel ? "l'" : "la", definitePlural: "le", indefinite: vowel ? "un'" : "una" };
  }
  const lo = entry.art ? entry.art === "lo" : italianTakesLo(entry.w);
  const vowel = entry.art ? entry.art === "l'" : italianStartsWithVowel(entry.w);
  const plural = entry.pl ?? entry.w;
  const gli = italianTakesLo(plural) || italianStartsWithVowel(plural) || lo;
  return { definite: lo ? "lo" : vowel ? "l'" : "il", definitePlural: gli ? "gli" : "i", indefinite: lo ? "uno" : "un" };
}

function portuguese(entry: LexiconEntry): NounArticles {
  return entry.g === "f" ? { definite: "a", definitePlural: "as", indefinite: "uma" } : { definite: "o", definitePlural: "os", indefinite: "um" };
}

// Nouns used only in the plural (las afueras, gli scacchi, die Leute) give their plural article as
// `art`; their "indefinite" is the plural one (unas afueras, degli scacchi, Leute with none).
const PLURAL_ONLY: Partial<Record<Lang, Record<string, string>>> = {
  es: { los: "unos", las: "unas" },
  fr: { les: "des" },
  it: { i: "dei", gli: "degli", le: "delle" },
  "pt-BR": { os: "uns", as: "umas" },
};

function pluralOnly(lang: Lang, entry: LexiconEntry): NounArticles | null {
  if (!entry.art) return null;
  const german = lang === "de" && entry.art === "die" && entry.g !== "f";
  const indefinite = german ? "" : PLURAL_ONLY[lang]?.[entry.art];
  return indefinite === undefined ? null : { definite: entry.art, definitePlural: entry.art, indefinite };
}

/** Articles of a noun entry, or null for English (no gender, no article in a vocabulary item). */
export function nounArticles(lang: Lang, entry: LexiconEntry): NounArticles | null {
  if (lang === "en") return null;
  const plural = pluralOnly(lang, entry);
  if (plural) return plural;
  switch (lang) {
    case "es":
      return spanish(entry);
    case "fr":
      return french(entry);
    case "de":
      return german(entry);
    case "it":
      return italian(entry);
    case "pt-BR":
      return portuguese(entry);
  }
}

/** "la" + "manzana" → "la manzana"; "l'" + "école" → "l'école"; no article → the word alone. */
export function withArticle(article: string, word: string): string {
  if (article === "") return word;
  return article.endsWith("'") ? `${article}${word}` : `${article} ${word}`;
}

/** English indefinite article by sound, for the common spellings that mislead (an hour, a uniform). */
export function englishIndefinite(word: string): "a" | "an" {
  const w = foldCase(word);
  if (/^(hour|honest|honou?r|heir)/.test(w)) return "an";
  if (/^(uni|use|usu|uti|eu|one|once|ew)/.test(w)) return "a";
  return /^[aeiou]/.test(w) ? "an" : "a";
}
