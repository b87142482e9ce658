// Spanish inflection: regular -ar/-er/-ir conjugation with the spelling changes the RAE's
// grammar describes (c→qu, g→gu, z→c before e; g→j, c→z before a/o; -zco; y between vowels),
// stem-changing classes and irregular verbs from data/morphology/es.json, participles, gerunds,
// infinitives and imperatives with attached pronouns, and adjective gender and number.
import type { AdjForms, Persons, Tense, VerbParadigm } from "./morph-types.ts";
import { split } from "./morph-types.ts";

export interface SpanishData {
  irregular: Record<string, Record<string, string>>;
  compound_bases: string[];
  compound_prefixes: string[];
  stem_change: Record<"ie" | "ue" | "i", string>;
}

const ENDINGS = {
  ar: { pres: "o as a amos áis an", pret: "é aste ó amos asteis aron", impf: "aba abas aba ábamos abais aban", subj: "e es e emos éis en" },
  er: { pres: "o es e emos éis en", pret: "í iste ió imos isteis ieron", impf: "ía ías ía íamos íais ían", subj: "a as a amos áis an" },
  ir: { pres: "o es e imos ís en", pret: "í iste ió imos isteis ieron", impf: "ía ías ía íamos íais ían", subj: "a as a amos áis an" },
} as const;
const FUT = "é ás á emos éis án".split(" ");
const COND = "ía ías ía íamos íais ían".split(" ");
const STRONG_PRET = "e iste o imos isteis ieron".split(" ");
const ACCENTED: Record<string, string> = { a: "á", e: "é", i: "í", o: "ó", u: "ú" };
const PLAIN: Record<string, string> = { á: "a", é: "e", í: "i", ó: "o", ú: "u" };

type Group = "ar" | "er" | "ir";

/** Replaces the last occurrence of `from` in the stem (the stressed stem vowel). */
function changeLast(stem: string, from: string, to: string): string {
  const i = stem.lastIndexOf(from);
  return i < 0 ? stem : stem.slice(0, i) + to + stem.slice(i + from.length);
}

/** Spelling of a stem before an ending: the consonant keeps its sound. */
function spell(stem: string, ending: string, inf: string): string {
  const front = /^[eéií]/.test(ending);
  const back = /^[aáoóuú]/.test(ending);
  if (inf.endsWith("ar") && front) {
    if (stem.endsWith("c")) return stem.slice(0, -1) + "qu";
    if (stem.endsWith("g")) return stem + "u";
    if (stem.endsWith("z")) return stem.slice(0, -1) + "c";
  }
  if (back && !inf.endsWith("ar")) {
    if (/g[ei]r$/.test(inf) && stem.endsWith("g")) return stem.slice(0, -1) + "j";
    if (/guir$/.test(inf) && stem.endsWith("gu")) return stem.slice(0, -1);
    if (/[^aeiou]c[ei]r$/.test(inf) && stem.endsWith("c")) return stem.slice(0, -1) + "z";
  }
  return stem;
}

function join(stem: string, ending: string, inf: string): string {
  return spell(stem, ending, inf) + ending;
}

/** Vowel nuclei of a word, as [start, end) index pairs (two strong vowels are two syllables). */
function nuclei(word: string): [number, number][] {
  const out: [number, number][] = [];
  const strong = (c: string) => /[aeoáéó]/.test(c);
  const vowel = (c: string) => /[aeiouáéíóúü]/.test(c);
  let i = 0;
  while (i < word.length) {
    if (!vowel(word[i] as string) || (word[i] === "u" && /[qg]/.test(word[i - 1] ?? "") && /[eiéí]/.test(word[i + 1] ?? ""))) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < word.length && vowel(word[j] as string) && !(strong(word[j - 1] as string) && strong(word[j] as string)) && !/[íú]/.test(word[j] as string) && !/[íú]/.test(word[j - 1] as string)) j++;
    out.push([i, j]);
    i = j;
  }
  return out;
}

/** Writes the accent on the syllable `fromEnd` syllables before the last (0 = last). */
export function accentSyllable(word: string, fromEnd: number): string {
  if (/[áéíóú]/.test(word)) return word;
  const n = nuclei(word);
  const nucleus = n[n.length - 1 - fromEnd];
  if (!nucleus) return word;
  const [s, e] = nucleus;
  const part = word.slice(s, e);
  let k = part.search(/[aeo]/);
  if (k < 0) k = part.length - 1;
  const letter = part[k] as string;
  return word.slice(0, s + k) + (ACCENTED[letter] ?? letter) + word.slice(s + k + 1);
}

const stripAccents = (w: string) => w.replace(/[áéíóú]/g, (c) => PLAIN[c] ?? c);

/** The stressed syllable of a word counted from the end, by the Spanish written-accent rules. */
function stressFromEnd(word: string): number {
  const n = nuclei(word);
  const accented = n.findIndex(([s, e]) => /[áéíóú]/.test(word.slice(s, e)));
  if (accented >= 0) return n.length - 1 - accented;
  return /[aeiouns]$/.test(word) && n.length > 1 ? 1 : 0;
}

