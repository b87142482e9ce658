// The finite verb of a simple sentence and its person, read with the morphology tables (English
// with the closed verb list of tutor/english-tables.ts, as English has no inflection tables), and
// the forms the practice rewrites it into. A sentence is used only when exactly one word reads
// as nothing but a present verb form and its person is certain: from a subject pronoun, else
// from the form alone (pro-drop languages), else the third person of a noun subject.
import type { Lang } from "../../languages.ts";
import { MORPH_DATA, morphologyOf, type Morphology } from "../morphology/morph-index.ts";
import type { Reading, Tense } from "../morphology/morph-types.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import { EN_THIRD, EN_VERBS } from "../tutor/english-tables.ts";
import { BETWEEN_SUBJECT_AND_VERB, SUBJECT_PRONOUNS } from "./drill-specs.ts";

export interface Token {
  text: string;
  start: number;
  end: number;
}

export function tokens(sentence: string): Token[] {
  return [...sentence.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}]+)*/gu)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

export interface FoundVerb {
  at: number;
  lemma: string;
  person: number;
  /** A subject pronoun names the person (no label needed in brackets). */
  pronoun: boolean;
  /** An object or reflexive pronoun stands right before the verb. */
  cliticBefore: boolean;
  /** The form is also an imperative (compra, parle). */
  imperative: boolean;
}

export interface DrillVerbs {
  lang: Lang;
  find(words: Token[]): FoundVerb | null;
  finite(lemma: string, tense: Tense, person: number): string | null;
  /** Participle (masculine singular), gerund or infinitive. */
  nonFinite(lemma: string, kind: "part" | "ger" | "inf"): string | null;
  /** Every finite form of the lemma in a tense, for the word bank's other persons. */
  row(lemma: string, tense: Tense): string[];
  /** Takes être/essere/sein in compound tenses. */
  takesBe(lemma: string): boolean;
  /** A German separable verb (its prefix stands apart in a main clause). */
  separable(lemma: string): boolean;
  /** The word is in the tables (any word class). */
  known(word: string): boolean;
}

export const PRO_DROP = new Set<Lang>(["es", "it", "pt-BR"]);

function pronounPersons(lang: Lang): Map<string, number[]> {
  const map = new Map<string, number[]>();
  SUBJECT_PRONOUNS[lang].forEach((words, person) => {
    for (const w of words) map.set(w, [...(map.get(w) ?? []), person]);
  });
  if (lang === "de") map.set("sie", [2, 5]);
  return map;
}

/** The person of a present form at `at`, from the pronoun before it (or after it, German inversion). */
function personOf(lang: Lang, words: Token[], at: number, persons: number[]): { person: number; pronoun: boolean; cliticBefore: boolean } | null {
  const pronouns = pronounPersons(lang);
  const between = BETWEEN_SUBJECT_AND_VERB[lang];
  let cliticBefore = false;
  const look = (j: number): number[] | null => {
    const found = pronouns.get((words[j]?.text ?? "").toLowerCase());
    return found ? found.filter((p) => persons.includes(p)) : null;
  };
  for (let j = at - 1; j >= 0; j--) {
    const word = (words[j]?.text ?? "").toLowerCase();
    const cand = look(j);
    if (cand && cand.length > 0) {
      if (cand.length !== 1) return null;
      return { person: cand[0] as number, pronoun: true, cliticBefore };
    }
    if (!between.includes(word)) break;
    if (!["no", "non", "não", "ne", "n"].includes(word) && lang !== "en") cliticBefore = true;
  }
  if (lang === "de") {
    const after = look(at + 1);
    if (after && after.length === 1) return { person: after[0] as number, pronoun: true, cliticBefore };
    if (after && after.length > 1) return null;
  }
  const unique = [...new Set(persons)];
  if (PRO_DROP.has(lang)) return unique.length === 1 ? { person: unique[0] as number, pronoun: false, cliticBefore } : null;
  // French, German, English always name their subject: without a pronoun it is a noun (third person).
  const third = unique.filter((p) => p === 2 || p === 5);
  return third.length === 1 ? { person: third[0] as number, pronoun: false, cliticBefore } : null;
}

