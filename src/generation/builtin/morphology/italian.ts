// Italian inflection: regular -are/-ere/-ire conjugation (with -isc- verbs) and its spelling
// changes (cerchi, mangerò, studi), irregular verbs from data/morphology/it.json (compounds
// such as ottenere, comporre, tradurre, trasmettere follow their base), pronouns attached to
// infinitives, gerunds and imperatives (comprarlo, chiamami, portandoglielo), and adjective
// gender and number.
import type { AdjForms, Persons, Tense, VerbParadigm } from "./morph-types.ts";
import { split } from "./morph-types.ts";

export interface ItalianData {
  irregular: Record<string, Record<string, string>>;
  compound_bases: string[];
  compound_prefixes: string[];
  isc: string;
}

type Group = "are" | "ere" | "ire";

/** Joins a stem and an ending the way Italian spelling does. */
function join(stem: string, ending: string, group: Group): string {
  if (group === "are") {
    if (/[cg]$/.test(stem) && /^[ie]/.test(ending)) return stem + "h" + ending;
    if (/[cg]i$/.test(stem) && /^[ie]/.test(ending)) return stem.slice(0, -1) + ending;
    if (stem.endsWith("i") && ending.startsWith("i")) return stem.slice(0, -1) + ending;
  }
  if (stem.endsWith("i") && ending.startsWith("i") && group !== "are" && /gli$/.test(stem)) return stem.slice(0, -1) + ending;
  return stem + ending;
}

const row = (stem: string, text: string, group: Group): Persons => text.split(" ").map((e) => (e === "-" ? null : join(stem, e, group)));

function irregularFor(lemma: string, data: ItalianData): { entry: Record<string, string>; prefix: string } | null {
  const own = data.irregular[lemma];
  if (own) return { entry: own, prefix: "" };
  for (const base of data.compound_bases) {
    if (lemma === base || !lemma.endsWith(base) || !data.compound_prefixes.includes(lemma.slice(0, -base.length))) continue;
    const entry = data.irregular[base];
    if (entry) return { entry, prefix: lemma.slice(0, -base.length) };
  }
  return null;
}

const withPrefix = (prefix: string, text: string | undefined) => (text === undefined ? undefined : prefix ? text.split(" ").map((w) => (w === "-" ? w : prefix + w)).join(" ") : text);

const CLITICS = ["mi", "ti", "si", "ci", "vi", "lo", "la", "li", "le", "gli", "ne", "melo", "mela", "meli", "mele", "telo", "tela", "glielo", "gliela", "glieli", "gliele", "gliene", "celo", "cela", "sene", "mene", "cene"];