/** A verb form with pronouns attached (cómpralo, dándomelo), written accent as the rules want. */
export function attach(form: string, clitics: string): string {
  const stress = stressFromEnd(form);
  const added = nuclei(clitics).length;
  const plain = stripAccents(form);
  const word = plain + clitics;
  const fromEnd = stress + added;
  // A stressed syllable three or more from the end always carries the accent.
  return fromEnd >= 2 ? accentSyllable(word, fromEnd) : word;
}

const CLITIC_SETS = ["me", "te", "se", "lo", "la", "le", "nos", "los", "las", "les", "melo", "mela", "melos", "melas", "selo", "sela", "selos", "selas", "telo", "tela", "noslo", "nosla"];

function stemChangeOf(lemma: string, data: SpanishData): "ie" | "ue" | "i" | null {
  for (const kind of ["ie", "ue", "i"] as const) if (` ${data.stem_change[kind]} `.includes(` ${lemma} `)) return kind;
  return null;
}

/** The irregular entry for the verb, or for the base it is built on (componer ← poner). */
function irregularFor(lemma: string, data: SpanishData): { entry: Record<string, string>; prefix: string; base: string } | null {
  const own = data.irregular[lemma];
  if (own) return { entry: own, prefix: "", base: lemma };
  for (const base of data.compound_bases) {
    if (!lemma.endsWith(base) || lemma === base) continue;
    const full = Object.keys(data.irregular).find((k) => k.endsWith(base) && lemma.endsWith(k));
    const prefix = full ? lemma.slice(0, lemma.length - full.length) : "";
    if (full && data.compound_prefixes.includes(prefix)) return { entry: data.irregular[full] as Record<string, string>, prefix, base: full };
  }
  return null;
}

const withPrefix = (prefix: string, text: string | undefined) => (text === undefined ? undefined : prefix ? text.split(" ").map((w) => (w === "-" ? w : prefix + w)).join(" ") : text);

