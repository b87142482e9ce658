// The inflection tables of one language, built once from every lexicon lemma (nouns, adjectives,
// verbs) plus the data's common verbs and function words (data/morphology/<lang>.json): every form
// a learner at levels 1–9 can produce, with its readings. A word in these tables is a valid word
// of the language and is never "corrected" by spelling.
import type { Lang } from "../../languages.ts";
import deData from "../data/morphology/de.json";
import esData from "../data/morphology/es.json";
import frData from "../data/morphology/fr.json";
import itData from "../data/morphology/it.json";
import ptData from "../data/morphology/pt-BR.json";
import type { LanguageIndex } from "../lexicon-index.ts";
import type { Concept } from "../lexicon-rules.ts";
import { foldCase } from "../text-normalise.ts";
import { frenchAdjective, frenchVerb, type FrenchData } from "./french.ts";
import { germanAdjective, germanBase, germanVerb, type GermanData } from "./german.ts";
import { italianAdjective, italianVerb, type ItalianData } from "./italian.ts";
import type { AdjForms, Gender, NumberOf, Reading, Tense, VerbParadigm } from "./morph-types.ts";
import { portugueseAdjective, portugueseVerb, type PortugueseData } from "./portuguese.ts";
import { spanishAdjective, spanishVerb, type SpanishData } from "./spanish.ts";

export type MorphLang = Exclude<Lang, "en">;

/** The rule data of each inflected language (data/morphology/<lang>.json). */
export const MORPH_DATA = { es: esData, fr: frData, de: deData, it: itData, "pt-BR": ptData } as const;

export interface Morphology {
  lang: MorphLang;
  /** Every generated form (case-folded) → its readings. */
  readings: Map<string, Reading[]>;
  verbs: Map<string, VerbParadigm>;
  adjectives: Map<string, AdjForms>;
  /** Regularised forms of irregular verbs ("gegangt", "abrido") → the right form. */
  overregular: Map<string, string>;
  /** German: separable verb → its base paradigm (rufe, rief for anrufen). */
  separableBase: Map<string, VerbParadigm>;
  has(word: string): boolean;
  read(word: string): Reading[];
}

const GENDERS: [Gender, NumberOf][] = [
  ["m", "sg"],
  ["f", "sg"],
  ["m", "pl"],
  ["f", "pl"],
];

