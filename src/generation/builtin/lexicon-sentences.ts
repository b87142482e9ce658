// Which lexicon example sentences use a word: other concepts' examples in which one of the word's
// forms stands as a whole word. Worked out once per concept and language (the data is fixed), so
// an exit check can gap a word in a sentence the lesson has not shown.
import type { Lang } from "../languages.ts";
import type { LexiconIndex } from "./lexicon-index.ts";
import type { Concept } from "./lexicon-rules.ts";
import { findForm } from "./sentence-fit.ts";

const found = new WeakMap<LexiconIndex, Map<string, Concept[]>>();

/** Concepts (other than the word's own) whose target example contains one of its forms. */
export function sentencesUsing(index: LexiconIndex, concept: Concept, lang: Lang): Concept[] {
  let byKey = found.get(index);
  if (!byKey) found.set(index, (byKey = new Map()));
  const key = `${concept.id}|${lang}`;
  let hosts = byKey.get(key);
  if (!hosts) {
    const entry = concept[lang];
    hosts = index.data.concepts.filter((other) => other.id !== concept.id && findForm(entry, other[lang].ex) !== null);
    byKey.set(key, hosts);
  }
  return hosts;
}
