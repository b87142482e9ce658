// "Did you mean …?" for a word the tables do not know. A word that is a valid form (any word of
// the data, any inflected form of the morphology tables, the everyday core words) is never
// touched. For an unknown word a suggestion is made only when it is close and unambiguous: the
// same letters with other accents, or one edit away — but never an edit that only changes an
// ending (that swaps one inflection for another: cuestan/cuesta) or one vowel for another
// (chiudono/chiedono), since those are how valid words the tables lack differ from known ones.
import type { LanguageIndex } from "../lexicon-index.ts";
import { morphologyOf } from "../morphology/morph-index.ts";
import { editDistance, foldAccents, foldCase } from "../text-normalise.ts";
import { coreWords } from "./core-words.ts";
import { ENGLISH_FORMS } from "./english-tables.ts";

interface SpellingTable {
  /** Accent-folded word → the known words that fold to it. */
  byFold: Map<string, string[]>;
  /** Each accent-folded word with one letter deleted → folded words (symmetric-delete search). */
  deletes: Map<string, string[]>;
}

const tables = new WeakMap<LanguageIndex, SpellingTable>();

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

function isKnownForm(w: string, language: LanguageIndex): boolean {
  return language.knownWords.has(w) || coreWords(language.lang).has(w) || (morphologyOf(language)?.has(w) ?? false) || (language.lang === "en" && ENGLISH_FORMS.has(w));
}

// English contractions: what comes after the apostrophe (I'm, it's, you're, we've, she'll, I'd),
// and the stems that n't changes (can't, won't, shan't, ain't; every other one keeps its verb: don't).
const ENGLISH_CLITICS = new Set(["m", "s", "re", "ve", "ll", "d"]);
const ENGLISH_NOT_STEMS: Record<string, string> = { ca: "can", wo: "will", sha: "shall", ai: "be" };

/**
 * Is the word (case-folded) a valid word of the language as far as the engine knows? A word
 * written with an apostrophe inside is known when its parts are: an English contraction by its
 * stem (don't → do), an elision by the elided word and the word it leans on (j'ai, c'était,
 * dell'acqua, geht's).
 */
