// The passive "se"/"si" of the formal registers on the lesson's own clauses with a direct
// object, its subject dropped: "Vendemos casas." → "Se ____ (vender) casas." (venden), "Il
// cameriere porta il pane." → "Si ____ (portare) il pane." (porta). The verb takes the number of the thing affected (grammar.json:
// "the verb agrees with the thing affected"), read from its article or the lexicon's plural;
// the key is the tables' third person of the present in that number.
import type { Lang } from "../../languages.ts";
import type { Concept } from "../lexicon-rules.ts";
import { morphologyOf } from "../morphology/morph-index.ts";
import { GAP } from "../sentence-fit.ts";
import { SUBJECT_PRONOUNS } from "./drill-specs.ts";
import { drillVerbs, tokens } from "./drill-verbs.ts";
import type { DrillItem } from "./form-drill.ts";
import type { LessonContext } from "./lesson-context.ts";

interface SeLanguage {
  se: string;
  singular: string[];
  plural: string[];
  negation: string;
  possessive: string[];
  /** Verbs without a passive: no direct object, a state (ser, tener, piacere) or a wish (querer). */
  intransitive: string[];
}

const SE: Partial<Record<Lang, SeLanguage>> = {
  es: { se: "se", singular: "el la un una este esta ese esa mucho mucha".split(" "), plural: "los las unos unas estos estas esos esas muchos muchas dos tres cuatro cinco varios varias".split(" "), negation: "no", possessive: "mi mis tu tus su sus nuestro nuestra nuestros nuestras".split(" "), intransitive: "ser estar ir venir tener haber gustar encantar quedar parecer llamar vivir salir llegar querer poder deber saber soler".split(" ") },
  it: { se: "si", singular: "il lo la l un uno una questo questa quel molto molta".split(" "), plural: "i gli le questi queste molti molte due tre quattro cinque".split(" "), negation: "non", possessive: "mio mia miei mie tuo tua suo sua nostro nostra".split(" "), intransitive: "essere stare andare venire avere piacere sembrare chiamare vivere uscire arrivare volere potere dovere sapere".split(" ") },
};

export function impersonalSeItem(context: LessonContext, concept: Concept): DrillItem | null {
  const lang = context.target;
  const table = SE[lang];
  const verbs = drillVerbs(context.index, lang);
  const m = morphologyOf(context.index.language(lang));
  const sentence = concept[lang].ex;
  // Plain clauses only (Italian elisions too: "L'autore usa il mare …").
  if (!table || !verbs || !m || !/^[\p{L} ']+\.$/u.test(sentence)) return null;
  const words = tokens(sentence);
  const found = verbs.find(words);
  if (!found || found.cliticBefore || table.intransitive.includes(found.lemma)) return null;
  // The subject is dropped: a subject pronoun, or a noun phrase ("El camarero trae el pan." →
  // "Se trae el pan."); only the negation before the verb stays.
  const before = words.slice(0, found.at).map((w) => w.text.toLowerCase());
  const pronounSubject = before.every((w) => w === table.negation || SUBJECT_PRONOUNS[lang].some((p) => p.includes(w)));
  const nounSubject = !found.pronoun && before.length >= 2 && [...table.singular, ...table.plural, ...table.possessive].includes(before[0] as string) && before.slice(0, -1).every((w) => w !== table.negation);
  if (!pronounSubject && !nounSubject) return null;
  const next = words[found.at + 1]?.text.toLowerCase();
  const noun = words[found.at + 2]?.text.toLowerCase();
  if (!next) return null;
  // A time after the verb is no object ("abre los domingos"): its number is not the verb's.
  const headNoun = table.plural.includes(next) || table.singular.includes(next) ? noun : next;
  if (context.index.data.concepts.some((c) => c.pos === "noun" && c.topics.includes("time_calendar") && (c[lang].w === headNoun || c[lang].pl === headNoun))) return null;
  let plural: boolean;
  if (table.plural.includes(next)) plural = true;
  else if (table.singular.includes(next)) plural = false;
  else {
    // A bare noun: its number from the lexicon (casas is a plural, pan a singular).
    const nouns = context.index.data.concepts.filter((c) => c.pos === "noun" && (c[lang].w === next || c[lang].pl === next));
    const numbers = new Set(nouns.map((c) => c[lang].pl === next && c[lang].w !== next));
    if (numbers.size !== 1) return null;
    plural = [...numbers][0] as boolean;
  }
  if (noun === undefined && !/^\p{L}/u.test(next)) return null;
  const paradigm = m.verbs.get(found.lemma);
  const answer = paradigm?.finite.pres?.[plural ? 5 : 2];
  if (!paradigm || !answer) return null;
  const negated = before.includes(table.negation);
  const head = `${negated ? `${table.negation.charAt(0).toUpperCase()}${table.negation.slice(1)} ${table.se}` : `${table.se.charAt(0).toUpperCase()}${table.se.slice(1)}`}`;
  const others = [...new Set([paradigm.finite.pres?.[plural ? 2 : 5], paradigm.finite.pres?.[found.person]].filter((f): f is string => !!f && f !== answer))];
  return { prompt: `${head} ${GAP} (${found.lemma})${sentence.slice(words[found.at]!.end)}`, answer, hint: "", lemma: found.lemma, others };
}