export function spanishVerb(lemma: string, data: SpanishData): VerbParadigm {
  const inf = lemma;
  const group = inf.slice(-2).replace("í", "i") as Group;
  const stem = inf.slice(0, -2);
  const irr = irregularFor(inf, data);
  const get = (key: string) => withPrefix(irr?.prefix ?? "", irr?.entry[key]);
  const change = stemChangeOf(inf, data) ?? (irr ? stemChangeOf(irr.base, data) : null);
  const e = ENDINGS[group] ?? ENDINGS.er;
  const endings = (key: keyof typeof e) => e[key].split(" ");

  const changed = change === "ie" ? changeLast(stem, "e", "ie") : change === "ue" ? changeLast(stem, "o", "ue") : change === "i" ? changeLast(stem, "e", "i") : stem;
  // -ir verbs that change their stem raise the vowel where the ending is not stressed-i (pidió, durmiendo).
  const raised = group === "ir" && change ? (change === "ue" ? changeLast(stem, "o", "u") : changeLast(stem, "e", "i")) : stem;
  const vowelStem = /[aeo]$/.test(stem) && group !== "ar";

  // Present.
  let pres: Persons;
  const presData = get("pres");
  if (presData) pres = split(presData);
  else {
    pres = endings("pres").map((end, i) => join([0, 1, 2, 5].includes(i) ? changed : stem, end, inf));
    if (/[aeiou]c[ei]r$/.test(inf) && !/^(hacer|decir|cocer)$/.test(inf)) pres[0] = stem.slice(0, -1) + "zco";
    if (/uir$/.test(inf) && !/guir$/.test(inf)) pres = endings("pres").map((end, i) => ([0, 1, 2, 5].includes(i) ? stem + "y" + end : stem + end));
  }

  // Preterite.
  let pret: Persons;
  const pretData = get("pret");
  const strong = get("pret_stem");
  if (pretData) pret = split(pretData);
  else if (strong) {
    pret = STRONG_PRET.map((end, i) => (i === 5 && strong.endsWith("j") ? strong + "eron" : strong + end));
    const third = get("pret3");
    if (third) pret[2] = third;
  } else {
    pret = endings("pret").map((end, i) => join(i === 2 || i === 5 ? raised : stem, end, inf));
    if (vowelStem && !/[gq]u$/.test(stem)) pret = [stem + "í", stem + "íste", stem + "yó", stem + "ímos", stem + "ísteis", stem + "yeron"];
    if (/uir$/.test(inf) && !/guir$/.test(inf)) pret = [stem + "í", stem + "iste", stem + "yó", stem + "imos", stem + "isteis", stem + "yeron"];
  }

  const impf = split(get("impf") ?? endings("impf").map((end) => stem + end).join(" "));
  const futStem = get("fut_stem") ?? inf.replace(/í(r)$/, "i$1");
  const fut = FUT.map((end) => (futStem === "-" ? null : futStem + end));
  const cond = COND.map((end) => (futStem === "-" ? null : futStem + end));

  // Present subjunctive: from the first person of the present (tengo → tenga).
  let subj: Persons;
  const subjData = get("subj");
  if (subjData) subj = split(subjData);
  else {
    const yo = (pres[0] ?? stem + "o").replace(/o$/, "");
    const yoIrregular = presData !== undefined || pres[0] !== stem + "o";
    subj = endings("subj").map((end, i) => {
      if (i === 3 || i === 4) return join(change ? (group === "ir" ? raised : stem) : yoIrregular ? yo : stem, end, inf);
      return join(change && !presData ? changed : yo, end, inf);
    });
  }

  // Imperfect subjunctive from the third person plural of the preterite (tuvieron → tuviera).
  const base3pl = (pret[5] ?? "").replace(/ron$/, "");
  const impsubj = ["ra", "ras", "ra", "ramos", "rais", "ran"].map((end, i) => (base3pl ? (i === 3 ? accentSyllable(base3pl, 0) : base3pl) + end : null));
  const impsubj2 = ["se", "ses", "se", "semos", "seis", "sen"].map((end, i) => (base3pl ? (i === 3 ? accentSyllable(base3pl, 0) : base3pl) + end : null));

  let tu = get("imp") ?? pres[2] ?? "";
  // Compounds of pon, ten, ven carry the accent (compón, obtén, detén).
  if (irr?.prefix && /^[^aeiou]*[aeiou]n$/.test(irr.entry.imp ?? "")) tu = accentSyllable(tu, 0);
  const imp: Persons = get("imp") === "-" ? [null, null, null, null, null, null] : [null, tu, subj[2] ?? null, subj[3] ?? null, inf.slice(0, -1) + "d", subj[5] ?? null];

  const part1 = get("part") ?? (group === "ar" ? stem + "ado" : vowelStem ? stem + "ído" : stem + "ido");
  const partStem = part1.slice(0, -1);
  const ger = get("ger") ?? (group === "ar" ? stem + "ando" : vowelStem || (/uir$/.test(inf) && !/guir$/.test(inf)) ? stem + "yendo" : raised + "iendo");

  const extra: string[] = [];
  for (const c of CLITIC_SETS) {
    extra.push(attach(inf, c), attach(ger, c));
    if (tu && tu !== "-") extra.push(attach(tu, c));
    if (subj[2]) extra.push(attach(subj[2], c));
    if (subj[5]) extra.push(attach(subj[5], c));
  }
  // nosotros + nos drops the s (sentémonos); vosotros + os drops the d (sentaos).
  if (subj[3]) extra.push(attach((subj[3] as string).slice(0, -1), "nos"));
  if (imp[4]) extra.push(inf === "ir" ? "idos" : inf.slice(0, -1) + "os");

  const overregular: [string, string][] = [];
  const regularPart = group === "ar" ? stem + "ado" : stem + "ido";
  if (get("part") && regularPart !== part1) overregular.push([regularPart, part1]);
  if (presData && pres[0] && stem + "o" !== pres[0]) overregular.push([stem + "o", pres[0]]);
  // Regular preterite endings on a strong stem: hací → hice, hació → hizo.
  if (strong || pretData) {
    const regular = endings("pret").map((end) => join(stem, end, inf));
    for (const i of [0, 2]) if (pret[i] && regular[i] !== pret[i]) overregular.push([regular[i] as string, pret[i] as string]);
  }

  const finite: Partial<Record<Tense, Persons>> = { pres, pret, impf, fut, cond, subj, impsubj, impsubj2, imp };
  return {
    lemma,
    finite,
    inf: [inf],
    ger: [ger],
    part: [part1, partStem + "a", partStem + "os", partStem + "as"],
    extra,
    overregular,
  };
}

/** m sg, f sg, m pl, f pl of a Spanish adjective given in the masculine singular. */
export function spanishAdjective(lemma: string): AdjForms {
  const w = lemma;
  const plural = (x: string) => {
    if (/[aeiouáéó]$/.test(x)) return x + "s";
    if (x.endsWith("z")) return x.slice(0, -1) + "ces";
    // Oxytones lose the written accent in the plural (inglés → ingleses, común → comunes);
    // paroxytones keep it (fácil → fáciles).
    const oxytone = /[áéíóú][^aeiouáéíóú]*$/.test(x);
    return (oxytone ? stripAccents(x) : x) + "es";
  };
  if (w.endsWith("o")) return { lemma, forms: [w, w.slice(0, -1) + "a", w + "s", w.slice(0, -1) + "as"] };
  if (w !== "marrón" && /(or|ón|án|ín|és)$/.test(w) && !/(mayor|menor|mejor|peor|superior|inferior|exterior|interior|anterior|posterior)$/.test(w)) {
    const f = stripAccents(w.slice(0, -2)) + stripAccents(w.slice(-2)) + "a";
    return { lemma, forms: [w, f, plural(w), f + "s"] };
  }
  if (w.endsWith("s")) return { lemma, forms: [w, w, w, w] };
  if (w === "joven") return { lemma, forms: [w, w, "jóvenes", "jóvenes"] };
  return { lemma, forms: [w, w, plural(w), plural(w)] };
}
