// Does a text contain a keyword (one or more words)? Both sides are folded the same way, accents
// removed, so a learner who types "cuanto cuesta" still matches "cuánto cuesta".
import { foldAccents, words } from "./text-normalise.ts";

export function keyWords(text: string): string[] {
  return words(foldAccents(text));
}

/** True when the keyword's words appear contiguously, in order, among the text's words. */
export function containsWords(text: readonly string[], keyword: readonly string[]): boolean {
  if (keyword.length === 0 || keyword.length > text.length) return false;
  outer: for (let i = 0; i + keyword.length <= text.length; i++) {
    for (let j = 0; j < keyword.length; j++) if (text[i + j] !== keyword[j]) continue outer;
    return true;
  }
  return false;
}

export function containsKeyword(text: string, keyword: string): boolean {
  return containsWords(keyWords(text), keyWords(keyword));
}
