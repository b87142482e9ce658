// Noun phrases and agreeing words for the frame dialogues (frame-dialogue.ts), realised as
// SimpleNLG realises them: the noun's gender picks the article (articles.ts), the German case
// picks its form, and a predicative participle or adjective ("la maleta está perdida", "le
// train est retardé") takes its ending from the morphology tables of the language, so agreement
// is the engine's rule and never a second copy of it.
import type { Lang } from "../../languages.ts";
import { nounArticles, withArticle, englishIndefinite } from "../articles.ts";
import type { Concept } from "../lexicon-rules.ts";
import { frenchAdjective, frenchVerb, type FrenchData } from "../morphology/french.ts";
import { italianAdjective, italianVerb, type ItalianData } from "../morphology/italian.ts";
import { MORPH_DATA } from "../morphology/morph-index.ts";
import { portugueseAdjective, portugueseVerb, type PortugueseData } from "../morphology/portuguese.ts";
import { spanishAdjective, spanishVerb, type SpanishData } from "../morphology/spanish.ts";

/** The noun phrases a dialogue line can ask for. */
export interface NounPhrase {
  /** "the train", "el tren", nominative. */
  the: string;
  /** The same as an object: German "den Zug". */
  theObject: string;
  /** "a train", "un tren", as an object: German "einen Zug". */
  anObject: string;
  /** "my passport" as an object: "mi pasaporte", "mon passeport", "il mio passaporto", "meinen Pass". */
  myObject: string;
  /** After "with": German takes the dative ("mit meinem Pass"); elsewhere as myObject. */
  myDative: string;
  /** "another train" as an object: "otro tren", "un autre train", "einen anderen Zug". */
  anotherObject: string;
  /** Ordered as an object: a drink by the cup or glass ("a coffee", "ein Bier"), anything else as anObject. */
  anOrder: string;
  gender: "m" | "f" | "n";
}

const D = MORPH_DATA as unknown as { es: SpanishData; fr: FrenchData; it: ItalianData; "pt-BR": PortugueseData };

// Things counted by the portion, not one by one: "some bread", "un po' di frutta", "etwas Obst"
// (German "ein Obst" and Italian "una frutta" are wrong). The lexicon does not mark countability.
const MASS = new Set(["bread", "water", "fruit", "wine", "milk", "luggage", "money", "rice", "meat", "cheese", "salt", "sugar", "furniture", "music", "juice", "soup", "oil", "butter", "tea", "coffee", "beer", "pasta", "flour", "honey", "information", "advice", "help"]);
// Ordered, a drink comes by the cup or the glass: "a coffee", "una cerveza", "ein Wasser".
const SERVED = new Set(["water", "wine", "beer", "coffee", "tea", "juice", "milk"]);
const SOME: Record<Lang, string> = { en: "some", es: "un poco de", fr: "un peu de", de: "etwas", it: "un po' di", "pt-BR": "um pouco de" };

/** A noun concept as the phrases of one language (English has no gender; German three). */
export function nounPhrase(concept: Concept, lang: Lang): NounPhrase {
  const counted = countedPhrase(concept, lang);
  if (!MASS.has(concept.id)) return counted;
  const w = concept[lang].w;
  // French elides "de" before a vowel ("un peu d'eau").
  const some = lang === "fr" && /^[aeiouhéèêàâîôû]/i.test(w) ? "un peu d'" : `${SOME[lang]} `;
  return { ...counted, anObject: `${some}${w}`, anOrder: SERVED.has(concept.id) ? counted.anObject : `${some}${w}` };
}

function countedPhrase(concept: Concept, lang: Lang): NounPhrase {
  const phrase = countedForms(concept, lang);
  return { ...phrase, anOrder: phrase.anObject };
}

