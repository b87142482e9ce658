// Brazilian Portuguese inflection: regular -ar/-er/-ir conjugation with the spelling changes
// (c→qu, g→gu, ç→c before e; c→ç, g→j, gu→g before a/o), -ear, -air and -uir verbs, the -ir
// verbs that raise e→i in the first person and the subjunctive, irregular verbs from
// data/morphology/pt-BR.json, personal infinitive, future subjunctive, participles and adjective
// gender and number. The vós forms are left out: Brazilian learners never meet them.
import type { AdjForms, Persons, Tense, VerbParadigm } from "./morph-types.ts";
import { split } from "./morph-types.ts";

export interface PortugueseData {
  irregular: Record<string, Record<string, string>>;
  compound_bases: string[];
  compound_prefixes: string[];
  stem_i: string;
}

const ENDINGS = {
  ar: { pres: "o as a amos - am", pret: "ei aste ou amos - aram", impf: "ava avas ava ávamos - avam", subj: "e es e emos - em" },
  er: { pres: "o es e emos - em", pret: "i este eu emos - eram", impf: "ia ias ia íamos - iam", subj: "a as a amos - am" },
  ir: { pres: "o es e imos - em", pret: "i iste iu imos - iram", impf: "ia ias ia íamos - iam", subj: "a as a amos - am" },
} as const;
type Group = keyof typeof ENDINGS;

function spell(stem: string, ending: string, inf: string): string {
  const front = /^[eéê]/.test(ending);
  const back = /^[aáoóuú]/.test(ending);
  if (inf.endsWith("ar") && front) {
    if (stem.endsWith("c")) return stem.slice(0, -1) + "qu";
    if (stem.endsWith("g")) return stem + "u";
    if (stem.endsWith("ç")) return stem.slice(0, -1) + "c";
  }
  if (!inf.endsWith("ar") && back) {
    if (stem.endsWith("c")) return stem.slice(0, -1) + "ç";
    if (/g[ei]r$/.test(inf) && stem.endsWith("g")) return stem.slice(0, -1) + "j";
    if (/guir$/.test(inf) && stem.endsWith("gu")) return stem.slice(0, -1);
  }
  return stem;
}

const join = (stem: string, end: string, inf: string) => (end === "-" ? null : spell(stem, end, inf) + end);
const forms = (stem: string, text: string, inf: string): Persons => text.split(" ").map((e) => join(stem, e, inf));

function changeLast(stem: string, from: string, to: string): string {
  const i = stem.lastIndexOf(from);
  return i < 0 ? stem : stem.slice(0, i) + to + stem.slice(i + 1);
}

function irregularFor(lemma: string, data: PortugueseData): { entry: Record<string, string>; prefix: string } | null {
  const own = data.irregular[lemma];
  if (own) return { entry: own, prefix: "" };
  for (const base of data.compound_bases) {
    if (lemma === base || !lemma.endsWith(base) || !data.compound_prefixes.includes(lemma.slice(0, -base.length))) continue;
    const entry = data.irregular[base] ?? data.irregular[base === "por" ? "pôr" : base];
    if (!entry) continue;
    // Compounds of pôr are found through "por" (compor, expor: no circumflex in the infinitive).
    // Compounds of ter and vir write the accent in the singular (mantém, conténs, provém).
    const accented = base === "ter" || base === "vir" ? Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, k === "pres" ? v.replace(/^(\S+) (\S+) (\S+)/, (_, a: string, b: string, c: string) => `${a} ${b.replace(/ens$/, "éns")} ${c.replace(/em$/, "ém")}`) : k === "imp" ? v.replace(/em$/, "ém") : v])) : entry;
    return { entry: accented, prefix: lemma.slice(0, -base.length) };
  }
  return null;
}

const withPrefix = (prefix: string, text: string | undefined) => (text === undefined ? undefined : prefix ? text.split(" ").map((w) => (w === "-" ? w : prefix + w)).join(" ") : text);