function morphVerbs(lang: Exclude<Lang, "en">, m: Morphology): DrillVerbs {
  const be = new Set((((MORPH_DATA[lang] as { be_auxiliary_verbs?: string }).be_auxiliary_verbs ?? "") as string).split(/\s+/));
  const paradigm = (lemma: string) => m.verbs.get(lemma);
  // A German separable verb in a main clause takes its base's forms (kommt … an), not the
  // joined ones of a subordinate clause (dass er ankommt).
  const mainClause = (lemma: string) => (lang === "de" ? (m.separableBase.get(lemma) ?? paradigm(lemma)) : paradigm(lemma));
  const firstWord = (form: string | null | undefined) => (form ? (lang === "de" ? (form.split(" ")[0] as string) : form) : null);
  const isFinite = (r: Reading): r is Extract<Reading, { tense: Tense }> => r.pos === "verb" && "tense" in r;
  return {
    lang,
    find(words) {
      let found: { at: number; readings: Extract<Reading, { tense: Tense }>[] } | null = null;
      const markers = NOUN_MARKERS[lang];
      for (const [i, word] of words.entries()) {
        // German nouns are capitalised: "Essen" is the noun, not the verb.
        if (lang === "de" && i > 0 && /^\p{Lu}/u.test(word.text)) continue;
        const readings = m.read(word.text);
        const finite = readings.filter(isFinite);
        if (finite.length === 0) continue;
        // After an article or a preposition a word is a noun ("au bout", "per la costa").
        const previous = (words[i - 1]?.text ?? "").toLowerCase();
        const nounHere = markers.includes(previous) || (CLITIC_OR_ARTICLE.includes(previous) && markers.includes((words[i - 2]?.text ?? "").toLowerCase()));
        if (readings.some((r) => r.pos !== "verb")) {
          // A word that may be a verb or a noun: a noun after an article, else the sentence
          // may have a second verb ("L'ascenseur est au bout") and is not used.
          if (nounHere) continue;
          return null;
        }
        if (nounHere || found) return null;
        found = { at: i, readings: finite };
      }
      if (!found) return null;
      // A compound tense already ("ha comprato", "a raclé"): its auxiliary is no clause to rewrite,
      // also when the participle is of a verb the tables lack ("ha suggerito").
      const auxiliary = found.readings.some((r) => AUXILIARIES.includes(r.lemma));
      const participleLike = (w: string) => m.read(w).some((r) => r.pos === "part") || (auxiliary && !m.has(w) && /(ato|uto|ito|ado|ido|é|ée|és|ées)$/.test(w));
      if (words.slice(found.at + 1, found.at + 3).some((w) => participleLike(w.text))) return null;
      const present = found.readings.filter((r) => r.tense === "pres");
      if (present.length === 0) return null;
      const lemmas = [...new Set(present.map((r) => r.lemma))];
      if (lemmas.length !== 1) return null;
      const read = lemmas[0] as string;
      let lemma = read;
      if (lang === "de") {
        // "rufe … an" is anrufen: a separable prefix standing last in the clause makes the verb.
        const last = words[words.length - 1]?.text.toLowerCase() ?? "";
        // ("von meinem Fenster aus" closes a phrase, it is no prefix of sehen.)
        const fromHere = last === "aus" && words.some((w) => w.text.toLowerCase() === "von");
        if (last !== lemma && !fromHere && paradigm(last + lemma)?.prefix === last) lemma = last + lemma;
      }
      if (!paradigm(lemma)) return null;
      const persons = present.filter((r) => r.lemma === read).map((r) => r.person);
      const person = personOf(lang, words, found.at, persons);
      const imperative = found.readings.some((r) => r.tense === "imp" && r.lemma === read);
      return person ? { at: found.at, lemma, imperative, ...person } : null;
    },
    finite: (lemma, tense, person) => firstWord(mainClause(lemma)?.finite[tense]?.[person]),
    nonFinite(lemma, kind) {
      const p = paradigm(lemma);
      if (!p) return null;
      return (kind === "part" ? p.part[0] : kind === "ger" ? p.ger[0] : p.inf[0]) ?? null;
    },
    row: (lemma, tense) => (mainClause(lemma)?.finite[tense] ?? []).map(firstWord).filter((f): f is string => !!f),
    takesBe: (lemma) => be.has(lemma),
    known: (word) => m.has(word),
    separable: (lemma) => paradigm(lemma)?.prefix !== undefined,
  };
}

// English: be, and the verbs of the closed list. Finite present forms are the third person
// (works) anywhere, or the base form right after I/you/we/they.
const BE: Record<string, string[]> = { pres: ["am", "are", "is", "are", "are", "are"], pret: ["was", "were", "was", "were", "were", "were"] };
const EN_PARTICIPLES = new Set([...EN_VERBS.values()].map((v) => v.participle));
const DOUBLES = /^(stop|plan|shop|jog|run|swim|sit|get|put|cut|hit|begin|win|travel|chat|drop|prefer)$/;
// Verbs stressed on a last syllable in -er double its r (preferred), which the closed list's
// regular rule (tutor/english-tables.ts) does not.
const STRESSED_LAST: Record<string, string> = { prefer: "preferred" };

export function ingForm(base: string): string {
  if (base.endsWith("ie")) return `${base.slice(0, -2)}ying`;
  if (DOUBLES.test(base)) return `${base}${base.at(-1)}ing`;
  if (/[^aeio]e$/.test(base) && base !== "be") return `${base.slice(0, -1)}ing`;
  return `${base}ing`;
}

