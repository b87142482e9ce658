// Practice items for the object pronouns (es/fr/it/pt_object_pronouns): a lexicon sentence whose
// present verb takes a definite noun phrase as its direct object is turned round as the point's
// own examples are ("Le livre ? Je le lis en ce moment."): the noun phrase is named first and the
// pronoun replacing it is gapped before the verb, "¿El billete? ____ (el billete → pronombre)
// compro en la estación." The key is the direct-object pronoun of the noun's gender and number
// in the lexicon; the box offers the other object pronouns, wrong for that noun.
import type { Lang } from "../../languages.ts";
import { nounArticles } from "../articles.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import { MORPH_DATA } from "../morphology/morph-index.ts";
import { GAP } from "../sentence-fit.ts";
import { foldCase } from "../text-normalise.ts";
import { nounSeen } from "../tutor/article-agreement.ts";
import { COPULAS } from "../tutor/grammar-words.ts";
import { capitalLike, collectItems, type PointItem } from "./drill-collect.ts";
import { drillVerbs, tokens, type DrillVerbs } from "./drill-verbs.ts";
import type { DrillItem } from "./form-drill.ts";
import type { LessonContext } from "./lesson-context.ts";

type PronounLang = "es" | "fr" | "it" | "pt-BR";

/** Direct-object pronouns of the third person: masculine and feminine, singular and plural. */
export const DIRECT_OBJECT: Record<PronounLang, { m: string; f: string; mpl: string; fpl: string }> = {
  es: { m: "lo", f: "la", mpl: "los", fpl: "las" },
  fr: { m: "le", f: "la", mpl: "les", fpl: "les" },
  it: { m: "lo", f: "la", mpl: "li", fpl: "le" },
  "pt-BR": { m: "o", f: "a", mpl: "os", fpl: "as" },
};

// The other object pronouns, real and wrong for a thing named as the direct object: indirect
// ones (lui, gli, lhe), en and ne (a quantity), Spanish se and the first persons. Spanish le is
// left out: Spain says "le veo" of a man (leísmo), so it may be right for a person.
const OTHER_PRONOUNS: Record<PronounLang, string[]> = {
  es: ["se", "me", "nos"],
  fr: ["lui", "leur", "en"],
  it: ["gli", "ne"],
  "pt-BR": ["lhe"],
};

const BRACKET_WORD: Record<PronounLang, string> = { es: "pronombre", fr: "pronom", it: "pronome", "pt-BR": "pronome" };

// What may follow the noun phrase: the end of the sentence, or an adjunct that is not part of it
// (a place, a time), so replacing "el pan" leaves no word of the phrase behind ("el pan de ayer").
const AFTER_PHRASE: Record<PronounLang, string[]> = {
  es: "en a al para por con desde hasta durante sin cerca hoy mañana ahora cada todos todas siempre aquí allí también antes después esta este".split(" "),
  fr: "à au aux en pour par avec dans sur depuis chez sans sous près pendant demain maintenant chaque tous toutes ici là aussi avant après ce cette le".split(" "),
  it: "a al alla in nel nella per con su sul senza durante oggi domani adesso ora ogni tutti tutte qui lì anche prima dopo questa questo stasera".split(" "),
  "pt-BR": "em no na a ao para por com desde até durante sem perto hoje amanhã agora cada todos todas aqui ali também antes depois esta este".split(" "),
};

