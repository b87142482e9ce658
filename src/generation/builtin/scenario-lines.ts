// What a learner can say at a scenario step: the replies written for the step, then the syllabus
// phrases (of the scenario's topic first, then the general greetings and everyday ones) that say
// what the NPC asked for. Only data sentences are offered, never assembled ones, so every
// suggestion is correct.
import type { Lang } from "../languages.ts";
import type { LevelProfile } from "../levels.ts";
import type { Scenario, TopicPhrase } from "./data-rules.ts";
import { containsWords, keyWords } from "./keyword-match.ts";
import type { LexiconIndex } from "./lexicon-index.ts";
import { fitsLength } from "./sentence-fit.ts";
import { furthestStep, matchIntent } from "./tutor/intent-match.ts";

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

/** The intents a learner may say at a step: what the line before asked for, or a greeting to open. */
export function allowedIntents(scenario: Scenario, step: number): string[] {
  const before = scenario.steps[step - 1];
  return before ? before.expects : (scenario.steps[step]?.intents.map((i) => i.id) ?? []);
}

const answering = new WeakMap<LexiconIndex, Map<string, TopicPhrase[][]>>();

/**
 * Syllabus phrases answering each asked intent of a step, best first. They depend only on the
 * data, step, level and language, so they are worked out once (matching every phrase against the
 * script is the costly part of a role-play).
 */
function answeringPhrases(index: LexiconIndex, scenario: Scenario, step: number, profile: LevelProfile, target: Lang): TopicPhrase[][] {
  let byKey = answering.get(index);
  if (!byKey) answering.set(index, (byKey = new Map()));
  const key = `${scenario.topic}|${step}|${profile.level}|${target}`;
  const known = byKey.get(key);
  if (known) return known;
  const current = scenario.steps[step];
  const allowed = new Set(allowedIntents(scenario, step));
  // A phrase that is one of the written replies is not a second option.
  const written = new Set(current?.learner.map((line) => line.text[target]));
  const pool = phrasePool(index, scenario.topic, profile, target).filter((p) => !written.has(p.text[target]));
  const lists = (current?.intents ?? [])
    .filter((intent) => allowed.has(intent.id))
    .map((intent) =>
      phrasesForIntent(pool, intent.keywords[target], target, profile.level).filter((p) => {
        const heard = matchIntent(scenario, step, p.text[target], target);
        // Heard as this step and no further: a phrase that also answers the next question
        // would leave the NPC asking for what it was just told.
        return heard !== null && heard.step === step && allowed.has(heard.intent) && furthestStep(scenario, heard, p.text[target], target).step === step;
      }),
    );
  byKey.set(key, lists);
  return lists;
}

/**
 * What the learner can say at a step, best first: the scenario's own written replies (they fit
 * every level), then syllabus phrases of the topic that the tutor would understand as an answer
 * the NPC's previous line asked for. A phrase that would be heard as another step (skipping
 * ahead, or past what was asked) or as another intent is not offered, so no option answers a
 * question nobody asked and none says what the NPC is about to ask for.
 */
export function learnerOptions(
  index: LexiconIndex,
  scenario: Scenario,
  step: number,
  pair: { source: Lang; target: Lang },
  profile: LevelProfile,
  limit = 3,
  avoid: ReadonlySet<string> = new Set(),
): PhraseLine[] {
  const current = scenario.steps[step];
  if (!current) return [];
  const allowed = new Set(allowedIntents(scenario, step));
  const written: PhraseLine[] = current.learner
    .filter((line) => allowed.has(line.intent))
    .map((line, i) => ({ id: `line:${scenario.topic}:${current.id}:${i}`, text: line.text[pair.target], translation: line.text[pair.source] }));
  const perIntent = answeringPhrases(index, scenario, step, profile, pair.target).map((list) => list.filter((p) => !avoid.has(p.id)));
  const chosen = new Map<string, PhraseLine>();
  for (const line of written) if (!avoid.has(line.id) && chosen.size < limit) chosen.set(line.id, line);
  // Round-robin over intents so each intent gets a suggestion before any gets a second.
  for (let round = 0; chosen.size < limit && perIntent.some((list) => list.length > round); round++) {
    for (const list of perIntent) {
      const phrase = list[round];
      if (phrase && chosen.size < limit && ![...chosen.values()].some((c) => c.text === phrase.text[pair.target])) {
        chosen.set(phrase.id, { id: phrase.id, text: phrase.text[pair.target], translation: phrase.text[pair.source] });
      }
    }
  }
  return [...chosen.values()];
}