function englishVerbs(): DrillVerbs {
  const finite = (lemma: string, tense: Tense, person: number): string | null => {
    if (lemma === "be") return BE[tense]?.[person] ?? null;
    const v = EN_VERBS.get(lemma);
    if (!v) return null;
    if (tense === "pres") return person === 2 ? v.third : v.base;
    if (tense === "pret") return STRESSED_LAST[lemma] ?? v.past;
    return null;
  };
  return {
    lang: "en",
    find(words) {
      let found: { at: number; lemma: string; persons: number[] } | null = null;
      for (const [i, word] of words.entries()) {
        const w = word.text.toLowerCase();
        const prev = (words[i - 1]?.text ?? "").toLowerCase();
        let hit: { lemma: string; persons: number[] } | null = null;
        // "has become", "is selling": a compound form already, not a simple present.
        const next = (words[i + 1]?.text ?? "").toLowerCase();
        if (["am", "is", "are", "has", "have"].includes(w) && (EN_PARTICIPLES.has(next) || next.endsWith("ing") || next.endsWith("ed"))) return null;
        if (w === "am" || w === "is" || w === "are") hit = { lemma: "be", persons: BE.pres?.flatMap((f, p) => (f === w ? [p] : [])) ?? [] };
        else if (EN_THIRD.has(w) && i > 0) hit = { lemma: EN_THIRD.get(w) as string, persons: [2] };
        else if (EN_VERBS.has(w) && ["i", "you", "we", "they"].includes(prev)) hit = { lemma: w, persons: [0, 1, 3, 4, 5] };
        else if (["do", "does", "did", "can", "will", "would", "should", "must", "may", "might", "could", "was", "were", "has", "have", "had"].includes(w)) return null;
        if (!hit) continue;
        if (found) return null;
        found = { at: i, ...hit };
      }
      if (!found) return null;
      const person = personOf("en", words, found.at, found.persons);
      return person ? { at: found.at, lemma: found.lemma, imperative: found.at === 0, ...person } : null;
    },
    finite,
    nonFinite(lemma, kind) {
      if (lemma === "be") return kind === "part" ? "been" : kind === "ger" ? "being" : "be";
      const v = EN_VERBS.get(lemma);
      if (!v) return null;
      return kind === "part" ? (STRESSED_LAST[lemma] ?? v.participle) : kind === "ger" ? ingForm(v.base) : v.base;
    },
    row: (lemma, tense) => [0, 1, 2, 3, 4, 5].map((p) => finite(lemma, tense, p)).filter((f): f is string => !!f),
    takesBe: () => false,
    known: (word) => EN_VERBS.has(word.toLowerCase()) || EN_THIRD.has(word.toLowerCase()),
    separable: () => false,
  };
}

/** Words after which a form is a noun: articles, possessives, prepositions (never object pronouns). */
const NOUN_MARKERS: Record<Lang, string[]> = {
  es: "un una unos unas el del al mi tu su mis tus sus este esta estos estas ese esa nuestro nuestra de en con para por sin".split(" "),
  fr: "un une du des au aux mon ma mes ton ta tes son sa ses ce cet cette ces notre nos votre vos de à dans sur avec pour par sans".split(" "),
  it: "il un uno una i del dello della dei degli delle al allo alla ai agli alle dal dalla nel nella sul sulla mio mia tuo tua suo sua questo questa quel di a da in con su per tra fra".split(" "),
  "pt-BR": "um uma uns umas do da dos das no na nas ao à aos às pelo pela meu minha seu sua este esta esse essa de em com para por sem".split(" "),
  de: "der die das den dem des ein eine einen einem einer eines mein meine dein deine sein seine zum zur im am vom beim".split(" "),
  en: "the a an my your his her our their of in on at for with".split(" "),
};
const AUXILIARIES = ["haber", "avoir", "être", "avere", "essere", "ter", "haver", "haben", "sein"];

/** Words that are an article after a preposition and an object pronoun before a verb. */
const CLITIC_OR_ARTICLE = ["la", "le", "les", "l", "lo", "o", "a", "os", "as"];

const cache = new WeakMap<LexiconIndex, Map<Lang, DrillVerbs | null>>();

export function drillVerbs(index: LexiconIndex, lang: Lang): DrillVerbs | null {
  let byLang = cache.get(index);
  if (!byLang) cache.set(index, (byLang = new Map()));
  if (!byLang.has(lang)) {
    if (lang === "en") byLang.set(lang, englishVerbs());
    else {
      const m = morphologyOf(index.language(lang));
      byLang.set(lang, m ? morphVerbs(lang, m) : null);
    }
  }
  return byLang.get(lang) ?? null;
}
