// Practice items for the points whose form is an article: the German cases (de_accusative,
// de_dative), the French partitive (fr_partitive) and the Italian articles and articulated
// prepositions (it_articles_prepositions). A lexicon sentence is used as written; the determiner
// before one of its nouns is gapped, and the key is the sentence's own word only when the tables
// below, read with the noun's gender and number from the lexicon (articles.ts, nounSeen), give
// that very form for the gap: "Ich fahre mit ____ (der) Bus." → dem. The box offers other forms
// of the same closed set that no reading allows there.
import { frenchElides, nounArticles } from "../articles.ts";
import type { LessonContext } from "./lesson-context.ts";
import { morphologyOf } from "../morphology/morph-index.ts";
import { foldCase } from "../text-normalise.ts";
import { nounSeen, type NounSeen } from "../tutor/article-agreement.ts";
import type { LanguageIndex, LexiconIndex } from "../lexicon-index.ts";
import { GAP } from "../sentence-fit.ts";
import { capitalLike, collectItems, type PointItem } from "./drill-collect.ts";
import type { DrillItem } from "./form-drill.ts";
import { transitiveVerbs } from "./pronoun-drill.ts";

interface Word {
  text: string;
  start: number;
  end: number;
}

/** Words with an elided article kept as its own word: "dall'aeroporto" → "dall'", "aeroporto". */
export function articleWords(sentence: string): Word[] {
  return [...sentence.matchAll(/[\p{L}\p{N}]+(?:['’](?=\p{L}))?/gu)].map((m) => ({ text: m[0].replace("’", "'"), start: m.index, end: m.index + m[0].length }));
}

/** The lexicon noun a word is, read as written: singular headword or plural, gender certain. */
function nounAt(word: Word | undefined, language: LanguageIndex): (NounSeen & { plural: boolean }) | null {
  if (!word) return null;
  const seen = nounSeen(word.text, language);
  if (!seen || seen.plural === null) return null;
  const asWritten = seen.plural ? seen.entry.pl : seen.entry.w;
  return asWritten !== undefined && foldCase(asWritten) === foldCase(word.text) ? { ...seen, plural: seen.plural } : null;
}

function gapped(sentence: string, from: Word, to: Word, bracket: string): string {
  // An elided article is written against its noun (l'eau); the bracket stands between them.
  const seam = to.text.endsWith("'") ? " " : "";
  return `${sentence.slice(0, from.start)}${GAP} (${bracket})${seam}${sentence.slice(to.end)}`;
}

// ——— German: the determiner's form by gender and case (nominative, accusative, dative, genitive).

export type GermanCase = "nom" | "acc" | "dat" | "gen";
const CASES: readonly GermanCase[] = ["nom", "acc", "dat", "gen"];
type Gender3 = "m" | "f" | "n";

const DEFINITE: Record<Gender3, string[]> = { m: ["der", "den", "dem", "des"], f: ["die", "die", "der", "der"], n: ["das", "das", "dem", "des"] };
// ein, kein and the possessives share one set of endings (grammar.json: ein → einen, mein → meinen).
const EIN_ENDINGS: Record<Gender3, string[]> = { m: ["", "en", "em", "es"], f: ["e", "e", "er", "er"], n: ["", "", "em", "es"] };
const EIN_STEMS = ["ein", "kein", "mein", "dein", "sein", "ihr", "unser", "euer"];

/** The determiner of a series ("der", or an ein-word's stem) for a gender and case. */
export function germanDeterminer(series: string, gender: Gender3, kase: GermanCase): string {
  const at = CASES.indexOf(kase);
  if (series === "der") return DEFINITE[gender][at] as string;
  const ending = EIN_ENDINGS[gender][at] as string;
  // euer drops its second e before an ending: eure, euren.
  return ending === "" ? series : `${series === "euer" ? "eur" : series}${ending}`;
}

const SERIES = ["der", ...EIN_STEMS];
const GENDERS: readonly Gender3[] = ["m", "f", "n"];

/** Every reading of a determiner form: its series, gender and case. */
function determinerReadings(form: string): { series: string; gender: Gender3; kase: GermanCase }[] {
  return SERIES.flatMap((series) => GENDERS.flatMap((gender) => CASES.filter((kase) => germanDeterminer(series, gender, kase) === form).map((kase) => ({ series, gender, kase }))));
}

// Prepositions and the cases they allow; after a two-way preposition the meaning (where? or
// where to?) decides, so both stay possible and neither is offered as a wrong form.
const GOVERNS: Record<string, GermanCase[]> = {
  ...Object.fromEntries("durch für gegen ohne um".split(" ").map((p) => [p, ["acc"]])),
  ...Object.fromEntries("aus bei mit nach seit von zu gegenüber außer".split(" ").map((p) => [p, ["dat"]])),
  ...Object.fromEntries("in an auf unter über vor hinter neben zwischen".split(" ").map((p) => [p, ["acc", "dat"]])),
  ...Object.fromEntries("wegen trotz statt während".split(" ").map((p) => [p, ["gen"]])),
};
// A preposition fused with the definite article (im = in dem), as one word.
const FUSED: Record<string, { prep: string; article: string }> = {
  im: { prep: "in", article: "dem" }, am: { prep: "an", article: "dem" }, zum: { prep: "zu", article: "dem" }, zur: { prep: "zu", article: "der" },
  vom: { prep: "von", article: "dem" }, beim: { prep: "bei", article: "dem" }, ins: { prep: "in", article: "das" }, ans: { prep: "an", article: "das" },
};

/** The German item of one sentence for the case, or null when no determiner there is certainly in it. */
function germanItem(sentence: string, language: LanguageIndex, want: GermanCase): PointItem | null {
  const words = articleWords(sentence);
  for (let i = 0; i < words.length - 1; i++) {
    const word = words[i] as Word;
    const form = foldCase(word.text);
    const fused = FUSED[form];
    const noun = nounAt(words[i + 1], language);
    // Singular nouns only: a plural's case shows on the noun too (den Kindern), which the lexicon does not decline.
    if (!noun || noun.plural || !noun.entry.g) continue;
    const gender = noun.entry.g as Gender3;
    const prep = fused ? fused.prep : foldCase(words[i - 1]?.text ?? "");
    // Without a preposition governing it, every case is possible: only a form with one reading
    // for the noun's gender is certain (den Bahnhof, dem Kind; die Tasche may be a subject).
    const governs = GOVERNS[prep];
    const readings = determinerReadings(fused ? fused.article : form).filter((r) => r.gender === gender && (governs ?? CASES).includes(r.kase));
    const cases = [...new Set(readings.map((r) => r.kase))];
    if (cases.length !== 1 || cases[0] !== want) continue;
    const series = (readings[0] as { series: string }).series;
    const slot = governs && governs.length === 2 ? governs : [want];
    const fits = (f: string) => determinerReadings(f).some((r) => r.gender === gender && slot.includes(r.kase));
    if (fused) {
      // The preposition with the noun's other-case articles, and its other fusion (zur beside zum).
      const fusedOthers = Object.entries(FUSED).filter(([w, f]) => f.prep === fused.prep && w !== form && !fits(f.article)).map(([w]) => w);
      // A spelled-out group that has a fusion (zu dem = zum) may be right as well: never offered.
      const spelledFused = new Set(Object.values(FUSED).map((f) => `${f.prep} ${f.article}`));
      const spelled = [...new Set(GENDERS.flatMap((g) => CASES.map((c) => germanDeterminer("der", g, c))))].filter((a) => !fits(a) && a !== "des").map((a) => `${fused.prep} ${a}`).filter((g) => !spelledFused.has(g));
      return { prompt: gapped(sentence, word, word, `${fused.prep} + ${germanDeterminer("der", gender, "nom")}`), answer: word.text, noun: noun.entry.w, others: [...fusedOthers, ...spelled].map((o) => capitalLike(word.text, o)) };
    }
    // The genitive's forms want the noun's -s, so they are no wrong choice for this noun as written.
    const others = [...new Set(GENDERS.flatMap((g) => CASES.filter((c) => c !== "gen").map((c) => germanDeterminer(series, g, c))))].filter((f) => f !== form && !fits(f));
    return { prompt: gapped(sentence, word, word, germanDeterminer(series, gender, "nom")), answer: word.text, noun: noun.entry.w, others: others.map((o) => capitalLike(word.text, o)) };
  }
  return null;
}

// ——— French: du, de la, de l', des after a verb; de, d' after a negation or a quantity.

const PARTITIVES = ["du", "de la", "de l'", "des", "de", "d'"];
// A partitive is the object of a verb taking one (transitiveVerbs: avoir, prendre, manger…) and
// of those the kitchen and the shop use; after other verbs du is de + le ("souffle du nord",
// "sort du train"). Verbs of liking take le, la, les (grammar.json).
const FR_PARTITIVE_VERBS = "vouloir mettre ajouter servir vendre préparer apporter offrir donner demander utiliser trouver chercher cuisiner verser couper cultiver écouter lire produire goûter".split(" ");
const FR_LIKING = ["aimer", "adorer", "détester", "préférer"];
const FR_NEGATION = new Set(["pas", "plus", "jamais"]);
const FR_QUANTITY = new Set("beaucoup peu assez trop moins plein kilo kilos litre litres bouteille verre tasse morceau tranche paquet boîte".split(" "));
const PARTITIVE_BRACKET = "article partitif";
// à fused with the article: real words, and no quantity of anything (je mange au pain).
const FR_A_FUSED = ["au", "aux"];

/** The partitive the noun takes: du pain, de la confiture, de l'eau, des pommes; de after a negation. */
export function frenchPartitive(noun: { plural: boolean; gender: "m" | "f" | "n"; word: string }, afterNegation: boolean): string {
  if (afterNegation) return frenchElides(noun.word) ? "d'" : "de";
  if (noun.plural) return "des";
  if (frenchElides(noun.word)) return "de l'";
  return noun.gender === "f" ? "de la" : "du";
}

function frenchItem(sentence: string, index: LexiconIndex): PointItem | null {
  const language = index.language("fr");
  const morphology = morphologyOf(language);
  const words = articleWords(sentence);
  const takers = new Set([...transitiveVerbs(index, "fr"), ...FR_PARTITIVE_VERBS].filter((v) => !FR_LIKING.includes(v)));
  const isVerb = (w: Word | undefined) => {
    const readings = morphology?.read(w?.text ?? "") ?? [];
    return readings.length > 0 && readings.every((r) => r.pos === "verb" && takers.has(r.lemma));
  };
  for (let i = 1; i < words.length - 1; i++) {
    const first = foldCase((words[i] as Word).text);
    const two = first === "de" && ["la", "l'"].includes(foldCase(words[i + 1]?.text ?? ""));
    const last = two ? i + 1 : i;
    const written = two ? `de ${foldCase((words[i + 1] as Word).text)}` : first;
    if (!PARTITIVES.includes(written)) continue;
    const noun = nounAt(words[last + 1], language);
    if (!noun) continue;
    const before = foldCase((words[i - 1] as Word).text);
    const negated = FR_NEGATION.has(before) && /\b(ne|n['’])/i.test(sentence.slice(0, (words[i - 1] as Word).start));
    const quantity = FR_QUANTITY.has(before);
    if (!negated && !quantity && !isVerb(words[i - 1])) continue;
    const right = frenchPartitive({ plural: noun.plural, gender: noun.entry.g ?? "m", word: (words[last + 1] as Word).text }, negated || quantity);
    if (right !== written) continue;
    // After a negation or a quantity every partitive but de is wrong; after a verb de is wrong too.
    return { prompt: gapped(sentence, words[i] as Word, words[last] as Word, PARTITIVE_BRACKET), answer: sentence.slice((words[i] as Word).start, (words[last] as Word).end).replace("’", "'"), noun: noun.entry.w, others: [...PARTITIVES.filter((p) => p !== right && !(p === "d'" && right === "de") && !(p === "de" && right === "d'")), ...FR_A_FUSED] };
  }
  return null;
}

// ——— Italian: il, lo, l', la, i, gli, le, and di/a/da/in/su fused with them.

const IT_ARTICLES = ["il", "lo", "l'", "la", "i", "gli", "le"];
const IT_PREP_STEMS: Record<string, string> = { di: "de", a: "a", da: "da", in: "ne", su: "su" };
const IT_TAILS: Record<string, string> = { il: "l", lo: "llo", "l'": "ll'", la: "lla", i: "i", gli: "gli", le: "lle" };

/** The articulated preposition: a + il → al, in + la → nella, su + l' → sull'. */
export function italianFused(prep: string, article: string): string {
  return `${IT_PREP_STEMS[prep] as string}${IT_TAILS[article] as string}`;
}

const IT_FUSED = new Map(Object.keys(IT_PREP_STEMS).flatMap((p) => IT_ARTICLES.map((a) => [italianFused(p, a), { prep: p, article: a }] as const)));

function italianItem(sentence: string, language: LanguageIndex): PointItem | null {
  const words = articleWords(sentence);
  let best: { item: PointItem; rank: number } | null = null;
  for (let i = 0; i < words.length - 1; i++) {
    const word = words[i] as Word;
    const form = foldCase(word.text);
    const fused = IT_FUSED.get(form);
    if (!fused && !IT_ARTICLES.includes(form)) continue;
    const noun = nounAt(words[i + 1], language);
    const arts = noun ? nounArticles("it", noun.entry) : null;
    if (!noun || !arts) continue;
    const article = noun.plural ? arts.definitePlural : arts.definite;
    if ((fused ? fused.article : form) !== article) continue;
    const others = fused ? IT_ARTICLES.map((a) => italianFused(fused.prep, a)).filter((f) => f !== form) : IT_ARTICLES.filter((a) => a !== form);
    const item = { prompt: gapped(sentence, word, word, fused ? `${fused.prep} + articolo` : "articolo"), answer: word.text, noun: noun.entry.w, others: others.map((o) => capitalLike(word.text, o)) };
    // An articulated preposition, then lo, gli and l' (the choices by the first sound), then the rest.
    const rank = fused ? 0 : ["lo", "gli", "l'"].includes(form) ? 1 : 2;
    if (!best || rank < best.rank) best = { item, rank };
  }
  return best?.item ?? null;
}

/** Gap items on German determiners in the case ("acc" or "dat"). */
export function germanCaseDrill(context: LessonContext, want: "acc" | "dat", count: number): DrillItem[] {
  const language = context.index.language("de");
  return collectItems(context, count, `case-drill-${want}`, (s) => germanItem(s, language, want));
}

/** Gap items on the French partitive (du, de la, de l', des; de after a negation or quantity). */
export function partitiveDrill(context: LessonContext, count: number): DrillItem[] {
  return collectItems(context, count, "partitive-drill", (s) => frenchItem(s, context.index));
}

/** Gap items on Italian articles and articulated prepositions. */
export function italianArticleDrill(context: LessonContext, count: number): DrillItem[] {
  const language = context.index.language("it");
  return collectItems(context, count, "article-drill", (s) => italianItem(s, language));
}
