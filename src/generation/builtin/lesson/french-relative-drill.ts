// French relative pronouns on the lesson's own sentences: a noun of the sentence becomes the
// antecedent and the pronoun follows its role there: the subject takes qui ("Le train part à
// huit heures." → "C'est le train ____ part à huit heures."), a direct object que, a place
// after dans où, an object of parler de / avoir besoin de dont, and a noun after avec, pour,
// sur or sous lequel, laquelle, lesquels or lesquelles by the lexicon's gender and number.
import type { Concept } from "../lexicon-rules.ts";
import { GAP } from "../sentence-fit.ts";
import { drillVerbs, tokens } from "./drill-verbs.ts";
import type { DrillItem } from "./form-drill.ts";
import type { LessonContext } from "./lesson-context.ts";

export const FRENCH_RELATIVE_PRONOUNS = ["qui", "que", "dont", "où", "lequel", "laquelle", "lesquels", "lesquelles"];

interface FrenchNoun {
  gender: "m" | "f";
  plural: boolean;
  person: boolean;
  place: boolean;
}

// People are asked with "avec qui", not "avec lequel": the lexicon does not mark them, their words do.
export const PEOPLE = /^(friend|child|boy|girl|man|woman|person|people|baby|doctor|nurse|teacher|student|waiter|waitress|driver|neighbou?r|guest|customer|client|colleague|boss|manager|owner|guide|tourist|police|officer|king|queen|knight|brother|sister|mother|father|son|daughter|uncle|aunt|cousin|wife|husband|parent|grandparent|grandmother|grandfather|pharmacist|seller|vendor|landlord|tenant|receptionist|chef|cook|farmer|fisherman|captain|sailor|soldier|servant|lord|lady|artist|singer|actor|writer|author|player|coach|team)/;

const nounIndexes = new WeakMap<object, Map<string, FrenchNoun[]>>();

function frenchNouns(context: LessonContext): Map<string, FrenchNoun[]> {
  let map = nounIndexes.get(context.index);
  if (!map) {
    map = new Map();
    for (const c of context.index.data.concepts) {
      const e = c.fr;
      if (c.pos !== "noun" || (e.g !== "m" && e.g !== "f") || e.w.includes(" ")) continue;
      const person = PEOPLE.test(c.en.w) || c.topics.includes("family");
      const add = (form: string, plural: boolean) => map?.set(form.toLowerCase(), [...(map.get(form.toLowerCase()) ?? []), { gender: e.g as "m" | "f", plural, person, place: c.topics.some((t) => PLACE_TOPICS.includes(t)) && !c.topics.includes("food_drink") }]);
      if (e.art !== "les") add(e.w, false);
      if (e.pl && e.pl !== e.w) add(e.pl, true);
    }
    nounIndexes.set(context.index, map);
  }
  return map;
}

const ARTICLE = String.raw`(le |la |les |l')`;
// The noun ends its phrase: the sentence's end or a word that starts another phrase. An
// adjective or "de" after it would be left behind ("sur la place principale").
const NOUN = String.raw`(\p{L}+)(?=\.| (?:à|au|aux|avec|pour|dans|sur|en|après|avant|depuis|pendant|chaque|tous|toutes|le|la|les|un|une|ce|cette|quand|parce) )`;
// Places a clause can happen in: "où" stands for "dans le potager", never "dans le beurre"
// (a food is no place, though the farm's topic has both).
const PLACE_TOPICS = ["city", "home", "nature", "directions", "lodging", "travel", "harbour", "farm", "castle_history", "school"];

/** The noun after an article, if the article's gender and number agree with the lexicon's. */
function agreeing(context: LessonContext, article: string, form: string): FrenchNoun | null {
  const readings = (frenchNouns(context).get(form.toLowerCase()) ?? []).filter((n) => (article === "les " ? n.plural : !n.plural && (article === "l'" || (article === "le " ? n.gender === "m" : n.gender === "f"))));
  const genders = new Set(readings.map((r) => `${r.gender}${r.plural}`));
  return readings.length > 0 && genders.size === 1 ? (readings[0] as FrenchNoun) : null;
}

function lequel(noun: FrenchNoun): string {
  return noun.plural ? (noun.gender === "m" ? "lesquels" : "lesquelles") : noun.gender === "m" ? "lequel" : "laquelle";
}

