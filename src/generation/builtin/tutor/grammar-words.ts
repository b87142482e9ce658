// The closed word classes the grammar checks look for, per language: subject pronouns with the
// person (0..5 = 1sg..3pl) and gender they fix, words that open a clause, words that may stand
// between a subject and its verb (negation, object pronouns), copulas and the auxiliary swaps.
import type { Lang } from "../../languages.ts";
import type { Gender } from "../morphology/morph-types.ts";

export interface Pronoun {
  /** Persons the pronoun can be the subject of (German sie: she or they). */
  persons: number[];
  gender: Gender | null;
}

const p = (persons: number[], gender: Gender | null = null): Pronoun => ({ persons, gender });

export const SUBJECT_PRONOUNS: Partial<Record<Lang, Record<string, Pronoun>>> = {
  es: { yo: p([0]), tú: p([1]), él: p([2], "m"), ella: p([2], "f"), usted: p([2]), nosotros: p([3], "m"), nosotras: p([3], "f"), vosotros: p([4], "m"), vosotras: p([4], "f"), ellos: p([5], "m"), ellas: p([5], "f"), ustedes: p([5]) },
  fr: { je: p([0]), j: p([0]), tu: p([1]), il: p([2], "m"), elle: p([2], "f"), on: p([2]), nous: p([3]), vous: p([4]), ils: p([5], "m"), elles: p([5], "f") },
  it: { io: p([0]), tu: p([1]), lui: p([2], "m"), lei: p([2], "f"), noi: p([3]), voi: p([4]), loro: p([5]) },
  "pt-BR": { eu: p([0]), tu: p([1]), ele: p([2], "m"), ela: p([2], "f"), você: p([2]), nós: p([3]), eles: p([5], "m"), elas: p([5], "f"), vocês: p([5]) },
  de: { ich: p([0]), du: p([1]), er: p([2], "m"), es: p([2]), man: p([2]), wir: p([3]), ihr: p([4]), sie: p([2, 5]) },
};

/** Words after which a new clause (with its own subject) starts. */
export const CLAUSE_OPENERS: Partial<Record<Lang, Set<string>>> = {
  es: new Set("y e o u pero que porque cuando si aunque pues mientras donde como".split(" ")),
  fr: new Set("et mais ou que qu quand parce si car donc puis lorsque lorsqu comme".split(" ")),
  it: new Set("e ed ma o che quando perché se poi mentre come".split(" ")),
  "pt-BR": new Set("e mas ou que quando porque se enquanto como".split(" ")),
  // German subordinate clauses put the verb last, so only coordinating words open a clause here.
  de: new Set("und aber oder denn sondern".split(" ")),
};

/** Words that can stand between a subject pronoun and its verb. */
export const BETWEEN_SUBJECT_AND_VERB: Partial<Record<Lang, Set<string>>> = {
  es: new Set("no me te se lo la le nos os los las les ya también siempre nunca".split(" ")),
  fr: new Set("ne n me m te t se s le la l les lui leur y en nous vous".split(" ")),
  it: new Set("non mi ti si ci vi lo la li le gli ne già anche sempre mai".split(" ")),
  "pt-BR": new Set("não me te se o a os as lhe lhes nos já também sempre nunca".split(" ")),
  de: new Set<string>(),
};

export const PREPOSITIONS: Partial<Record<Lang, Set<string>>> = {
  es: new Set("a con de en para por sin sobre entre hacia hasta desde según contra".split(" ")),
  fr: new Set("à avec de d en pour par sans sur sous chez entre vers contre".split(" ")),
  it: new Set("a con di da in per su tra fra senza".split(" ")),
  "pt-BR": new Set("a com de em para por sem sobre entre até".split(" ")),
  de: new Set("mit nach bei von zu aus für durch gegen ohne um in an auf unter über vor hinter neben zwischen".split(" ")),
};

/** Lemmas of the copulas that take a predicate adjective. */
export const COPULAS: Partial<Record<Lang, string[]>> = {
  es: ["ser", "estar", "parecer"],
  fr: ["être", "sembler", "devenir", "rester"],
  it: ["essere", "stare", "sembrare", "diventare", "restare"],
  "pt-BR": ["ser", "estar", "ficar", "parecer"],
};

/** Auxiliary "have" → "be" for the verbs that form their perfect with "be". */
export const AUX_SWAP: Partial<Record<Lang, { have: string; be: string; forms: Record<string, string> }>> = {
  it: {
    have: "avere",
    be: "essere",
    forms: { ho: "sono", hai: "sei", ha: "è", abbiamo: "siamo", avete: "siete", hanno: "sono", avevo: "ero", avevi: "eri", aveva: "era", avevamo: "eravamo", avevate: "eravate", avevano: "erano" },
  },
  fr: {
    have: "avoir",
    be: "être",
    forms: { ai: "suis", as: "es", a: "est", avons: "sommes", avez: "êtes", ont: "sont", avais: "étais", avait: "était", avions: "étions", aviez: "étiez", avaient: "étaient" },
  },
  de: {
    have: "haben",
    be: "sein",
    forms: { habe: "bin", hast: "bist", hat: "ist", haben: "sind", habt: "seid", hatte: "war", hattest: "warst", hatten: "waren", hattet: "wart" },
  },
};

/** Person of each auxiliary form (for the participle's number). */
export const AUX_PERSON: Record<string, number> = {
  ho: 0, hai: 1, ha: 2, abbiamo: 3, avete: 4, hanno: 5, avevo: 0, avevi: 1, aveva: 2, avevamo: 3, avevate: 4, avevano: 5,
  ai: 0, as: 1, a: 2, avons: 3, avez: 4, ont: 5, avais: 0, avait: 2, avions: 3, aviez: 4, avaient: 5,
  habe: 0, hast: 1, hat: 2, haben: 3, habt: 4, hatte: 2, hattest: 1, hatten: 3, hattet: 4,
};

/** French verbs after which a second verb stands in the infinitive (je veux manger). */
export const FR_INFINITIVE_AFTER = new Set(
  "veux veut voulons voulez veulent voudrais voudrait voudrions voudriez voudraient peux peut pouvons pouvez peuvent pourrais pourrait dois doit devons devez doivent vais vas va allons allez vont aime aimes aimons aimez aiment aimerais aimerait préfère préfères préférons préférez préfèrent sais sait savons savez savent faut".split(" "),
);

/** French forms of avoir that make a passé composé with the participle (j'ai mangé). */
export const FR_AVOIR = new Set("ai as a avons avez ont".split(" "));

/** German: words that may stand between an accusative verb and its object. */
export const DE_ADVERBS = new Set("gern gerne auch noch heute morgen gestern jetzt bitte immer oft wirklich nur schon bald hier dort dann".split(" "));

/** German determiners whose masculine accusative adds -en. */
export const DE_ACCUSATIVE: Record<string, string> = { ein: "einen", kein: "keinen", mein: "meinen", dein: "deinen", sein: "seinen", ihr: "ihren", unser: "unseren", euer: "euren", der: "den" };
/** A determiner of another gender before a masculine object: its accusative form ("Ich nehme eine Tee" → einen Tee). */
export const DE_ACCUSATIVE_FROM_OTHER_GENDER: Record<string, string> = { eine: "einen", keine: "keinen", meine: "meinen", deine: "deinen", seine: "seinen", die: "den", das: "den" };
