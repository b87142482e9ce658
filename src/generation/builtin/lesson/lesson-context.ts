// Everything the sets of one lesson plan share: the topics the subject was matched to, the core
// vocabulary, phrases, grammar point, scenario and role-play partner. Built once per plan; each
// set only arranges it.
import type { LessonPlanRequest } from "../../engine-input.ts";
import { LANGUAGE_NAMES, type Lang } from "../../languages.ts";
import { levelProfile, type LevelProfile } from "../../levels.ts";
import type { GrammarPoint, Scenario, TopicPhrase } from "../data-rules.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import { explainedPoint, type ExplainedPoint } from "./grammar-explained.ts";
import type { Concept } from "../lexicon-rules.ts";
import { readMood, type SceneMood } from "../npc-voice.ts";
import { understandRequest } from "../scene/plan-understanding.ts";
import type { SceneUnderstanding } from "../scene/understand-scene.ts";
import { FRAME_BY_ID } from "../scene/frames.ts";
import { chooseScenario, phrasePool } from "../scenario-lines.ts";
import { fitsLength } from "../sentence-fit.ts";
import { seededRandom, type SeededRandom } from "../seeded-random.ts";
import { DEFAULT_NPC_NAME } from "../ui-text/lesson-text.ts";
import { requestSeed, selectConcepts, topicTiers } from "../vocabulary.ts";

export interface LessonNpc {
  name: string;
  persona: string | null;
  given: boolean;
}

export interface LessonContext {
  index: LexiconIndex;
  source: Lang;
  target: Lang;
  profile: LevelProfile;
  /** What the topic or scene text was understood as (frame, concepts, place, …). */
  understood: SceneUnderstanding;
  /** Matched topics, best first; the first one leads the lesson. */
  topics: string[];
  core: Concept[];
  phrases: TopicPhrase[];
  /** The level's grammar point, explained in the learner's language where the data has it. */
  grammar: ExplainedPoint | null;
  scenario: Scenario | null;
  npc: LessonNpc;
  /** Time of day, weather and persona the scene and NPC set, for the role-play lines. */
  mood: SceneMood;
  random: SeededRandom;
  targetName: string;
  sourceName: string;
}

const PHRASES_PER_LESSON = 6;

/** Phrases near the top of what the level allows, from the lesson's topics before general ones. */
function choosePhrases(index: LexiconIndex, topics: string[], profile: LevelProfile, target: Lang): TopicPhrase[] {
  const [main] = topics;
  if (!main) return [];
  const own = topics.flatMap((t) => index.topicById.get(t)?.phrases ?? []).filter((p) => p.level <= profile.maxPhraseLevel && fitsLength(p.text[target], profile.maxSentenceWords));
  const pool = [...own, ...phrasePool(index, main, profile, target)];
  const seen = new Set<string>();
  return pool
    .filter((p) => !seen.has(p.id) && seen.add(p.id))
    .map((p, order) => ({ p, order, own: own.includes(p) ? 0 : 1 }))
    .sort((a, b) => a.own - b.own || Math.abs(a.p.level - profile.maxPhraseLevel) - Math.abs(b.p.level - profile.maxPhraseLevel) || a.order - b.order)
    .slice(0, PHRASES_PER_LESSON)
    .map(({ p }) => p)
    .sort((a, b) => a.level - b.level);
}

/** The syllabus point for the level (seeded among equals), else the nearest one below it. */
function chooseGrammar(index: LexiconIndex, target: Lang, level: number, random: SeededRandom): GrammarPoint | null {
  const points = index.grammarByLang.get(target) ?? [];
  const atLevel = points.filter((p) => p.level === level);
  if (atLevel.length > 0) return atLevel[random.below(atLevel.length)] ?? null;
  const below = points.filter((p) => p.level < level);
  return below[below.length - 1] ?? points[0] ?? null;
}

function explainedGrammar(index: LexiconIndex, request: LessonPlanRequest, random: SeededRandom): ExplainedPoint | null {
  const point = chooseGrammar(index, request.target, request.level, random);
  return point ? explainedPoint(point, request.source, index.data.explanations) : null;
}

export function buildLessonContext(index: LexiconIndex, request: LessonPlanRequest): LessonContext {
  const profile = levelProfile(request.level);
  const random = seededRandom(requestSeed("lesson", request));
  const understood = understandRequest(index, request);
  const { topics } = understood;
  // The scene's own words first, then the words its situation needs, then its topics'.
  // From B1 on most of the list is new at the level (vocabulary.ts): the frame's everyday words
  // are taken first only when they are near the level.
  // A setting's implied words (an airport's luggage, a publishing house's books) follow the words
  // the scene says, before the frame's; the frame's words the setting makes wrong are left out.
  const frameConcepts = (FRAME_BY_ID.get(understood.frame)?.concepts ?? []).filter((id) => !understood.displaced.includes(id) && (request.level < 4 || (index.conceptById.get(id)?.level ?? 0) >= request.level - 1));
  const said = understood.concepts.filter((id) => !understood.implied.includes(id));
  const named = [...new Set([...said, ...understood.implied, ...frameConcepts])].map((id) => index.conceptById.get(id)).filter((c): c is Concept => c !== undefined);
  const core = selectConcepts(index, {
    level: request.level,
    source: request.source,
    target: request.target,
    tiers: topicTiers(index, topics),
    exclude: new Set(),
    count: profile.coreVocabulary,
    seed: requestSeed("lesson-core", request),
    named,
    sceneOwn: new Set(understood.concepts),
  });
  return {
    index,
    understood,
    source: request.source,
    target: request.target,
    profile,
    topics,
    core,
    phrases: choosePhrases(index, topics, profile, request.target),
    grammar: explainedGrammar(index, request, random.fork("grammar")),
    scenario: chooseScenario(index, topics),
    mood: readMood(request.subject.text, request.npc?.persona ?? null),
    // The request's NPC first, then the name the scene gives its role ("waitress Lola"), else the engine's.
    npc: request.npc
      ? { name: request.npc.name, persona: request.npc.persona, given: true }
      : understood.npcName
        ? { name: understood.npcName, persona: null, given: true }
        : { name: DEFAULT_NPC_NAME[request.target], persona: null, given: false },
    random,
    targetName: LANGUAGE_NAMES[request.source][request.target],
    sourceName: LANGUAGE_NAMES[request.source][request.source],
  };
}

/** A topic's name in a language, or its id when the topic is unknown. */
export function topicName(context: LessonContext, id: string, lang: Lang): string {
  return context.index.topicById.get(id)?.names[lang] ?? id;
}
