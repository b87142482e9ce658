// Corrections of a learner's message in the target language, in stages over the inflection
// tables (builtin/morphology): words from the learner's own language, regularised irregular
// forms (gegangt, abrido), "did you mean …?" for unknown words only, German noun capitals, the
// language's common-error patterns and greetings, then the grammar checks (auxiliary, ser/estar,
// subjunctive, subject–verb agreement, infinitive/participle, separable verbs, accusative),
// article agreement and adjective agreement. Each stage works on the words as the previous stages
// left them and never rewrites a word another stage already fixed. A message written in another
// language than the target gets no correction at all, only a hint (`otherLanguage`).
import { LANGS, LANGUAGE_NAMES, type Lang } from "../../languages.ts";
import type { Correction } from "../../model.ts";
import type { LanguageIndex, LexiconIndex } from "../lexicon-index.ts";
import { MORPH_DATA, morphologyOf } from "../morphology/morph-index.ts";
import { foldCase } from "../text-normalise.ts";
import { quote, say } from "../ui-text/template.ts";
import { GENDER_NAMES, NOTES } from "../ui-text/tutor-text.ts";
import { accusativeStage, attributiveStage, predicateStage } from "./agreement-checks.ts";
import { articleFix, englishArticleFix, nounSeen } from "./article-agreement.ts";
import { applyReplacement, ERROR_RULES, ruleMatchesAt } from "./common-errors.ts";
import { at, free, type Context, type Found } from "./correction-context.ts";
import { coreWords } from "./core-words.ts";
import { keepCapital, lower, messageWords, render, renderMessage, type MessageWord } from "./message-tokens.ts";
import { isNumberWord } from "./numbers.ts";
import { isKnownWord, spellingFix } from "./spelling.ts";
import { englishStage } from "./english-checks.ts";
import { germanAdjectiveStage, gostarDeStage, numberPluralStage, quantityStage, tenseAdverbStage, verbSecondStage, yesAccentStage } from "./family-checks.ts";
import { FAMILY_NOTES } from "./family-notes.ts";
import { idiomStage, nameStage } from "./names-and-idioms.ts";
import { auxiliaryStage, frenchInfinitiveStage, separableStage, serEstarStage, subjectVerbStage, subjunctiveStage } from "./verb-checks.ts";

export interface CorrectionInput {
  index: LexiconIndex;
  source: Lang;
  target: Lang;
  /** Words never corrected: the NPC's name. */
  names: string[];
}

export interface CorrectedMessage {
  corrections: Correction[];
  correctedMessage: string | null;
  /** The message after corrections, for understanding it. */
  understood: string;
  /** Words known only in the target language, and only in the source language. */
  targetWords: number;
  sourceWords: number;
  /** A third language the message (or some of its words) is written in: a hint, never a correction. */
  otherLanguage: Lang | null;
}

