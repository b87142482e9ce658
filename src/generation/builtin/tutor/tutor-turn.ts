// One turn of the offline tutor: a scripted role-play partner. The learner's message is corrected,
// matched to the scenario's intents, and answered with the scenario's next NPC line (in the
// scene's voice: time of day, weather, persona). A message that answers several steps at once
// moves the script on past all of them, so the NPC never asks for what it was told; a farewell is
// answered in kind; a message that is not understood gets one clarifying question offering two
// replies the learner could mean, never the previous line again.
// It cannot hold an open conversation: that is the LLM engine's job. Nothing here is random, so
// the same message in the same state always gets the same answer.
import type { NpcRequest, TutorRequest } from "../../engine-input.ts";
import { LANGUAGE_NAMES, type Lang } from "../../languages.ts";
import { levelProfile, type LevelProfile } from "../../levels.ts";
import type { ConversationState, TutorTurnResult } from "../../model.ts";
import type { Scenario } from "../data-rules.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import { resolveTopics } from "../scene-topics.ts";
import { answeredInKind, farewellKind, greetingTime, npcGreeting, readMood, voicedLearnerLine, voicedNpcLine, type SceneMood } from "../npc-voice.ts";
import { chooseScenario, learnerOptions, type Line } from "../scenario-lines.ts";
import { DEFAULT_NPC_NAME } from "../ui-text/lesson-text.ts";
import { quote, say, type Texts } from "../ui-text/template.ts";
import { ASK_NAME_KEYWORDS, FAREWELLS, HINTS, NPC_LINES } from "../ui-text/tutor-text.ts";
import { correctMessage, type CorrectedMessage } from "./corrections.ts";
import { containsAnyKeyword, furthestStep, matchIntent, type IntentMatch } from "./intent-match.ts";
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
  mood: SceneMood;
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

function npcLine(turn: Turn, step: number, lang: Lang): string {
  return voicedNpcLine(turn.scenario, Math.min(Math.max(step, 0), turn.scenario.steps.length - 1), lang, turn.mood);
}

/** The closing line, answering the learner's farewell in kind. */
function closingLine(turn: Turn, step: number, message: string, lang: Lang): string {
  // The learner wrote in the target language; the translation answers the same farewell.
  const kind = farewellKind(message, turn.request.target);
  const farewell = kind ? (FAREWELLS[kind]?.keywords[lang][0] ?? "") : "";
  return answeredInKind(npcLine(turn, step, lang), farewell, lang);
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
  const { source, target } = turn.request;
  const voiced = learnerOptions(turn.index, turn.scenario, step, turn.request, turn.profile).map((o) => ({
    text: voicedLearnerLine(turn.scenario, o.text, step, target, turn.mood),
    translation: voicedLearnerLine(turn.scenario, o.translation, step, source, turn.mood),
  }));
  return voiced.filter((o, i) => voiced.findIndex((p) => p.text === o.text) === i);
}

/** Up to two replies the learner may have meant, a different pair after each miss. */
function meantReplies(turn: Turn, step: number, misses: number): Line[] {
  const options = optionsFor(turn, step);
  if (options.length <= 2) return options;
  const first = misses % options.length;
  return [options[first], options[(first + 1) % options.length]].filter((o): o is Line => o !== undefined);
}

/** One clarifying question naming the replies the learner may have meant. */
function clarifyingQuestion(meant: Line[], misses: number): (lang: Lang, target: Lang) => string {
  const again = misses > 0;
  return (lang, target) => {
    // The options are quoted inside a question: their own full stop goes.
    const [a, b] = meant.map((m) => quote(lang, (lang === target ? m.text : m.translation).replace(/\.$/, "")));
    if (!a) return say(NPC_LINES.not_understood, lang);
    if (!b) return say(again ? NPC_LINES.clarify_again_one : NPC_LINES.clarify_one, lang, { a });
    return say(again ? NPC_LINES.clarify_again_two : NPC_LINES.clarify_two, lang, { a, b });
  };
}

/**
 * Up to three replies the learner could give next: what the NPC's last line asked for (the
 * farewells once the scene is over). Only replies to that question are offered: a phrase that
 * would answer nothing, or ask again for what the NPC just said, is not a suggestion.
 */
function suggestions(turn: Turn, step: number): Line[] {
  const steps = turn.scenario.steps;
  return optionsFor(turn, turn.state.done ? steps.length - 1 : step).slice(0, 3);
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
  const mood = readMood(request.scene, npc.persona);
  const turn: Turn = { index, request, profile: levelProfile(request.level), scenario, state, npc, mood };

  const corrected = correctMessage(request.message, { index, source: request.source, target: request.target, names: [npc.name] });
  const askedName = containsAnyKeyword(corrected.understood, ASK_NAME_KEYWORDS[request.target], request.target);
  const match = state.done ? null : matchIntent(scenario, state.step, corrected.understood, request.target);
  const wasDone = state.done;
  const stepBefore = state.step;
  const intro = (lang: Lang) => (askedName ? [say(NPC_LINES.my_name, lang, { name: npc.name })] : []);

  let reply: { text: string; translation: string };
  let meant: Line[] | null = null;
  if (wasDone) reply = bilingual(turn, (l) => [...intro(l), farewellKind(request.message, request.target) ? closingLine(turn, scenario.steps.length - 1, request.message, l) : say(NPC_LINES.finished, l)]);
  else if (match) {
    const reached = furthestStep(scenario, match, corrected.understood, request.target);
    // A greeting that names the time of day is answered with the same one, unless the scene set it.
    const said = reached.step === 0 && !mood.time ? greetingTime(corrected.understood, request.target) : null;
    const voice: Turn = said ? { ...turn, mood: { ...mood, time: said } } : turn;
    const last = reached.step === scenario.steps.length - 1;
    // Greeted and already asked for something: the NPC greets back before answering.
    const greetBack = (l: Lang) => (match.step === 0 && reached.step > 0 ? [npcGreeting(scenario, l, voice.mood)].filter((g) => g !== "") : []);
    reply = bilingual(voice, (l) => [...intro(l), ...greetBack(l), last ? closingLine(voice, reached.step, corrected.understood, l) : npcLine(voice, reached.step, l)]);
    state.step = reached.step + 1;
    state.done = state.step >= scenario.steps.length;
    state.misses = 0;
  } else if (askedName) {
    reply = bilingual(turn, (l) => [...intro(l), ...(stepBefore > 0 ? [npcLine(turn, stepBefore - 1, l)] : [])]);
    state.misses = 0;
  } else {
    meant = meantReplies(turn, stepBefore, state.misses);
    const question = clarifyingQuestion(meant, state.misses);
    reply = bilingual(turn, (l) => [question(l, request.target)]);
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
    suggested_replies: meant && meant.length > 0 ? meant : suggestions(turn, state.step),
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
