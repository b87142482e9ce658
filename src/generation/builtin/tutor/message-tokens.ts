// The learner's message as editable words: each correction stage rewrites words (or joins and
// drops them) and the corrected message is rendered from the edits, keeping the learner's own
// spacing and punctuation everywhere else.
import { foldCase, tokensWithOffsets } from "../text-normalise.ts";

export interface MessageWord {
  /** As the learner wrote it. */
  original: string;
  start: number;
  end: number;
  /** The word after the corrections so far; "" when a contraction absorbed it. */
  fixed: string;
}

export function messageWords(message: string): MessageWord[] {
  return tokensWithOffsets(message).map((t) => ({ original: t.text, start: t.start, end: t.end, fixed: t.text }));
}

export const lower = (word: MessageWord) => foldCase(word.fixed);

/** Gives the replacement the learner's capital letter, if the word had one. */
export function keepCapital(original: string, replacement: string): string {
  const first = original[0];
  if (!first || first === first.toLocaleLowerCase("und")) return replacement;
  return replacement.charAt(0).toLocaleUpperCase("und") + replacement.slice(1);
}

const elided = (text: string) => /['’]$/.test(text);

/** What goes between two words: nothing after an elided word, a space where an elision was undone. */
function gap(message: string, word: MessageWord, next: MessageWord): string {
  if (next.fixed === "" || elided(word.fixed)) return "";
  const original = message.slice(word.end, next.start);
  return original === "" && elided(word.original) ? " " : original;
}

/** Renders words [from, to] (inclusive) with their fixes and the original text between them. */
export function render(message: string, words: MessageWord[], from = 0, to = words.length - 1): string {
  let out = "";
  for (let i = from; i <= to; i++) {
    const word = words[i] as MessageWord;
    const next = words[i + 1];
    out += word.fixed;
    if (i < to && next) out += gap(message, word, next);
  }
  return out;
}

export function renderMessage(message: string, words: MessageWord[]): string {
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last) return message;
  return message.slice(0, first.start) + render(message, words) + message.slice(last.end);
}
