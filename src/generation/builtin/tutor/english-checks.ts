// The error families of learners of English, over the closed tables of english-tables.ts and the
// lexicon's nouns: do-support and the third-person -s (she don't like → she doesn't like, he go →
// he goes), be agreeing with its subject (her brothers is → are), regularised irregular pasts
// (goed → went) and participles (have went → have gone), a present verb in a sentence set in the
// past (Yesterday I go → went), short adjectives compared with more (more tall → taller), and a
// noun after a number above one (five book → books). A subject is a pronoun, a name, or a
// determiner with a lexicon noun; a verb after a modal or "to" is left as it is.
import type { LanguageIndex } from "../lexicon-index.ts";
import { at, free, gapBefore, punctuationBefore, rewrite, type Context } from "./correction-context.ts";
import { EN_COMPARATIVES, EN_COMPARED, EN_OVERREGULAR, EN_PAST, EN_THIRD, EN_VERBS, thirdPerson } from "./english-tables.ts";
import { isNumberWord } from "./numbers.ts";

interface EnglishNoun {
  singular: string;
  plural: string;
  isPlural: boolean;
}

/** A lexicon noun in English, with its two numbers (the lexicon writes both). */
export function englishNoun(word: string, language: LanguageIndex): EnglishNoun | null {
  const forms = (language.forms.get(word) ?? []).filter((f) => f.concept.pos === "noun" && f.concept.en.pl);
  const first = forms[0];
  if (!first || forms.some((f) => f.plural !== first.plural)) return null;
  const entry = first.concept.en;
  if (!entry.pl || entry.pl.toLowerCase() === entry.w.toLowerCase()) return null;
  return { singular: entry.w.toLowerCase(), plural: entry.pl.toLowerCase(), isPlural: first.plural };
}

const PRONOUN_PERSON: Record<string, number> = { i: 0, you: 1, he: 2, she: 2, it: 2, we: 3, they: 5 };
const DETERMINERS = new Set("the my your his her our their this that these those a an some many two three four five all both".split(" "));
const ADVERBS = new Set("always often never usually sometimes really also only still just even already".split(" "));
const MODAL_PRONOUN_BEFORE = new Set("do does did can could will would should must may might shall".split(" "));

interface Subject {
  /** 0..5 = 1sg..3pl; a plural noun is 5, a singular noun or a name 2. */
  person: number;
  from: number;
  /** The word after the subject and its adverbs: where its verb stands. */
  verb: number;
}

const isThird = (s: Subject) => s.person === 2;
const CLAUSE_OPENERS = new Set("and but or so because when if that then yesterday today tomorrow where while after before since until also".split(" "));
/** "you" and "it" are objects too (made it work): a subject there only where a clause starts. */
const clauseStarts = (ctx: Context, i: number) => i === 0 || punctuationBefore(ctx, i) || CLAUSE_OPENERS.has(at(ctx, i - 1));

function subjectAt(ctx: Context, i: number): Subject | null {
  const w = at(ctx, i);
  let person: number | null = null;
  let from = i;
  if (PRONOUN_PERSON[w] !== undefined) {
    // "do you like", "can he go": the verb after the pronoun keeps its base form.
    if (MODAL_PRONOUN_BEFORE.has(at(ctx, i - 1))) return null;
    if ((w === "you" || w === "it") && !clauseStarts(ctx, i)) return null;
    person = PRONOUN_PERSON[w] as number;
  } else {
    const noun = englishNoun(w, ctx.language);
    if (noun && DETERMINERS.has(at(ctx, i - 1)) && !punctuationBefore(ctx, i) && clauseStarts(ctx, i - 1)) {
      person = noun.isPlural ? 5 : 2;
      from = i - 1;
      if (MODAL_PRONOUN_BEFORE.has(at(ctx, i - 2))) return null;
    }
  }
  if (person === null) return null;
  let verb = i + 1;
  while (ADVERBS.has(at(ctx, verb))) verb++;
  if (verb >= ctx.words.length || punctuationBefore(ctx, verb)) return null;
  return { person, from, verb };
}

const sentenceOf = (ctx: Context, i: number): [number, number] => {
  let from = i;
  while (from > 0 && !/[.!?;]/.test(gapBefore(ctx, from))) from--;
  let to = i;
  while (to + 1 < ctx.words.length && !/[.!?;]/.test(gapBefore(ctx, to + 1))) to++;
  return [from, to];
};
const sentenceWords = (ctx: Context, i: number) => {
  const [from, to] = sentenceOf(ctx, i);
  return ctx.words.slice(from, to + 1).map((_, n) => at(ctx, from + n));
};