export function isKnownWord(word: string, language: LanguageIndex): boolean {
  const w = foldCase(word).replace(/'$/, "");
  if (isKnownForm(w, language)) return true;
  const cut = w.indexOf("'");
  if (cut <= 0) return false;
  const left = w.slice(0, cut);
  const right = w.slice(cut + 1);
  if (language.lang === "en") {
    if (right === "t" && left.endsWith("n")) return isKnownForm(ENGLISH_NOT_STEMS[left.slice(0, -1)] ?? left.slice(0, -1), language);
    if (ENGLISH_CLITICS.has(right)) return isKnownForm(left, language);
  }
  return isKnownForm(left, language) && isKnownWord(right, language);
}

function table(language: LanguageIndex): SpellingTable {
  let t = tables.get(language);
  if (!t) {
    t = { byFold: new Map(), deletes: new Map() };
    const morph = morphologyOf(language);
    const candidates = new Set(language.knownWords.keys());
    // Forms with pronouns attached are valid but never the word a misspelling was meant to be.
    if (morph) for (const [form, rs] of morph.readings) if (!rs.every((r) => r.pos === "verb" && "form" in r && r.form === "clitic")) candidates.add(form);
    for (const w of coreWords(language.lang)) candidates.add(w);
    for (const word of candidates) {
      if (/\d/.test(word)) continue;
      const fold = foldAccents(word);
      push(t.byFold, fold, word);
      if (fold.length >= 3) for (const d of deletions(fold)) push(t.deletes, d, fold);
    }
    tables.set(language, t);
  }
  return t;
}

export type SpellingFix = { kind: "accent" | "spelling"; right: string };

// Shorter words are too often another correct word one letter away ("sehe"/"sehr", "want"/"went").
const MIN_LENGTH_FOR_EDITS = 4;
// Letters learners confuse because they sound alike in one of the six languages.
const CONFUSABLE = new Set(["sz", "cz", "cs", "bv", "iy", "gj", "ck", "kq", "cq", "mn", "sx", "fv", "dt", "lr"]);

/**
 * Is the one edit that turns `wrong` into `right` the kind a misspelling makes: a doubled or
 * undoubled letter (mile → mille), a silent h, two letters swapped (favroe → favore), or a letter
 * that sounds like the right one (mansanas → manzanas)? Never an edit of the last letter, which
 * would swap one inflection for another.
 */
export function plausibleEdit(wrong: string, right: string): boolean {
  let p = 0;
  while (p < wrong.length && p < right.length && wrong[p] === right[p]) p++;
  if (wrong.length !== right.length) {
    const longer = wrong.length > right.length ? wrong : right;
    if (p >= longer.length - 1 || (p === 0 && longer[0] !== "h")) return false;
    const extra = longer[p] as string;
    return extra === "h" || extra === longer[p - 1] || extra === longer[p + 1];
  }
  // The first letter is rarely the misspelt one (novio is not movió).
  if (p === 0 || p >= wrong.length - 1) return false;
  const swapped = wrong[p] === right[p + 1] && wrong[p + 1] === right[p] && wrong.slice(p + 2) === right.slice(p + 2);
  if (swapped) return true;
  return CONFUSABLE.has([wrong[p], right[p]].sort().join(""));
}

// Endings of regular inflection: an unknown word that ends in one may be a valid form of a
// verb or adjective the tables lack (sposati, fermenten), so an edit may not touch its ending.
const ENDINGS: Partial<Record<string, string[]>> = {
  es: "ábamos aríamos eríamos iríamos aremos eremos iremos ieron aron ando iendo ados adas idos idas ado ada ido ida amos emos imos aba aban ían ía ar er ir".split(" "),
  fr: "eraient erions issons issez aient ions iez ées ant ent ons ez és ée er ir é".split(" "),
  it: "avamo evamo ivamo eremo iremo erete irete ando endo iamo iate ato ata ati ate uto uta uti ute ito ita iti ite ano ono are ere ire avo ava".split(" "),
  "pt-BR": "ávamos íamos aram eram iram ando endo indo ados adas idos idas ado ada ido ida amos emos imos ava avam ar er ir".split(" "),
  de: "test ten tet te en st t".split(" "),
};

/** How many letters at the end of an unknown word an edit must leave alone. */
function protectedEnding(word: string, lang: string): number {
  return ENDINGS[lang]?.find((e) => word.endsWith(e) && word.length > e.length + 2)?.length ?? 0;
}

/** The last position of `a` the one edit into `b` touches (a swap touches two letters). */
function editReach(a: string, b: string): number {
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  const swap = a.length === b.length && a[p] === b[p + 1] && a[p + 1] === b[p];
  return swap ? p + 1 : p;
}

/** The single most frequent candidate, when it is clearly ahead of the others. */
function mostLikely(candidates: string[], language: LanguageIndex): string | null {
  const ranked = [...new Set(candidates)].map((w) => ({ w, n: language.knownWords.get(w) ?? 0 })).sort((a, b) => b.n - a.n || a.w.localeCompare(b.w));
  const [best, second] = ranked;
  if (!best) return null;
  if (!second) return best.w;
  return best.n >= 2 * second.n && best.n > 0 ? best.w : null;
}

/** A suggestion for an unknown lower-case word, or null when it is known or nothing is close enough. */
const umlauts = (word: string) => (word.match(/[äöüÄÖÜ]/gu) ?? []).length;

export function spellingFix(word: string, language: LanguageIndex, accentsOnly = false): SpellingFix | null {
  if (isKnownWord(word, language) || /\d/.test(word)) return null;
  const t = table(language);
  const fold = foldAccents(word);
  const sameLetters = t.byFold.get(fold);
  if (sameLetters) {
    // German ä, ö and ü are letters of their own, not marks on a, o and u: a word the learner wrote
    // with one is another word without it ("Stärken" is no misspelt "starken").
    const candidates = language.lang === "de" ? sameLetters.filter((w) => umlauts(w) >= umlauts(word)) : sameLetters;
    const right = mostLikely(candidates, language);
    return right ? { kind: "accent", right } : null;
  }
  // Without inflection tables (English) a short unknown word is too often a valid word: hour/our.
  const minLength = morphologyOf(language) ? MIN_LENGTH_FOR_EDITS : MIN_LENGTH_FOR_EDITS + 1;
  if (accentsOnly || fold.length < minLength) return null;
  const near = new Set<string>();
  const ending = protectedEnding(foldAccents(word), language.lang);
  for (const key of [fold, ...deletions(fold)]) {
    for (const candidate of [...(t.deletes.get(key) ?? []), ...(t.byFold.has(key) ? [key] : [])]) {
      if (editDistance(fold, candidate, 1) <= 1 && plausibleEdit(fold, candidate) && editReach(fold, candidate) < fold.length - ending) near.add(candidate);
    }
  }
  const words = [...near].flatMap((f) => t.byFold.get(f) ?? []);
  const right = mostLikely(words, language);
  return right ? { kind: "spelling", right } : null;
}
