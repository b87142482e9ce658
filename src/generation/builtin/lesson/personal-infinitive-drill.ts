// The Portuguese personal infinitive on the lesson's own present clauses: "Eu compro pão."
// → "É importante nós ____ (comprar) pão." (comprarmos). The key is the tables' personal
// infinitive for the clause's person (morphology/portuguese.ts: the infinitive, -es, -mos, -em),
// after an impersonal expression, where the point's own examples put it (É melhor vocês saírem).
import type { Concept } from "../lexicon-rules.ts";
import { morphologyOf } from "../morphology/morph-index.ts";
import { GAP } from "../sentence-fit.ts";
import { drillVerbs, tokens } from "./drill-verbs.ts";
import type { DrillItem } from "./form-drill.ts";
import type { LessonContext } from "./lesson-context.ts";

const IMPERSONAL = ["É importante", "É melhor", "É bom"];
// The infinitive takes an ending only in the plural and with tu (comprarmos, comprarem,
// comprares): a singular subject pronoun is made plural so the key is never the bare infinitive
// of the brackets, and a subjectless first person becomes "nós".
const PLURAL_PRONOUN: Record<string, string> = { eu: "nós", ele: "eles", ela: "elas", você: "vocês", nós: "nós", eles: "eles", elas: "elas", vocês: "vocês", tu: "tu" };
const PERSON_OF: Record<string, number> = { tu: 1, nós: 3, eles: 5, elas: 5, vocês: 5 };
// Clauses already subordinate, or joined to a second verb, are left out.
const LINKS = /\b(que|se|quando|porque|e|mas|ou|como|onde)\b/i;
// Possessives that belong to the singular subject the rewrite would make plural.
const OWN = /\b(meu|minha|meus|minhas|seu|sua|seus|suas|teu|tua)\b/i;

/** Personal infinitive slot by person: the tables list the infinitive, then -, -es, -mos, -em. */
const SLOT: Record<number, number> = { 1: 2, 3: 3, 5: 4 };

export function personalInfinitiveItem(context: LessonContext, concept: Concept, n: number): DrillItem | null {
  const sentence = concept["pt-BR"].ex;
  const verbs = drillVerbs(context.index, "pt-BR");
  const m = morphologyOf(context.index.language("pt-BR"));
  if (!verbs || !m || !sentence.endsWith(".") || /[,;:"!?«»“”]/.test(sentence) || LINKS.test(sentence) || /por favor/i.test(sentence)) return null;
  const words = tokens(sentence);
  const found = verbs.find(words);
  if (!found || found.cliticBefore || words.length < 3) return null;
  const verb = words[found.at]!;
  const paradigm = m.verbs.get(found.lemma);
  if (!paradigm) return null;
  // The subject: a pronoun (made plural), the verb's own first person, or a plural noun phrase.
  let subject: string;
  let person: number;
  const pronounAt = words.slice(0, found.at).findIndex((w) => PLURAL_PRONOUN[w.text.toLowerCase()] !== undefined);
  if (found.at === 0) {
    if ((found.person !== 0 && found.person !== 3) || (found.person === 0 && OWN.test(sentence))) return null;
    [subject, person] = ["nós ", 3];
  } else if (found.pronoun && pronounAt === 0) {
    const plural = PLURAL_PRONOUN[words[0]!.text.toLowerCase()] as string;
    if (plural !== words[0]!.text.toLowerCase() && OWN.test(sentence)) return null;
    [subject, person] = [plural + sentence.slice(words[0]!.end, verb.start), PERSON_OF[plural] as number];
  } else if (!found.pronoun && found.person === 5 && /^(os|as|estes|estas|esses|essas|meus|minhas|nossos|nossas)$/i.test(words[0]!.text)) {
    [subject, person] = [words[0]!.text.toLowerCase() + sentence.slice(words[0]!.end, verb.start), 5];
  } else return null;
  const answer = paradigm.inf[SLOT[person] as number];
  if (!answer) return null;
  const others = [...new Set([...paradigm.inf.slice(1), paradigm.finite.pres?.[person]].filter((f): f is string => !!f && f !== answer))];
  const lead = IMPERSONAL[n % IMPERSONAL.length];
  return { prompt: `${lead} ${subject}${GAP} (${found.lemma})${sentence.slice(verb.end)}`, answer, hint: "", lemma: found.lemma, others };
}
