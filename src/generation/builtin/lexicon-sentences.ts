// Which lexicon example sentences use a word: other concepts' examples in which one of the word's
// forms stands as a whole word. The examples are indexed by their words once per language (the
// data is fixed), so an exit check can gap a word in a sentence the lesson has not shown.
import type { Lang } from "../languages.ts";
import { entryForms, type LexiconIndex } from "./lexicon-index.ts";
import type { Concept } from "./lexicon-rules.ts";
import { findForm } from "./sentence-fit.ts";
import { words } from "./text-normalise.ts";

interface SentenceIndex {
  byWord: Map<string, Concept[]>;
  hosts: Map<string, Concept[]>;
}

const indexes = new WeakMap<LexiconIndex, Map<Lang, SentenceIndex>>();

function sentenceIndex(index: LexiconIndex, lang: Lang): SentenceIndex {
  let byLang = indexes.get(index);
  if (!byLang) indexes.set(index, (byLang = new Map()));
  let found = byLang.get(lang);
  if (!found) {
    const byWord = new Map<string, Concept[]>();
    for (const concept of index.data.concepts) {
      for (const word of new Set(words(concept[lang].ex))) {
        const list = byWord.get(word);
        if (list) list.push(concept);
        else byWord.set(word, [concept]);
      }
    }
    byLang.set(lang, (found = { byWord, hosts: new Map() }));
  }
  return found;
}

/** Concepts (other than the word's own) whose target example contains one of its forms. */
export function sentencesUsing(index: LexiconIndex, concept: Concept, lang: Lang): Concept[] {
  const sentences = sentenceIndex(index, lang);
  let hosts = sentences.hosts.get(concept.id);
  if (!hosts) {
    const entry = concept[lang];
    // Candidates share the first word of one of the forms; findForm then checks the whole form.
    const candidates = new Set(entryForms(entry).flatMap((form) => sentences.byWord.get(words(form)[0] ?? "") ?? []));
    hosts = [...candidates].filter((other) => other.id !== concept.id && findForm(entry, other[lang].ex) !== null);
    hosts.sort((a, b) => index.data.concepts.indexOf(a) - index.data.concepts.indexOf(b));
    sentences.hosts.set(concept.id, hosts);
  }
  return hosts;
}
