// German inflection: weak conjugation with its e-insertion and s-merging rules (arbeitest,
// tanzt, sammle, wandere), strong and mixed verbs from data/morphology/de.json (vowel change in
// du/er, Präteritum, participle, Konjunktiv II where common), separable verbs (rufe … an in a
// main clause, anrufe in a subordinate one, angerufen, anzurufen), ge-less participles after
// inseparable prefixes and -ieren, and adjective declension, comparative and superlative.
import type { AdjForms, Persons, Tense, VerbParadigm } from "./morph-types.ts";
import { split } from "./morph-types.ts";

export interface GermanData {
  full: Record<string, Record<string, string>>;
  strong: Record<string, string>;
  subj2: Record<string, string>;
  separable_prefixes: string[];
  not_separable: string[];
  inseparable: string[];
  adj_umlaut: string;
  adj_irregular: Record<string, string>;
  adj_invariable: string;
  imp_short: string;
  weak_verbs: string[];
  impersonal: string;
  adj_comparable: string;
}

const UMLAUT: Record<string, string> = { a: "ä", o: "ö", u: "ü", A: "Ä", O: "Ö", U: "Ü" };

/** The stem and the infinitive ending: spiel|en, sammel|n, tu|n. */
function stemOf(inf: string): string {
  if (/[^e](el|er)n$/.test(inf) || inf.endsWith("eln") || inf.endsWith("ern")) return inf.slice(0, -1);
  if (inf.endsWith("en")) return inf.slice(0, -2);
  return inf.slice(0, -1);
}

/** Stems that need an e before -st and -t: arbeit-est, öffn-et, atm-et. */
const needsE = (stem: string) => /[dt]$/.test(stem) || /(chn|ffn|gn|tm|dm|[bdfgkpt][mn])$/.test(stem);

function weakPresent(inf: string, stem: string): Persons {
  const e = needsE(stem) ? "e" : "";
  const s = /([sßzx]|tz)$/.test(stem) ? "" : "s";
  const ich = inf.endsWith("eln") ? stem.slice(0, -2) + "le" : stem + "e";
  return [ich, stem + e + s + "t", stem + e + "t", inf, stem + e + "t", inf];
}

/** Splits a separable prefix off when what is left is a verb the tables know. */
export function separableParts(inf: string, data: GermanData, isVerb: (v: string) => boolean): { prefix: string; base: string } | null {
  if (data.not_separable.includes(inf)) return null;
  for (const prefix of data.separable_prefixes) {
    if (!inf.startsWith(prefix)) continue;
    const base = inf.slice(prefix.length);
    if (base.length < 3 || !/(en|ern|eln|n)$/.test(base)) continue;
    if (isVerb(base) || (base.length >= 5 && !["um", "durch", "wieder", "her", "hin", "dar", "bei"].includes(prefix))) return { prefix, base };
  }
  return null;
}

function noGe(inf: string, data: GermanData): boolean {
  if (data.not_separable.includes(inf) && /^(wieder|um|durch|über|unter)/.test(inf)) return true;
  return inf.endsWith("ieren") || data.inseparable.some((p) => inf.startsWith(p) && inf.length > p.length + 3);
}

/** A verb without a separable prefix. */
function simpleVerb(inf: string, data: GermanData): VerbParadigm {
  const full = data.full[inf];
  const stem = stemOf(inf);
  const strongEntry = data.weak_verbs.includes(inf) ? undefined : data.strong[inf] ?? Object.entries(data.strong).find(([k]) => inf.endsWith(k) && data.inseparable.some((p) => inf === p + k))?.[1];
  const prefixOfStrong = strongEntry && !data.strong[inf] ? inf.slice(0, inf.length - (Object.keys(data.strong).find((k) => inf.endsWith(k) && data.inseparable.some((p) => inf === p + k)) ?? "").length) : "";
  const e = needsE(stem) ? "e" : "";

  let pres: Persons;
  let pret: Persons;
  let part: string;
  let subj2: Persons;
  const overregular: [string, string][] = [];
  if (full) {
    pres = split(full.pres as string);
    pret = split(full.pret as string);
    subj2 = split(full.subj2 ?? (full.pret as string));
    part = full.part as string;
  } else if (strongEntry) {
    const [du, er, pretStem, partRaw] = strongEntry.split(" ") as [string, string, string, string];
    pres = weakPresent(inf, stem);
    if (du !== "-") pres[1] = prefixOfStrong + du;
    if (er !== "-") pres[2] = prefixOfStrong + er;
    const ps = prefixOfStrong + pretStem;
    if (pretStem.endsWith("te")) {
      pret = ["", "st", "", "n", "t", "n"].map((x) => ps + x);
    } else {
      const pe = /([dtsßz]|sch)$/.test(pretStem) ? "e" : "";
      const en = ps.endsWith("e") ? "n" : "en";
      pret = [ps, ps + pe + "st", ps, ps + en, ps + (/[dt]$/.test(pretStem) ? "e" : "") + "t", ps + en];
    }
    part = prefixOfStrong ? prefixOfStrong + partRaw.replace(/^ge/, "") : partRaw;
    const k2 = data.subj2[inf];
    subj2 = k2 ? [k2, null, k2, k2 + "n", null, k2 + "n"] : [null, null, null, null, null, null];
    // "gegeht", "gegangt": the weak rule applied to a strong verb.
    if (!noGe(inf, data)) overregular.push(["ge" + stem + e + "t", part], [part.replace(/en$/, "t"), part]);
    if (!pretStem.endsWith("te")) overregular.push([stem + e + "te", ps]);
  } else {
    pres = weakPresent(inf, stem);
    const ps = stem + e + "te";
    pret = ["", "st", "", "n", "t", "n"].map((x) => ps + x);
    subj2 = pret.slice();
    part = (noGe(inf, data) ? "" : "ge") + stem + e + "t";
  }
  const subj1 = full?.subj1 ? split(full.subj1) : [stem + "e", null, stem + "e", null, null, null];
  const er = pres[2] ?? "";
  // Verbs that change e to i(e) keep it in the imperative (gib, nimm, lies); a→ä verbs do not (fahr).
  // The short du-imperative (komm, geh) only for the verbs whose short form is usual.
  const short = ` ${data.imp_short} `.includes(` ${stem} `);
  const duImp = er !== stem + e + "t" && /i/.test(er) && !/[äöü]/.test(er) ? (/[dt]$/.test(stem) ? er : er.replace(/t$/, "")) : short ? stem : stem + "e";
  const imp: Persons = full?.imp ? split(full.imp) : [null, duImp, null, null, pres[4] ?? null, null];
  const extra: string[] = [];
  const impersonal = ` ${data.impersonal} `.includes(` ${inf} `);
  if (impersonal) for (const row of [pres, pret, subj2, imp]) [0, 1, 3, 4].forEach((i) => (row[i] = null));
  const ger = inf.endsWith("en") || /[lr]n$/.test(inf) ? inf + "d" : stem + "end";
  return { lemma: inf, finite: { pres, pret, subj1, subj2, imp } as Partial<Record<Tense, Persons>>, inf: [inf], ger: [ger], part: [part], extra, overregular };
}

