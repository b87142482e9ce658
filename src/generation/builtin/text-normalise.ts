// Turning text into comparable words: folding, tokenising and light stemming. Used to match
// scene text against topics, learner messages against scenario keywords, and spellings against
// the lexicon. Stemming here is deliberately crude: it only has to make "markets", "mercados"
// and "Märkte" land on the same key as their lemma, not to be linguistics.
import type { Lang } from "../languages.ts";

/**
 * Lowercase NFC with straight apostrophes (keeps accents). Lowercasing is the Unicode default case
 * mapping, the same for every language: `toLowerCase()` gives exactly what the root locale's
 * `toLocaleLowerCase("und")` gives (checked over every code point in text-normalise.test.ts) at a
 * fifth of the cost, and the engine folds words on every plan.
 */
export function foldCase(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/[’‘`´]/g, "'");
}

/** foldCase plus accents and ligatures removed: "Äpfel" → "apfel", "cœur" → "coeur". */
export function foldAccents(text: string): string {
  return foldCase(text)
    .replace(/ß/g, "ss")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .normalize("NFC");
}

/** Words (letters and digits) of a text, case-folded, accents kept; apostrophes split words. */
export function words(text: string): string[] {
  return foldCase(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words with their position in the original text, for corrections that quote the learner. */
export interface Token {
  text: string;
  start: number;
  end: number;
}

/** An apostrophe between letters stays with the left part: "l'école" → "l'", "école". */
export function tokensWithOffsets(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:['’](?=\p{L}))?/gu)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

type Rule = [suffix: string, replacement: string];

// Groups applied in turn (inflection, then final vowel), each at most once, longest suffix first,
// keeping at least 3 letters: "mercados" → "mercado" → "mercad", the same key as "mercado".
const SUFFIXES: Record<Lang, Rule[][]> = {
  en: [[["ies", "y"], ["sses", "ss"], ["ches", "ch"], ["shes", "sh"], ["xes", "x"], ["ing", ""], ["ed", ""], ["s", ""]]],
  es: [[["ces", "z"], ["iones", "ion"], ["es", ""], ["s", ""]], [["a", ""], ["o", ""], ["e", ""]]],
  fr: [[["eaux", "eau"], ["aux", "al"], ["s", ""], ["x", ""]], [["e", ""]]],
  de: [[["ern", ""], ["en", ""], ["er", ""], ["e", ""], ["n", ""], ["s", ""]]],
  it: [[["che", "c"], ["ghe", "g"], ["chi", "c"], ["ghi", "g"]], [["a", ""], ["e", ""], ["i", ""], ["o", ""]]],
  "pt-BR": [[["oes", "ao"], ["aes", "ao"], ["ais", "al"], ["eis", "el"], ["ns", "m"], ["es", ""], ["s", ""]], [["a", ""], ["o", ""], ["e", ""]]],
};

function stripOnce(word: string, rules: Rule[]): string {
  for (const [suffix, replacement] of rules) {
    if (word.endsWith(suffix) && word.length - suffix.length + replacement.length >= 3) return word.slice(0, word.length - suffix.length) + replacement;
  }
  return word;
}

export function stem(word: string, lang: Lang): string {
  return SUFFIXES[lang].reduce(stripOnce, foldAccents(word));
}

/** Edit distance with adjacent transpositions, giving up (returning max + 1) beyond `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (prevPrev[j - 2] as number) + 1);
      row.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length] as number;
}
