// Vocabulary lists: concepts in the level's band, from the requested topic first, then its
// neighbours (other matched topics, the same topic group), then any topic, so a list is full
// even for a narrow topic at a high level. Order is seeded by the request.
import { fitsBand } from "../levels.ts";
import type { VocabularyRequest } from "../engine-input.ts";
import type { LexiconIndex } from "./lexicon-index.ts";
import type { Concept } from "./lexicon-rules.ts";
import { resolveTopics } from "./scene-topics.ts";
import { seededRandom, type SeededRandom } from "./seeded-random.ts";

/** Concepts in preference order: a random key, lifted for the exact level and the main topic. */
function ranked(concepts: Concept[], level: number, mainTopic: string | null, random: SeededRandom): Concept[] {
  return concepts
    .map((concept) => ({ concept, key: random.next() + (concept.level === level ? 0.5 : 0) + (concept.topics[0] === mainTopic ? 0.5 : 0) }))
    .sort((a, b) => b.key - a.key)
    .map((x) => x.concept);
}

/** Topic tiers to draw from: the topics themselves, then the rest of their groups. */
export function topicTiers(index: LexiconIndex, topics: string[]): string[][] {
  const groups = new Set(topics.map((id) => index.topicById.get(id)?.group));
  const neighbours = index.data.topics.filter((t) => groups.has(t.group) && !topics.includes(t.id)).map((t) => t.id);
  return [topics, neighbours];
}

export interface SelectOptions {
  level: number;
  tiers: string[][];
  exclude: ReadonlySet<string>;
  count: number;
  seed: string;
  /** Concepts the scene names, taken first when they fit the band (at most half the list). */
  named?: Concept[];
}

// From B1 on, the band reaches back to easier words for revision, but most of a list should be
// new at the level: the level and the one below it fill this share first (at C1, B2+ and C1).
const UPPER_SHARE = 0.6;

/** Up to `count` distinct concepts in the level band, walking the tiers, then every topic. */
export function selectConcepts(index: LexiconIndex, options: SelectOptions): Concept[] {
  const random = seededRandom(options.seed);
  const chosen: Concept[] = [];
  const taken = new Set<string>(options.exclude);
  const mainTopic = options.tiers[0]?.[0] ?? null;
  const fits = (c: Concept) => !taken.has(c.id) && fitsBand(c.level, options.level);
  const take = (pool: Concept[], upTo = options.count) => {
    for (const c of ranked(pool.filter(fits), options.level, mainTopic, random)) {
      if (chosen.length >= upTo) return;
      if (taken.has(c.id)) continue;
      taken.add(c.id);
      chosen.push(c);
    }
  };
  for (const c of (options.named ?? []).filter(fits).slice(0, Math.floor(options.count / 2))) {
    taken.add(c.id);
    chosen.push(c);
  }
  const tierPools = options.tiers.map((tier) => tier.flatMap((topic) => index.conceptsByTopic.get(topic) ?? []));
  if (options.level >= 4) {
    const upper = Math.ceil(options.count * UPPER_SHARE);
    for (const pool of tierPools) take(pool.filter((c) => c.level >= options.level - 1), upper);
  }
  for (const pool of tierPools) {
    if (chosen.length >= options.count) break;
    take(pool);
  }
  if (chosen.length < options.count) take(index.data.concepts);
  return chosen;
}

export function requestSeed(kind: string, request: object): string {
  return `${kind}:${JSON.stringify(request, (_, v) => (v instanceof Set ? [...v].sort() : v))}`;
}

export function vocabularyConcepts(index: LexiconIndex, request: VocabularyRequest): Concept[] {
  return selectConcepts(index, {
    level: request.level,
    // No topic: every topic, in the order of the last tier.
    tiers: request.topic === null ? [] : topicTiers(index, resolveTopics(index, request.topic).topics),
    exclude: request.exclude,
    count: request.count,
    seed: requestSeed("vocabulary", request),
  });
}