const bare = (word: string) => foldCase(word).replace(/'$/, "");

/** A source-language lexicon word where the target has none: the target word for the same concept. */
function fromSourceLanguage(word: string, source: LanguageIndex, target: Lang): string | null {
  const readings = (source.forms.get(word) ?? []).filter((f) => f.concept.pos !== "phrase");
  const first = readings[0];
  if (!first || new Set(readings.map((r) => r.concept.id)).size > 1) return null;
  const entry = first.concept[target];
  return first.plural && entry.pl ? entry.pl : entry.w;
}

// Words that put a name after them ("Frau Berger", "Señora Gómez"): there a capitalised word is a
// name even in German, which capitalises every noun.
const TITLES = new Set("frau herr herrn dr doktor professor señor señora señorita sr sra don doña madame monsieur mademoiselle mme signor signora signore signorina sig senhor senhora dona mr mrs ms miss".split(" "));

function isName(word: MessageWord, position: number, input: CorrectionInput, words: MessageWord[]): boolean {
  if (input.names.some((n) => foldCase(n) === foldCase(word.original))) return true;
  const capital = word.original[0] !== word.original[0]?.toLocaleLowerCase("und");
  if (!capital || position === 0) return false;
  return input.target !== "de" || TITLES.has(foldCase(bare(words[position - 1]?.original ?? "")));
}

/** Known in another language's data (cheap: no tables are built for it). */
const knownIn = (lang: Lang, w: string, index: LexiconIndex) => index.language(lang).knownWords.has(w) || coreWords(lang).has(w);

interface WordCounts {
  targetWords: number;
  sourceWords: number;
  otherLanguage: Lang | null;
  /** The message is mostly in a language other than the target. */
  foreign: boolean;
}

/**
 * Word by word: count the words of each language, put target words for source-language ones
 * (only in a message mostly in the target language), regularised forms, and suggestions for
 * unknown words. Words of a third language are left alone.
 */
function wordStage(ctx: Context, input: CorrectionInput): WordCounts {
  const target = ctx.language;
  const source = input.index.language(input.source);
  let targetWords = 0;
  let sourceWords = 0;
  const others = new Map<Lang, number>();
  const foreign: { i: number; word: MessageWord; translated: string }[] = [];
  const suggestions: { i: number; word: MessageWord; right: string; kind: "accent" | "spelling" }[] = [];
  ctx.words.forEach((word, i) => {
    const w = bare(word.original);
    if (w.length < 2 || isNumberWord(w, input.target) || ctx.claimed.has(i)) return;
    const inTarget = isKnownWord(w, target);
    const inSource = knownIn(input.source, w, input.index);
    if (inTarget && !inSource) targetWords++;
    if (inSource && !inTarget) sourceWords++;
    if (inTarget || isName(word, i, input, ctx.words)) return;
    const translated = inSource ? fromSourceLanguage(w, source, input.target) : null;
    if (translated) {
      foreign.push({ i, word, translated });
      return;
    }
    // A word of the learner's own language is theirs, though a third language has it too ("is").
    if (inSource) return;
    const other = LANGS.filter((l) => l !== input.target && l !== input.source && knownIn(l, w, input.index));
    if (other.length > 0) {
      // A word of another language is left alone unless it is a target word without its accent (cafe → café).
      const accent = spellingFix(w, target, true);
      if (accent) suggestions.push({ i, word, right: accent.right, kind: accent.kind });
      else for (const l of other) others.set(l, (others.get(l) ?? 0) + 1);
      return;
    }
    const regular = ctx.morph?.overregular.get(w);
    if (regular) {
      word.fixed = keepCapital(word.original, regular);
      // A French participle stays open to the agreement checks after it ("Elle est mouru" → morte).
      if (input.target !== "fr") ctx.claimed.add(i);
      ctx.found.push({ from: i, to: i, category: "verb_form", note: "irregular", params: {} });
      return;
    }
    // A capitalised German word is a noun the lexicon may lack (compounds): only accents and umlauts.
    const capital = word.original[0] !== word.original[0]?.toLocaleLowerCase("de");
    const fix = spellingFix(w, target, input.target === "de" && capital);
    if (fix) suggestions.push({ i, word, right: fix.right, kind: fix.kind });
  });
  const [topOther, topCount] = [...others.entries()].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  const foreignMessage = (sourceWords > targetWords && sourceWords >= 2) || (topOther !== null && topCount >= 2 && topCount > targetWords);
  if (!foreignMessage) {
    for (const { i, word, right, kind } of suggestions) {
      word.fixed = keepCapital(word.original, right);
      ctx.found.push({ from: i, to: i, category: kind, note: kind, params: {} });
    }
    if (targetWords >= sourceWords) {
      for (const { i, word, translated } of foreign) {
        word.fixed = keepCapital(word.original, translated);
        ctx.found.push({ from: i, to: i, category: "language", note: "language", params: {} });
      }
    }
  }
  return { targetWords, sourceWords, otherLanguage: topOther, foreign: foreignMessage };
}

/** German nouns take a capital; a word the data never writes in lower case is not a verb or adjective. */
function capitalStage(ctx: Context): void {
  if (ctx.lang !== "de") return;
  ctx.words.forEach((word, i) => {
    const w = lower(word);
    if (word.fixed[0] !== w[0] || ctx.language.lowerCaseSeen.has(w) || nounSeen(w, ctx.language) === null) return;
    if (ctx.morph?.read(w).some((r) => r.pos !== "noun")) return;
    word.fixed = w.charAt(0).toLocaleUpperCase("de") + w.slice(1);
    if (!ctx.found.some((f) => f.from === i && f.to === i)) ctx.found.push({ from: i, to: i, category: "capitalisation", note: "capitalisation", params: {} });
  });
}

/**
 * The common-error patterns. Elision runs last, over the words the grammar checks left
 * ("Je as faim" → "Je ai" → "J'ai"), so it may touch words they rewrote.
 */
function ruleStage(ctx: Context, elision: boolean): void {
  const lowered = ctx.words.map(lower);
  for (let i = 0; i < ctx.words.length; i++) {
    const rule = ERROR_RULES[ctx.lang].find((r) => (r.note === "elision") === elision && (!r.start || i === 0) && ruleMatchesAt(r, lowered, i, ctx.language));
    if (!rule || (!elision && !free(ctx, ...Array.from({ length: rule.pattern.length }, (_, n) => i + n)))) continue;
    const length = applyRule(ctx, rule, i);
    const category = RULE_CATEGORY[rule.note] ?? "word_choice";
    ctx.found.push({ from: i, to: i + length - 1, category, note: rule.note, params: {} });
    i += length - 1;
  }
}

/** Rewrites the words a rule matched from `i` (the first takes the replacement, the others are absorbed); returns how many. */
function applyRule(ctx: Context, rule: (typeof ERROR_RULES)[Lang][number], i: number): number {
  const span = ctx.words.slice(i, i + rule.pattern.length);
  const first = span[0] as MessageWord;
  first.fixed = keepCapital(first.original, applyReplacement(rule, span.map((w) => w.fixed)));
  for (const w of span.slice(1)) w.fixed = "";
  for (let k = i; k < i + span.length; k++) ctx.claimed.add(k);
  return span.length;
}

const RULE_CATEGORY: Partial<Record<Found["note"], Correction["category"]>> = { contraction: "contraction", elision: "contraction", subject_verb: "agreement", preposition: "preposition", partitive: "preposition", quantity: "agreement" };

/** Spanish questions: the question word after ¿ carries its accent (¿Dónde…?). */
function questionAccentStage(ctx: Context): void {
  if (ctx.lang !== "es") return;
  const ACCENTED: Record<string, string> = { donde: "dónde", que: "qué", como: "cómo", cuando: "cuándo", cuanto: "cuánto", cuanta: "cuánta", cuantos: "cuántos", cuantas: "cuántas", quien: "quién", quienes: "quiénes", cual: "cuál", cuales: "cuáles" };
  ctx.words.forEach((word, i) => {
    const right = ACCENTED[at(ctx, i)];
    const before = ctx.message.slice(i > 0 ? (ctx.words[i - 1] as MessageWord).end : 0, word.start);
    if (!right || !before.includes("¿") || !free(ctx, i)) return;
    word.fixed = keepCapital(word.original, right);
    ctx.claimed.add(i);
    ctx.found.push({ from: i, to: i, category: "accent", note: "question_accent", params: {} });
  });
}

/**
 * The preposition before an article just put right contracts with it, as the language writes it
 * ("a la hotel" is "al hotel", not "a el hotel"; "de la aeropuerto" is "del aeropuerto"): the
 * contraction rules of common-errors.ts applied to the corrected words. True when it did.
 */
function contractedBefore(ctx: Context, i: number): boolean {
  if (i === 0 || !free(ctx, i - 1)) return false;
  const lowered = ctx.words.map(lower);
  const rule = ERROR_RULES[ctx.lang].find((r) => r.note === "contraction" && ruleMatchesAt(r, lowered, i - 1, ctx.language));
  if (!rule) return false;
  applyRule(ctx, rule, i - 1);
  return true;
}

function articleStage(ctx: Context, input: CorrectionInput): void {
  for (let i = 0; i + 1 < ctx.words.length; i++) {
    const [article, noun] = [ctx.words[i] as MessageWord, ctx.words[i + 1] as MessageWord];
    if (ctx.claimed.has(i) || noun.fixed === "" || article.fixed === "") continue;
    if (input.target === "en") {
      const right = englishArticleFix(article.fixed, noun.fixed);
      if (right) {
        article.fixed = keepCapital(article.original, right);
        ctx.found.push({ from: i, to: i + 1, category: "article", note: "article_form", params: { article: quote(input.source, right) } });
      }
      continue;
    }
    const seen = nounSeen(noun.fixed, ctx.language);
    const fix = seen ? articleFix(input.target, article.fixed, seen) : null;
    if (!fix) continue;
    article.fixed = keepCapital(article.original, fix.article);
    ctx.claimed.add(i);
    const params: Record<string, string> = { article: quote(input.source, fix.article), noun: quote(input.source, fix.noun.entry.w) };
    params.gender = say(GENDER_NAMES[fix.noun.gender], input.source);
    ctx.found.push({ from: contractedBefore(ctx, i) ? i - 1 : i, to: i + 1, category: "article", note: fix.note, params });
  }
}

function describe(ctx: Context, f: Found, input: CorrectionInput): Correction {
  const original = ctx.message.slice((ctx.words[f.from] as MessageWord).start, (ctx.words[f.to] as MessageWord).end);
  const corrected = render(ctx.message, ctx.words, f.from, f.to);
  // Words quoted from the target language (essere, il faut que) take the learner's quotation marks.
  const quoted = Object.fromEntries(Object.entries(f.params).map(([k, v]) => [k, k === "aux" || k === "trigger" ? quote(input.source, v) : v]));
  const params = { ...quoted, wrong: quote(input.source, original), right: quote(input.source, corrected), target: LANGUAGE_NAMES[input.source][input.target] };
  const note = f.note in NOTES ? NOTES[f.note as keyof typeof NOTES] : FAMILY_NOTES[f.note as keyof typeof FAMILY_NOTES];
  return { original, corrected, explanation: say(note, input.source, params), category: f.category };
}

const accusativeVerbs = new Set(MORPH_DATA.de.accusative_verbs.split(" "));

export function correctMessage(message: string, input: CorrectionInput): CorrectedMessage {
  const language = input.index.language(input.target);
  const ctx: Context = { message, words: messageWords(message), lang: input.target, language, morph: morphologyOf(language), claimed: new Set(), found: [] };
  idiomStage(ctx);
  nameStage(ctx);
  const counts = wordStage(ctx, input);
  if (!counts.foreign) {
    capitalStage(ctx);
    ruleStage(ctx, false);
    englishStage(ctx);
    yesAccentStage(ctx);
    tenseAdverbStage(ctx);
    verbSecondStage(ctx);
    numberPluralStage(ctx);
    quantityStage(ctx);
    gostarDeStage(ctx);
    germanAdjectiveStage(ctx);
    questionAccentStage(ctx);
    auxiliaryStage(ctx);
    serEstarStage(ctx);
    subjunctiveStage(ctx);
    subjectVerbStage(ctx);
    frenchInfinitiveStage(ctx);
    separableStage(ctx);
    accusativeStage(ctx, accusativeVerbs);
    articleStage(ctx, input);
    attributiveStage(ctx);
    predicateStage(ctx);
    ruleStage(ctx, true);
  }
  const corrections = ctx.found
    .sort((a, b) => a.from - b.from || a.to - b.to)
    .map((f) => describe(ctx, f, input))
    .filter((c, n, all) => c.original !== c.corrected && !all.slice(0, n).some((d) => d.original === c.original && d.corrected === c.corrected));
  const understood = renderMessage(message, ctx.words);
  return {
    corrections,
    correctedMessage: corrections.length > 0 ? understood : null,
    understood,
    targetWords: counts.targetWords,
    sourceWords: counts.sourceWords,
    otherLanguage: counts.otherLanguage,
  };
}
