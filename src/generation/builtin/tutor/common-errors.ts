// A small set of mistakes learners of each language make again and again, as word patterns:
// missing contractions (a el → al), missing elision (je ai → j'ai), and fixed expressions built
// with the wrong verb (soy 20 años → tengo 20 años). Patterns are narrow on purpose (most need
// a lexicon noun or a number in place) so a correct sentence is not "corrected".
import type { Lang } from "../../languages.ts";
import { frenchElides } from "../articles.ts";
import type { LanguageIndex } from "../lexicon-index.ts";
import type { NoteKey } from "../ui-text/tutor-text.ts";
import type { FamilyNoteKey } from "./family-notes.ts";
import { FAMILY_RULES } from "./family-rules.ts";
import { nounSeen } from "./article-agreement.ts";
import { isNumberWord } from "./numbers.ts";
import { morphologyOf } from "../morphology/morph-index.ts";
import { coreWords } from "./core-words.ts";

/** A literal ("a|à": one of several words) or a class of words. */
type Matcher = string | "#num" | "#noun" | "#nounish" | "#noun-mn" | "#noun-f" | "#noun-n" | "#elides" | "#any";

export interface ErrorRule {
  pattern: Matcher[];
  /** `$1`…`$n` stand for the matched words as written (after spelling fixes). */
  replace: string | ((words: string[]) => string);
  note: NoteKey | FamilyNoteKey;
  /** Only at the start of the message (greetings). */
  start?: boolean;
  /**
   * Only when the match ends the message or the next word is one of these ("a|b"): "I have five
   * years" is an age said with the wrong verb, "I have five years of experience" is right.
   */
  endsOrBefore?: string;
  /** Only when the next word is one of these ("plus bon que": "n'est plus bon" is right). */
  before?: string;
  /** Never when the next word is one of these (voy en la moto is right). */
  exceptBefore?: string;
  /** Only when the whole message (case-folded) matches: a false friend is one only in its context. */
  when?: RegExp;
}

const IT_FUSED: Record<string, Record<string, string>> = {
  di: { il: "del", lo: "dello", "l'": "dell'", la: "della", i: "dei", gli: "degli", le: "delle" },
  a: { il: "al", lo: "allo", "l'": "all'", la: "alla", i: "ai", gli: "agli", le: "alle" },
  da: { il: "dal", lo: "dallo", "l'": "dall'", la: "dalla", i: "dai", gli: "dagli", le: "dalle" },
  in: { il: "nel", lo: "nello", "l'": "nell'", la: "nella", i: "nei", gli: "negli", le: "nelle" },
  su: { il: "sul", lo: "sullo", "l'": "sull'", la: "sulla", i: "sui", gli: "sugli", le: "sulle" },
};
const PT_FUSED: Record<string, Record<string, string>> = {
  de: { o: "do", a: "da", os: "dos", as: "das" },
  em: { o: "no", a: "na", os: "nos", as: "nas" },
  a: { o: "ao", a: "à", os: "aos", as: "às" },
  por: { o: "pelo", a: "pela", os: "pelos", as: "pelas" },
};
const joinFused = (table: Record<string, Record<string, string>>) => (w: string[]) => {
  const fused = table[(w[0] ?? "").toLowerCase()]?.[(w[1] ?? "").toLowerCase()] ?? `${w[0]} ${w[1]}`;
  return fused.endsWith("'") ? `${fused}${w[2]}` : `${fused} ${w[2]}`;
};
const elide = (w: string[]) => `${(w[0] ?? "").replace(/[eai]$/i, "")}'${w[1]}`;