function item(np: string, noun: FrenchNoun, gapped: string, answer: string, clause: string): DrillItem {
  const main = noun.plural ? "Ce sont" : "C'est";
  return { prompt: `${main} ${np} ${gapped} (${np}) ${clause}`.replace(/\s+\./, ".").replace(/\s{2,}/g, " "), answer, hint: "", lemma: np, others: FRENCH_RELATIVE_PRONOUNS.filter((p) => p !== answer) };
}

export function frenchRelativeItem(context: LessonContext, concept: Concept, n: number): DrillItem | null {
  const sentence = concept.fr.ex;
  const verbs = drillVerbs(context.index, "fr");
  if (!verbs || !sentence.endsWith(".") || /[,;:"!?«»“”]/.test(sentence)) return null;
  const words = tokens(sentence);
  const found = verbs.find(words);
  if (!found || found.at === 0) return null;
  const verb = words[found.at]!;
  const before = sentence.slice(0, verb.start);
  const after = sentence.slice(verb.end);
  const lowered = before.charAt(0).toLowerCase() + before.slice(1);
  const candidates: DrillItem[] = [];
  // The subject: "Le train part …" → "C'est le train qui part …".
  const subject = new RegExp(String.raw`^${ARTICLE}(\p{L}+) $`, "iu").exec(before);
  if (subject && !found.pronoun) {
    const article = (subject[1] as string).toLowerCase();
    const noun = agreeing(context, article, subject[2] as string);
    if (noun && (noun.plural ? found.person === 5 : found.person === 2)) candidates.push(item(`${article}${subject[2]}`, noun, GAP, "qui", `${verb.text}${after}`));
  }
  if (found.pronoun) {
    const spot = (pattern: string) => new RegExp(pattern, "iu").exec(after);
    const without = (m: RegExpExecArray) => `${lowered}${verb.text}${after.slice(0, m.index)}${after.slice(m.index + m[0].length)}`;
    // A direct object right after the verb (not a copula): "Je prends le train." → "que je prends".
    const object = spot(`^ ${ARTICLE}${NOUN}`);
    if (object && !["être", "devenir", "rester", "sembler"].includes(found.lemma) && !/^[aeiouhéèêàâîôû]/i.test(lowered)) {
      const noun = agreeing(context, (object[1] as string).toLowerCase(), object[2] as string);
      if (noun) candidates.push(item(`${object[1]}${object[2]}`.toLowerCase(), noun, GAP, "que", without(object)));
    }
    const place = spot(` dans ${ARTICLE}${NOUN}`);
    if (place) {
      const noun = agreeing(context, (place[1] as string).toLowerCase(), place[2] as string);
      if (noun && noun.place && !noun.person) candidates.push(item(`${place[1]}${place[2]}`.toLowerCase(), noun, GAP, "où", without(place)));
    }
    const tool = spot(` (avec|pour|sur|sous) ${ARTICLE}${NOUN}`);
    if (tool) {
      const noun = agreeing(context, (tool[2] as string).toLowerCase(), tool[3] as string);
      if (noun && !noun.person) candidates.push(item(`${tool[2]}${tool[3]}`.toLowerCase(), noun, `${tool[1]} ${GAP}`, lequel(noun), without(tool)));
    }
    // parler de, avoir besoin de: "Nous parlons du film." → "C'est le film dont nous parlons."
    const of = /^(parler|avoir)$/.test(found.lemma) ? spot(`^ (?:besoin )?(du |de la |de l'|des )${NOUN}(?= |\\.)`) : null;
    if (of && (found.lemma === "parler" || of[0].includes("besoin"))) {
      const article = ({ "du ": "le ", "de la ": "la ", "de l'": "l'", "des ": "les " } as Record<string, string>)[(of[1] as string).toLowerCase()] as string;
      const noun = agreeing(context, article, of[2] as string);
      const kept = of[0].includes("besoin") ? " besoin" : "";
      if (noun) candidates.push(item(`${article}${of[2]}`.toLowerCase(), noun, GAP, "dont", `${lowered}${verb.text}${kept}${after.slice(of.index + of[0].length)}`));
    }
  }
  if (candidates.length === 0) return null;
  return candidates[n % candidates.length] as DrillItem;
}
