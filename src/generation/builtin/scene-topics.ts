// Scene understanding: a scene or topic text, in any of the six languages or a mix, is mapped to
// topics by its words alone (folded, stemmed) against topic keywords, topic names and the
// lexicon. The text only ever chooses content: nothing in it is executed, obeyed or echoed.
import { LANGS, type Lang } from "../languages.ts";
import type { LexiconIndex } from "./lexicon-index.ts";
import { entryForms } from "./lexicon-index.ts";
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

/**
 * Topics a text is about, best first (empty when no word is known). A word that points at many
 * topics counts less than one that points at a single topic.
 */
export function matchTopics(index: LexiconIndex, text: string, weight = 1): TopicMatch[] {
  const direct = index.topicById.get(foldAccents(text).trim().replace(/[\s-]+/g, "_"));
  if (direct) return [{ topic: direct.id, score: Number.POSITIVE_INFINITY }];
  const byLang = stemTables(index);
  const scores = new Map<string, number>();
  for (const word of new Set(words(text))) {
    if (word.length < 3 || STOP_WORDS.has(word) || /^\p{N}+$/u.test(word)) continue;
    const votes = wordVotes(word, byLang);
    const spread = Math.sqrt(votes.size);
    for (const [topic, w] of votes) scores.set(topic, (scores.get(topic) ?? 0) + (weight * w) / spread);
  }
  return [...scores]
    .map(([topic, score]) => ({ topic, score }))
    .sort((a, b) => b.score - a.score || a.topic.localeCompare(b.topic));
}

/** Topics used when nothing in the text is known: a general, everyday lesson. */
export function fallbackTopics(index: LexiconIndex): string[] {
  const preferred = ["greetings", "everyday"].filter((id) => index.topicById.has(id));
  if (preferred.length > 0) return preferred;
  const first = index.data.topics[0];
  return first ? [first.id] : [];
}

/**
 * The topics a lesson is built on: the best match and the runners-up scoring at least half as
 * much (at most three), or the fallback. `extra` texts (an NPC persona) count at half weight,
 * so a persona can tip the balance but not outvote the scene.
 */
export function resolveTopics(index: LexiconIndex, text: string, extra: string[] = []): { topics: string[]; matched: boolean } {
  const combined = new Map<string, number>();
  for (const m of matchTopics(index, text)) combined.set(m.topic, m.score);
  for (const e of extra) for (const m of matchTopics(index, e, 0.5)) if (Number.isFinite(m.score)) combined.set(m.topic, (combined.get(m.topic) ?? 0) + m.score);
  const ranked = [...combined].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const best = ranked[0];
  if (!best) return { topics: fallbackTopics(index), matched: false };
  const topics = ranked.filter(([, score], i) => i === 0 || (Number.isFinite(score) && score >= best[1] / 2)).slice(0, 3).map(([topic]) => topic);
  return { topics, matched: true };
}
