// Scene understanding: a scene or topic text, in any of the six languages or a mix, is mapped to
// topics by its words alone (folded, stemmed) against topic keywords, topic names and the
// lexicon. The text only ever chooses content: nothing in it is executed, obeyed or echoed.
import { LANGS, type Lang } from "../languages.ts";
import type { LexiconIndex } from "./lexicon-index.ts";
import { entryForms } from "./lexicon-index.ts";
import type { Concept } from "./lexicon-rules.ts";
import { foldAccents, stem, words } from "./text-normalise.ts";

type StemTable = Map<string, Map<string, number>>;

export interface TopicMatch {
  topic: string;
  score: number;
}

const KEYWORD_WEIGHT = 3;
const MAIN_TOPIC_WEIGHT = 1;
const OTHER_TOPIC_WEIGHT = 0.5;
const CONTENT_POS = new Set(["noun", "verb", "adj", "adv"]);

// Short function words of the six languages that are also lexicon forms somewhere; they say
// nothing about a scene.
const STOP_WORDS = new Set(
  "the and with for from into this that der die das und mit von den dem des ein eine les une des dans avec pour sur los las una con del por para che per nel nella con uma com dos das pelo pela".split(" "),
);

const tables = new WeakMap<LexiconIndex, Map<Lang, StemTable>>();

function add(table: StemTable, key: string, topic: string, weight: number): void {
  let topics = table.get(key);
  if (!topics) table.set(key, (topics = new Map()));
  topics.set(topic, Math.max(topics.get(topic) ?? 0, weight));
}

function buildTable(index: LexiconIndex, lang: Lang): StemTable {
  const table: StemTable = new Map();
  const addText = (text: string, topic: string, weight: number) => {
    for (const w of words(text)) if (w.length >= 3 && !STOP_WORDS.has(w)) add(table, stem(w, lang), topic, weight);
  };
  for (const topic of index.data.topics) {
    for (const k of topic.keywords[lang]) addText(k, topic.id, KEYWORD_WEIGHT);
    addText(topic.names[lang], topic.id, KEYWORD_WEIGHT);
    if (lang === "en") addText(topic.id.replace(/_/g, " "), topic.id, KEYWORD_WEIGHT);
  }
  for (const concept of index.data.concepts) {
    if (!CONTENT_POS.has(concept.pos)) continue;
    concept.topics.forEach((topic, i) => {
      for (const form of entryForms(concept[lang])) addText(form, topic, i === 0 ? MAIN_TOPIC_WEIGHT : OTHER_TOPIC_WEIGHT);
    });
  }
  return table;
}

function stemTables(index: LexiconIndex): Map<Lang, StemTable> {
  let byLang = tables.get(index);
  if (!byLang) {
    byLang = new Map(LANGS.map((lang) => [lang, buildTable(index, lang)]));
    tables.set(index, byLang);
  }
  return byLang;
}

/** What one word says about topics: the best weight per topic over the six languages. */
function wordVotes(word: string, byLang: Map<Lang, StemTable>): Map<string, number> {
  const votes = new Map<string, number>();
  for (const [lang, table] of byLang) {
    const hits = table.get(stem(word, lang));
    if (hits) for (const [topic, weight] of hits) votes.set(topic, Math.max(votes.get(topic) ?? 0, weight));
  }
  return votes;
}

// Words after which a place is where the scene is, not what it is: "un café près du port" is a
// café, "Il castello sulla collina" a castle. Articles and contractions may stand in between.
const LOCATIVES = new Set(
  "near at in on by during beside behind next por durante pendant während cerca junto sobre en frente près à au aux dans sur chez devant bei neben im am an auf vor hinter vicino nel nella nei sulla sul sui al alla presso perto no na nos nas ao em sobre".split(" "),
);
const ARTICLES = new Set("the a an el la los las le les l du des del della dello dei der die das dem den des o os as il lo gli i do da dos das".split(" "));
const HEAD_BONUS = 1;

function afterLocative(all: string[], i: number): boolean {
  const prev = all[i - 1];
  const before = all[i - 2];
  return (prev !== undefined && LOCATIVES.has(prev)) || (prev !== undefined && ARTICLES.has(prev) && before !== undefined && LOCATIVES.has(before));
}

/**
 * Topics a text is about, best first (empty when no word is known). A word that points at many
 * topics counts less than one that points at a single topic, a word that only says where the
 * scene is counts half, and the last topic keyword of the scene (the head of "a harbour tavern",
 * "viagem de trem") gets a bonus, so a place named in passing does not take the lesson over.
 */