export function portugueseVerb(lemma: string, data: PortugueseData): VerbParadigm {
  const inf = lemma;
  const group: Group = inf.endsWith("ar") ? "ar" : inf.endsWith("ir") ? "ir" : "er";
  const stem = inf.slice(0, -2);
  const irr = irregularFor(inf.replace(/^pôr$/, "pôr"), data);
  const get = (k: string) => withPrefix(irr?.prefix ?? "", irr?.entry[k]);
  const e = ENDINGS[group];
  const raisesI = ` ${data.stem_i} `.includes(` ${inf} `);

  let pres: Persons;
  let subj: Persons | null = null;
  if (get("pres")) pres = split(get("pres") as string);
  else if (inf.endsWith("ear")) {
    pres = forms(stem, e.pres, inf).map((f, i) => (f && [0, 1, 2, 5].includes(i) ? stem + "i" + e.pres.split(" ")[i] : f));
    subj = forms(stem, e.subj, inf).map((f, i) => (f && [0, 1, 2, 5].includes(i) ? stem + "i" + e.subj.split(" ")[i] : f));
  } else if (/[au]ir$/.test(inf) && !/guir$/.test(inf)) {
    pres = inf.endsWith("air") ? [stem + "io", stem + "is", stem + "i", stem + "ímos", null, stem + "em"] : [stem + "o", stem + "is", stem + "i", stem + "ímos", null, stem + "em"];
  } else {
    pres = forms(stem, e.pres, inf);
    if (raisesI) pres[0] = spell(changeLast(stem, "e", "i"), "o", inf) + "o";
  }

  let pret: Persons;
  if (get("pret")) pret = split(get("pret") as string);
  else if (/[au]ir$/.test(inf) && !/guir$/.test(inf)) pret = [stem + "í", stem + "íste", stem + "iu", stem + "ímos", null, stem + "íram"];
  else pret = forms(stem, e.pret, inf);

  const impf = get("impf") ? split(get("impf") as string) : /[au]ir$/.test(inf) && !/guir$/.test(inf) ? forms(stem, "ía ías ía íamos - íam", inf) : forms(stem, e.impf, inf);
  const futStem = get("fut_stem") ?? inf.replace(/ô/, "o");
  const fut = "ei ás á emos - ão".split(" ").map((x) => (x === "-" ? null : futStem + x));
  const cond = "ia ias ia íamos - iam".split(" ").map((x) => (x === "-" ? null : futStem + x));

  if (get("subj")) subj = split(get("subj") as string);
  if (!subj) {
    const yo = (pres[0] ?? stem + "o").replace(/o$/, "");
    subj = e.subj.split(" ").map((x) => (x === "-" ? null : (/[aáoó]/.test(x[0] ?? "") ? yo : spell(yo, x, inf)) + x));
    if (/[au]ir$/.test(inf) && !/guir$/.test(inf)) subj = forms(stem + (inf.endsWith("air") ? "i" : ""), "a as a amos - am", inf);
  }

  // Imperfect and future subjunctive from the third person plural of the preterite.
  const base = (pret[5] ?? "").replace(/ram$/, "");
  const stressed = base.replace(/([aeiouô])$/, (v) => (irr && get("pret") ? ({ a: "á", e: "é", i: "í", o: "ô", u: "ú", ô: "ô" } as Record<string, string>)[v] ?? v : ({ a: "á", e: "ê", i: "í", o: "ô", u: "ú" } as Record<string, string>)[v] ?? v));
  const impsubj = ["sse", "sses", "sse", "ssemos", "-", "ssem"].map((x, i) => (x === "-" ? null : (i === 3 ? stressed : base) + x));
  // saíram → sair, sairmos, saíres, saírem: the accent stays only where the i is still stressed.
  const futsubj = ["r", "res", "r", "rmos", "-", "rem"].map((x) => (x === "-" ? null : (x === "r" || x === "rmos" ? base.replace(/í$/, "i") : base) + x));
  const plainInf = inf.replace(/ô/, "o");
  // sair → saíres, saírem: the i after a vowel keeps its stress with an accent.
  const stressedInf = /[aeiou]ir$/.test(plainInf) ? plainInf.slice(0, -2) + "ír" : plainInf;
  const personal = [plainInf, stressedInf + "es", plainInf + "mos", stressedInf + "em"];

  const imp: Persons = [null, get("imp") ?? pres[2] ?? null, subj[2] ?? null, subj[3] ?? null, null, subj[5] ?? null];
  const vowelStem = /[aeiou]$/.test(stem) && group !== "ar";
  const part = get("part") ?? (group === "ar" ? stem + "ado" : vowelStem ? stem + "ído" : stem + "ido");
  const partStem = part.slice(0, -1);
  const ger = get("ger") ?? plainInf.slice(0, -1) + "ndo";

  const overregular: [string, string][] = [];
  // Regular preterite endings on an irregular verb: fazi → fiz, fazeu → fez.
  if (get("pret")) {
    const regular = forms(stem, e.pret, inf);
    for (const i of [0, 2]) if (pret[i] && regular[i] && regular[i] !== pret[i]) overregular.push([regular[i] as string, pret[i] as string]);
  }
  const regularPart = group === "ar" ? stem + "ado" : stem + "ido";
  if (get("part") && regularPart !== part && !/^(ganhar|pagar|gastar)$/.test(inf)) overregular.push([regularPart, part]);

  const finite: Partial<Record<Tense, Persons>> = { pres, pret, impf, fut, cond, subj, impsubj, futsubj, imp };
  // ganhar, pagar, gastar keep both participles (ganhado with ter, ganho with both).
  const otherPart = /^(ganhar|pagar|gastar)$/.test(inf) ? ["ado", "ada", "ados", "adas"].map((x) => stem + x) : undefined;
  return { lemma, finite, inf: [inf, ...personal], ger: [ger], part: [part, partStem + "a", partStem + "os", partStem + "as"], ...(otherPart ? { otherPart } : {}), extra: [], overregular };
}

