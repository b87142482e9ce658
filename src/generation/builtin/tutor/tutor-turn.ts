// One turn of the offline tutor: a scripted role-play partner. The learner's message is corrected,
// matched to the scenario's intents, and answered with the scenario's next NPC line; when the
// message is not understood the NPC says so, repeats its last line and the tutor gives hints.
// It cannot hold an open conversation: that is the LLM engine's job. Nothing here is random, so
// the same message in the same state always gets the same answer.
import type { NpcRequest, TutorRequest } from "../../engine-input.ts";
import { LANGUAGE_NAMES, type Lang } from "../../languages.ts";
import { levelProfile, type LevelProfile } from "../../levels.ts";
import type { ConversationState, TutorTurnResult } from "../../model.ts";
import type { Scenario } from "../data-rules.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import { resolveTopics } from "../scene-topics.ts";
import { chooseScenario, learnerOptions, phrasePool, type Line } from "../scenario-lines.ts";
import { DEFAULT_NPC_NAME } from "../ui-text/lesson-text.ts";
import { quote, say, type Texts } from "../ui-text/template.ts";
import { ASK_NAME_KEYWORDS, HINTS, NPC_LINES } from "../ui-text/tutor-text.ts";
import { correctMessage, type CorrectedMessage } from "./corrections.ts";
import { containsAnyKeyword, matchIntent, type IntentMatch } from "./intent-match.ts";
import { newVocabulary } from "./new-vocabulary.ts";

const KEPT_TURNS = 20;
const MAX_HINTS = 3;

interface Turn {
  index: LexiconIndex;
  request: TutorRequest;
  profile: LevelProfile;
  scenario: Scenario;
  state: ConversationState;
  npc: NpcRequest;
}

/** The conversation's scenario: kept from the state, else from the plan, scene or NPC persona. */
function scenarioFor(index: LexiconIndex, request: TutorRequest): Scenario {
  const stored = request.conversation ? index.scenarioByTopic.get(request.conversation.topic) : undefined;
  if (stored) return stored;
  const extra = request.npc?.persona ? [request.npc.persona] : [];
  const fromScene = request.scene || extra.length > 0 ? resolveTopics(index, request.scene ?? "", extra) : null;
  const topics = [...request.planTopics, ...(fromScene?.matched ? fromScene.topics : [])];
  const scenario = chooseScenario(index, topics);
  if (!scenario) throw new Error("the built-in data has no tutor scenarios");
  return scenario;
}

/** A line in both languages: what the NPC says (target) and its translation (source). */
function bilingual(turn: Turn, parts: (lang: Lang) => string[]): { text: string; translation: string } {
  return { text: parts(turn.request.target).join(" "), translation: parts(turn.request.source).join(" ") };
}

function npcLine(turn: Turn, step: number): Texts {
  const s = turn.scenario.steps[Math.min(Math.max(step, 0), turn.scenario.steps.length - 1)];
  return s?.npc ?? NPC_LINES.not_understood;
}

function hintLang(turn: Turn): Lang {
  return turn.profile.sourceLanguageUse === "minimal" ? turn.request.target : turn.request.source;
}

function exampleHint(turn: Turn, line: Line): string {
  const lang = hintLang(turn);
  const phrase = quote(lang, line.text) + (lang === turn.request.target ? "" : ` (${line.translation})`);
  return say(HINTS.example, lang, { phrase });
}

function optionsFor(turn: Turn, step: number): Line[] {
  const s = turn.scenario.steps[step];
  return s ? learnerOptions(turn.index, turn.scenario.topic, s, turn.request, turn.profile) : [];
}

/**
 * Two or three replies: what the next step expects (the farewells once the scene is over),
 * topped up with the scene's other phrases at the level.
 */
function suggestions(turn: Turn, step: number): Line[] {
  const steps = turn.scenario.steps;
  const own = optionsFor(turn, turn.state.done ? steps.length - 1 : step);
  if (own.length >= 2) return own.slice(0, 3).map(({ text, translation }) => ({ text, translation }));
  const { source, target } = turn.request;
  const extra = phrasePool(turn.index, turn.scenario.topic, turn.profile, target)
    .map((p) => ({ text: p.text[target], translation: p.text[source] }))
    .filter((l) => !own.some((o) => o.text === l.text));
  return [...own.map(({ text, translation }) => ({ text, translation })), ...extra].slice(0, 2);
}

