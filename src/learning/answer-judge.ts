// One typed answer judged as a teacher would (spec 1.1: exercises with immediate feedback). Right
// as written; right in another accepted form (a gender form, an equivalent phrase, with or without
// the article); right but for the accents, the German letters written ae/oe/ue/ss, a German noun's
// capital or a typo — each accepted with a note that shows the right spelling; else wrong.
//
// A typo is at most one edit per six letters of the word, never in a word's first letter or its
// last two (the ending carries gender, number and person: comimos/comemos, gato/gata), never a
// vowel swapped for another (casa/cosa), and never a word the exercise itself uses for something
// else (its word bank, other answers, the other options).
import { ARTICLES, EN_CONTRACTIONS, EQUIVALENT_PHRASES, GENDER_ENDINGS, GENDER_EXCEPTIONS } from "./answer-equivalents.ts";

export type NoteKind = "accents" | "typo" | "umlaut" | "capital" | "article" | "variant";
export interface AnswerNote {
  kind: NoteKind;
  /** The accepted answer as it is written. */
  right: string;
}

export type Judgement = { verdict: "empty" } | { verdict: "right"; note: AnswerNote | null } | { verdict: "wrong" };

const EDGE_PUNCTUATION = /^[\s.,;:!?¡¿"'«»“”„‘’()…-]+|[\s.,;:!?¡¿"'«»“”„‘’()…-]+$/gu;
const INNER_PUNCTUATION = /[.,;:!?¡¿"«»“”„()…]/gu;

/** Case, spacing, surrounding punctuation and quote styles do not count. */
export function normaliseAnswer(text: string): string {
  return text.normalize("NFC").replace(/[‘’`´]/g, "'").replace(EDGE_PUNCTUATION, "").replace(INNER_PUNCTUATION, "").replace(/\s+/g, " ").trim().toLocaleLowerCase();
}

/** normaliseAnswer, with English contractions written out. */
function normalised(text: string, lang: string): string {
  let n = normaliseAnswer(text);
  if (lang === "en") for (const [pattern, full] of EN_CONTRACTIONS) n = n.replace(pattern, full);
  return n;
}

const withoutAccents = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC");
/** German's ä ö ü ß as a keyboard without them writes them. */
const germanLetters = (text: string) => text.replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ß/g, "ss");

interface Candidate {
  text: string;
  /** The note a match earns: null for the key itself. */
  kind: NoteKind | null;
}

function swapGender(word: string, lang: string): string | null {
  if (word.length < 5 || GENDER_EXCEPTIONS.has(word)) return null;
  for (const [m, f] of GENDER_ENDINGS[lang] ?? []) {
    for (const [from, to] of [
      [m + "s", f + "s"],
      [f + "s", m + "s"],
      [f, m],
      [m, f],
    ] as const) {
      if (word.endsWith(from)) return word.slice(0, -from.length) + to;
    }
  }
  return null;
}

/** The key with its gender-bearing adjectives in the other gender, all together (they agree). */
function genderVariant(key: string, lang: string): string | null {
  let changed = false;
  const words = key.split(" ").map((w) => {
    const swapped = swapGender(w, lang);
    if (swapped) changed = true;
    return swapped ?? w;
  });
  return changed ? words.join(" ") : null;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The key with one set phrase replaced by each phrase a teacher accepts for it. */
function equivalentVariants(key: string, lang: string): string[] {
  const out: string[] = [];
  for (const group of EQUIVALENT_PHRASES[lang] ?? []) {
    for (const phrase of group) {
      const p = normaliseAnswer(phrase);
      const re = new RegExp(`(^|\\s)${escapeRe(p)}(?=\\s|$)`, "u");
      if (!re.test(key)) continue;
      for (const other of group) if (other !== phrase) out.push(key.replace(re, (_m, lead: string) => lead + normaliseAnswer(other)));
    }
  }
  return out;
}

/** A short noun phrase's leading article, if it has one. */
function splitArticle(text: string, lang: string): { article: string; rest: string } | null {
  for (const a of ARTICLES[lang] ?? []) {
    if (a.endsWith("'") ? text.startsWith(a) : text.startsWith(a + " ")) {
      const rest = text.slice(a.length).trim();
      if (rest !== "" && rest.split(" ").length <= 2) return { article: a, rest };
    }
  }
  return null;
}

function candidates(key: string, lang: string, alternatives: string[]): Candidate[] {
  const k = normalised(key, lang);
  const list: Candidate[] = [{ text: k, kind: null }];
  for (const alt of alternatives) list.push({ text: normalised(alt, lang), kind: null });
  // The article where it does not change the meaning: the noun alone for "la mantequilla".
  const split = splitArticle(k, lang);
  if (split) list.push({ text: split.rest, kind: "article" });
  for (const base of [...list]) {
    const g = genderVariant(base.text, lang);
    if (g) list.push({ text: g, kind: "variant" });
    for (const e of equivalentVariants(base.text, lang)) list.push({ text: e, kind: "variant" });
  }
  return list;
}

/** Damerau–Levenshtein distance, where swapping one vowel for another costs too much to be a typo. */
function typoDistance(a: string, b: string): number {
  const VOWELS = /[aeiouyäöü]/;
  const BIG = 99;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1]!;
      const y = b[j - 1]!;
      const sub = x === y ? 0 : VOWELS.test(x) && VOWELS.test(y) ? BIG : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + sub);
      if (i > 1 && j > 1 && x === b[j - 2] && a[i - 2] === y) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** A typo of `right` (both folded: no accents, German letters written out), word by word. */
function isTypo(given: string, right: string): boolean {
  const gw = given.split(" ");
  const rw = right.split(" ");
  if (gw.length !== rw.length) return given.replace(/ /g, "") === right.replace(/ /g, "") && right.replace(/ /g, "").length >= 6;
  let edits = 0;
  for (let i = 0; i < rw.length; i++) {
    const g = gw[i]!;
    const r = rw[i]!;
    if (g === r) continue;
    const budget = Math.floor(r.length / 6);
    if (budget === 0 || g[0] !== r[0] || g.slice(-2) !== r.slice(-2)) return false;
    const distance = typoDistance(g, r);
    if (distance > budget) return false;
    edits += distance;
  }
  const letters = right.replace(/ /g, "").length;
  return edits > 0 && edits <= Math.max(1, Math.floor(letters / 6));
}

/** German writes its nouns with a capital: the key's capitals the learner wrote in lower case. */
function missingGermanCapital(given: string, key: string): boolean {
  const strip = (s: string) => s.normalize("NFC").replace(EDGE_PUNCTUATION, "").replace(INNER_PUNCTUATION, "").replace(/\s+/g, " ").trim();
  const gw = strip(given).split(" ");
  const kw = strip(key).split(" ");
  if (gw.length !== kw.length) return false;
  // The first word may be capitalised only because it starts the sentence; a one-word key is a noun if capitalised.
  return kw.some((k, i) => (i > 0 || kw.length === 1) && /^\p{Lu}/u.test(k) && gw[i] === k.toLocaleLowerCase("de"));
}

export interface JudgeInput {
  given: string;
  /** The key's answer, as the plan writes it. */
  key: string;
  /** The language the answer is written in. */
  lang: string;
  /** Other answers the plan accepts. */
  alternatives?: string[];
  /** Words and phrases the exercise uses for something else: a typo landing on one is wrong. */
  others?: string[];
}

export function judgeAnswer(input: JudgeInput): Judgement {
  const { lang } = input;
  const given = normalised(input.given, lang);
  if (given === "") return { verdict: "empty" };
  const list = candidates(input.key, lang, input.alternatives ?? []);
  const shown = (c: Candidate) => (c.kind === null || c.kind === "article" ? input.key : c.text);
  for (const c of list) {
    if (given !== c.text) continue;
    if (lang === "de" && c.kind === null && missingGermanCapital(input.given, input.key)) return { verdict: "right", note: { kind: "capital", right: input.key } };
    if (c.kind === "article") return { verdict: "right", note: { kind: "article", right: input.key } };
    return { verdict: "right", note: c.kind === "variant" ? { kind: "variant", right: input.key } : null };
  }
  // The learner adds an article the key leaves out ("la mantequilla" for "mantequilla"): right as it is.
  const givenSplit = splitArticle(given, lang);
  if (givenSplit && list.some((c) => c.kind === null && c.text === givenSplit.rest)) return { verdict: "right", note: null };
  // German: ae/oe/ue/ss stand for ä/ö/ü/ß, but a bare vowel does not (Bruder/Brüder, schon/schön).
  const accentless = (text: string) => withoutAccents(lang === "de" ? germanLetters(text) : text);
  for (const c of list) {
    if (accentless(given) === accentless(c.text)) {
      const kind: NoteKind = lang === "de" && germanLetters(c.text) !== c.text ? "umlaut" : "accents";
      return { verdict: "right", note: { kind, right: shown(c) } };
    }
  }
  const others = new Set((input.others ?? []).map((o) => normalised(o, lang)).filter((o) => !list.some((c) => c.text === o)));
  if (others.has(given)) return { verdict: "wrong" };
  // A German typo is judged with ä/ö/ü/ß as letters of their own (ae→ä…, both sides), so a lost umlaut is never a typo.
  const fold = (s: string) => (lang === "de" ? s.replace(/ae/g, "ä").replace(/oe/g, "ö").replace(/ue/g, "ü").replace(/ss/g, "ß") : withoutAccents(s));
  for (const c of list) {
    if (isTypo(fold(given), fold(c.text))) return { verdict: "right", note: { kind: "typo", right: shown(c) } };
  }
  return { verdict: "wrong" };
}