export function portugueseAdjective(lemma: string): AdjForms {
  const w = lemma;
  if (w.endsWith("o")) return { lemma, forms: [w, w.slice(0, -1) + "a", w + "s", w.slice(0, -1) + "as"] };
  if (w === "bom") return { lemma, forms: ["bom", "boa", "bons", "boas"] };
  if (w.endsWith("ês")) return { lemma, forms: [w, w.slice(0, -2) + "esa", w.slice(0, -2) + "eses", w.slice(0, -2) + "esas"] };
  if (w.endsWith("ão")) return { lemma, forms: [w, w.slice(0, -2) + "ã", w + "s", w.slice(0, -2) + "ãs"] };
  if (w.endsWith("dor")) return { lemma, forms: [w, w + "a", w + "es", w + "as"] };
  let pl: string;
  if (w.endsWith("s")) return { lemma, forms: [w, w, w, w] };
  if (/[aeiouáéóâêô]$/.test(w)) pl = w + "s";
  else if (w.endsWith("m")) pl = w.slice(0, -1) + "ns";
  else if (/[áéíóú].*il$/.test(w)) pl = w.slice(0, -2) + "eis";
  else if (w.endsWith("il")) pl = w.slice(0, -1) + "s";
  else if (w.endsWith("ol")) pl = w.slice(0, -2) + "óis";
  else if (w.endsWith("el")) pl = w.slice(0, -2) + (/[áéíóúâêô]/.test(w.slice(0, -2)) ? "eis" : "éis");
  else if (/[au]l$/.test(w)) pl = w.slice(0, -1) + "is";
  else if (/[rzs]$/.test(w)) pl = w + "es";
  else pl = w + "s";
  return { lemma, forms: [w, w, pl, pl] };
}
