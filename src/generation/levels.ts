// Parla's nine levels and everything a level decides. Kept in one table so the engine, the docs
// and the tests read the same numbers.

export const CEFR = ["A1", "A2", "A2+", "B1", "B1+", "B2", "B2+", "C1", "C2"] as const;
export type Cefr = (typeof CEFR)[number];

/** How much of the tutor's help is written in the learner's own (source) language. */
export type SourceLanguageUse = "full" | "partial" | "minimal";

export interface LevelProfile {
  level: number;
  cefr: Cefr;
  /** Lexicon levels a vocabulary item may have at this level (inclusive). */
  vocabBand: { min: number; max: number };
  /** Longest sentence, in words, the engine picks for exercises and dialogue at this level. */
  maxSentenceWords: number;
  /** Highest phrase level used (phrases are written for levels 1-6). */
  maxPhraseLevel: number;
  /** Core vocabulary size of a lesson plan's first set. */
  coreVocabulary: number;
  sourceLanguageUse: SourceLanguageUse;
}

// The band's lower edge rises slowly: an advanced learner still revises everyday words in a new
// topic, because the lexicon has far fewer C-level words per topic than A-level ones.
const BAND_MIN = [1, 1, 1, 2, 2, 3, 3, 4, 4] as const;
const MAX_WORDS = [8, 10, 12, 15, 18, 22, 26, 32, 40] as const;
const CORE_VOCABULARY = [8, 10, 10, 12, 12, 12, 14, 14, 14] as const;

export function isLevel(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 9;
}

export function levelProfile(level: number): LevelProfile {
  if (!isLevel(level)) throw new RangeError(`level must be an integer 1..9, got ${String(level)}`);
  const i = level - 1;
  return {
    level,
    cefr: CEFR[i] as Cefr,
    vocabBand: { min: BAND_MIN[i] as number, max: level },
    maxSentenceWords: MAX_WORDS[i] as number,
    maxPhraseLevel: Math.min(level, 6),
    coreVocabulary: CORE_VOCABULARY[i] as number,
    sourceLanguageUse: level <= 3 ? "full" : level <= 6 ? "partial" : "minimal",
  };
}

export function fitsBand(conceptLevel: number, level: number): boolean {
  const { vocabBand } = levelProfile(level);
  return conceptLevel >= vocabBand.min && conceptLevel <= vocabBand.max;
}