function countedForms(concept: Concept, lang: Lang): Omit<NounPhrase, "anOrder"> {
  const entry = concept[lang];
  const w = entry.w;
  const gender = entry.g ?? "m";
  if (lang === "en") return { the: `the ${w}`, theObject: `the ${w}`, anObject: `${englishIndefinite(w)} ${w}`, myObject: `my ${w}`, myDative: `my ${w}`, anotherObject: `another ${w}`, gender };
  const arts = nounArticles(lang, entry);
  const the = arts ? withArticle(arts.definite, w) : w;
  const an = arts ? withArticle(arts.indefinite, w) : w;
  switch (lang) {
    case "de": {
      const m = gender === "m";
      return {
        the,
        theObject: m ? `den ${w}` : the,
        anObject: m ? `einen ${w}` : an,
        myObject: `${m ? "meinen" : gender === "f" ? "meine" : "mein"} ${w}`,
        myDative: `${gender === "f" ? "meiner" : "meinem"} ${w}`,
        anotherObject: `${gender === "f" ? "eine andere" : gender === "n" ? "ein anderes" : "einen anderen"} ${w}`,
        gender,
      };
    }
    case "es":
      return { the, theObject: the, anObject: an, myObject: `mi ${w}`, myDative: `mi ${w}`, anotherObject: `${gender === "f" ? "otra" : "otro"} ${w}`, gender };
    case "fr": {
      // "mon" before a vowel even for a feminine noun (mon adresse), as "l'" elides there.
      const my = gender === "m" || the.startsWith("l'") ? "mon" : "ma";
      return { the, theObject: the, anObject: an, myObject: `${my} ${w}`, myDative: `${my} ${w}`, anotherObject: `${gender === "f" ? "une autre" : "un autre"} ${w}`, gender };
    }
    case "it":
      return { the, theObject: the, anObject: an, myObject: gender === "f" ? `la mia ${w}` : `il mio ${w}`, myDative: gender === "f" ? `la mia ${w}` : `il mio ${w}`, anotherObject: gender === "f" ? withArticle("un'", `altra ${w}`) : `un altro ${w}`, gender };
    case "pt-BR":
      return { the, theObject: the, anObject: an, myObject: `${gender === "f" ? "minha" : "meu"} ${w}`, myDative: `${gender === "f" ? "minha" : "meu"} ${w}`, anotherObject: `${gender === "f" ? "outra" : "outro"} ${w}`, gender };
  }
}

/** What can have gone wrong with a thing; each is said with a participle or adjective. */
export type State = "delayed" | "cancelled" | "lost" | "stolen" | "broken" | "closed" | "full" | "available";

// The lemma saying each state: a verb (its participle agrees) or an adjective. Italian says a
// train is "in ritardo" and German uses invariable predicatives; English does not agree.
const STATE_WORDS: Record<Exclude<Lang, "en">, Record<State, { verb?: string; adj?: string; fixed?: string }>> = {
  es: { delayed: { verb: "retrasar" }, cancelled: { verb: "cancelar" }, lost: { verb: "perder" }, stolen: { verb: "robar" }, broken: { verb: "romper" }, closed: { verb: "cerrar" }, full: { adj: "lleno" }, available: { adj: "disponible" } },
  fr: { delayed: { verb: "retarder" }, cancelled: { verb: "annuler" }, lost: { verb: "perdre" }, stolen: { verb: "voler" }, broken: { verb: "casser" }, closed: { verb: "fermer" }, full: { adj: "plein" }, available: { adj: "disponible" } },
  it: { delayed: { fixed: "in ritardo" }, cancelled: { verb: "cancellare" }, lost: { verb: "perdere" }, stolen: { verb: "rubare" }, broken: { verb: "rompere" }, closed: { verb: "chiudere" }, full: { adj: "pieno" }, available: { adj: "disponibile" } },
  "pt-BR": { delayed: { verb: "atrasar" }, cancelled: { verb: "cancelar" }, lost: { verb: "perder" }, stolen: { verb: "roubar" }, broken: { verb: "quebrar" }, closed: { verb: "fechar" }, full: { adj: "cheio" }, available: { adj: "disponível" } },
  de: { delayed: { fixed: "verspätet" }, cancelled: { fixed: "gestrichen" }, lost: { fixed: "verloren" }, stolen: { fixed: "gestohlen" }, broken: { fixed: "kaputt" }, closed: { fixed: "geschlossen" }, full: { fixed: "voll" }, available: { fixed: "verfügbar" } },
};

const ENGLISH_STATE: Record<State, string> = { delayed: "delayed", cancelled: "cancelled", lost: "lost", stolen: "stolen", broken: "broken", closed: "closed", full: "full", available: "available" };

/** The state agreeing with a singular noun of the gender: "perdida", "retardé", "rotto". */
export function stateWord(state: State, lang: Lang, gender: "m" | "f" | "n"): string {
  if (lang === "en") return ENGLISH_STATE[state];
  const word = STATE_WORDS[lang][state];
  if (word.fixed) return word.fixed;
  const slot = gender === "f" ? 1 : 0;
  if (word.verb) {
    const part = lang === "es" ? spanishVerb(word.verb, D.es).part : lang === "fr" ? frenchVerb(word.verb, D.fr).part : lang === "it" ? italianVerb(word.verb, D.it).part : portugueseVerb(word.verb, D["pt-BR"]).part;
    return part[slot] ?? word.verb;
  }
  const adj = word.adj ?? "";
  const forms = lang === "es" ? spanishAdjective(adj).forms : lang === "fr" ? frenchAdjective(adj).forms : lang === "it" ? italianAdjective(adj).forms : portugueseAdjective(adj).forms;
  return forms[slot];
}