const PAST_TIME = /\b(yesterday|ago|last (night|week|month|year|summer|winter|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|time))\b/;
const NOT_PAST = /\b(today|now|tomorrow|every|usually|always|next|tonight|often|sometimes)\b/;
const IF_WISH = /\b(if|wish|though)\b/;

function inPast(ctx: Context, i: number): boolean {
  const ws = sentenceWords(ctx, i);
  const text = ws.join(" ");
  if (!PAST_TIME.test(text) || NOT_PAST.test(text)) return false;
  // Already told in a past tense: the learner knows the form; nothing to fix.
  return !ws.some((w) => EN_PAST.has(w) || w === "was" || w === "were" || w === "didn't" || w === "did");
}

function push(ctx: Context, from: number, to: number, note: "third_person" | "do_support" | "subject_verb" | "tense_adverb" | "irregular" | "comparative" | "plural_number", category: "agreement" | "verb_form" | "word_choice"): void {
  ctx.found.push({ from, to, category, note, params: {} });
}

/** Subject–verb agreement, do-support and the tense a past time asks for, at each subject. */
function subjectStage(ctx: Context): void {
  for (let i = 0; i < ctx.words.length; i++) {
    const subject = subjectAt(ctx, i);
    if (!subject) continue;
    const v = subject.verb;
    if (!free(ctx, v)) continue;
    // The tokens split "don't" into "don'" and "t": the contraction is read as one verb.
    const contracted = at(ctx, v + 1) === "t" && /^(don|doesn|didn|isn|aren|wasn|weren)$/.test(at(ctx, v));
    const verb = contracted ? `${at(ctx, v)}'t` : at(ctx, v);
    const past = inPast(ctx, v);
    const third = isThird(subject);
    let right: string | null = null;
    let note: "third_person" | "do_support" | "subject_verb" | "tense_adverb" = "subject_verb";
    if (verb === "don't" || verb === "doesn't" || verb === "dont" || verb === "doesnt") {
      right = past ? "didn't" : third ? "doesn't" : "don't";
      note = past ? "tense_adverb" : "do_support";
    } else if (verb === "isn't" || verb === "aren't" || verb === "wasn't" || verb === "weren't") {
      right = past || verb.startsWith("w") ? (subject.person === 0 || third ? "wasn't" : "weren't") : subject.person === 0 ? null : third ? "isn't" : "aren't";
      if (third && subject.from !== i && (verb === "aren't" || verb === "weren't")) right = null;
    } else if (verb === "is" || verb === "are" || verb === "am") {
      right = past ? (subject.person === 0 || third ? "was" : "were") : subject.person === 0 ? "am" : third ? "is" : "are";
      note = past ? "tense_adverb" : "subject_verb";
      // "My family are" is British usage: a singular noun with "are" is left alone.
      if (third && subject.from !== i && verb === "are") right = null;
    } else if (verb === "was" || verb === "were") {
      if (!IF_WISH.test(sentenceWords(ctx, v).join(" "))) right = subject.person === 0 || third ? "was" : "were";
      if (third && subject.from !== i && verb === "were") right = null;
    } else if (EN_VERBS.has(verb) || EN_THIRD.has(verb)) {
      const base = EN_THIRD.get(verb) ?? verb;
      const entry = EN_VERBS.get(base);
      if (!entry || (EN_VERBS.has(verb) && EN_THIRD.has(verb))) continue;
      // "You and he go" or "people like him": only a plain subject right before its verb.
      if (past) {
        right = entry.past;
        note = "tense_adverb";
      } else {
        right = third ? entry.third : base;
        note = "third_person";
      }
      if (verb === "have" && at(ctx, v + 1) === "to" && !past) right = third ? "has" : "have";
    }
    if (!right || right === verb) continue;
    rewrite(ctx, v, contracted ? right.replace(/t$/, "") : right);
    push(ctx, subject.from, contracted ? v + 1 : v, note, note === "tense_adverb" ? "verb_form" : "agreement");
    // "She doesn't likes": the verb after do keeps its base form.
    const after = contracted ? v + 2 : v + 1;
    if ((right === "doesn't" || right === "don't" || right === "didn't") && free(ctx, after) && EN_THIRD.has(at(ctx, after))) rewrite(ctx, after, EN_THIRD.get(at(ctx, after)) as string);
  }
}

