// Grammar practice items built from the morphology tables: a sentence of the lesson's own words
// (the scene's concepts' examples first, then other sentences using them, then the topics'),
// its present verb rewritten into the form the grammar point teaches, and that form blanked
// with the verb's infinitive in brackets: "Ayer ____ (comprar) pan." Only the verb form is ever
// gapped, never the sentence, and the key is the tables' form for that lemma and person.
import type { Lang } from "../../languages.ts";
import type { GrammarPoint } from "../data-rules.ts";
import type { Concept } from "../lexicon-rules.ts";
import { sentencesUsing } from "../lexicon-sentences.ts";
import { morphologyOf } from "../morphology/morph-index.ts";
import { fitsLength, GAP } from "../sentence-fit.ts";
import type { SeededRandom } from "../seeded-random.ts";
import { BEFORE_NOW, BETWEEN_SUBJECT_AND_VERB, drillSpec, HABITUAL, NOW_OR_LATER, PERSON_LABELS, REFLEXIVE, type DrillSpec } from "./drill-specs.ts";
import { drillVerbs, PRO_DROP, tokens, type DrillVerbs, type FoundVerb, type Token } from "./drill-verbs.ts";
import type { LessonContext } from "./lesson-context.ts";

export interface DrillItem {
  prompt: string;
  answer: string;
  /** The sentence's translation when the rewrite kept its meaning (the present), else empty. */
  hint: string;
  lemma: string;
  /** The same lemma's forms for other persons (or other forms): real words, wrong in this gap. */
  others: string[];
}

const AND: Record<Lang, string[]> = { es: ["y", "e", "pero"], fr: ["et", "mais"], de: ["und", "aber"], it: ["e", "ma"], "pt-BR": ["e", "mas"], en: ["and", "but"] };

