// What the morphology tables say about a word form: which lemma it belongs to and which
// inflection it is. A form can have several readings ("sono" is io and loro of essere; "comes" is
// a Spanish verb form only; "vino" is a noun and a verb form).

/** Finite verb forms, person 0..5 = 1sg 2sg 3sg 1pl 2pl 3pl. */
export type Tense =
  | "pres"
  | "pret"
  | "impf"
  | "fut"
  | "cond"
  | "subj"
  | "impsubj"
  | "impsubj2"
  | "futsubj"
  | "imp"
  | "subj1"
  | "subj2";

export const TENSES: readonly Tense[] = ["pres", "pret", "impf", "fut", "cond", "subj", "impsubj", "impsubj2", "futsubj", "imp", "subj1", "subj2"];

export type Gender = "m" | "f";
export type NumberOf = "sg" | "pl";

export type Reading =
  | { pos: "verb"; lemma: string; tense: Tense; person: number }
  | { pos: "verb"; lemma: string; form: "inf" | "ger" | "zuinf" | "clitic" }
  | { pos: "part"; lemma: string; gender: Gender | null; number: NumberOf | null }
  | { pos: "adj"; lemma: string; gender: Gender | null; number: NumberOf | null }
  | { pos: "noun"; lemma: string; number: NumberOf | null }
  | { pos: "word"; lemma: string };

/** Six finite forms (null where a person has none, e.g. the first person of an imperative). */
export type Persons = (string | null)[];

/** Everything a verb inflects to, as the tables generate it. */
export interface VerbParadigm {
  lemma: string;
  finite: Partial<Record<Tense, Persons>>;
  inf: string[];
  ger: string[];
  /** Participle: masculine sg, feminine sg, masculine pl, feminine pl (German: one form). */
  part: string[];
  /** Second participles (perduto beside perso, ganhado beside ganho), same slots as `part`. */
  otherPart?: string[];
  /** Forms with a pronoun attached (comprarlo, dimmi) or zu-infinitives; valid words, no person. */
  extra: string[];
  /** German separable verbs: the prefix, written as its own word in a main clause. */
  prefix?: string;
  /** Wrong forms a learner builds by applying the regular rule to an irregular verb, with the right one. */
  overregular: [wrong: string, right: string][];
}

export interface AdjForms {
  lemma: string;
  /** m sg, f sg, m pl, f pl (the same word may repeat). */
  forms: [string, string, string, string];
  /** German declined and compared forms. */
  extra?: string[];
}

export const personOf = (index: number): { person: 1 | 2 | 3; plural: boolean } => ({ person: ((index % 3) + 1) as 1 | 2 | 3, plural: index >= 3 });

export const split = (text: string): Persons => text.split(" ").map((w) => (w === "-" ? null : w));
