// English emphasis on the lesson's own present clauses. Inversion after a fronted limiting
// adverb takes the auxiliary before the subject, "do/does" when there is none: "She drinks
// coffee." → "Rarely ____ (do) she drink coffee." (does), "The soup is hot." → "Rarely ____ (be)
// the soup hot." (is). An it-cleft focuses a thing subject with "that", never "what" (and "who"
// only for people): "The soup is too hot." → "It is the soup ____ is too hot." The verbs and
// their persons are read as form-drill.ts reads them (drill-verbs.ts).
import type { Concept } from "../lexicon-rules.ts";
import { GAP } from "../sentence-fit.ts";
import { HABITUAL } from "./drill-specs.ts";
import { drillVerbs, tokens, type FoundVerb } from "./drill-verbs.ts";
import type { DrillItem } from "./form-drill.ts";
import { PEOPLE } from "./french-relative-drill.ts";
import type { LessonContext } from "./lesson-context.ts";

const DETERMINERS = new Set("the this that these those my our your his her their".split(" "));
// "Rarely" contradicts a frequency already said ("Rarely do we always …").
const FREQUENCY = new Set([...HABITUAL.en, "sometimes", "never", "rarely", "seldom", "not", "also", "really"]);

interface EnglishClause {
  subject: string;
  found: FoundVerb;
  verb: string;
  /** Everything after the verb, with its final stop. */
  after: string;
}

function englishClause(context: LessonContext, sentence: string): EnglishClause | null {
  const verbs = drillVerbs(context.index, "en");
  if (!verbs || !/^[\p{L} ']+\.$/u.test(sentence)) return null;
  const words = tokens(sentence);
  const found = verbs.find(words);
  if (!found || found.at === 0 || words.length < 3 || words.some((w) => FREQUENCY.has(w.text.toLowerCase()))) return null;
  const verb = words[found.at]!;
  const first = words[0]!.text;
  // The sentence's first word loses its capital unless it is "I" or a name.
  const lowered = first !== "I" && context.index.language("en").lowerCaseSeen.has(first.toLowerCase()) ? first.toLowerCase() : first;
  // The subject is what stands before the verb: a pronoun or a noun phrase, not a fronted phrase.
  if (!(found.pronoun && found.at === 1) && !DETERMINERS.has(lowered) && lowered !== "a" && lowered !== "an") return null;
  return { subject: lowered + sentence.slice(words[0]!.end, verb.start).trimEnd(), found, verb: verb.text, after: sentence.slice(verb.end) };
}

/** "Rarely ____ (do) she drink coffee." The key is the auxiliary for the subject's person. */
export function inversionItem(context: LessonContext, concept: Concept): DrillItem | null {
  const clause = englishClause(context, concept.en.ex);
  if (!clause) return null;
  const { found, subject, after } = clause;
  if (found.lemma === "be") {
    const others = ["am", "is", "are", "does", "do"].filter((f) => f !== clause.verb);
    return { prompt: `Rarely ${GAP} (be) ${subject}${after}`, answer: clause.verb, hint: "", lemma: subject, others };
  }
  const answer = found.person === 2 ? "does" : "do";
  return { prompt: `Rarely ${GAP} (do) ${subject} ${found.lemma}${after}`, answer, hint: "", lemma: found.lemma, others: [answer === "do" ? "does" : "do", found.person === 2 ? "is" : "are", found.person === 2 ? "has" : "have"] };
}

/** "It is the soup ____ is too hot." A thing in focus takes "that". */
export function cleftItem(context: LessonContext, concept: Concept): DrillItem | null {
  const clause = englishClause(context, concept.en.ex);
  if (!clause || clause.found.pronoun) return null;
  const words = clause.subject.split(" ");
  const noun = words[words.length - 1] as string;
  if (words.length < 2 || !DETERMINERS.has(words[0] as string) || PEOPLE.test(noun)) return null;
  return { prompt: `It is ${clause.subject} ${GAP} (${clause.subject}) ${clause.verb}${clause.after}`, answer: "that", hint: "", lemma: clause.subject, others: ["what", "who"] };
}
