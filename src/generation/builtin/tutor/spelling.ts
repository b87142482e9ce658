// Nearest correct spelling of an unknown word, from every word the data writes in the target
// language. Only confident fixes are offered: one edit away (insert, drop, swap, replace) or an
// accent away, and a single best candidate; anything doubtful is left alone.
import type { LanguageIndex } from "../lexicon-index.ts";
import { coreWords } from "./core-words.ts";
import { editDistance, foldAccents } from "../text-normalise.ts";

interface SpellingTable {
  /** Accent-folded word → the known words that fold to it. */
  byFold: Map<string, string[]>;
  /** Each accent-folded word with one letter deleted → folded words (symmetric-delete search). */
  deletes: Map<string, string[]>;
}

const tables = new WeakMap<LanguageIndex, SpellingTable>();

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

function table(language: LanguageIndex): SpellingTable {
  let t = tables.get(language);
  if (!t) {
    t = { byFold: new Map(), deletes: new Map() };
    for (const word of language.knownWords.keys()) {
      if (/\d/.test(word)) continue;
      const fold = foldAccents(word);
      push(t.byFold, fold, word);
      if (fold.length >= 3) for (const d of deletions(fold)) push(t.deletes, d, fold);
    }
    tables.set(language, t);
  }
  return t;
}

export type SpellingFix = { kind: "accent" | "spelling"; right: string };

// Shorter words are too often another correct word one letter away ("sehe"/"sehr", "want"/"went").
const MIN_LENGTH_FOR_EDITS = 5;

/** The single most frequent candidate, when it is clearly ahead of the others. */
function mostLikely(candidates: string[], language: LanguageIndex): string | null {
  const ranked = candidates.map((w) => ({ w, n: language.knownWords.get(w) ?? 0 })).sort((a, b) => b.n - a.n || a.w.localeCompare(b.w));
  const [best, second] = ranked;
  if (!best) return null;
  return !second || best.n >= 2 * second.n ? best.w : null;
}

/** A fix for a lower-case word, or null when it is known or no confident fix exists. */
export function spellingFix(word: string, language: LanguageIndex): SpellingFix | null {
  if (language.knownWords.has(word) || coreWords(language.lang).has(word) || /\d/.test(word)) return null;
  const t = table(language);
  const fold = foldAccents(word);
  const sameLetters = t.byFold.get(fold);
  if (sameLetters) {
    const right = mostLikely(sameLetters, language);
    return right ? { kind: "accent", right } : null;
  }
  if (fold.length < MIN_LENGTH_FOR_EDITS) return null;
  const near = new Set<string>();
  for (const key of [fold, ...deletions(fold)]) {
    for (const candidate of [...(t.deletes.get(key) ?? []), ...(t.byFold.has(key) ? [key] : [])]) {
      if (editDistance(fold, candidate, 1) <= 1) near.add(candidate);
    }
  }
  const words = [...near].flatMap((f) => t.byFold.get(f) ?? []);
  const right = mostLikely(words, language);
  return right ? { kind: "spelling", right } : null;
}