export function germanVerb(inf: string, data: GermanData, isVerb: (v: string) => boolean): VerbParadigm {
  const sep = separableParts(inf, data, isVerb);
  if (!sep) {
    return simpleVerb(inf, data);
  }
  const base = simpleVerb(sep.base, data);
  const joinAll = (row: Persons | undefined): Persons => (row ?? []).map((f) => (f ? sep.prefix + f : null));
  const finite: Partial<Record<Tense, Persons>> = {};
  // Joined finite forms (dass ich anrufe) are written only at the end of a subordinate clause;
  // the tables keep the present ones (the past and Konjunktiv ones are rare and Hunspell lacks most).
  for (const [tense, row] of Object.entries(base.finite) as [Tense, Persons][]) if (tense === "pres") finite[tense] = joinAll(row);
  const basePart = base.part[0] as string;
  const part = sep.prefix + (basePart.startsWith("ge") || noGe(sep.base, data) ? basePart : "ge" + basePart);
  return {
    lemma: inf,
    finite,
    inf: [inf],
    ger: [],
    part: [part],
    extra: [sep.prefix + "zu" + sep.base],
    prefix: sep.prefix,
    overregular: base.overregular.map(([w, r]) => [sep.prefix + w, sep.prefix + r] as [string, string]),
  };
}

/** The base paradigm of a separable verb (its finite forms are written split in a main clause). */
export function germanBase(inf: string, data: GermanData, isVerb: (v: string) => boolean): VerbParadigm | null {
  const sep = separableParts(inf, data, isVerb);
  return sep ? simpleVerb(sep.base, data) : null;
}

const ENDINGS = ["e", "en", "er", "es", "em"];

export function germanAdjective(lemma: string, data: GermanData): AdjForms {
  const w = lemma;
  if (` ${data.adj_invariable} `.includes(` ${w} `)) return { lemma, forms: [w, w, w, w], extra: [] };
  const irregular = data.adj_irregular[w]?.split(" ");
  // dunkel → dunkle, teuer → teure, but tapfer → tapfere.
  const declStem = w === "hoch" ? "hoh" : /[^aeiouäöü]el$/.test(w) || /(au|eu)er$/.test(w) ? w.slice(0, -2) + w.slice(-1) : w.endsWith("e") ? w.slice(0, -1) : w;
  const umlaut = ` ${data.adj_umlaut} `.includes(` ${w} `);
  const compStem = irregular?.[0] ?? (umlaut ? w.replace(/([aouAOU])([^aeiouäöü]*)$/, (_, v: string, rest: string) => (UMLAUT[v] ?? v) + rest) : w.endsWith("e") ? w : declStem) + (irregular ? "" : w.endsWith("e") ? "r" : "er");
  const supBase = umlaut ? compStem.replace(/er$/, "") : w;
  const supStem = irregular?.[1] ?? supBase + (/([dtsßzx]|sch)$/.test(w) || /[aeiouäöü]$/.test(w) ? "est" : "st");
  // Comparison only for short, gradable adjectives: participles and long derived adjectives
  // (überrascht, wütend) are compared with mehr / am meisten by most writers.
  const comparable = irregular !== undefined || umlaut || ` ${data.adj_comparable} `.includes(` ${w} `);
  // mehr (and lieber as an adverb) take no endings.
  const compForms = compStem === "mehr" ? [compStem] : [compStem, ...ENDINGS.map((x) => compStem + x)];
  const extra = [...ENDINGS.map((x) => declStem + x), ...(comparable ? [...compForms, ...ENDINGS.map((x) => supStem + x)] : [])];
  return { lemma, forms: [w, w, w, w], extra };
}
