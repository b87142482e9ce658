// A test-side judge of "is this text in language X?": it counts the text's words that the data
// writes in each language. A text passes for X when no other language explains more of its
// words (cognates like "café" or "hotel" count for every language that has them).
import type { LexiconIndex } from "../../src/generation/builtin/lexicon-index.ts";
import { words } from "../../src/generation/builtin/text-normalise.ts";
import { LANGS, type Lang } from "../../src/generation/languages.ts";

export function languageScores(index: LexiconIndex, text: string): Record<Lang, number> {
  const tokens = words(text).filter((w) => w.length >= 2 && !/^\d+$/.test(w));
  return Object.fromEntries(LANGS.map((lang) => [lang, tokens.filter((w) => index.language(lang).knownWords.has(w)).length])) as Record<Lang, number>;
}

/** Null when the text reads as `lang`, else a description of why not (for the failure message). */
export function notInLanguage(index: LexiconIndex, text: string, lang: Lang): string | null {
  const scores = languageScores(index, text);
  const best = Math.max(...Object.values(scores));
  return scores[lang] > 0 && scores[lang] >= best ? null : `${JSON.stringify(text)} does not read as ${lang}: ${JSON.stringify(scores)}`;
}
