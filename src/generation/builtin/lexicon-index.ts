// Lookup tables over the engine data, built once. Per-language tables (known words, noun forms)
// are built on first use of that language, so the first request pays only for what it needs.
import { learnerRowTexts } from "./scene/dialogue-text.ts";
import { LANGS, type Lang } from "../languages.ts";
import type { EngineData, GrammarPoint, Scenario, Topic } from "./data-rules.ts";
import type { Concept, LexiconEntry } from "./lexicon-rules.ts";
import { foldCase, words } from "./text-normalise.ts";

export interface FormOf {
  concept: Concept;
  /** The form as the lexicon writes it (German nouns capitalised). */
  form: string;
  /** The form is the entry's plural. */
  plural: boolean;
}

export interface LanguageIndex {
  lang: Lang;
  /** Every correctly spelled word the data contains in this language (case-folded), with its count. */
  knownWords: Map<string, number>;
  /** Words the data writes in lower case somewhere (German: tells verbs like "essen" from nouns). */
  lowerCaseSeen: Set<string>;
  /** Lemma, plural and declared forms (case-folded) of each concept. */
  forms: Map<string, FormOf[]>;
  /** Each concept's headword, case-folded, by concept id: how two headwords are compared. */
  headwords: Map<string, string>;
}

export interface LexiconIndex {
  data: EngineData;
  skipped: string[];
  conceptById: Map<string, Concept>;
  /** Concepts listing the topic anywhere in `topics`, in data order. */
  conceptsByTopic: Map<string, Concept[]>;
  topicById: Map<string, Topic>;
  topicsByGroup: Map<string, Topic[]>;
  scenarioByTopic: Map<string, Scenario>;
  grammarByLang: Map<Lang, GrammarPoint[]>;
  language(lang: Lang): LanguageIndex;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function entryForms(entry: LexiconEntry): string[] {
  return [entry.w, entry.pl, ...(entry.f ? entry.f.split("|") : [])].filter((s): s is string => !!s);
}

function buildLanguageIndex(data: EngineData, lang: Lang): LanguageIndex {
  const knownWords = new Map<string, number>();
  const lowerCaseSeen = new Set<string>();
  // Keywords are lowercase by rule, so they say nothing about how a word is capitalised.
  const addText = (text: string, inSentence = true) => {
    for (const w of words(text)) knownWords.set(w, (knownWords.get(w) ?? 0) + 1);
    if (inSentence) for (const w of text.match(/[\p{L}]+/gu) ?? []) if (w === w.toLocaleLowerCase("und")) lowerCaseSeen.add(w);
  };
  const forms = new Map<string, FormOf[]>();
  const headwords = new Map<string, string>();
  for (const concept of data.concepts) {
    const entry = concept[lang];
    headwords.set(concept.id, foldCase(entry.w));
    addText(entry.w);
    addText(entry.ex);
    if (entry.pl) addText(entry.pl);
    for (const form of entryForms(entry)) {
      addText(form);
      push(forms, foldCase(form), { concept, form, plural: form === entry.pl && form !== entry.w });
    }
  }
  for (const topic of data.topics) {
    addText(topic.names[lang]);
    for (const p of topic.phrases) addText(p.text[lang]);
    for (const k of topic.keywords[lang]) addText(k, false);
  }
  // Scenario keywords are words learners are expected to use: the spelling check must know them,
  // or it "corrects" a right answer into a wrong one before intent matching (e.g. fr nerveuse → serveuse).
  for (const s of data.scenarios) {
    for (const step of s.steps) {
      addText(step.npc[lang]);
      for (const intent of step.intents) for (const k of intent.keywords[lang]) addText(k, false);
    }
  }
  for (const g of data.grammar) if (g.lang === lang) for (const ex of g.examples) addText(ex);
  // The role-play's model answers (scene/dialogue-text.ts) are sentences the learner is invited to say.
  for (const text of learnerRowTexts(lang)) addText(text);
  return { lang, knownWords, lowerCaseSeen, forms, headwords };
}

export function buildLexiconIndex(data: EngineData, skipped: string[]): LexiconIndex {
  const conceptById = new Map(data.concepts.map((c) => [c.id, c]));
  const conceptsByTopic = new Map<string, Concept[]>();
  for (const c of data.concepts) for (const t of new Set(c.topics)) push(conceptsByTopic, t, c);
  const topicsByGroup = new Map<string, Topic[]>();
  for (const t of data.topics) push(topicsByGroup, t.group, t);
  const grammarByLang = new Map<Lang, GrammarPoint[]>(LANGS.map((l) => [l, data.grammar.filter((g) => g.lang === l)]));
  const languages = new Map<Lang, LanguageIndex>();
  return {
    data,
    skipped,
    conceptById,
    conceptsByTopic,
    topicById: new Map(data.topics.map((t) => [t.id, t])),
    topicsByGroup,
    scenarioByTopic: new Map(data.scenarios.map((s) => [s.topic, s])),
    grammarByLang,
    language(lang) {
      let index = languages.get(lang);
      if (!index) {
        index = buildLanguageIndex(data, lang);
        languages.set(lang, index);
      }
      return index;
    },
  };
}
