// Finding a word inside a sentence (for gaps) and judging a sentence's length for a level.
import type { LexiconEntry } from "./lexicon-rules.ts";
import { entryForms } from "./lexicon-index.ts";

/** A run of non-space characters with at least one letter or digit: one word. */
const WORD = /[^\s]*[\p{L}\p{N}][^\s]*/gu;

/** Words in a sentence: its space-separated parts that hold a letter or digit (punctuation alone is not a word). */
export function wordCount(sentence: string): number {
  // Counted in place, without splitting: the engine counts the same data sentences on every plan.
  let count = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(sentence) !== null) count++;
  return count;
}

export function fitsLength(sentence: string, maxWords: number): boolean {
  return wordCount(sentence) <= maxWords;
}

const LETTER = /[\p{L}\p{N}]/u;

/**
 * Where the entry's lemma, plural or declared form stands in its example as a whole word
 * (longest form first, so "manzanas" wins over "manzana"); null when only part of a word matches.
 */
export function findForm(entry: LexiconEntry, sentence: string = entry.ex): { start: number; end: number } | null {
  const lower = sentence.toLowerCase();
  if (lower.length !== sentence.length) return null;
  const forms = entryForms(entry).sort((a, b) => b.length - a.length);
  for (const form of forms) {
    const needle = form.toLowerCase();
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) {
      const before = lower[at - 1];
      const after = lower[at + needle.length];
      if ((before === undefined || !LETTER.test(before)) && (after === undefined || !LETTER.test(after))) return { start: at, end: at + needle.length };
    }
  }
  return null;
}

export const GAP = "____";

/** The example with the word blanked out, and the word as it appeared; null when no clean gap exists. */
export function gapSentence(entry: LexiconEntry): { prompt: string; answer: string } | null {
  const at = findForm(entry);
  if (!at) return null;
  return { prompt: entry.ex.slice(0, at.start) + GAP + entry.ex.slice(at.end), answer: entry.ex.slice(at.start, at.end) };
}