const DEFINITE_ARTICLE: Record<PronounLang, RegExp> = {
  es: /^\s+(el|la|los|las)\s+([\p{L}]+)/u,
  fr: /^\s+(le|la|les|l['’])\s*([\p{L}]+)/u,
  it: /^\s+(il|lo|la|i|gli|le|l['’])\s*([\p{L}]+)/u,
  "pt-BR": /^\s+(o|a|os|as)\s+([\p{L}]+)/u,
};

const OPEN_QUESTION: Partial<Record<PronounLang, string>> = { es: "¿" };
const QUESTION_MARK: Record<PronounLang, string> = { es: "?", fr: " ?", it: "?", "pt-BR": "?" };

const transitive = new WeakMap<LexiconIndex, Map<Lang, Set<string>>>();

/**
 * Verbs taking a direct object, in the target language: the German tables' accusative verbs
 * (data/morphology/de.json) read across the lexicon's concepts (kaufen → comprar, acheter).
 * Verbs of liking and missing are left out: Spanish, Italian and French say them with the thing
 * as the subject (me gusta el pan, mi manca il mare).
 */
export function transitiveVerbs(index: LexiconIndex, lang: Lang): Set<string> {
  let byLang = transitive.get(index);
  if (!byLang) transitive.set(index, (byLang = new Map()));
  let found = byLang.get(lang);
  if (!found) {
    const german = new Set(MORPH_DATA.de.accusative_verbs.split(" ").filter((v) => !["mögen", "möchten", "vermissen"].includes(v)));
    found = new Set(index.data.concepts.filter((c) => c.pos === "verb" && german.has(c.de.w)).map((c) => c[lang].w));
    byLang.set(lang, found);
  }
  return found;
}

// The subject a Brazilian clause gets when it had none and its person is certain from the form.
const PT_SUBJECT: Partial<Record<number, string>> = { 0: "Eu", 3: "Nós" };

const VOWEL_START = /^[aeiouàâäéèêëîïôöûùühy]/i;

function pronounItem(sentence: string, lang: PronounLang, index: LexiconIndex, verbs: DrillVerbs): PointItem | null {
  if (!/\.$/.test(sentence) || /["«»“”:;!,]/.test(sentence)) return null;
  const words = tokens(sentence);
  const found = verbs.find(words);
  // Italian says a thing one has with ci (ce l'ho), which a lone pronoun gap would leave out.
  if (!found || found.cliticBefore || COPULAS[lang]?.includes(found.lemma) || (lang === "it" && found.lemma === "avere")) return null;
  // The noun phrase after the verb is its object when the verb takes one and the subject is
  // elsewhere: a French clause has it before the verb, a first or second person or a subject
  // pronoun names it; after another third person it may be the subject (llega el tren).
  const subjectElsewhere = lang === "fr" || found.pronoun || (found.person !== 2 && found.person !== 5);
  if (!subjectElsewhere && !transitiveVerbs(index, lang).has(found.lemma)) return null;
  const verb = words[found.at] as (typeof words)[number];
  // A verb first without a subject is a command where it reads as one (cómpralo); French has no
  // such clause, and Brazilian Portuguese does not start one with o/a: it gets its subject (eu, nós).
  if (found.at === 0 && (found.imperative || lang === "fr" || (lang === "pt-BR" && !PT_SUBJECT[found.person]))) return null;
  const phrase = DEFINITE_ARTICLE[lang].exec(sentence.slice(verb.end));
  if (!phrase) return null;
  const [whole, article, nounText] = phrase as unknown as [string, string, string];
  const language = index.language(lang);
  const noun = nounSeen(nounText, language);
  // A time is no object: "Trabajamos el lunes" says when, and "lo trabajamos" would not replace it.
  if (!noun || noun.plural === null || !noun.entry.g || language.forms.get(foldCase(nounText))?.some((f) => f.concept.topics.includes("time_calendar"))) return null;
  const arts = nounArticles(lang, noun.entry);
  const expected = noun.plural ? arts?.definitePlural : arts?.definite;
  if (!expected || foldCase(expected) !== foldCase(article).replace("’", "'")) return null;
  const rest = sentence.slice(verb.end + whole.length);
  const next = (rest.match(/^\s+([\p{L}]+)/u)?.[1] ?? "").toLowerCase();
  if (!/^[.]$/.test(rest) && !AFTER_PHRASE[lang].includes(next)) return null;
  const pronouns = DIRECT_OBJECT[lang];
  const female = noun.entry.g === "f";
  const full = noun.plural ? (female ? pronouns.fpl : pronouns.mpl) : female ? pronouns.f : pronouns.m;
  // French and Italian elide a singular pronoun before a vowel: je l'achète, l'aspetto.
  const key = (lang === "fr" || lang === "it") && !noun.plural && VOWEL_START.test(verb.text) ? "l'" : full;
  const named = sentence.slice(verb.end, verb.end + whole.length).trim();
  const before = found.at === 0 && lang === "pt-BR" ? `${PT_SUBJECT[found.person] as string} ` : sentence.slice(0, verb.start);
  // A French word elided before the verb is written whole before the pronoun: j'ouvre → je l'ouvre.
  const head = lang === "fr" ? before.replace(/(^|\s)(j|n|m|t|s|qu)['’]$/i, "$1$2e ") : before;
  const answer = head === "" ? capitalLike("X", key) : key;
  const verbShown = found.at === 0 ? verb.text.toLocaleLowerCase() : verb.text;
  const question = `${OPEN_QUESTION[lang] ?? ""}${capitalLike("X", named)}${QUESTION_MARK[lang]}`;
  const prompt = `${question} ${head}${GAP} (${named} → ${BRACKET_WORD[lang]}) ${verbShown}${rest}`;
  const others = [...new Set([...Object.values(pronouns), ...OTHER_PRONOUNS[lang]])].filter((p) => p !== key).map((p) => (head === "" ? capitalLike("X", p) : p));
  return { prompt, answer, noun: noun.entry.w, others };
}

/** Gap items on the direct-object pronoun replacing a noun phrase of the lesson's sentences. */
export function pronounDrill(context: LessonContext, lang: PronounLang, count: number): DrillItem[] {
  const verbs = drillVerbs(context.index, lang);
  if (!verbs || context.target !== lang) return [];
  return collectItems(context, count, "pronoun-drill", (s) => pronounItem(s, lang, context.index, verbs));
}
