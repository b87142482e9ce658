// What a learner can say at a scenario step: the syllabus phrases (of the scenario's topic first,
// then the general greetings and everyday ones) that contain one of the step's intent keywords,
// else the topic's example sentences that do. Only data sentences are offered, never assembled
// ones, so every suggestion is correct.
import { LANGS, type Lang } from "../languages.ts";
import type { LevelProfile } from "../levels.ts";
import type { Scenario, ScenarioStep, TopicPhrase } from "./data-rules.ts";
import { containsWords, keyWords } from "./keyword-match.ts";
import type { LexiconIndex } from "./lexicon-index.ts";
import { fitsLength } from "./sentence-fit.ts";
import { isNumberWord } from "./tutor/numbers.ts";

export interface Line {
  text: string;
  translation: string;
}

export interface PhraseLine extends Line {
  /** The phrase it comes from, so a dialogue does not use one phrase twice. */
  id: string;
}

const GENERAL_TOPICS = ["greetings", "everyday"];

/** The scenario of the first topic that has one, else a general one (every topic should have one). */
export function chooseScenario(index: LexiconIndex, topics: string[]): Scenario | null {
  for (const t of [...topics, ...GENERAL_TOPICS]) {
    const scenario = index.scenarioByTopic.get(t);
    if (scenario) return scenario;
  }
  return index.data.scenarios[0] ?? null;
}

// Pools and word lists depend only on the data, the topic, the level and the language: they are
// computed once and kept (a few thousand entries at most), so a plan's steps do not redo them.
const pools = new WeakMap<LexiconIndex, Map<string, TopicPhrase[]>>();
const phraseWords = new Map<string, string[]>();

function cached(index: LexiconIndex, key: string, build: () => TopicPhrase[]): TopicPhrase[] {
  let byKey = pools.get(index);
  if (!byKey) pools.set(index, (byKey = new Map()));
  let pool = byKey.get(key);
  if (!pool) byKey.set(key, (pool = build()));
  return pool;
}

function wordsOf(text: string): string[] {
  let w = phraseWords.get(text);
  if (!w) phraseWords.set(text, (w = keyWords(text)));
  return w;
}

/** Phrases a learner at this level may be offered, the scenario's own topic first. */
export function phrasePool(index: LexiconIndex, topic: string, profile: LevelProfile, target: Lang): TopicPhrase[] {
  return cached(index, `phrases|${topic}|${profile.level}|${target}`, () =>
    [topic, ...GENERAL_TOPICS.filter((t) => t !== topic)]
      .flatMap((id) => index.topicById.get(id)?.phrases ?? [])
      .filter((p) => p.level <= profile.maxPhraseLevel && fitsLength(p.text[target], profile.maxSentenceWords)),
  );
}

/**
 * Phrases that say the intent, best first. A phrase saying more of the intent's keywords wins
 * ("Un caffè, per favore" over "Puoi ripetere, per favore?"); among those, the larger the share
 * of the phrase the keywords cover, the more it is about the intent ("Ciao!" greets, "Ciao, a
 * domani!" takes leave). Phrases far behind the best on either count are dropped.
 */
export function phrasesForIntent(pool: TopicPhrase[], keywords: string[], target: Lang, level: number): TopicPhrase[] {
  const wanted = keywords.map(keyWords).filter((k) => k.length > 0);
  const scored = pool
    .map((phrase, order) => {
      const words = wordsOf(phrase.text[target]);
      const said = wanted.filter((k) => containsWords(words, k));
      return { phrase, order, said: said.length, share: said.reduce((n, k) => n + k.length, 0) / Math.max(words.length, 1) };
    })
    .filter(({ said }) => said > 0);
  const mostSaid = Math.max(0, ...scored.map((s) => s.said));
  const bestShare = Math.max(0, ...scored.filter((s) => s.said === mostSaid).map((s) => s.share));
  return scored
    .filter((s) => s.said === mostSaid && s.share >= bestShare / 2)
    .sort((a, b) => b.share - a.share || Math.abs(a.phrase.level - level) - Math.abs(b.phrase.level - level) || a.order - b.order)
    .map(({ phrase }) => phrase);
}

/** The topic's example sentences as phrases, for steps no syllabus phrase speaks to. */
function examplePool(index: LexiconIndex, topic: string, profile: LevelProfile, target: Lang): TopicPhrase[] {
  return cached(index, `examples|${topic}|${profile.level}|${target}`, () =>
    (index.conceptsByTopic.get(topic) ?? [])
      .filter((c) => c.level <= profile.level && fitsLength(c[target].ex, profile.maxSentenceWords))
      .map((c) => ({ id: `example:${c.id}`, level: c.level, function: "", text: Object.fromEntries(LANGS.map((l) => [l, c[l].ex])) as TopicPhrase["text"] })),
  );
}

export function learnerOptions(
  index: LexiconIndex,
  topic: string,
  step: ScenarioStep,
  pair: { source: Lang; target: Lang },
  profile: LevelProfile,
  limit = 3,
  avoid: ReadonlySet<string> = new Set(),
): PhraseLine[] {
  const pool = phrasePool(index, topic, profile, pair.target).filter((p) => !avoid.has(p.id));
  const perIntent = step.intents.map((intent) => phrasesForIntent(pool, intent.keywords[pair.target], pair.target, profile.level));
  if (perIntent.every((list) => list.length === 0)) {
    const examples = examplePool(index, topic, profile, pair.target).filter((p) => !avoid.has(p.id));
    // A number says little about what an example sentence is for ("trois fois par jour" does not answer "since when?").
    const wordsOnly = (keywords: string[]) => keywords.filter((k) => !keyWords(k).every((w) => isNumberWord(w, pair.target)));
    perIntent.splice(0, perIntent.length, ...step.intents.map((intent) => phrasesForIntent(examples, wordsOnly(intent.keywords[pair.target]), pair.target, profile.level)));
  }
  const chosen = new Map<string, TopicPhrase>();
  // Round-robin over intents so each intent gets a suggestion before any gets a second.
  for (let round = 0; chosen.size < limit && perIntent.some((list) => list.length > round); round++) {
    for (const list of perIntent) {
      const phrase = list[round];
      if (phrase && chosen.size < limit) chosen.set(phrase.id, phrase);
    }
  }
  return [...chosen.values()].map((p) => ({ id: p.id, text: p.text[pair.target], translation: p.text[pair.source] }));
}