/** Hints by priority: wrong language first, then honesty about the script, then what to say. */
function hintsFor(turn: Turn, match: IntentMatch | null, askedName: boolean, corrected: CorrectedMessage): string[] {
  const lang = hintLang(turn);
  const { request } = turn;
  // Words of a third language get a gentle hint, never a correction.
  const other = corrected.otherLanguage ? [say(HINTS.other_language, lang, { other: LANGUAGE_NAMES[lang][corrected.otherLanguage], target: LANGUAGE_NAMES[lang][request.target] })] : [];
  if (turn.state.done) return [...other, say(HINTS.done, lang)];
  if (match !== null || askedName) return other;
  const hints: string[] = [...other];
  if (corrected.sourceWords > corrected.targetWords && corrected.sourceWords >= 2) {
    hints.push(say(HINTS.write_in_target, lang, { target: LANGUAGE_NAMES[lang][request.target] }));
  }
  if (turn.state.misses >= 2) hints.push(say(HINTS.scripted, lang));
  if (turn.state.step === 0) hints.push(say(HINTS.start, lang, { npc: turn.npc.name }));
  const [example] = optionsFor(turn, turn.state.step);
  if (example) hints.push(exampleHint(turn, example));
  const words = (turn.scenario.steps[turn.state.step]?.intents ?? []).flatMap((i) => i.keywords[request.target].slice(0, 2));
  if (words.length > 0) hints.push(say(HINTS.words, lang, { words: words.slice(0, 4).join(", ") }));
  return hints.slice(0, MAX_HINTS);
}

function initialState(scenario: Scenario): ConversationState {
  return { v: 1, topic: scenario.topic, step: 0, done: false, misses: 0, introduced: [], turns: [] };
}

export function tutorTurn(index: LexiconIndex, request: TutorRequest): TutorTurnResult {
  const scenario = scenarioFor(index, request);
  const previous = request.conversation && request.conversation.topic === scenario.topic ? request.conversation : initialState(scenario);
  const state: ConversationState = { ...previous, step: Math.min(previous.step, scenario.steps.length), introduced: previous.introduced.slice(), turns: previous.turns.slice() };
  const npc = request.npc ?? { name: DEFAULT_NPC_NAME[request.target], persona: null };
  const turn: Turn = { index, request, profile: levelProfile(request.level), scenario, state, npc };

  const corrected = correctMessage(request.message, { index, source: request.source, target: request.target, names: [npc.name] });
  const askedName = containsAnyKeyword(corrected.understood, ASK_NAME_KEYWORDS[request.target], request.target);
  const match = state.done ? null : matchIntent(scenario, state.step, corrected.understood, request.target);
  const wasDone = state.done;
  const stepBefore = state.step;
  const intro = (lang: Lang) => (askedName ? [say(NPC_LINES.my_name, lang, { name: npc.name })] : []);

  let reply: { text: string; translation: string };
  if (wasDone) reply = bilingual(turn, (l) => [...intro(l), say(NPC_LINES.finished, l)]);
  else if (match) {
    reply = bilingual(turn, (l) => [...intro(l), npcLine(turn, match.step)[l]]);
    state.step = match.step + 1;
    state.done = state.step >= scenario.steps.length;
    state.misses = 0;
  } else if (askedName) {
    reply = bilingual(turn, (l) => [...intro(l), ...(stepBefore > 0 ? [npcLine(turn, stepBefore - 1)[l]] : [])]);
    state.misses = 0;
  } else {
    reply = bilingual(turn, (l) => [say(NPC_LINES.not_understood, l), npcLine(turn, stepBefore - 1)[l]]);
    state.misses += 1;
  }

  const hints = hintsFor({ ...turn, state: { ...state, step: stepBefore, done: wasDone || state.done } }, match, askedName, corrected);
  const vocabulary = newVocabulary(index, reply.text, request, state.introduced);
  state.introduced.push(...vocabulary.map((v) => v.id));
  state.turns.push({ role: "learner", text: request.message }, { role: "npc", text: reply.text });
  state.turns = state.turns.slice(-KEPT_TURNS);
  const current = scenario.steps[Math.min(state.step, scenario.steps.length - 1)];

  return {
    reply: reply.text,
    reply_translation: reply.translation,
    corrections: corrected.corrections,
    corrected_message: corrected.correctedMessage,
    hints,
    suggested_replies: suggestions(turn, state.step),
    new_vocabulary: vocabulary,
    progress: {
      topic: scenario.topic,
      step_id: current?.id ?? "",
      step: Math.min(state.step + 1, scenario.steps.length),
      steps: scenario.steps.length,
      understood: match !== null || askedName || wasDone,
      intent: match?.intent ?? (askedName ? "ask_name" : null),
      completed: state.done,
    },
    conversation: state,
  };
}