export function italianVerb(lemma: string, data: ItalianData): VerbParadigm {
  const inf = lemma;
  const group: Group = inf.endsWith("are") ? "are" : inf.endsWith("ire") ? "ire" : "ere";
  // Contracted infinitives (porre, tradurre, bere, fare, dire) take their stem from the data.
  const stem = inf.slice(0, -3);
  const irr = irregularFor(inf, data);
  const get = (k: string) => withPrefix(irr?.prefix ?? "", irr?.entry[k]);
  const isc = ` ${data.isc} `.includes(` ${inf} `);
  const thematic = group === "are" ? "a" : group === "ere" ? "e" : "i";
  const impfStem = get("impf_stem") ? (get("impf_stem") as string) + "e" : stem + thematic;

  const presText = group === "are" ? "o i a iamo ate ano" : group === "ere" ? "o i e iamo ete ono" : isc ? "isco isci isce iamo ite iscono" : "o i e iamo ite ono";
  const pres = get("pres") ? split(get("pres") as string) : row(stem, presText, group);
  // essere has its own imperfect (ero, eri, era …), written out in the data.
  const impf = get("impf") ? split(get("impf") as string) : row(impfStem, "vo vi va vamo vate vano", group);
  const futStem = get("fut_stem") ?? (group === "are" ? join(stem, "er", group) : group === "ere" ? stem + "er" : stem + "ir");
  const fut = ["ò", "ai", "à", "emo", "ete", "anno"].map((e) => futStem + e);
  const cond = ["ei", "esti", "ebbe", "emmo", "este", "ebbero"].map((e) => futStem + e);
  const subjText = group === "are" ? "i i i iamo iate ino" : isc ? "isca isca isca iamo iate iscano" : "a a a iamo iate ano";
  const subj = get("subj") ? split(get("subj") as string) : row(stem, subjText, group);
  const impsubj = get("impsubj") ? split(get("impsubj") as string) : row(impfStem, "ssi ssi sse ssimo ste ssero", group);
  let pret: Persons | undefined;
  if (get("pret")) pret = split(get("pret") as string);
  else if (!irr) pret = group === "are" ? row(stem, "ai asti ò ammo aste arono", group) : group === "ere" ? row(stem, "ei esti é emmo este erono", group) : row(stem, "ii isti ì immo iste irono", group);
  const tu = group === "are" ? join(stem, "a", group) : pres[1];
  const imp: Persons = get("imp") ? split(get("imp") as string) : [null, tu ?? null, subj[2] ?? null, pres[3] ?? null, pres[4] ?? null, subj[5] ?? null];
  const part = get("part") ?? (group === "are" ? stem + "ato" : group === "ere" ? stem + "uto" : stem + "ito");
  const partStem = part.slice(0, -1);
  const ger = get("ger") ?? join(stem, group === "are" ? "ando" : "endo", group);

  const extra: string[] = [];
  const otherPart = get("extra")?.split(" ");
  const infStem = inf.endsWith("rre") ? inf.slice(0, -2) : inf.slice(0, -1);
  const voi = imp[4];
  for (const c of CLITICS) {
    extra.push(infStem + c, ger + c);
    if (voi) extra.push(voi + c);
    const t = imp[1];
    if (t && !t.endsWith("'")) extra.push(t + c);
    else if (t) extra.push(t.slice(0, -1) + (c.startsWith("gli") ? c : (c[0] as string) + c));
  }
  const overregular: [string, string][] = [];
  const regularPart = group === "are" ? stem + "ato" : group === "ere" ? stem + "uto" : stem + "ito";
  if (get("part") && regularPart !== part) overregular.push([regularPart, part]);

  const finite: Partial<Record<Tense, Persons>> = { pres, impf, fut, cond, subj, impsubj, imp, ...(pret ? { pret } : {}) };
  return { lemma, finite, inf: [inf, infStem], ger: [ger], part: [part, partStem + "a", partStem + "i", partStem + "e"], ...(otherPart ? { otherPart } : {}), extra, overregular };
}

const INVARIABLE = new Set(["blu", "rosa", "viola", "beige", "pari", "dispari", "lilla", "bordeaux"]);

export function italianAdjective(lemma: string): AdjForms {
  const w = lemma;
  if (INVARIABLE.has(w)) return { lemma, forms: [w, w, w, w] };
  if (w.endsWith("co")) {
    const soft = /ico$/.test(w) && w.length > 6 && !/antico$/.test(w);
    return { lemma, forms: [w, w.slice(0, -1) + "a", w.slice(0, -1) + (soft ? "i" : "hi"), w.slice(0, -1) + "he"] };
  }
  if (w.endsWith("go")) return { lemma, forms: [w, w.slice(0, -1) + "a", w.slice(0, -1) + "hi", w.slice(0, -1) + "he"] };
  if (/[^aeiou][cg]io$/.test(w)) return { lemma, forms: [w, w.slice(0, -1) + "a", w.slice(0, -1), w.slice(0, -2) + "e"] };
  if (w.endsWith("io")) return { lemma, forms: [w, w.slice(0, -1) + "a", w.slice(0, -1), w.slice(0, -1) + "e"] };
  if (w.endsWith("o")) return { lemma, forms: [w, w.slice(0, -1) + "a", w.slice(0, -1) + "i", w.slice(0, -1) + "e"] };
  if (w.endsWith("ista")) return { lemma, forms: [w, w, w.slice(0, -1) + "i", w.slice(0, -1) + "e"] };
  if (w.endsWith("e")) return { lemma, forms: [w, w, w.slice(0, -1) + "i", w.slice(0, -1) + "i"] };
  return { lemma, forms: [w, w, w, w] };
}
