// Which of the six languages a text is written in, judged from the words the engine's data writes
// in each language. Used to check text from elsewhere (an LLM's answer) before it reaches a
// learner. Cognates ("hotel", "café") count for every language that has them, so a text reads as a
// language when no other language explains more of its words.
import { LANGS, type Lang } from "../languages.ts";
import type { LexiconIndex } from "./lexicon-index.ts";
import { coreWords } from "./tutor/core-words.ts";
import { words } from "./text-normalise.ts";

export type LanguageScores = Record<Lang, number>;

/** Per language, how many of the text's words (2+ letters, not numbers) the data knows in it. */
export function languageScores(index: LexiconIndex, text: string): LanguageScores {
  const tokens = words(text).filter((w) => w.length >= 2 && !/^\d+$/.test(w));
  const known = (lang: Lang, w: string) => index.language(lang).knownWords.has(w) || coreWords(lang).has(w);
  return Object.fromEntries(LANGS.map((lang) => [lang, tokens.filter((w) => known(lang, w)).length])) as LanguageScores;
}

/** The language explaining most words, or null when none explains any or two tie. */
export function guessLanguage(index: LexiconIndex, text: string): Lang | null {
  const scores = languageScores(index, text);
  const ranked = LANGS.slice().sort((a, b) => scores[b] - scores[a]);
  const [first, second] = ranked as [Lang, Lang];
  return scores[first] > 0 && scores[first] > scores[second] ? first : null;
}

/**
 * False only when the text is evidently in another language: some other language explains more
 * of its words than `lang` does. A text of unknown words (names, rare terms) is not refused.
 */
export function readsAs(index: LexiconIndex, text: string, lang: Lang): boolean {
  const scores = languageScores(index, text);
  const best = Math.max(...Object.values(scores));
  return best === 0 || scores[lang] >= best;
}
