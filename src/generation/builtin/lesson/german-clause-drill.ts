// German subordinate and relative clauses built from the lesson's own main clauses: the finite
// verb goes to the end ("Der Zug kommt um acht an." → "…, dass der Zug um acht ankommt."), a
// separable verb joins its prefix there (the tables' subordinate form, morphology/german.ts),
// and a noun of the clause becomes the antecedent of a relative pronoun whose gender and number
// are the lexicon's and whose case is the noun's role in the clause: "Das ist der Bus, mit dem
// ich zur Arbeit fahre." Only clauses whose subject is certain are used (a subject before the
// verb, or a subject pronoun right after it), so the verb-final order is always right.
import type { Concept } from "../lexicon-rules.ts";
import { morphologyOf } from "../morphology/morph-index.ts";
import { GAP } from "../sentence-fit.ts";
import { drillVerbs, tokens, type FoundVerb } from "./drill-verbs.ts";
import type { DrillItem } from "./form-drill.ts";
import type { LessonContext } from "./lesson-context.ts";

export interface GermanClause {
  /** The subject's words, first in the clause ("der Zug", "ich"). */
  subject: string[];
  /** The other words after the verb, in order, without a separable prefix. */
  rest: string[];
  /** The finite verb as it stands last in a subordinate clause (ankommt). */
  verbLast: string;
  found: FoundVerb;
  /** The same verb's other finite forms, and its main-clause form for a separable verb. */
  others: string[];
}

const SUBJECT_PRONOUNS = new Set(["ich", "du", "er", "sie", "es", "wir", "ihr", "man"]);
const DETERMINERS = new Set("der die das ein eine mein meine dein deine sein seine ihr ihre unser unsere euer eure dieser diese dieses jeder jede jedes".split(" "));
// Conjunctions joining a second clause the rewrite would leave in main-clause order.
const CLAUSE_LINKS = new Set(["und", "aber", "oder", "denn", "sondern", "dass", "weil", "wenn", "ob", "als", "wie"]);

/** The sentence's first word in lower case inside a clause, unless it is a noun or a name. */
function lowered(word: string, context: LessonContext, found: FoundVerb): string {
  if (word === "Sie" && found.person === 5) return word;
  return context.index.language("de").lowerCaseSeen.has(word.toLowerCase()) ? word.toLowerCase() : word;
}

/** A main clause read for the verb-final order, or null when its subject is not certain. */
export function germanClause(context: LessonContext, sentence: string): GermanClause | null {
  const verbs = drillVerbs(context.index, "de");
  const m = morphologyOf(context.index.language("de"));
  if (!verbs || !m || !sentence.endsWith(".")) return null;
  const words = tokens(sentence);
  // Only plain words and spaces: commas, quotes, numbers with points and elisions are left out.
  if (words.map((w) => w.text).join(" ") !== sentence.slice(0, -1) || words.length < 3) return null;
  if (words.some((w) => CLAUSE_LINKS.has(w.text.toLowerCase()) || /\d/.test(w.text))) return null;
  const found = verbs.find(words);
  if (!found || found.at === 0) return null;
  const text = words.map((w) => w.text);
  const before = text.slice(0, found.at);
  let rest = text.slice(found.at + 1);
  const paradigm = m.verbs.get(found.lemma);
  if (paradigm?.prefix !== undefined) {
    if (rest[rest.length - 1]?.toLowerCase() !== paradigm.prefix) return null;
    rest = rest.slice(0, -1);
  }
  let subject: string[];
  const first = before[0] as string;
  const nounPhrase = before.length >= 2 && DETERMINERS.has(first.toLowerCase()) && /^\p{Lu}/u.test(before[before.length - 1] as string);
  if ((before.length === 1 && SUBJECT_PRONOUNS.has(first.toLowerCase())) || nounPhrase) subject = [lowered(first, context, found), ...before.slice(1)];
  else if (found.pronoun && SUBJECT_PRONOUNS.has((rest[0] ?? "").toLowerCase())) {
    subject = [rest[0] as string, lowered(first, context, found), ...before.slice(1)];
    rest = rest.slice(1);
  } else return null;
  const verbLast = paradigm?.finite.pres?.[found.person];
  if (!verbLast) return null;
  const row = [...(paradigm?.finite.pres ?? []), ...(m.separableBase.get(found.lemma)?.finite.pres ?? [])];
  const others = [...new Set(row.filter((f): f is string => !!f && f !== verbLast))];
  return { subject, rest, verbLast, found, others };
}