const BASE_RULES: Record<Lang, ErrorRule[]> = {
  en: [
    { pattern: ["i", "have", "#num", "years", "old"], replace: "I am $3 years old", note: "age" },
    { pattern: ["i", "have", "#num", "years"], replace: "I am $3 years old", note: "age", endsOrBefore: "and|but|so|now|today" },
    { pattern: ["i", "am", "agree"], replace: "I agree", note: "fixed" },
    { pattern: ["depend|depends|depended", "of"], replace: "$1 on", note: "fixed" },
    { pattern: ["informations"], replace: "information", note: "fixed" },
    { pattern: ["advices"], replace: "advice", note: "fixed" },
  ],
  es: [
    { pattern: ["a", "el", "#nounish"], replace: "al $3", note: "contraction" },
    { pattern: ["de", "el", "#nounish"], replace: "del $3", note: "contraction" },
    { pattern: ["soy|estoy", "#num", "años|anos"], replace: "tengo $2 años", note: "age" },
    { pattern: ["soy|estoy", "hambre|sed|frío|frio|calor|miedo|sueño"], replace: "tengo $2", note: "feeling" },
    { pattern: ["soy", "de", "acuerdo"], replace: "estoy de acuerdo", note: "fixed" },
    { pattern: ["ola"], replace: "hola", note: "greeting", start: true },
    { pattern: ["me|te|le|nos|os|les", "gusta|encanta|interesa|duele", "los|las|mis|tus|sus|estos|estas|esos|esas|unos|unas"], replace: (w) => `${w[0]} ${w[1]}n ${w[2]}`, note: "subject_verb" },
  ],
  fr: [
    { pattern: ["de", "le", "#nounish"], replace: "du $3", note: "contraction" },
    { pattern: ["de", "les", "#any"], replace: "des $3", note: "contraction" },
    { pattern: ["à", "le", "#nounish"], replace: "au $3", note: "contraction" },
    { pattern: ["à", "les", "#any"], replace: "aux $3", note: "contraction" },
    { pattern: ["si", "il|ils"], replace: "s'$2", note: "elision" },
    { pattern: ["ce", "est|était"], replace: "c'$2", note: "elision" },
    { pattern: ["je|me|te|se|ne|de|que", "#elides"], replace: elide, note: "elision" },
    { pattern: ["j'", "suis", "#num", "ans"], replace: "j'ai $3 ans", note: "age" },
    { pattern: ["je", "suis", "#num", "ans"], replace: "j'ai $3 ans", note: "age" },
    { pattern: ["je", "suis", "faim|soif|froid|chaud|peur|sommeil"], replace: "j'ai $3", note: "feeling" },
    { pattern: ["ou", "est|sont|es|êtes|vas|va|allez|habites|habitez|travailles|travaillez"], replace: "où $2", note: "fixed", start: true },
    { pattern: ["avec|pour|chez|sans|contre|derrière|devant", "tu|je"], replace: (w) => `${w[0]} ${(w[1] ?? "").toLowerCase() === "tu" ? "toi" : "moi"}`, note: "fixed" },
    { pattern: ["a", "bientôt|demain|plus|tout|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|ce"], replace: "à $2", note: "fixed" },
  ],
  de: [
    { pattern: ["ich", "habe", "#num", "jahre", "alt"], replace: "ich bin $3 Jahre alt", note: "age" },
    { pattern: ["ich", "habe", "#num", "jahre"], replace: "ich bin $3 Jahre alt", note: "age", endsOrBefore: "und|aber|jetzt|heute" },
    { pattern: ["ich", "bin", "kalt|warm|heiß|heiss"], replace: "mir ist $3", note: "feeling" },
    { pattern: ["halo|helo|hallö"], replace: "Hallo", note: "greeting", start: true },
    { pattern: ["danke", "schon"], replace: "$1 schön", note: "fixed" },
    { pattern: ["in", "dem", "#noun-mn"], replace: "im $3", note: "contraction" },
    { pattern: ["an", "dem", "#noun-mn"], replace: "am $3", note: "contraction" },
    { pattern: ["von", "dem", "#noun-mn"], replace: "vom $3", note: "contraction" },
    { pattern: ["zu", "dem", "#noun-mn"], replace: "zum $3", note: "contraction" },
    { pattern: ["bei", "dem", "#noun-mn"], replace: "beim $3", note: "contraction" },
    { pattern: ["zu", "der", "#noun-f"], replace: "zur $3", note: "contraction" },
    { pattern: ["in", "das", "#noun-n"], replace: "ins $3", note: "contraction" },
  ],
  it: [
    { pattern: ["di|a|da|in|su", "il|lo|l'|la|i|gli|le", "#any"], replace: joinFused(IT_FUSED), note: "contraction" },
    { pattern: ["sono", "#num", "anni"], replace: "ho $2 anni", note: "age" },
    { pattern: ["sono", "fame|sete|freddo|caldo|paura|sonno"], replace: "ho $2", note: "feeling" },
    { pattern: ["chao|ciau"], replace: "ciao", note: "greeting", start: true },
    { pattern: ["mi|ti|gli|le|ci|vi", "piace", "i|gli|le|questi|queste|quei|quelle|molti|molte"], replace: "$1 piacciono $3", note: "subject_verb" },
  ],
  "pt-BR": [
    { pattern: ["de|em|a|por", "o|a|os|as", "#nounish"], replace: joinFused(PT_FUSED), note: "contraction" },
    { pattern: ["sou|estou", "#num", "anos"], replace: "tenho $2 anos", note: "age" },
    { pattern: ["ola"], replace: "olá", note: "greeting", start: true },
    { pattern: ["sou|estou", "fome|sede|frio|calor|medo|sono"], replace: "estou com $2", note: "feeling" },
  ],
};