const REFLEXIVE: Record<MorphLang, (w: string) => string> = {
  es: (w) => w.replace(/(ar|er|ir|ír)se$/, "$1"),
  fr: (w) => w.replace(/^(se |s')/, ""),
  it: (w) => w.replace(/rsi$/, "re").replace(/rsene$/, "re"),
  "pt-BR": (w) => w.replace(/-se$/, "").replace(/^se /, ""),
  de: (w) => w.replace(/^sich /, ""),
};

/** The word of a multi-word lemma that inflects: the verb ("hacer clic", "Ski fahren"). */
function headVerb(lemma: string, lang: MorphLang): { head: string; rest: string[] } {
  const clean = REFLEXIVE[lang](lemma.trim());
  const words = clean.split(/\s+/);
  if (lang === "de") {
    const i = words.length - 1;
    return { head: words[i] as string, rest: words.slice(0, i) };
  }
  const pattern = lang === "fr" ? /(er|ir|re|oir)$/ : lang === "it" ? /(are|ere|ire|rre)$/ : /(ar|er|ir|ír|or|ôr)$/;
  const i = Math.max(0, words.findIndex((w) => pattern.test(w)));
  return { head: REFLEXIVE[lang](words[i] as string), rest: words.filter((_, k) => k !== i) };
}

function conjugate(lang: MorphLang, verb: string, isVerb: (v: string) => boolean): VerbParadigm | null {
  switch (lang) {
    case "es":
      return /(ar|er|ir|ír)$/.test(verb) ? spanishVerb(verb, esData as unknown as SpanishData) : null;
    case "pt-BR":
      return /(ar|er|ir|or|ôr)$/.test(verb) ? portugueseVerb(verb, ptData as unknown as PortugueseData) : null;
    case "it":
      return /(are|ere|ire|rre)$/.test(verb) ? italianVerb(verb, itData as unknown as ItalianData) : null;
    case "fr":
      return /(er|ir|re|oir)$/.test(verb) ? frenchVerb(verb, frData as unknown as FrenchData) : null;
    case "de":
      return /n$/.test(verb) ? germanVerb(verb, deData as unknown as GermanData, isVerb) : null;
  }
}

function adjective(lang: MorphLang, lemma: string): AdjForms {
  switch (lang) {
    case "es":
      return spanishAdjective(lemma);
    case "pt-BR":
      return portugueseAdjective(lemma);
    case "it":
      return italianAdjective(lemma);
    case "fr":
      return frenchAdjective(lemma);
    case "de":
      return germanAdjective(lemma, deData as unknown as GermanData);
  }
}

/** German noun forms beyond lemma and plural: dative plural (den Kindern), genitive (des Mannes). */
function germanNounForms(entry: { w: string; g?: string; pl?: string }): string[] {
  const out: string[] = [];
  if (entry.pl && /(e|el|er)$/.test(entry.pl)) out.push(entry.pl + "n");
  // Genitive -s only where it is regular: nouns of two or more syllables ending in -el, -er,
  // -en, -chen, -lein, -ling, -ment, -um (des Lehrers, des Mädchens); monosyllables vary.
  if (entry.g !== "f" && entry.pl && entry.pl !== entry.w && /(el|er|en|chen|lein|ling|ment|um|ismus)$/.test(entry.w) && (entry.w.match(/[aeiouäöü]+/g) ?? []).length >= 2) out.push(entry.w + "s");
  return out;
}

const ATTACHABLE: Record<"es" | "it", string[]> = {
  es: "me te se lo la le nos os los las les".split(" "),
  it: "mi ti si ci vi lo la li le gli ne glie me te se ce ve".split(" "),
};

/**
 * The verb a word with pronouns attached is built on, or null: up to two pronouns are stripped
 * (dándomelo → dando, portandoglielo → portando) and what is left must be an infinitive, gerund
 * or imperative of the tables (Spanish accents aside: cómpralo → compra).
 */
function attachedTo(lang: "es" | "it", word: string, readings: Map<string, Reading[]>): string | null {
  const plain = lang === "es" ? word.normalize("NFD").replace(/\u0301/g, "").normalize("NFC") : word;
  const hostOf = (w: string): string | null => {
    for (const candidate of [w, w + "s", w + "d", w.replace(/(.)\1$/, "$1"), w + "e"]) {
      for (const r of readings.get(candidate) ?? []) {
        if (r.pos !== "verb") continue;
        if ("form" in r ? r.form === "inf" || r.form === "ger" : r.tense === "imp" || (lang === "es" && r.tense === "subj" && [2, 3, 5].includes(r.person))) return r.lemma;
      }
    }
    return null;
  };
  for (const first of ATTACHABLE[lang]) {
    if (!plain.endsWith(first) || plain.length < first.length + 2) continue;
    const once = plain.slice(0, -first.length);
    const found = hostOf(once);
    if (found) return found;
    for (const second of ATTACHABLE[lang]) {
      if (!once.endsWith(second) || once.length < second.length + 2) continue;
      const twice = hostOf(once.slice(0, -second.length));
      if (twice) return twice;
    }
  }
  return null;
}

const tables = new WeakMap<LanguageIndex, Morphology>();

export function isMorphLang(lang: Lang): lang is MorphLang {
  return lang !== "en";
}

export function morphologyOf(language: LanguageIndex): Morphology | null {
  if (!isMorphLang(language.lang)) return null;
  let m = tables.get(language);
  if (!m) {
    m = buildMorphology(language.lang, conceptsOf(language));
    tables.set(language, m);
  }
  return m;
}

function conceptsOf(language: LanguageIndex): Concept[] {
  const seen = new Set<Concept>();
  for (const list of language.forms.values()) for (const f of list) seen.add(f.concept);
  return [...seen];
}

export function buildMorphology(lang: MorphLang, concepts: Concept[]): Morphology {
  const data = MORPH_DATA[lang] as { common_verbs: string; words: string };
  const readings = new Map<string, Reading[]>();
  const seen = new Set<string>();
  const add = (form: string | null | undefined, reading: Reading) => {
    if (!form) return;
    const id = Object.values(reading).join("|");
    for (const part of form.includes(" ") ? form.split(/\s+/) : [form]) {
      const key = part.toLocaleLowerCase("und");
      if (!key || seen.has(`${key}|${id}`)) continue;
      seen.add(`${key}|${id}`);
      const list = readings.get(key);
      if (!list) readings.set(key, [reading]);
      else list.push(reading);
    }
  };
  const verbLemmas = new Set<string>();
  const rest: string[] = [];
  for (const c of concepts) {
    const entry = c[lang];
    if (c.pos === "verb") {
      const { head, rest: others } = headVerb(entry.w, lang);
      verbLemmas.add(head);
      rest.push(...others);
      if (entry.f) for (const f of entry.f.split("|")) rest.push(f);
    }
  }
  for (const v of data.common_verbs.split(/\s+/)) if (v) verbLemmas.add(headVerb(v, lang).head);
  if (lang === "de") for (const v of [...Object.keys(deData.full), ...Object.keys(deData.strong)]) verbLemmas.add(v);
  if (lang !== "de") for (const v of Object.keys((MORPH_DATA[lang] as { irregular: Record<string, unknown> }).irregular)) if (/^[a-zàâçéèêëîïôûùüÿñæœáíóúãõ]+$/.test(v) && !["duire", "struire", "teindre", "quérir", "durre", "ducir", "scribir"].includes(v)) verbLemmas.add(v);

  const isVerb = (v: string) => verbLemmas.has(v);
  const verbs = new Map<string, VerbParadigm>();
  const overregular = new Map<string, string>();
  const separableBase = new Map<string, VerbParadigm>();
  for (const lemma of verbLemmas) {
    const p = conjugate(lang, lemma, isVerb);
    if (!p) continue;
    verbs.set(lemma, p);
    for (const [tense, row] of Object.entries(p.finite) as [Tense, (string | null)[]][]) row.forEach((f, person) => add(f, { pos: "verb", lemma, tense, person }));
    for (const f of p.inf) add(f, { pos: "verb", lemma, form: "inf" });
    for (const f of p.ger) add(f, { pos: "verb", lemma, form: "ger" });
    // Forms with pronouns attached (comprarlo, dímelo) are recognised by stripping the pronouns
    // (`attachedTo`), not stored: Spanish alone would add some 40,000 of them.
    if (lang === "de" || lang === "fr" || lang === "pt-BR") for (const f of p.extra) add(f, { pos: "verb", lemma, form: "clitic" });
    const invariable = ` ${(MORPH_DATA[lang] as { invariable_participles?: string }).invariable_participles ?? ""} `.includes(` ${lemma} `);
    if (invariable) p.part = p.part.slice(0, 1);
    for (const [i, f] of (p.otherPart ?? []).entries()) add(f, { pos: "part", lemma, gender: (GENDERS[i] as [Gender, NumberOf])[0], number: (GENDERS[i] as [Gender, NumberOf])[1] });
    p.part.forEach((f, i) => {
      const [gender, number] = p.part.length === 4 ? (GENDERS[i] as [Gender, NumberOf]) : lang === "de" ? [null, null] : ["m" as Gender, "sg" as NumberOf];
      add(f, { pos: "part", lemma, gender, number });
    });
    for (const [wrong, right] of p.overregular) overregular.set(foldCase(wrong), right);
    if (lang === "de" && p.prefix) {
      const base = germanBase(lemma, deData as unknown as GermanData, isVerb);
      if (base) separableBase.set(lemma, base);
    }
  }

  const adjectives = new Map<string, AdjForms>();
  for (const c of concepts) {
    const entry = c[lang];
    if (c.pos === "adj" && !/[\s']/.test(entry.w)) {
      const words = entry.w.split(/\s+/);
      const head = words[0] as string;
      rest.push(...words.slice(1));
      const a = adjective(lang, head);
      adjectives.set(head, a);
      a.forms.forEach((f, i) => add(f, { pos: "adj", lemma: head, gender: (GENDERS[i] as [Gender, NumberOf])[0], number: (GENDERS[i] as [Gender, NumberOf])[1] }));
      for (const f of a.extra ?? []) add(f, { pos: "adj", lemma: head, gender: null, number: null });
    } else if (c.pos === "noun") {
      add(entry.w, { pos: "noun", lemma: entry.w, number: "sg" });
      if (entry.pl) add(entry.pl, { pos: "noun", lemma: entry.w, number: "pl" });
      if (lang === "de") for (const f of germanNounForms(entry)) add(f, { pos: "noun", lemma: entry.w, number: null });
    } else {
      rest.push(entry.w, ...(entry.pl ? [entry.pl] : []));
    }
  }
  // Everyday adjectives a learner uses whether or not the lexicon lists them.
  for (const head of ((MORPH_DATA[lang] as { adjectives?: string }).adjectives ?? "").split(/\s+/)) {
    if (!head || adjectives.has(head)) continue;
    const a = adjective(lang, head);
    adjectives.set(head, a);
    a.forms.forEach((f, i) => add(f, { pos: "adj", lemma: head, gender: (GENDERS[i] as [Gender, NumberOf])[0], number: (GENDERS[i] as [Gender, NumberOf])[1] }));
    for (const f of a.extra ?? []) add(f, { pos: "adj", lemma: head, gender: null, number: null });
  }
  for (const w of rest) for (const part of w.split(/[\s'’-]+/)) if (part && !readings.has(foldCase(part))) add(part, { pos: "word", lemma: part });
  // Function words keep their own reading even when a table also generates them (German meine is
  // a determiner before it is a form of meinen).
  for (const w of data.words.split(/\s+/)) if (w) add(w, { pos: "word", lemma: w });

  const attached = (word: string): Reading[] => {
    if (lang !== "es" && lang !== "it") return [];
    const host = attachedTo(lang, foldCase(word), readings);
    return host ? [{ pos: "verb", lemma: host, form: "clitic" }] : [];
  };
  return {
    lang,
    readings,
    verbs,
    adjectives,
    overregular,
    separableBase,
    has: (word) => readings.has(foldCase(word)) || attached(word).length > 0,
    read: (word) => readings.get(foldCase(word)) ?? attached(word),
  };
}
