// Article + noun agreement in the learner's message: an article (or article fused with a
// preposition: al, du, zum, nella, pelo…) directly before a noun of the lexicon must match the
// noun's gender, number and first sound. Only the article right before the noun is checked; an
// adjective in between is not looked at.
import type { Lang } from "../../languages.ts";
import { englishIndefinite, nounArticles } from "../articles.ts";
import type { LanguageIndex } from "../lexicon-index.ts";
import type { LexiconEntry } from "../lexicon-rules.ts";
import { foldCase } from "../text-normalise.ts";
import type { NoteKey } from "../ui-text/tutor-text.ts";

export interface NounSeen {
  entry: LexiconEntry;
  gender: "m" | "f" | "n";
  /** null when the form is both singular and plural (el/los análisis, das/die Mädchen). */
  plural: boolean | null;
}

export interface ArticleFix {
  /** The article (or contraction) to write instead. */
  article: string;
  note: NoteKey;
  noun: NounSeen;
}

interface ArticleUse {
  kind: "def" | "indef";
  plural: boolean;
  /** Genders the article can go with; empty for any. */
  genders: string;
  prep: string | null;
}

const use = (kind: ArticleUse["kind"], plural: boolean, genders: string, prep: string | null = null): ArticleUse => ({ kind, plural, genders, prep });

const TABLES: Partial<Record<Lang, Record<string, ArticleUse>>> = {
  es: {
    el: use("def", false, "m"), la: use("def", false, "f"), los: use("def", true, "m"), las: use("def", true, "f"),
    un: use("indef", false, "m"), una: use("indef", false, "f"), unos: use("indef", true, "m"), unas: use("indef", true, "f"),
    al: use("def", false, "m", "a"), del: use("def", false, "m", "de"),
  },
  fr: {
    le: use("def", false, "m"), la: use("def", false, "f"), "l'": use("def", false, ""), les: use("def", true, ""),
    un: use("indef", false, "m"), une: use("indef", false, "f"), du: use("def", false, "m", "de"), au: use("def", false, "m", "à"), aux: use("def", true, "", "à"),
  },
  it: {
    il: use("def", false, "m"), lo: use("def", false, "m"), "l'": use("def", false, ""), la: use("def", false, "f"),
    i: use("def", true, "m"), gli: use("def", true, "m"), le: use("def", true, "f"),
    un: use("indef", false, "m"), uno: use("indef", false, "m"), una: use("indef", false, "f"), "un'": use("indef", false, "f"),
  },
  "pt-BR": {
    o: use("def", false, "m"), os: use("def", true, "m"), as: use("def", true, "f"),
    um: use("indef", false, "m"), uma: use("indef", false, "f"), uns: use("indef", true, "m"), umas: use("indef", true, "f"),
  },
};

// Italian prepositions fuse with the definite article: di + il = del, in + la = nella…
const IT_PREP_STEMS: Record<string, string> = { di: "de", a: "a", da: "da", in: "ne", su: "su" };
const IT_ARTICLE_TAILS: Record<string, string> = { il: "l", lo: "llo", "l'": "ll'", la: "lla", i: "i", gli: "gli", le: "lle" };
for (const [prep, stem] of Object.entries(IT_PREP_STEMS)) {
  for (const [article, tail] of Object.entries(IT_ARTICLE_TAILS)) {
    const base = TABLES.it?.[article] as ArticleUse;
    (TABLES.it as Record<string, ArticleUse>)[stem + tail] = { ...base, prep };
  }
}

// Portuguese: de/em/a/por + o, a, os, as.
const PT_CONTRACTIONS: Record<string, Record<string, string>> = {
  de: { o: "do", a: "da", os: "dos", as: "das" },
  em: { o: "no", a: "na", os: "nos", as: "nas" },
  a: { o: "ao", a: "à", os: "aos", as: "às" },
  por: { o: "pelo", a: "pela", os: "pelos", as: "pelas" },
};
for (const [prep, forms] of Object.entries(PT_CONTRACTIONS)) {
  for (const [article, fused] of Object.entries(forms)) {
    (TABLES["pt-BR"] as Record<string, ArticleUse>)[fused] = use("def", article.endsWith("s"), article.startsWith("o") ? "m" : "f", prep);
  }
}

function plainArticle(lang: Lang, u: ArticleUse, noun: NounSeen): string | null {
  const arts = nounArticles(lang, { ...noun.entry, g: noun.gender });
  if (!arts) return null;
  const plural = noun.plural ?? u.plural;
  if (u.kind === "def") return plural ? arts.definitePlural : arts.definite;
  if (!plural) return arts.indefinite;
  if (lang === "es") return noun.gender === "f" ? "unas" : "unos";
  if (lang === "pt-BR") return noun.gender === "f" ? "umas" : "uns";
  if (lang === "fr") return "des";
  return null;
}

function fuse(lang: Lang, prep: string, article: string): string {
  if (lang === "es") return article === "el" ? (prep === "a" ? "al" : "del") : `${prep} ${article}`;
  if (lang === "fr") {
    if (article === "les") return prep === "à" ? "aux" : "des";
    if (article === "le") return prep === "à" ? "au" : "du";
    return `${prep} ${article}`;
  }
  if (lang === "it") return (IT_PREP_STEMS[prep] ?? prep) + (IT_ARTICLE_TAILS[article] ?? article);
  if (lang === "pt-BR") return PT_CONTRACTIONS[prep]?.[article] ?? `${prep} ${article}`;
  return `${prep} ${article}`;
}