export function matchTopics(index: LexiconIndex, text: string, weight = 1): TopicMatch[] {
  const direct = index.topicById.get(foldAccents(text).trim().replace(/[\s-]+/g, "_"));
  if (direct) return [{ topic: direct.id, score: Number.POSITIVE_INFINITY }];
  const byLang = stemTables(index);
  const scores = new Map<string, number>();
  const all = words(text);
  const seen = new Set<string>();
  let head: string[] = [];
  all.forEach((word, i) => {
    if (seen.has(word) || word.length < 3 || STOP_WORDS.has(word) || /^\p{N}+$/u.test(word)) return;
    seen.add(word);
    const votes = wordVotes(word, byLang);
    const spread = Math.sqrt(votes.size);
    const where = afterLocative(all, i) ? 0.5 : 1;
    for (const [topic, w] of votes) scores.set(topic, (scores.get(topic) ?? 0) + (weight * where * w) / spread);
    const named = [...votes].filter(([, w]) => w === KEYWORD_WEIGHT).map(([topic]) => topic);
    if (named.length > 0 && where === 1) head = named;
  });
  for (const topic of head) scores.set(topic, (scores.get(topic) ?? 0) + (weight * HEAD_BONUS) / Math.sqrt(head.length));
  return [...scores]
    .map(([topic, score]) => ({ topic, score }))
    .sort((a, b) => b.score - a.score || a.topic.localeCompare(b.topic));
}

const namedTables = new WeakMap<LexiconIndex, Map<Lang, Map<string, Concept[]>>>();

function namedTable(index: LexiconIndex): Map<Lang, Map<string, Concept[]>> {
  let byLang = namedTables.get(index);
  if (byLang) return byLang;
  byLang = new Map(LANGS.map((lang) => [lang, new Map<string, Concept[]>()]));
  for (const concept of index.data.concepts) {
    if (!CONTENT_POS.has(concept.pos)) continue;
    for (const lang of LANGS) {
      const table = byLang.get(lang) as Map<string, Concept[]>;
      for (const form of entryForms(concept[lang])) {
        const w = words(form);
        // Single content words only: "coucher de soleil" is not named by "soleil".
        if (w.length !== 1 || (w[0] as string).length < 4 || STOP_WORDS.has(w[0] as string)) continue;
        const key = stem(w[0] as string, lang);
        const list = table.get(key) ?? [];
        if (!list.includes(concept)) list.push(concept);
        table.set(key, list);
      }
    }
  }
  namedTables.set(index, byLang);
  return byLang;
}

/**
 * Concepts the scene names itself ("panadería", "pasteles", "trem"), in the order it names
 * them: a word that is a form of a lexicon noun, verb or adjective in any of the six languages.
 */
export function sceneConcepts(index: LexiconIndex, text: string): Concept[] {
  const table = namedTable(index);
  const found: Concept[] = [];
  for (const word of words(text)) {
    if (word.length < 4 || STOP_WORDS.has(word)) continue;
    for (const lang of LANGS) {
      for (const concept of table.get(lang)?.get(stem(word, lang)) ?? []) if (!found.includes(concept)) found.push(concept);
    }
  }
  return found;
}

/** Topics used when nothing in the text is known: a general, everyday lesson. */
export function fallbackTopics(index: LexiconIndex): string[] {
  const preferred = ["greetings", "everyday"].filter((id) => index.topicById.has(id));
  if (preferred.length > 0) return preferred;
  const first = index.data.topics[0];
  return first ? [first.id] : [];
}

/** Does the text name a topic outright (a topic keyword or name), not only through its words? */
function namesTopic(index: LexiconIndex, text: string): boolean {
  const byLang = stemTables(index);
  return words(text).some((word) => word.length >= 3 && !STOP_WORDS.has(word) && [...wordVotes(word, byLang).values()].some((w) => w === KEYWORD_WEIGHT));
}

/**
 * The topics a lesson is built on: the best match and the runners-up scoring at least half as
 * much (at most three), or the fallback. `extra` texts (an NPC persona) count at half weight, and
 * only when the scene names no topic itself: a persona says who the NPC is ("a grumpy old
 * captain"), not where the scene is ("a harbour tavern").
 */
export function resolveTopics(index: LexiconIndex, text: string, extra: string[] = []): { topics: string[]; matched: boolean } {
  const combined = new Map<string, number>();
  for (const m of matchTopics(index, text)) combined.set(m.topic, m.score);
  const extras = namesTopic(index, text) ? [] : extra;
  for (const e of extras) for (const m of matchTopics(index, e, 0.5)) if (Number.isFinite(m.score)) combined.set(m.topic, (combined.get(m.topic) ?? 0) + m.score);
  const ranked = [...combined].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const best = ranked[0];
  if (!best) return { topics: fallbackTopics(index), matched: false };
  const topics = ranked.filter(([, score], i) => i === 0 || (Number.isFinite(score) && score >= best[1] / 2)).slice(0, 3).map(([topic]) => topic);
  return { topics, matched: true };
}