export const ERROR_RULES: Record<Lang, ErrorRule[]> = Object.fromEntries(
  (Object.keys(BASE_RULES) as Lang[]).map((lang) => [lang, [...BASE_RULES[lang], ...FAMILY_RULES[lang]]]),
) as Record<Lang, ErrorRule[]>;

function matches(matcher: Matcher, word: string, language: LanguageIndex): boolean {
  switch (matcher) {
    case "#any":
      return /\p{L}/u.test(word);
    case "#num":
      return isNumberWord(word, language.lang);
    case "#elides":
      return frenchElides(word) || word === "y";
    case "#noun":
      return nounSeen(word, language) !== null;
    case "#nounish":
      // A lexicon noun, or a word no table knows (most likely a noun the lexicon lacks: cine, cinéma).
      return nounSeen(word, language) !== null || (/^\p{L}{3,}$/u.test(word) && !coreWords(language.lang).has(word) && !isNumberWord(word, language.lang) && (morphologyOf(language)?.read(word) ?? []).every((r) => r.pos === "noun"));
    case "#noun-mn":
    case "#noun-f":
    case "#noun-n": {
      const noun = nounSeen(word, language);
      const wanted = matcher === "#noun-mn" ? ["m", "n"] : [matcher.slice(-1)];
      return noun !== null && noun.plural !== true && wanted.includes(noun.gender);
    }
    default:
      return matcher.split("|").includes(word);
  }
}

/** Does the rule match the (lower-case) words starting at `at`? */
export function ruleMatchesAt(rule: ErrorRule, lowered: string[], at: number, language: LanguageIndex): boolean {
  if (at + rule.pattern.length > lowered.length) return false;
  if (!rule.pattern.every((m, i) => matches(m, lowered[at + i] as string, language))) return false;
  const next = lowered[at + rule.pattern.length];
  if (rule.before !== undefined && (next === undefined || !rule.before.split("|").includes(next))) return false;
  if (rule.exceptBefore !== undefined && next !== undefined && rule.exceptBefore.split("|").includes(next)) return false;
  if (rule.when && !rule.when.test(lowered.join(" "))) return false;
  return rule.endsOrBefore === undefined || next === undefined || rule.endsOrBefore.split("|").includes(next);
}

export function applyReplacement(rule: ErrorRule, written: string[]): string {
  if (typeof rule.replace === "function") return rule.replace(written);
  return rule.replace.replace(/\$(\d)/g, (_, n: string) => written[Number(n) - 1] ?? "");
}
