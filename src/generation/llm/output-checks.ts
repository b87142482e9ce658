// Checks of an LLM's answer against the built-in engine's knowledge, before a learner sees it:
// the language of target-language text (the built-in language guesser), the level band of
// vocabulary the lexicon knows, and tutor corrections that are no corrections at all.
import type { Lang } from "../languages.ts";
import { fitsBand, levelProfile } from "../levels.ts";
import type { Correction, VocabItem } from "../model.ts";
import { readsAs } from "../builtin/language-guess.ts";
import type { LexiconIndex } from "../builtin/lexicon-index.ts";
import type { Concept } from "../builtin/lexicon-rules.ts";
import { coreWords } from "../builtin/tutor/core-words.ts";
import { foldCase, words } from "../builtin/text-normalise.ts";

/** Problems (for the repair request) with texts that must be in `lang`. */
export function languageProblems(index: LexiconIndex, texts: { path: string; text: string }[], lang: Lang, langName: string): string[] {
  return texts.filter((t) => t.text.trim() !== "" && !readsAs(index, t.text, lang)).map((t) => `${t.path}: ${JSON.stringify(t.text.slice(0, 80))} is not written in ${langName}`);
}

/** The lexicon concept a target-language word is (its lemma or a declared form), if exactly one. */
export function knownConcept(index: LexiconIndex, lang: Lang, term: string): Concept | null {
  const readings = index.language(lang).forms.get(foldCase(term.trim())) ?? [];
  const ids = new Set(readings.map((r) => r.concept.id));
  return ids.size === 1 ? (readings[0]?.concept ?? null) : null;
}

/** A stable id for a word the lexicon does not know: the same word gets the same id in every answer. */
export function llmItemId(lang: Lang, term: string): string {
  const slug = foldCase(term).normalize("NFKD").replace(/\p{M}/gu, "").replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "");
  return `llm.${lang.toLowerCase()}.${slug || "word"}`;
}

export type VocabDraft = Omit<VocabItem, "id" | "cefr" | "topics">;

/**
 * A model's vocabulary item made into the engine's: a word the lexicon knows takes the lexicon's
 * id, level and topics; level and CEFR label agree. Null when the item must not be shown: outside
 * the level band (by the lexicon's level where the word is known), or its example is not in the
 * language it claims.
 */
export function finishVocabItem(index: LexiconIndex, draft: VocabDraft, pair: { source: Lang; target: Lang; level: number }): { item: VocabItem } | { dropped: string } {
  const concept = knownConcept(index, pair.target, draft.term);
  const level = concept?.level ?? draft.level;
  if (!fitsBand(level, pair.level)) return { dropped: `${draft.term}: level ${level} outside the band of level ${pair.level}` };
  if (!readsAs(index, draft.example.text, pair.target)) return { dropped: `${draft.term}: example not in ${pair.target}` };
  if (!readsAs(index, draft.example.translation, pair.source)) return { dropped: `${draft.term}: example translation not in ${pair.source}` };
  return {
    item: {
      id: concept?.id ?? llmItemId(pair.target, draft.term),
      term: draft.term,
      article: draft.article,
      gender: draft.gender,
      display: draft.display,
      plural: draft.plural,
      plural_display: draft.plural_display,
      pos: draft.pos,
      translation: draft.translation,
      translation_display: draft.translation_display,
      example: draft.example,
      level,
      cefr: levelProfile(level).cefr,
      topics: concept ? concept.topics.slice() : [],
    },
  };
}

/**
 * Corrections a learner must never see: one that changes nothing, or one that marks as wrong a
 * form the lexicon writes (a known word, or a known multi-word lemma such as «buenos días»).
 */
export function keepCorrection(index: LexiconIndex, lang: Lang, correction: Correction): boolean {
  const original = foldCase(correction.original.trim());
  if (original === "" || original === foldCase(correction.corrected.trim())) return false;
  const language = index.language(lang);
  const ws = words(original);
  if (ws.length === 1) {
    const w = ws[0] as string;
    // An accent or capital fix changes the folded form; a word the lexicon writes exactly as given is correct.
    if (correction.category !== "capitalisation" && (language.knownWords.has(w) || coreWords(lang).has(w)) && original === w) return false;
  } else if (language.forms.has(original)) {
    return false;
  }
  return true;
}