function noteFor(u: ArticleUse, noun: NounSeen): NoteKey {
  if (u.genders !== "" && !u.genders.includes(noun.gender)) return "gender";
  if (noun.plural !== null && u.plural !== noun.plural) return "number";
  return "article_form";
}

// German: the case is unknown, so an article is wrong only when no case allows it.
const DE_SINGULAR: Record<"m" | "f" | "n", string[]> = {
  m: ["der", "den", "dem", "des", "ein", "einen", "einem", "eines"],
  f: ["die", "der", "eine", "einer"],
  n: ["das", "dem", "des", "ein", "einem", "eines"],
};
const DE_PLURAL = ["die", "den", "der"];
const DE_ARTICLES = new Set(Object.values(DE_SINGULAR).flat());
const DE_NOMINATIVE = { m: "der", f: "die", n: "das" } as const;
const DE_FUSED: Record<string, { m: string; f: string; n: string }> = {
  zum: { m: "zum", f: "zur", n: "zum" }, zur: { m: "zum", f: "zur", n: "zum" },
  im: { m: "im", f: "in der", n: "im" }, am: { m: "am", f: "an der", n: "am" }, vom: { m: "vom", f: "von der", n: "vom" }, beim: { m: "beim", f: "bei der", n: "beim" },
  ins: { m: "in den", f: "in die", n: "ins" }, ans: { m: "an den", f: "an die", n: "ans" },
};

function germanFix(article: string, noun: NounSeen): ArticleFix | null {
  const fused = DE_FUSED[article];
  if (fused) {
    if (noun.plural !== false) return null;
    const right = fused[noun.gender];
    return right === article ? null : { article: right, note: "gender", noun };
  }
  if (!DE_ARTICLES.has(article)) return null;
  const allowed = noun.plural === true ? DE_PLURAL : noun.plural === false ? DE_SINGULAR[noun.gender] : [...DE_PLURAL, ...DE_SINGULAR[noun.gender]];
  if (allowed.includes(article)) return null;
  const indefinite = article.startsWith("ein");
  if (noun.plural === true) return indefinite ? null : { article: "die", note: "number", noun };
  const right = indefinite ? (noun.gender === "f" ? "eine" : "ein") : DE_NOMINATIVE[noun.gender];
  return { article: right, note: "gender", noun };
}

/** The article the noun needs instead of `written`, or null when `written` is right or not an article. */
export function articleFix(lang: Lang, written: string, noun: NounSeen): ArticleFix | null {
  const article = foldCase(written).replace("’", "'");
  if (lang === "de") return germanFix(article, noun);
  const u = TABLES[lang]?.[article];
  if (!u) return null;
  const plain = plainArticle(lang, u, noun);
  if (!plain) return null;
  const right = u.prep ? fuse(lang, u.prep, plain) : plain;
  return right === article ? null : { article: right, note: noteFor(u, noun), noun };
}

const FR_PLURAL_ONLY = new Set("vacances gens lunettes ciseaux fiançailles environs toilettes échecs mœurs frais courses".split(" "));
const PLURAL_ARTICLES = new Set(["los", "las", "les", "i", "gli", "le", "os", "as", "die"]);

/**
 * Nouns used only in the plural (las vacaciones, i pantaloni, as férias): the lexicon gives no
 * plural, and either a plural article or a plural ending.
 */
export function pluralOnly(entry: LexiconEntry, lang: Lang): boolean {
  if (entry.pl) return false;
  if (entry.art) return PLURAL_ARTICLES.has(foldCase(entry.art));
  if (lang === "it") return (entry.g === "m" && /i$/.test(entry.w)) || (entry.g === "f" && /(che|ghe)$/.test(entry.w));
  if (lang === "es" || lang === "pt-BR") return entry.w.length >= 6 && /[aeo]s$/.test(entry.w);
  // French singulars end in -s too (le temps, le bras): only the nouns that are always plural.
  return lang === "fr" && FR_PLURAL_ONLY.has(entry.w);
}

/** The noun reading of a word; null when it is not a noun or its gender is ambiguous. */
export function nounSeen(word: string, language: LanguageIndex): NounSeen | null {
  const readings = (language.forms.get(foldCase(word)) ?? []).filter((f) => f.concept.pos === "noun");
  const first = readings[0];
  if (!first) return null;
  const entry = first.concept[language.lang];
  const genders = new Set(readings.map((r) => r.concept[language.lang].g));
  if (genders.size !== 1 || !entry.g) return null;
  const numbers = new Set(readings.map((r) => r.plural || pluralOnly(r.concept[language.lang], language.lang)));
  const sameBothWays = readings.some((r) => r.concept[language.lang].pl !== undefined && foldCase(r.concept[language.lang].pl as string) === foldCase(r.concept[language.lang].w));
  return { entry, gender: entry.g, plural: numbers.size === 1 && !sameBothWays ? [...numbers][0] === true : null };
}

/** English "a"/"an" before the next word, by its sound. */
export function englishArticleFix(written: string, nextWord: string): "a" | "an" | null {
  const article = foldCase(written);
  if (article !== "a" && article !== "an") return null;
  const right = englishIndefinite(nextWord);
  return right === article ? null : right;
}