/** Regularised pasts (goed, teached) and a simple past where the participle belongs (have went). */
function irregularStage(ctx: Context): void {
  for (let i = 0; i < ctx.words.length; i++) {
    const w = at(ctx, i);
    const right = EN_OVERREGULAR.get(w);
    const afterHave = /^(have|has|had|i've|you've|we've|they've|he's|she's)$/.test(at(ctx, i - 1)) || (ADVERBS.has(at(ctx, i - 1)) && /^(have|has|had)$/.test(at(ctx, i - 2)));
    if (right && free(ctx, i)) {
      const verb = EN_PAST.get(right);
      rewrite(ctx, i, afterHave && verb ? verb.participle : right);
      push(ctx, i, i, "irregular", "verb_form");
      continue;
    }
    const pastOnly = EN_PAST.get(w);
    if (afterHave && pastOnly && pastOnly.participle !== w && free(ctx, i) && !/^(he's|she's)$/.test(at(ctx, i - 1))) {
      rewrite(ctx, i, pastOnly.participle);
      push(ctx, i - 1, i, "irregular", "verb_form");
    }
  }
}

const LINKING = new Set("is are am was were be been being look looks looked feel feels felt get gets got become becomes became seem seems seemed".split(" "));

/** Short adjectives compare with -er/-est: more tall → taller, the most big → the biggest, more better → better. */
function comparativeStage(ctx: Context): void {
  for (let i = 0; i + 1 < ctx.words.length; i++) {
    const word = at(ctx, i);
    if ((word !== "more" && word !== "most") || !free(ctx, i, i + 1) || punctuationBefore(ctx, i + 1)) continue;
    const adj = at(ctx, i + 1);
    const forms = EN_COMPARATIVES[adj];
    const next = at(ctx, i + 2);
    const endsPhrase = i + 2 >= ctx.words.length || punctuationBefore(ctx, i + 2) || next === "than" || next === "and";
    let right: string | null = null;
    if (EN_COMPARED.has(adj)) right = adj;
    else if (forms && (endsPhrase || LINKING.has(at(ctx, i - 1)) || at(ctx, i - 1) === "the")) right = word === "more" ? forms[0] : forms[1];
    if (!right) continue;
    rewrite(ctx, i, right);
    (ctx.words[i + 1] as { fixed: string }).fixed = "";
    ctx.claimed.add(i + 1);
    push(ctx, i, i + 1, "comparative", "word_choice");
  }
}

/** A noun after a number above one is plural: five book → five books. */
function pluralStage(ctx: Context): void {
  for (let i = 0; i + 1 < ctx.words.length; i++) {
    const n = at(ctx, i);
    if (!isNumberWord(n, "en") || /^(one|1|half|zero|0|a)$/.test(n) || /[.,]/.test(n) || punctuationBefore(ctx, i + 1) || /-/.test(gapBefore(ctx, i + 1))) continue;
    const noun = englishNoun(at(ctx, i + 1), ctx.language);
    if (!noun || noun.isPlural || !free(ctx, i + 1)) continue;
    // "a five year old", "two hour drive": a number with a noun before another noun is a compound.
    const after = at(ctx, i + 2);
    if (after === "old" || (after !== "" && !punctuationBefore(ctx, i + 2) && englishNoun(after, ctx.language) !== null)) continue;
    rewrite(ctx, i + 1, noun.plural);
    push(ctx, i, i + 1, "plural_number", "agreement");
  }
}

/** In a question do carries the tense and the person, so the verb after its subject is bare: Does she likes → like, Did you went → go. */
function questionDoStage(ctx: Context): void {
  for (let i = 0; i + 2 < ctx.words.length; i++) {
    if (!/^(do|does|did)$/.test(at(ctx, i)) || (i > 0 && !punctuationBefore(ctx, i))) continue;
    let v = i + 2;
    if (PRONOUN_PERSON[at(ctx, i + 1)] === undefined) {
      if (!DETERMINERS.has(at(ctx, i + 1)) || !englishNoun(at(ctx, i + 2), ctx.language)) continue;
      v = i + 3;
    }
    while (ADVERBS.has(at(ctx, v))) v++;
    if (v >= ctx.words.length || !free(ctx, v) || punctuationBefore(ctx, v)) continue;
    const w = at(ctx, v);
    const base = EN_VERBS.has(w) ? null : (EN_THIRD.get(w) ?? (at(ctx, i) === "did" ? EN_PAST.get(w)?.base : undefined));
    if (!base || base === w) continue;
    rewrite(ctx, v, base);
    push(ctx, i, v, "do_support", "agreement");
  }
}

export function englishStage(ctx: Context): void {
  if (ctx.lang !== "en") return;
  irregularStage(ctx);
  questionDoStage(ctx);
  subjectStage(ctx);
  comparativeStage(ctx);
  pluralStage(ctx);
}

export { thirdPerson };
