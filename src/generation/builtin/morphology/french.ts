// French inflection: the three groups (-er, -ir/-issons, the rest) with the -er spelling
// changes (commençons, mangeons, achète, préfère, appelle, nettoie), irregular verbs from
// data/morphology/fr.json (compounds such as comprendre, devenir, décrire follow their base),
// participle agreement and adjective gender and number.
import type { AdjForms, Persons, Tense, VerbParadigm } from "./morph-types.ts";
import { split } from "./morph-types.ts";

export interface FrenchData {
  irregular: Record<string, Record<string, string>>;
  compound_bases: string[];
  third_group_ir: string;
  double_consonant: string;
}

const has = (list: string, word: string) => ` ${list} `.includes(` ${word} `);

function irregularFor(lemma: string, data: FrenchData): { entry: Record<string, string>; prefix: string } | null {
  const own = data.irregular[lemma];
  if (own) return { entry: own, prefix: "" };
  for (const base of data.compound_bases) {
    if (lemma === base || !lemma.endsWith(base)) continue;
    const full = Object.keys(data.irregular).filter((k) => lemma.endsWith(k) && k.endsWith(base)).sort((a, b) => b.length - a.length)[0];
    if (full && full !== lemma) return { entry: data.irregular[full] as Record<string, string>, prefix: lemma.slice(0, -full.length) };
  }
  return null;
}

const withPrefix = (prefix: string, text: string | undefined) => (text === undefined ? undefined : prefix ? text.split(" ").map((w) => (w === "-" ? w : prefix + w)).join(" ") : text);

/** -er stem before an ending: ç/ge before a and o, è or a doubled consonant before a mute e. */
function erStem(stem: string, ending: string, lemma: string, data: FrenchData, future = false): string {
  if (/^[ao]/.test(ending)) {
    if (stem.endsWith("c")) return stem.slice(0, -1) + "ç";
    if (stem.endsWith("g")) return stem + "e";
  }
  const mute = future || /^e(s|nt)?$/.test(ending);
  if (!mute) return stem;
  if (/[oua]y$/.test(stem)) return stem.slice(0, -1) + "i";
  if (has(data.double_consonant, lemma)) return stem + stem.slice(-1);
  const m = stem.match(/^(.*)e([bcdfgjklmnpqrstvz])$/);
  if (m) return `${m[1]}è${m[2]}`;
  if (!future) {
    const accented = stem.match(/^(.*)é(ch|gn|gl|gr|br|tr|[bcdfgjklmnpqrstvz])$/);
    if (accented) return `${accented[1]}è${accented[2]}`;
  }
  return stem;
}

const IMPF = "ais ais ait ions iez aient".split(" ");
const FUT = "ai as a ons ez ont".split(" ");
const SUBJ = "e es e ions iez ent".split(" ");

export function frenchVerb(lemma: string, data: FrenchData): VerbParadigm {
  const inf = lemma;
  const irr = irregularFor(inf, data);
  const get = (k: string) => withPrefix(irr?.prefix ?? "", irr?.entry[k]);
  const er = inf.endsWith("er");
  const second = inf.endsWith("ir") && !irr && !has(data.third_group_ir, inf);
  const third = inf.endsWith("ir") && !irr && has(data.third_group_ir, inf);
  const stem = inf.replace(/(er|ir|re|oir)$/, "");

  let pres: Persons;
  if (get("pres")) pres = split(get("pres") as string);
  else if (er) pres = "e es e ons ez ent".split(" ").map((e) => erStem(stem, e, inf, data) + e);
  else if (second) pres = "is is it issons issez issent".split(" ").map((e) => stem + e);
  else if (third) {
    const short = stem.slice(0, -1);
    pres = [short + "s", short + "s", short + "t", stem + "ons", stem + "ez", stem + "ent"];
  } else pres = [stem + "s", stem + "s", /[dt]$/.test(stem) ? stem : stem + "t", stem + "ons", stem + "ez", stem + "ent"];

  // Imperfect, present participle and nous/vous of the subjunctive from the nous stem.
  const nousStem = get("impf_stem") ?? (pres[3] ?? stem + "ons").replace(/ons$/, "");
  const plainNous = er ? stem : nousStem;
  const impf = split(get("impf") ?? IMPF.map((e) => (er ? erStem(stem, e, inf, data) : nousStem) + e).join(" "));
  const futStem = get("fut_stem") ?? (er ? erStem(stem, "e", inf, data, true) + "er" : inf.replace(/e$/, ""));
  const fut = split(get("fut") ?? FUT.map((e) => futStem + e).join(" "));
  const cond = split(get("cond") ?? IMPF.map((e) => futStem + e).join(" "));
  const ilsStem = (pres[5] ?? "").replace(/ent$/, "");
  const subj = split(get("subj") ?? SUBJ.map((e, i) => (i === 3 || i === 4 ? plainNous : er ? erStem(stem, e, inf, data) : ilsStem) + e).join(" "));
  const tu = er ? (pres[1] ?? "").replace(/s$/, "") : pres[1] ?? null;
  const imp: Persons = get("imp") ? split(get("imp") as string) : [null, tu, null, pres[3] ?? null, pres[4] ?? null, null];
  const pret = get("pret") ? split(get("pret") as string) : undefined;

  const part = get("part") ?? (er ? stem + "é" : second || third ? stem + "i" : stem + "u");
  const parts = get("parts")?.split(" ") ?? (part.endsWith("s") ? [part, part + "e", part, part + "es"] : [part, part + "e", part + "s", part + "es"]);
  const pprGiven = get("ppr");
  const ppr = pprGiven === "-" ? null : pprGiven ?? (er ? erStem(stem, "ant", inf, data) + "ant" : nousStem + "ant");

  const overregular: [string, string][] = [];
  // The participles learners build by a regular pattern for an irregular verb: prendu, metté (-re), ouvri, mouru (-ir).
  if (irr && get("part") && (inf.endsWith("re") || inf.endsWith("ir"))) {
    for (const regular of new Set([stem + "u", stem + "é", ...(inf.endsWith("ir") ? [stem + "i"] : [])])) if (regular !== part && !parts.includes(regular)) overregular.push([regular, part]);
  }
  const extra: string[] = [];

  const finite: Partial<Record<Tense, Persons>> = { pres, impf, fut, cond, subj, imp, ...(pret ? { pret } : {}) };
  return { lemma, finite, inf: [inf], ger: ppr ? [ppr] : [], part: parts, extra, overregular };
}