// Main clauses that take any statement; the conjunction rotates so each is practised.
const SUBORDINATORS = ["Ich glaube, dass", "Ich weiß nicht, ob", "Es ist gut, wenn", "Ich bin froh, weil"];

/** "Ich glaube, dass der Zug um acht ____ (ankommen)." The key is the verb at the clause's end. */
export function germanSubordinateItem(context: LessonContext, concept: Concept, n: number): DrillItem | null {
  const clause = germanClause(context, concept.de.ex);
  if (!clause) return null;
  const { lemma } = clause.found;
  const head = [SUBORDINATORS[n % SUBORDINATORS.length], ...clause.subject, ...clause.rest].join(" ");
  return { prompt: `${head} ${GAP} (${lemma}).`, answer: clause.verbLast, hint: "", lemma, others: clause.others };
}

export const GERMAN_RELATIVE_PRONOUNS = ["der", "die", "das", "den", "dem", "denen", "dessen", "deren"];

// Prepositions that govern the dative only, and the two-way ones (with a dative article they are
// dative), with their contractions ("zum Bahnhof" → "zu dem").
const DATIVE_PREPOSITIONS = new Set(["mit", "von", "zu", "bei", "aus", "nach", "seit", "gegenüber"]);
const TWO_WAY = new Set(["in", "an", "auf", "unter", "über", "vor", "hinter", "neben", "zwischen"]);
const CONTRACTIONS: Record<string, [string, string]> = { zum: ["zu", "dem"], zur: ["zu", "der"], vom: ["von", "dem"], beim: ["bei", "dem"], im: ["in", "dem"], am: ["an", "dem"] };
// Verbs whose noun after them is a second nominative, not an object ("Das ist der Bahnhof").
const COPULAS = new Set(["sein", "werden", "bleiben", "heißen"]);
// Prepositions with other cases: an article after them is no object of the verb.
const OTHER_PREPOSITIONS = new Set("für ohne gegen durch um bis entlang wegen trotz während statt außer ab".split(" "));

interface GermanNoun {
  gender: "m" | "f" | "n";
  plural: boolean;
  /** The nominative with its article, for the main clause and the bracket: "der Bus", "die Kinder". */
  nominative: string;
}

const nounIndexes = new WeakMap<object, Map<string, GermanNoun[]>>();

/** German noun forms of the lexicon (singular, plural, dative plural) → gender and number. */
function germanNouns(context: LessonContext): Map<string, GermanNoun[]> {
  let map = nounIndexes.get(context.index);
  if (!map) {
    map = new Map();
    const add = (form: string, noun: GermanNoun) => map?.set(form, [...(map.get(form) ?? []).filter((n) => n.nominative !== noun.nominative), noun]);
    for (const c of context.index.data.concepts) {
      const e = c.de;
      if (c.pos !== "noun" || !e.g || e.w.includes(" ")) continue;
      // A noun the lexicon gives with a plural article is used in the plural only (die Leute).
      if (e.art === "die" && e.g !== "f") continue;
      add(e.w, { gender: e.g, plural: false, nominative: `${e.g === "m" ? "der" : e.g === "f" ? "die" : "das"} ${e.w}` });
      if (e.pl && e.pl !== e.w) {
        const plural = { gender: e.g, plural: true, nominative: `die ${e.pl}` };
        add(e.pl, plural);
        if (!/[ns]$/.test(e.pl)) add(`${e.pl}n`, plural);
      }
    }
    nounIndexes.set(context.index, map);
  }
  return map;
}

/** The case an article gives a noun (nominative, accusative, dative), or null when unclear. */
function caseOf(article: string, noun: GermanNoun, nounForm: string, afterPreposition: boolean): "nom" | "acc" | "dat" | null {
  const sg = !noun.plural;
  if (article === "dem" && sg && noun.gender !== "f") return "dat";
  if (article === "der" && sg && noun.gender === "f") return afterPreposition ? "dat" : null;
  if (article === "den" && sg && noun.gender === "m") return "acc";
  // "den Kindern" is a dative plural, but "den Studenten" may be a weak masculine's accusative.
  if (article === "den" && noun.plural) return noun.gender === "m" && nounForm.endsWith("n") && noun.nominative.endsWith(`${nounForm}`) ? null : "dat";
  if (article === "das" && sg && noun.gender === "n") return "acc";
  if (article === "die" && (noun.plural || noun.gender === "f")) return "acc";
  return null;
}

