// Vocabulary lists: concepts in the level's band, from the requested topic first, then its
// neighbours (other matched topics, the same topic group), then any topic, so a list is full
// even for a narrow topic at a high level. A lesson's scene comes first: the words the scene
// names, then its frame's, then its topics'. Order is seeded by the request. No two items share
// a headword or a gloss.
import { fitsBand } from "../levels.ts";
import type { VocabularyRequest } from "../engine-input.ts";
import type { LexiconIndex } from "./lexicon-index.ts";
import type { Concept } from "./lexicon-rules.ts";
import type { Lang } from "../languages.ts";
import { resolveTopics } from "./scene-topics.ts";
import { seededRandom, type SeededRandom } from "./seeded-random.ts";

/**
 * Concepts in preference order: a random key, lifted for the exact level and the main topic in
 * the topic's own tier only. Outside it the order is the request's own random one, so two topics
 * of one group do not both take the same few top-level neighbours first.
 */
function ranked(concepts: Concept[], level: number, mainTopic: string | null, random: SeededRandom, own: boolean): Concept[] {
  const lift = (c: Concept) => (own ? (c.level === level ? 0.5 : 0) + (c.topics[0] === mainTopic ? 0.5 : 0) : 0);
  return concepts
    .map((concept) => ({ concept, key: random.next() + lift(concept) }))
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
  /** The pair: a list never holds two concepts with one headword or one gloss (vocab-item.ts). */
  source: Lang;
  target: Lang;
  tiers: string[][];
  exclude: ReadonlySet<string>;
  count: number;
  seed: string;
  /** Concepts the scene names, taken first when they fit the band (at most half the list). */
  named?: Concept[];
  /**
   * The scene's own words among `named`: these may also be up to SCENE_STRETCH levels above the
   * band, because a scene that names its passport is about the passport whatever the level.
   */
  sceneOwn?: ReadonlySet<string>;
}

export const SCENE_STRETCH = 2;

// From B1 on, the band reaches back to easier words for revision, but most of a list should be
// new at the level: the level and the one below it fill this share first (at C1, B2+ and C1).
// At C2 the lexicon holds few words of the level itself (54 of ~1,800), so the upper share reaches
// two levels down, or two C2 lists on different topics would be mostly the same words.
const UPPER_SHARE = 0.6;
// The topic's group neighbours fill at most this share of a list: past it, two topics of one
// group would draw the same neighbours, so the rest comes from the whole lexicon in the
// request's own random order.
const NEIGHBOUR_SHARE = 0.3;

function upperFloor(level: number): number {
  return level >= 9 ? level - 2 : level - 1;
}

/** Up to `count` distinct concepts in the level band, walking the tiers, then every topic. */
export function selectConcepts(index: LexiconIndex, options: SelectOptions): Concept[] {
  const { source, target } = options;
  const random = seededRandom(options.seed);
  const chosen: Concept[] = [];
  const taken = new Set<string>(options.exclude);
  // Headwords and glosses as a learner reads them: "Rezept" twice, or "report" as the gloss of
  // two words, would make a matching exercise unanswerable.
  const words = new Set<string>();
  const [targetWords, sourceWords] = [index.language(target).headwords, index.language(source).headwords];
  const keys = (c: Concept) => [`t:${targetWords.get(c.id)}`, `s:${sourceWords.get(c.id)}`];
  for (const id of options.exclude) {
    const c = index.conceptById.get(id);
    if (c) for (const k of keys(c)) words.add(k);
  }
  const fits = (c: Concept) => !taken.has(c.id) && fitsBand(c.level, options.level) && !keys(c).some((k) => words.has(k));
  const add = (c: Concept) => {
    taken.add(c.id);
    for (const k of keys(c)) words.add(k);
    chosen.push(c);
  };
  const mainTopic = options.tiers[0]?.[0] ?? null;
  const tierPools = [...options.tiers.map((tier) => tier.flatMap((topic) => index.conceptsByTopic.get(topic) ?? [])), index.data.concepts];
  const caps = tierPools.map((_, i) => (i === 0 || i === tierPools.length - 1 ? options.count : Math.ceil(options.count * NEIGHBOUR_SHARE)));
  const used = tierPools.map(() => 0);
  const take = (i: number, pool: Concept[], upTo: number) => {
    for (const c of ranked(pool.filter(fits), options.level, mainTopic, random, i === 0 && options.tiers.length > 0)) {
      if (chosen.length >= upTo || (used[i] ?? 0) >= (caps[i] ?? 0)) return;
      if (!fits(c)) continue;
      add(c);
      used[i] = (used[i] ?? 0) + 1;
    }
  };
  const own = options.sceneOwn ?? new Set<string>();
  const fitsNamed = (c: Concept) => fits(c) || (own.has(c.id) && !taken.has(c.id) && c.level > options.level && c.level <= options.level + SCENE_STRETCH && !keys(c).some((k) => words.has(k)));
  for (const c of (options.named ?? []).filter(fitsNamed).slice(0, Math.floor(options.count / 2))) if (fitsNamed(c)) add(c);
  if (options.level >= 4) {
    const upper = Math.ceil(options.count * UPPER_SHARE);
    const floor = upperFloor(options.level);
    // The topic's own upper words, then any topic's: a group's few upper words would otherwise
    // open every list of the group.
    tierPools.forEach((pool, i) => {
      if (i === 0 || i === tierPools.length - 1) take(i, pool.filter((c) => c.level >= floor), upper);
    });
  }
  tierPools.forEach((pool, i) => take(i, pool, options.count));
  return chosen;
}

export function requestSeed(kind: string, request: object): string {
  return `${kind}:${JSON.stringify(request, (_, v) => (v instanceof Set ? [...v].sort() : v))}`;
}

export function vocabularyConcepts(index: LexiconIndex, request: VocabularyRequest): Concept[] {
  return selectConcepts(index, {
    level: request.level,
    // No topic: every topic, in the order of the last tier.
    source: request.source,
    target: request.target,
    tiers: request.topic === null ? [] : topicTiers(index, resolveTopics(index, request.topic).topics),
    exclude: request.exclude,
    count: request.count,
    seed: requestSeed("vocabulary", request),
  });
}