const FR_IRREGULAR_ADJ: Record<string, [string, string, string, string]> = {
  beau: ["beau", "belle", "beaux", "belles"],
  nouveau: ["nouveau", "nouvelle", "nouveaux", "nouvelles"],
  vieux: ["vieux", "vieille", "vieux", "vieilles"],
  fou: ["fou", "folle", "fous", "folles"],
  mou: ["mou", "molle", "mous", "molles"],
  long: ["long", "longue", "longs", "longues"],
  frais: ["frais", "fraîche", "frais", "fraîches"],
  doux: ["doux", "douce", "doux", "douces"],
  faux: ["faux", "fausse", "faux", "fausses"],
  roux: ["roux", "rousse", "roux", "rousses"],
  gros: ["gros", "grosse", "gros", "grosses"],
  bas: ["bas", "basse", "bas", "basses"],
  épais: ["épais", "épaisse", "épais", "épaisses"],
  gentil: ["gentil", "gentille", "gentils", "gentilles"],
  blanc: ["blanc", "blanche", "blancs", "blanches"],
  sec: ["sec", "sèche", "secs", "sèches"],
  public: ["public", "publique", "publics", "publiques"],
  grec: ["grec", "grecque", "grecs", "grecques"],
  favori: ["favori", "favorite", "favoris", "favorites"],
  bon: ["bon", "bonne", "bons", "bonnes"],
  complet: ["complet", "complète", "complets", "complètes"],
  inquiet: ["inquiet", "inquiète", "inquiets", "inquiètes"],
  secret: ["secret", "secrète", "secrets", "secrètes"],
  meilleur: ["meilleur", "meilleure", "meilleurs", "meilleures"],
  supérieur: ["supérieur", "supérieure", "supérieurs", "supérieures"],
  extérieur: ["extérieur", "extérieure", "extérieurs", "extérieures"],
  intérieur: ["intérieur", "intérieure", "intérieurs", "intérieures"],
  nul: ["nul", "nulle", "nuls", "nulles"],
  gras: ["gras", "grasse", "gras", "grasses"],
  jaloux: ["jaloux", "jalouse", "jaloux", "jalouses"],
  beaucoup: ["beaucoup", "beaucoup", "beaucoup", "beaucoup"],
  peu: ["peu", "peu", "peu", "peu"],
  plusieurs: ["plusieurs", "plusieurs", "plusieurs", "plusieurs"],
  final: ["final", "finale", "finals", "finales"],
  banal: ["banal", "banale", "banals", "banales"],
  marron: ["marron", "marron", "marron", "marron"],
  orange: ["orange", "orange", "orange", "orange"],
  chic: ["chic", "chic", "chics", "chics"],
  châtain: ["châtain", "châtain", "châtains", "châtains"],
};

export function frenchAdjective(lemma: string): AdjForms {
  const w = lemma;
  const known = FR_IRREGULAR_ADJ[w];
  if (known) return { lemma, forms: known };
  const pl = (x: string) => (/[sx]$/.test(x) ? x : x.endsWith("eau") ? x + "x" : x + "s");
  let f: string;
  if (w.endsWith("e")) f = w;
  else if (w.endsWith("eux")) f = w.slice(0, -1) + "se";
  else if (w.endsWith("if")) f = w.slice(0, -1) + "ve";
  else if (/[^ée]er$/.test(w) || w.endsWith("ier")) f = w.slice(0, -2) + "ère";
  else if (/(el|en|on|et|eil)$/.test(w) && !/(un|in|ain)$/.test(w)) f = w + w.slice(-1) + "e";
  else if (w.endsWith("eur") && !w.endsWith("teur")) f = w.slice(0, -1) + "se";
  else if (w.endsWith("teur")) f = w.slice(0, -3) + "rice";
  else f = w + "e";
  const mpl = w.endsWith("al") ? w.slice(0, -2) + "aux" : pl(w);
  return { lemma, forms: [w, f, mpl, f + "s"] };
}