/** The relative pronoun for gender, number and case (der, den, dem, denen, …). */
export function germanRelativePronoun(gender: "m" | "f" | "n", plural: boolean, kase: "nom" | "acc" | "dat"): string {
  if (plural) return kase === "dat" ? "denen" : "die";
  if (kase === "dat") return gender === "f" ? "der" : "dem";
  if (gender === "f") return "die";
  if (gender === "n") return "das";
  return kase === "nom" ? "der" : "den";
}

function relativeItem(noun: GermanNoun, preposition: string | null, pronoun: string, clause: string[], verbLast: string): DrillItem {
  const main = `Das ${noun.plural ? "sind" : "ist"} ${noun.nominative},`;
  const gap = preposition ? `${preposition} ${GAP}` : GAP;
  return { prompt: `${main} ${gap} (${noun.nominative}) ${[...clause, verbLast].join(" ")}.`, answer: pronoun, hint: "", lemma: noun.nominative, others: GERMAN_RELATIVE_PRONOUNS.filter((p) => p !== pronoun) };
}

/**
 * "Das ist der Bus, mit ____ (der Bus) ich zur Arbeit fahre." The noun is the sentence's own
 * subject (nominative) or an article and noun after the verb: an object (accusative, dative)
 * or after a preposition that takes the dative there.
 */
export function germanRelativeItem(context: LessonContext, concept: Concept, n: number): DrillItem | null {
  const clause = germanClause(context, concept.de.ex);
  if (!clause) return null;
  const nouns = germanNouns(context);
  const only = (form: string) => {
    const found = nouns.get(form) ?? [];
    return found.length === 1 ? (found[0] as GermanNoun) : null;
  };
  const { subject, rest, verbLast } = clause;
  const candidates: (() => DrillItem | null)[] = [];
  // The subject: "der Zug" → "Das ist der Zug, der um acht ankommt."
  if (subject.length === 2 && ["der", "die", "das"].includes(subject[0] as string)) {
    const noun = only(subject[1] as string);
    const fits = noun && (noun.plural ? subject[0] === "die" && clause.found.person === 5 : noun.nominative === subject.join(" ") && clause.found.person === 2);
    if (noun && fits) candidates.push(() => relativeItem(noun, null, germanRelativePronoun(noun.gender, noun.plural, "nom"), rest, verbLast));
  }
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] as string;
    const contracted = CONTRACTIONS[word.toLowerCase()];
    const [preposition, article, nounForm, width] = contracted ? [contracted[0], contracted[1], rest[i + 1], 2] : DATIVE_PREPOSITIONS.has(word) || TWO_WAY.has(word) ? [word, rest[i + 1], rest[i + 2], 3] : [null, word, rest[i + 1], 2];
    if (!article || !nounForm || !/^\p{Lu}/u.test(nounForm)) continue;
    const previous = (rest[i - 1] ?? "").toLowerCase();
    if (preposition === null && (OTHER_PREPOSITIONS.has(previous) || DATIVE_PREPOSITIONS.has(previous) || TWO_WAY.has(previous))) continue;
    // An adjective or a genitive after the noun would be left behind without it.
    const next = rest[i + width];
    if (next !== undefined && /^\p{Lu}/u.test(next)) continue;
    const noun = only(nounForm);
    if (!noun) continue;
    const kase = caseOf(article, noun, nounForm, preposition !== null);
    if (!kase) continue;
    if (preposition === null && (COPULAS.has(clause.found.lemma) || subject.some((w) => /^\p{Lu}/u.test(w) && w !== "Sie"))) continue;
    // A two-way preposition with an accusative is a direction ("in den Park"): still the case the pronoun takes.
    if (preposition !== null && DATIVE_PREPOSITIONS.has(preposition) && kase !== "dat") continue;
    const others = [...rest.slice(0, i), ...rest.slice(i + width)];
    candidates.push(() => relativeItem(noun, preposition, germanRelativePronoun(noun.gender, noun.plural, kase), [...subject, ...others], verbLast));
  }
  if (candidates.length === 0) return null;
  return (candidates[n % candidates.length] as () => DrillItem | null)();
}