const POLITE: Record<Lang, RegExp> = { es: /por favor/i, fr: /s'il (vous|te) plaît/i, de: /\bbitte\b/i, it: /per favore|per piacere/i, "pt-BR": /por favor/i, en: /\bplease\b/i };

const STATIVE = ["estar", "ser", "poder", "dever", "saber", "ter", "ficar", "be", "have", "know", "like", "love", "want", "need", "mögen", "möchten", "können", "müssen", "wollen", "sollen", "dürfen", "wissen"];

const FR_VOWEL = /^[aeiouyhàâäéèêëîïôöûùü]/i;

/** French elision at the seam before a rewritten form: je achète → j'achète, j'vais → je vais. */
function elide(lang: Lang, before: string, next: string): string {
  if (lang !== "fr") return before;
  const full = before.match(/(^|\s)(je|ne|me|te|se|que)\s$/i);
  if (full && FR_VOWEL.test(next)) return `${before.slice(0, before.length - full[2]!.length - 1)}${full[2]!.slice(0, -1)}'`;
  const cut = before.match(/(^|\s)(j|n|m|t|s|qu)['’]$/i);
  if (cut && !FR_VOWEL.test(next)) return `${before.slice(0, before.length - 1)}e `;
  return before;
}

function capitalLike(model: string, form: string): string {
  return /^\p{Lu}/u.test(model) ? form.charAt(0).toLocaleUpperCase() + form.slice(1) : form;
}

function hasAny(words: Token[], list: string[]): boolean {
  return words.some((w) => list.includes(w.text.toLowerCase()));
}

interface Built {
  prompt: string;
  answer: string;
  /** The clause's own verb (the auxiliary may be what is bracketed). */
  verb: string;
  hint: boolean;
  bracket: string;
  others: string[];
}

function bracket(found: FoundVerb, lang: Lang, lemma: string): string {
  const label = !found.pronoun ? PERSON_LABELS[lang]?.[found.person] : undefined;
  return ` (${label ? `${label} · ` : ""}${lemma})`;
}

const analyses = new WeakMap<DrillVerbs, Map<string, { words: Token[]; found: FoundVerb | null }>>();

/** A sentence's words and its verb, read once per process: the data's sentences are fixed. */
function analyse(verbs: DrillVerbs, sentence: string): { words: Token[]; found: FoundVerb | null } {
  let byVerbs = analyses.get(verbs);
  if (!byVerbs) analyses.set(verbs, (byVerbs = new Map()));
  let read = byVerbs.get(sentence);
  if (!read) {
    const words = tokens(sentence);
    byVerbs.set(sentence, (read = { words, found: verbs.find(words) }));
  }
  return read;
}

/** One sentence rewritten for the spec, or null when the rewrite would not be clean. */
function rewrite(sentence: string, verbs: DrillVerbs, spec: DrillSpec, lowerable: (word: string) => boolean, random: SeededRandom): Built | null {
  const lang = verbs.lang;
  // Exclamations are mostly commands ("N'oublie pas ton passeport !"), not statements to rewrite.
  if (/["«»“”„:;!]/.test(sentence) || !/[.?]$/.test(sentence)) return null;
  const { words, found } = analyse(verbs, sentence);
  // The verb and at least two other words: a gap never takes the whole sentence.
  if (!found || words.length < 3) return null;
  if (spec.build === "tense" && ((spec.lemmas && !spec.lemmas.includes(found.lemma)) || (spec.separableOnly && !verbs.separable(found.lemma)))) return null;
  const verb = words[found.at] as Token;
  // Verb-first without a question is an imperative ("Compra pan.", "Nimm den Bus."), unless a
  // pro-drop language's form cannot be one ("Compro pan.").
  // (Only a negation or object pronouns before it still puts it first: "N'oublie pas tes clés.")
  const first = words.slice(0, found.at).every((w) => BETWEEN_SUBJECT_AND_VERB[lang].includes(w.text.toLowerCase()));
  if (first && !found.pronoun && !sentence.endsWith("?") && (found.imperative || !PRO_DROP.has(lang))) return null;
  // So is a verb after a comma with no subject ("En cas d'urgence, appelle ce numéro.").
  const afterComma = /,\s*$/.test(sentence.slice(0, verb.start));
  if (afterComma && !found.pronoun && (found.imperative || !PRO_DROP.has(lang))) return null;
  if (spec.build === "tense" && spec.needs && !hasAny(words, [...spec.needs])) return null;
  if (spec.build === "tense" && spec.reflexive && !REFLEXIVE[lang]?.[found.person]?.includes((words[found.at - 1]?.text ?? "").toLowerCase())) return null;
  const before = sentence.slice(0, verb.start);
  const after = sentence.slice(verb.end);
  const others = (row: string[], answer: string) => [...new Set(row)].filter((f) => f !== answer);
  const { lemma } = found;
  const drop = (list: Record<Lang, string[]>) => hasAny(words, list[lang]);
  // A polite request ("¿Puedo ver la carta, por favor?") is said now, in no other tense.
  if (!(spec.build === "tense" && spec.tense === "pres") && POLITE[lang].test(sentence)) return null;
  // A word the tables do not know after "and" may be a second verb the rewrite would leave in
  // the present ("protegiera los órganos y sostiene el cuerpo").
  const unknownAfterAnd = words.some((w, i) => i > found.at && AND[lang].includes(w.text.toLowerCase()) && words[i + 1] !== undefined && !verbs.known((words[i + 1] as Token).text));
  if (unknownAfterAnd && !(spec.build === "tense" && spec.tense === "pres")) return null;

  if (spec.build === "tense") {
    if ((spec.lemmas && !spec.lemmas.includes(lemma)) || (spec.separableOnly && !verbs.separable(lemma))) return null;
    if (spec.tense !== "pres" && drop(spec.tense === "fut" || spec.tense === "cond" ? BEFORE_NOW : NOW_OR_LATER)) return null;
    if (spec.tense === "pret" && drop(HABITUAL)) return null;
    const form = spec.tense === "pres" ? verb.text : verbs.finite(lemma, spec.tense, found.person);
    if (!form) return null;
    const answer = capitalLike(verb.text, form);
    const head = elide(lang, before, answer);
    return { prompt: head + GAP + bracket(found, lang, lemma) + after, answer, verb: lemma, hint: spec.tense === "pres", bracket: lemma, others: others(verbs.row(lemma, spec.tense), answer).map((f) => capitalLike(verb.text, f)) };
  }

  if (spec.build === "subordinate") {
    if (!sentence.endsWith(".") || sentence.includes(",") || (spec.tense === "subj1" && found.person !== 2)) return null;
    if (/\b(que|che|dass|quando|se|si|wenn|weil|ob|qui|cui|où)\b/i.test(sentence)) return null;
    if (spec.tense === "futsubj" && drop(BEFORE_NOW)) return null;
    const form = verbs.finite(lemma, spec.tense, found.person);
    if (!form || (lang === "de" && verbs.separable(lemma))) return null;
    const first = words[0] as Token;
    // A first word that may be a name keeps its capital in German (nouns too) and is not used elsewhere.
    if (found.at > 0 && !lowerable(first.text) && lang !== "de") return null;
    const firstText = lowerable(first.text) ? first.text.toLowerCase() : first.text;
    const clauseHead = found.at === 0 ? "" : sentence.slice(0, first.start) + firstText + before.slice(first.end);
    const answer = form;
    const trigger = spec.trigger.endsWith(" que") && lang === "fr" && FR_VOWEL.test(clauseHead || answer) ? `${spec.trigger.slice(0, -3)}qu'` : `${spec.trigger} `;
    return { prompt: trigger + clauseHead + GAP + bracket(found, lang, lemma) + after, answer, verb: lemma, hint: false, bracket: lemma, others: others(verbs.row(lemma, spec.tense), answer) };
  }

  // Compound: an auxiliary in the present and the verb's non-finite form. States take no
  // progressive ("estou estando", "am having") and a modal no other modal ("kann … mögen").
  if ((spec.nonFinite === "ger" && STATIVE.includes(lemma)) || (spec.nonFinite === "inf" && STATIVE.includes(lemma) && lang === "de")) return null;
  const aux = spec.aux.length === 1 ? (spec.aux[0] as string) : (spec.aux[random.below(spec.aux.length)] as string);
  const auxLemma = spec.nonFinite === "part" && verbs.takesBe(lemma) ? null : aux;
  if (!auxLemma || verbs.separable(lemma) || (found.cliticBefore && lang !== "es")) return null;
  if (lang === "fr" && /\b(ne|n['’])/i.test(sentence)) return null;
  if (drop(spec.nonFinite === "part" ? NOW_OR_LATER : BEFORE_NOW) || (spec.nonFinite === "part" && drop(HABITUAL))) return null;
  const auxForm = auxLemma === "will" ? "will" : verbs.finite(auxLemma, "pres", found.person);
  const nonFinite = verbs.nonFinite(lemma, spec.nonFinite);
  if (!auxForm || !nonFinite) return null;
  const auxShown = capitalLike(verb.text, auxForm);
  // "will" has no other persons: the box offers the verb's own finite forms (bought, buys) instead.
  const auxOthers = auxLemma === "will" ? [] : others(verbs.row(auxLemma, "pres"), auxForm).map((f) => capitalLike(verb.text, f));
  const ownForms = others([...verbs.row(lemma, "pret"), ...verbs.row(lemma, "pres")], nonFinite);
  if (lang === "de") {
    // German: the auxiliary takes the verb's place, the other form goes to the end of the clause.
    if (sentence.includes(",") || found.at === 0) return null;
    const end = sentence.search(/[.?!]$/);
    const middle = sentence.slice(verb.end, end);
    if (spec.gap === "nonfinite") {
      const alternatives = [verbs.finite(lemma, "pres", found.person), verbs.nonFinite(lemma, "inf")].filter((f): f is string => !!f && f !== nonFinite);
      return { prompt: `${before}${auxShown}${middle} ${GAP}${bracket(found, lang, lemma)}${sentence.slice(end)}`, answer: nonFinite, verb: lemma, hint: false, bracket: lemma, others: alternatives };
    }
    return { prompt: `${before}${GAP}${bracket(found, lang, auxLemma)}${middle} ${nonFinite}${sentence.slice(end)}`, answer: auxShown, verb: lemma, hint: false, bracket: auxLemma, others: auxOthers };
  }
  const rest = `${spec.link ? `${spec.link} ` : ""}${nonFinite}`;
  const head = elide(lang, before, auxShown);
  if (spec.gap === "aux") return { prompt: `${head}${GAP}${bracket(found, lang, auxLemma)} ${rest}${after}`, answer: auxShown, verb: lemma, hint: false, bracket: auxLemma, others: auxOthers };
  const answer = `${auxShown} ${rest}`;
  return { prompt: head + GAP + bracket(found, lang, lemma) + after, answer, verb: lemma, hint: false, bracket: lemma, others: auxOthers.length > 0 ? auxOthers.map((a) => `${a} ${rest}`) : ownForms };
}

/** Sentences to draw on, the scene's own words first; each concept's example once. */
export function sources(context: LessonContext, random: SeededRandom): Concept[] {
  const { index, target, profile } = context;
  const atLevel = (c: Concept) => c.level <= profile.level;
  const core = context.core;
  const hosts = core.flatMap((c) => sentencesUsing(index, c, target).filter(atLevel));
  const topical = random.shuffle(context.topics.flatMap((t) => index.conceptsByTopic.get(t) ?? []).filter(atLevel));
  const seen = new Set<string>();
  const ordered = [...core, ...hosts, ...topical].filter((c) => !seen.has(c.id) && seen.add(c.id));
  return ordered;
}

/**
 * Up to `count` items for the grammar point, at least `least` when the lexicon allows: the
 * rest of the lexicon at the level is read only when the lesson's own sentences run short.
 */
export function formDrill(context: LessonContext, point: GrammarPoint, count: number): DrillItem[] {
  const { index, target, source, profile } = context;
  const verbs = drillVerbs(index, target);
  if (!verbs) return [];
  const spec = drillSpec(point, target === "en" ? null : morphologyOf(index.language(target)));
  const random = context.random.fork("form-drill");
  // A clause's first word loses its capital after a main clause unless it is a name or a German
  // noun: a word the data writes in lower case, or (outside German) one the tables know.
  const lowerCaseSeen = index.language(target).lowerCaseSeen;
  const morphology = target === "en" ? null : morphologyOf(index.language(target));
  const lowerable = (word: string) => lowerCaseSeen.has(word.toLowerCase()) || (target !== "de" && (morphology?.has(word) ?? false));
  const items: DrillItem[] = [];
  const lemmas = new Map<string, number>();
  const prompts = new Set<string>();
  // Few lemmas (ser and estar) may repeat; otherwise each item practises another verb.
  const perLemma = spec.build === "tense" && spec.lemmas && spec.lemmas.length <= 3 ? Math.ceil(count / spec.lemmas.length) : 1;
  const tryConcept = (c: Concept): boolean => {
    const sentence = c[target].ex;
    if (!fitsLength(sentence, profile.maxSentenceWords + 2)) return false;
    const built = rewrite(sentence, verbs, spec, lowerable, random);
    if (!built || prompts.has(built.prompt) || (lemmas.get(built.verb) ?? 0) >= perLemma) return false;
    prompts.add(built.prompt);
    lemmas.set(built.verb, (lemmas.get(built.verb) ?? 0) + 1);
    items.push({ prompt: built.prompt, answer: built.answer, hint: built.hint ? c[source].ex : "", lemma: built.bracket, others: built.others });
    return items.length >= count;
  };
  for (const c of sources(context, random)) if (tryConcept(c)) return items;
  const rest = random.shuffle(index.data.concepts.filter((c) => c.level <= profile.level));
  for (const c of rest) if (tryConcept(c)) return items;
  return items;
}
