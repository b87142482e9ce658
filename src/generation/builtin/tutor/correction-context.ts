// What every correction stage shares: the learner's words as edited so far, the tables of the
// target language, the corrections found, and the words a stage has already rewritten (a later
// stage leaves them alone, so two rules never fight over one word).
import type { Lang } from "../../languages.ts";
import type { CorrectionCategory } from "../../model.ts";
import type { LanguageIndex } from "../lexicon-index.ts";
import type { Morphology } from "../morphology/morph-index.ts";
import type { Reading, Tense } from "../morphology/morph-types.ts";
import { foldCase } from "../text-normalise.ts";
import type { NoteKey } from "../ui-text/tutor-text.ts";
import type { FamilyNoteKey } from "./family-notes.ts";
import type { MessageWord } from "./message-tokens.ts";

export interface Found {
  from: number;
  to: number;
  category: CorrectionCategory;
  note: NoteKey | FamilyNoteKey;
  params: Record<string, string>;
}

export interface Context {
  message: string;
  words: MessageWord[];
  lang: Lang;
  language: LanguageIndex;
  morph: Morphology | null;
  claimed: Set<number>;
  found: Found[];
}

/** The word as edited so far, case-folded, without a trailing apostrophe (j' → j). */
export const at = (ctx: Context, i: number): string => {
  const w = ctx.words[i];
  return w ? foldCase(w.fixed).replace(/'$/, "") : "";
};

/** The text between word i-1 and word i (punctuation the learner typed). */
export function gapBefore(ctx: Context, i: number): string {
  const w = ctx.words[i];
  const prev = ctx.words[i - 1];
  if (!w) return "";
  return ctx.message.slice(prev ? prev.end : 0, w.start);
}

export const punctuationBefore = (ctx: Context, i: number): boolean => /[.,;:!?¿¡()"«»]/.test(gapBefore(ctx, i));

export const sentenceStartAt = (ctx: Context, i: number): boolean => i === 0 || /[.!?¿¡]/.test(gapBefore(ctx, i));

export function readings(ctx: Context, i: number): Reading[] {
  return ctx.morph ? ctx.morph.read(at(ctx, i)) : [];
}

export type FiniteReading = Extract<Reading, { tense: Tense }>;

export const finiteReadings = (rs: Reading[]): FiniteReading[] => rs.filter((r): r is FiniteReading => r.pos === "verb" && "tense" in r && r.tense !== "imp");

/** The form of a verb in a tense and person, from the tables. */
export function conjugated(ctx: Context, lemma: string, tense: Tense, person: number): string | null {
  return ctx.morph?.verbs.get(lemma)?.finite[tense]?.[person] ?? null;
}

/** Rewrites word i (keeping the learner's capital) and claims it. */
export function rewrite(ctx: Context, i: number, text: string): void {
  const w = ctx.words[i];
  if (!w) return;
  const first = w.original[0] ?? "";
  w.fixed = first !== first.toLocaleLowerCase("und") ? text.charAt(0).toLocaleUpperCase("und") + text.slice(1) : text;
  ctx.claimed.add(i);
}

export const free = (ctx: Context, ...indices: number[]): boolean => indices.every((i) => i >= 0 && i < ctx.words.length && !ctx.claimed.has(i) && ctx.words[i]?.fixed !== "");
