// One lexicon concept shown to a learner of `target` who speaks `source`.
import type { Lang } from "../languages.ts";
import { levelProfile } from "../levels.ts";
import type { VocabItem } from "../model.ts";
import { nounArticles, withArticle } from "./articles.ts";
import type { Concept, LexiconEntry } from "./lexicon-rules.ts";

/** The word as taught: a noun with its definite article where the language has one. */
export function displayTerm(lang: Lang, concept: Concept): string {
  const entry = concept[lang];
  const articles = concept.pos === "noun" ? nounArticles(lang, entry) : null;
  return articles ? withArticle(articles.definite, entry.w) : entry.w;
}

function pluralDisplay(lang: Lang, concept: Concept, entry: LexiconEntry): string | null {
  if (!entry.pl) return null;
  const articles = concept.pos === "noun" ? nounArticles(lang, entry) : null;
  return articles ? withArticle(articles.definitePlural, entry.pl) : entry.pl;
}

export function buildVocabItem(concept: Concept, source: Lang, target: Lang): VocabItem {
  const entry = concept[target];
  const articles = concept.pos === "noun" ? nounArticles(target, entry) : null;
  return {
    id: concept.id,
    term: entry.w,
    article: articles?.definite ?? null,
    gender: concept.pos === "noun" ? (entry.g ?? null) : null,
    display: displayTerm(target, concept),
    plural: entry.pl ?? null,
    plural_display: pluralDisplay(target, concept, entry),
    pos: concept.pos,
    translation: concept[source].w,
    translation_display: displayTerm(source, concept),
    example: { text: entry.ex, translation: concept[source].ex },
    level: concept.level,
    cefr: levelProfile(concept.level).cefr,
    topics: concept.topics.slice(),
  };
}
