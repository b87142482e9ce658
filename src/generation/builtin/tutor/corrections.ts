// Corrections of a learner's message in the target language, in stages: words from the
// learner's own language, spelling and accents (nearest known word), German noun capitals, the
// language's common-error patterns, then article agreement. Each stage works on the words as
// the previous stages left them, so "el mansana" is read as "el manzana" before the article is
// checked. Explanations are short and in the source language.
import { LANGUAGE_NAMES, type Lang } from "../../languages.ts";
import type { Correction, CorrectionCategory } from "../../model.ts";
import type { LanguageIndex, LexiconIndex } from "../lexicon-index.ts";
import { foldCase } from "../text-normalise.ts";
import { quote, say } from "../ui-text/template.ts";
import { GENDER_NAMES, NOTES, type NoteKey } from "../ui-text/tutor-text.ts";
import { articleFix, englishArticleFix, nounSeen } from "./article-agreement.ts";
import { applyReplacement, ERROR_RULES, ruleMatchesAt } from "./common-errors.ts";
import { keepCapital, lower, messageWords, render, renderMessage, type MessageWord } from "./message-tokens.ts";
import { isNumberWord } from "./numbers.ts";
import { coreWords } from "./core-words.ts";
import { spellingFix } from "./spelling.ts";

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
}

interface Found {
  from: number;
  to: number;
  category: CorrectionCategory;
  note: NoteKey;
  params: Record<string, string>;
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

function isName(word: MessageWord, position: number, input: CorrectionInput): boolean {
  if (input.names.some((n) => foldCase(n) === foldCase(word.original))) return true;
  const capital = word.original[0] !== word.original[0]?.toLocaleLowerCase("und");
  return capital && position > 0 && input.target !== "de";
}

/**
 * Word by word: count target- and source-language words, put target words for source-language
 * ones (only in a message that is mostly in the target language; a whole sentence in the
 * learner's own language gets a hint instead), and fix spelling and accents.
 */
function wordStage(words: MessageWord[], input: CorrectionInput, found: Found[]): { targetWords: number; sourceWords: number } {
  const target = input.index.language(input.target);
  const source = input.index.language(input.source);
  let targetWords = 0;
  let sourceWords = 0;
  const foreign: { i: number; word: MessageWord; translated: string }[] = [];
  words.forEach((word, i) => {
    const w = bare(word.original);
    if (w.length < 2 || isNumberWord(w, input.target)) return;
    const inTarget = target.knownWords.has(w) || coreWords(input.target).has(w);
    const inSource = source.knownWords.has(w) || coreWords(input.source).has(w);
    if (inTarget && !inSource) targetWords++;
    if (inSource && !inTarget) sourceWords++;
    if (inTarget || isName(word, i, input)) return;
    const translated = inSource ? fromSourceLanguage(w, source, input.target) : null;
    if (translated) {
      foreign.push({ i, word, translated });
      return;
    }
    const fix = spellingFix(w, target);
    if (fix) {
      word.fixed = keepCapital(word.original, fix.right);
      found.push({ from: i, to: i, category: fix.kind, note: fix.kind, params: {} });
    }
  });
  if (targetWords >= sourceWords) {
    for (const { i, word, translated } of foreign) {
      word.fixed = keepCapital(word.original, translated);
      found.push({ from: i, to: i, category: "language", note: "language", params: {} });
    }
  }
  return { targetWords, sourceWords };
}

/** German nouns take a capital; a word the data never writes in lower case is not a verb or adjective. */
function capitalStage(words: MessageWord[], input: CorrectionInput, found: Found[]): void {
  if (input.target !== "de") return;
  const german = input.index.language("de");
  words.forEach((word, i) => {
    const w = lower(word);
    if (word.fixed[0] !== w[0] || german.lowerCaseSeen.has(w) || nounSeen(w, german) === null) return;
    word.fixed = w.charAt(0).toLocaleUpperCase("de") + w.slice(1);
    if (!found.some((f) => f.from === i && f.to === i)) found.push({ from: i, to: i, category: "capitalisation", note: "capitalisation", params: {} });
  });
}

function ruleStage(words: MessageWord[], input: CorrectionInput, claimed: Set<number>, found: Found[]): void {
  const language = input.index.language(input.target);
  const lowered = words.map(lower);
  for (let i = 0; i < words.length; i++) {
    const rule = ERROR_RULES[input.target].find((r) => ruleMatchesAt(r, lowered, i, language));
    if (!rule) continue;
    const span = words.slice(i, i + rule.pattern.length);
    const first = span[0] as MessageWord;
    first.fixed = keepCapital(first.original, applyReplacement(rule, span.map((w) => w.fixed)));
    for (const w of span.slice(1)) w.fixed = "";
    for (let k = i; k < i + span.length; k++) claimed.add(k);
    found.push({ from: i, to: i + span.length - 1, category: rule.note === "contraction" || rule.note === "elision" ? "contraction" : "word_choice", note: rule.note, params: {} });
    i += span.length - 1;
  }
}

function articleStage(words: MessageWord[], input: CorrectionInput, claimed: Set<number>, found: Found[]): void {
  const language = input.index.language(input.target);
  for (let i = 0; i + 1 < words.length; i++) {
    const [article, noun] = [words[i] as MessageWord, words[i + 1] as MessageWord];
    if (claimed.has(i) || claimed.has(i + 1) || noun.fixed === "") continue;
    if (input.target === "en") {
      const right = englishArticleFix(article.fixed, noun.fixed);
      if (right) {
        article.fixed = keepCapital(article.original, right);
        found.push({ from: i, to: i + 1, category: "article", note: "article_form", params: { article: quote(input.source, right) } });
      }
      continue;
    }
    const seen = nounSeen(noun.fixed, language);
    const fix = seen ? articleFix(input.target, article.fixed, seen) : null;
    if (!fix) continue;
    article.fixed = keepCapital(article.original, fix.article);
    const params: Record<string, string> = { article: quote(input.source, fix.article), noun: quote(input.source, fix.noun.entry.w) };
    params.gender = say(GENDER_NAMES[fix.noun.gender], input.source);
    found.push({ from: i, to: i + 1, category: "article", note: fix.note, params });
  }
}

function describe(message: string, words: MessageWord[], f: Found, input: CorrectionInput): Correction {
  const original = message.slice((words[f.from] as MessageWord).start, (words[f.to] as MessageWord).end);
  const corrected = render(message, words, f.from, f.to);
  const params = { ...f.params, wrong: quote(input.source, original), right: quote(input.source, corrected), target: LANGUAGE_NAMES[input.source][input.target] };
  return { original, corrected, explanation: say(NOTES[f.note], input.source, params), category: f.category };
}

export function correctMessage(message: string, input: CorrectionInput): CorrectedMessage {
  const words = messageWords(message);
  const found: Found[] = [];
  const claimed = new Set<number>();
  const counts = wordStage(words, input, found);
  capitalStage(words, input, found);
  ruleStage(words, input, claimed, found);
  articleStage(words, input, claimed, found);
  const corrections = found
    .sort((a, b) => a.from - b.from || a.to - b.to)
    .map((f) => describe(message, words, f, input))
    .filter((c) => c.original !== c.corrected);
  const understood = renderMessage(message, words);
  return { corrections, correctedMessage: corrections.length > 0 ? understood : null, understood, ...counts };
}
