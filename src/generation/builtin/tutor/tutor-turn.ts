// One turn of the offline tutor: a scripted role-play partner. The learner's message is corrected,
// matched to the scenario's intents, and answered with the scenario's next NPC line (in the
// scene's voice: time of day, weather, persona). A message that answers several steps at once
// moves the script on past all of them, so the NPC never asks for what it was told; a farewell is
// answered in kind; a message that is not understood gets one clarifying question offering two
// replies the learner could mean, never the previous line again.
// It cannot hold an open conversation: that is the LLM engine's job. Nothing here is random, so
// the same message in the same state always gets the same answer.
import { rolePlayToPlay, type NpcRequest, type PlanRolePlay, type TutorRequest } from "../../engine-input.ts";
import { LANGUAGE_NAMES, type Lang } from "../../languages.ts";
import { levelProfile, type LevelProfile } from "../../levels.ts";
import type { ConversationState, TutorTurnResult } from "../../model.ts";
import type { Scenario } from "../data-rules.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import { buildLessonContext } from "../lesson/lesson-context.ts";
import { rolePlaySet } from "../lesson/role-play-set.ts";
import { FRAME_BY_ID } from "../scene/frames.ts";
import { understandScene, type SceneUnderstanding } from "../scene/understand-scene.ts";
import { answeredInKind, farewellKind, greetingTime, npcGreeting, readMood, voicedLearnerLine, voicedNpcLine, type SceneMood } from "../npc-voice.ts";
import { chooseScenario, learnerOptions, type Line } from "../scenario-lines.ts";
import { DEFAULT_NPC_NAME } from "../ui-text/lesson-text.ts";
import { quote, say } from "../ui-text/template.ts";
import { ASK_NAME_KEYWORDS, FAREWELLS, HINTS, NPC_LINES } from "../ui-text/tutor-text.ts";
import { correctMessage, type CorrectedMessage } from "./corrections.ts";
import { bareYesNo, containsAnyKeyword, furthestStep, matchIntent, onlyDeclines, type IntentMatch } from "./intent-match.ts";
import { newVocabulary } from "./new-vocabulary.ts";
import { ANSWERS, STEP_PROMPTS, STEP_PROMPTS_INFORMAL, type GeneralTopic } from "./answer-text.ts";
import { generalReplies } from "./general-replies.ts";
import { PARTIAL_NOTE } from "./family-notes.ts";
import { understandLearner, type LearnerIntent } from "./learner-intent.ts";
import { yesNoEcho } from "./question-echo.ts";
import { formatPrice, orderTotal, sceneFacts, type Currency } from "./scene-facts.ts";
import { planScenario, statedPrice, stepSaidOtherwise } from "./plan-script.ts";
import { withTotal } from "./script-prices.ts";
import { isKnownWord } from "./spelling.ts";
import { foldCase } from "../text-normalise.ts";
import { bandedNpcLine, bandOf, chatBridge, formalChat } from "./band-voice.ts";
import { answerTurn, bareAnswer, generalQuestion, mainIntent, memoryOf, nextGeneralQuestion, orderable } from "./tutor-answer.ts";

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
  /** The scenario is the plan's own role-play (plan-script.ts): its lines are said as the plan has them. */
  fromPlan: boolean;
}

/**
 * What the scene and the NPC's persona were understood as (builtin/scene/): the same reading the
 * lesson's role-play makes, so the tutor plays the role-play's frame, place and currency.
 */
function sceneOf(index: LexiconIndex, request: TutorRequest): SceneUnderstanding | null {
  if (!request.scene && !request.npc?.persona) return null;
  return understandScene(index, { text: request.scene ?? "", npc: request.npc ?? null, target: request.target, source: request.source });
}

/**
 * The scene's topics whose script plays the scene's situation (the scenario's frame), best first:
 * a café scene that mentions breakfast is ordered at a counter, not eaten at a host's table, and
 * the way to the station is not asked at the ticket office. Ranked by how the scene ranks them,
 * then by how typical of the situation they are (at half weight); the situation's own topics are
 * candidates even when the scene does not name them.
 */
function situatedTopics(index: LexiconIndex, scene: SceneUnderstanding): string[] {
  const frameTopics = FRAME_BY_ID.get(scene.frame)?.topics ?? [];
  const plays = (t: string) => index.scenarioByTopic.get(t)?.frame === scene.frame;
  const rank = (list: readonly string[], t: string) => (list.includes(t) ? list.indexOf(t) : list.length);
  const candidates = [...new Set([...scene.topics, ...frameTopics])].filter(plays);
  const score = (t: string) => rank(scene.topics, t) + rank(frameTopics, t) / 2;
  return candidates.sort((a, b) => score(a) - score(b) || rank(scene.topics, a) - rank(scene.topics, b));
}

/** The conversation's scenario: kept from the state, else the plan's topics, else the scene's frame (its topics, main first). */
function scenarioFor(index: LexiconIndex, request: TutorRequest, scene: SceneUnderstanding | null): Scenario {
  const stored = request.conversation ? index.scenarioByTopic.get(request.conversation.topic) : undefined;
  if (stored) return stored;
  const sceneTopics = scene?.topics ?? [];
  const topics = [...request.planTopics, ...(scene ? situatedTopics(index, scene) : []), ...sceneTopics];
  const scenario = chooseScenario(index, topics);
  if (!scenario) throw new Error("the built-in data has no tutor scenarios");
  return scenario;
}

/**
 * A scene whose situation no tutor script plays (a pharmacy, a dentist's, a faulty phone taken
 * back) is played as the lesson for that scene role-plays it (lesson/role-play-set.ts): the same
 * dialogue, built by the same code from the same request, so a game that sends one scene to both
 * gets one conversation. Null when a script of the scene's own situation is there to play.
 */
function sceneRolePlay(index: LexiconIndex, request: TutorRequest, scene: SceneUnderstanding | null, scripted: Scenario): PlanRolePlay | null {
  if (!scene || !request.scene || request.planTopics.length > 0) return null;
  if (scripted.frame === scene.frame) return null;
  const lesson = { source: request.source, target: request.target, level: request.level, subject: { kind: "scene" as const, text: request.scene }, npc: request.npc };
  const context = buildLessonContext(index, lesson);
  const set = rolePlaySet(context, 0);
  return set ? rolePlayToPlay(set, context.understood.currency) : null;
}

/** A line in both languages: what the NPC says (target) and its translation (source). */
function bilingual(turn: Turn, parts: (lang: Lang) => string[]): { text: string; translation: string } {
  return { text: parts(turn.request.target).join(" "), translation: parts(turn.request.source).join(" ") };
}

/** The scenario's line in the scene's voice, as the role-play says it at the learner's band. */
function npcLine(turn: Turn, step: number, lang: Lang): string {
  const at = Math.min(Math.max(step, 0), turn.scenario.steps.length - 1);
  // The plan's lines are already in the scene's voice and the learner's band.
  if (turn.fromPlan) return turn.scenario.steps[at]?.npc[lang] ?? "";
  return bandedNpcLine(voicedNpcLine(turn.scenario, at, lang, turn.mood), bandOf(turn.profile.level), lang, at, turn.scenario.steps.length);
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
  if (turn.fromPlan) return (turn.scenario.steps[step]?.learner ?? []).map((l) => ({ text: l.text[target], translation: l.text[source] }));
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

/**
 * Up to three replies the learner could give next: what the NPC's last line asked for (the
 * farewells once the scene is over). Only replies to that question are offered: a phrase that
 * would answer nothing, or ask again for what the NPC just said, is not a suggestion.
 */
function suggestions(turn: Turn, step: number): Line[] {
  const steps = turn.scenario.steps;
  const options = optionsFor(turn, turn.state.done ? steps.length - 1 : step);
  // What the learner already said is not offered again: a question the NPC answered and stayed at
  // its step for ("¿Tienen té?") would otherwise come back at every turn.
  const said = new Set(turn.state.turns.filter((t) => t.role === "learner").map((t) => t.text.trim()));
  const fresh = options.filter((o) => !said.has(o.text.trim()));
  return (fresh.length > 0 ? fresh : options).slice(0, 3);
}

/**
 * Hints by priority: wrong language first, then honesty about the script, then what to say. In a
 * general conversation what to say answers the question pending (`general`), not a script's step.
 */
function hintsFor(turn: Turn, match: IntentMatch | null, askedName: boolean, corrected: CorrectedMessage, general: Line[] | null): string[] {
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
  const [example] = general ?? optionsFor(turn, turn.state.step);
  if (example) hints.push(exampleHint(turn, example));
  const words = general ? [] : (turn.scenario.steps[turn.state.step]?.intents ?? []).flatMap((i) => i.keywords[request.target].slice(0, 2));
  if (words.length > 0) hints.push(say(HINTS.words, lang, { words: words.slice(0, 4).join(", ") }));
  return hints.slice(0, MAX_HINTS);
}

function initialState(scenario: Scenario): ConversationState {
  return { v: 1, topic: scenario.topic, step: 0, done: false, misses: 0, introduced: [], turns: [] };
}

/** What a statement answering a general question tells, by the question. */
const TOLD_BY_ANSWER: Partial<Record<GeneralTopic, LearnerIntent>> = { origin: "tell_origin", work: "tell_work", free_time: "tell_likes", week: "tell_week", plans: "tell_plans", food: "tell_likes" };

/** Whether every word of the message is one of the target language's (a name or a number aside). */
function readsWhole(corrected: CorrectedMessage, index: LexiconIndex, target: Lang): boolean {
  const words = corrected.understood.match(/[\p{L}'’-]+/gu) ?? [];
  return words.length >= 2 && words.every((w, i) => isKnownWord(w, index.language(target)) || (i > 0 && /^\p{Lu}/u.test(w)));
}

/** Words of the message the tutor could not read (not in the target's tables, not a name or a number). */
function unreadWords(corrected: CorrectedMessage, message: string, target: Lang, index: LexiconIndex): string {
  // A capitalised word inside the message is a name; the first word is capitalised anyway.
  const all = corrected.understood.match(/[\p{L}'’-]+/gu) ?? [];
  const words = all.filter((w, i) => w.length > 1 && !isKnownWord(w, index.language(target)) && (i === 0 || !/^\p{Lu}/u.test(w)));
  // A few unread words are named; when most of the message is unread, it is quoted whole, as
  // written (words picked out of it would read as a sentence it never said).
  const whole = message.trim().replace(/^[¿¡]+|[.!?¿¡…]+$/gu, "") || message.trim();
  const text = words.length > 0 && words.length * 2 < all.length ? words.slice(0, 4).join(", ") : whole;
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** The question at the end of an NPC line ("… Aquí tiene la carta. ¿Qué desea pedir?"), asked again after an answer. */
function lastQuestion(line: string): string | null {
  const sentences = line.match(/[^.!?]*[^.!?\s][^.!?]*[.!?]+/gu) ?? [line];
  const question = [...sentences].reverse().find((s) => s.includes("?"));
  return question?.trim() ?? null;
}

const isQuestion = (intent: LearnerIntent | null) => intent !== null && intent.startsWith("ask_");

export function tutorTurn(index: LexiconIndex, request: TutorRequest): TutorTurnResult {
  const scene = sceneOf(index, request);
  // With a plan, its role-play is the script: the conversation the learner practised, not a second one.
  const scripted = scenarioFor(index, request, scene);
  const rolePlay = request.planRolePlay ?? sceneRolePlay(index, request, scene, scripted);
  // A role-play conversation is filed under the plan's main topic, else the scene's scenario's.
  const scenario = rolePlay ? planScenario(rolePlay, request.planTopics[0] ?? scripted.topic, request.source, request.target) : scripted;
  const previous = request.conversation && request.conversation.topic === scenario.topic ? request.conversation : initialState(scenario);
  const state: ConversationState = { ...previous, step: Math.min(previous.step, scenario.steps.length), introduced: previous.introduced.slice(), turns: previous.turns.slice() };
  const memory = memoryOf(previous.memory);
  const npc = request.npc ?? (rolePlay ? { name: rolePlay.npcName, persona: null } : { name: scene?.npcName ?? DEFAULT_NPC_NAME[request.target], persona: null });
  const mood = readMood(request.scene, npc.persona);
  const turn: Turn = { index, request, profile: levelProfile(request.level), scenario, state, npc, mood, fromPlan: rolePlay !== null };
  const { source, target } = request;
  // A scene, a plan or a persona chose the scenario: a role-play. Nothing did: a general conversation.
  memory.mode ??= request.conversation ? (scenario.topic === generalTopic(index) ? "general" : "scene") : request.planTopics.length > 0 || rolePlay !== null || scene !== null ? "scene" : "general";
  const inScene = memory.mode === "scene";
  const band = bandOf(request.level);
  // The plan's role-play speaks tú/du/tu at A and the polite form above (scene/frame-dialogue.ts): the tutor's own answers match it.
  const formal = rolePlay ? band !== "A" : inScene || formalChat(band);

  const corrected = correctMessage(request.message, { index, source, target, names: [npc.name, ...(memory.name ? [memory.name] : [])] });
  const lastAsked = (memory.asked.at(-1) as GeneralTopic | undefined) ?? null;
  const learner = understandLearner(index, corrected.understood, target, inScene ? null : lastAsked);
  // Until the first step is passed, nothing has been greeted: "Buenas noches" opens the conversation.
  let intent = mainIntent(learner, previous.step === 0);
  // Outside a scene nothing is for sale: "quiero ir a la playa" after "¿Qué planes tienes?" tells the plan.
  if (intent === "request" && !inScene && lastAsked) intent = TOLD_BY_ANSWER[lastAsked] ?? intent;
  if (!intent && !inScene) {
    const bare = bareAnswer(corrected.understood, lastAsked, (word) => isKnownWord(word, index.language(target)));
    if (bare) {
      intent = bare.intent;
      if (bare.intent === "tell_name") learner.content.name = bare.value;
      else learner.content.place = bare.value;
    } else if (lastAsked && !learner.question && readsWhole(corrected, index, target)) {
      // A statement the tutor can read every word of, right after its question, answers that
      // question ("Fue una semana tranquila" after "¿Qué tal tu semana?").
      intent = TOLD_BY_ANSWER[lastAsked] ?? null;
    }
  }
  const facts = sceneFacts(index, inScene ? scenario.topic : null, (rolePlay?.currency as Currency | null | undefined) ?? scene?.currency ?? null, target);
  const concepts = index.conceptById;
  const unknownKey = unreadWords(corrected, request.message, target, index);
  const echo = intent === "ask_quality" ? yesNoEcho(corrected.understood, target, index) : null;
  const answerInput = { source, target, facts, turn: learner, memory, npcName: npc.name, inScene, formal, lastAsked, unknownKey, echo };
  const askedName = intent === null && containsAnyKeyword(corrected.understood, ASK_NAME_KEYWORDS[target], target);
  const wasDone = state.done;
  const stepBefore = state.step;
  const last = scenario.steps.length - 1;
  const intro = (lang: Lang) => (askedName ? [say(NPC_LINES.my_name, lang, { name: npc.name })] : []);
  /** The question the NPC is waiting on, asked again after an answer so the scene moves on. */
  // A line that asks nothing ("Enseguida. ¡Que aproveche!") is not said again after each answer: the NPC asks for the move
  // the step waits for (¿Le traigo la cuenta?), or whether anything else is wanted.
  const prompt = scenario.steps[state.step]?.intents.map((i) => (formal ? STEP_PROMPTS : STEP_PROMPTS_INFORMAL)[i.id]).find((p) => p !== undefined) ?? ANSWERS.anything_else;
  const pending = (l: Lang) => (state.done || state.step === 0 ? [] : [lastQuestion(npcLine(turn, state.step - 1, l)) ?? say(prompt, l)]);

  // The script step the message answers, from the one the NPC waits on: worked out once, when first asked.
  let answered: IntentMatch | null | undefined;
  const stepAnswered = () => (answered === undefined ? (answered = matchIntent(scenario, state.step, corrected.understood, target)) : answered);
  // A question the script itself answers at this step ("¿Cuánto es?" at the till) takes the script's line: the step's own
  // learner lines are questions. A question at a step that waits for an order ("How much is a coffee?") is answered here.
  const scriptAnswers = () => {
    // In the plan's role-play the current step's own options are the script's answer, a question or a
    // farewell word among them (French "Salut !" greets as well as takes leave).
    const planStep = turn.fromPlan ? stepAnswered() : null;
    // A question is the step's own only when one of its options asks the same ("Haben Sie ein Zimmer?"
    // is the request, "Ist das Zimmer ruhig?" a question about it, answered in role).
    const sameKind = () => !isQuestion(intent) || (scenario.steps[state.step]?.learner ?? []).some((line) => mainIntent(understandLearner(index, line.text[target], target), false) === intent);
    if (turn.fromPlan) return planStep !== null && planStep.step === state.step && state.step < last && sameKind();
    const found = intent === "goodbye" ? null : stepAnswered();
    const step = found && found.step === state.step ? scenario.steps[found.step] : undefined;
    return step !== undefined && (intent === "complaint" || step.learner.some((line) => line.text[target].includes("?")));
  };
  let reply: { text: string; translation: string };
  let match: IntentMatch | null = null;
  let understood = true;
  let shownIntent: string | null = intent;
  let meant: Line[] | null = null;
  // In a general conversation: the question the reply leaves waiting for an answer.
  let pendingQuestion: GeneralTopic | null = null;
  if (wasDone) {
    reply = bilingual(turn, (l) => [...intro(l), farewellKind(request.message, target) ? closingLine(turn, last, request.message, l) : say(NPC_LINES.finished, l)]);
  } else if (!inScene) {
    // A general conversation: answer, remember, then ask the next thing not yet known.
    const answer = intent ? answerTurn(answerInput, intent, concepts) : null;
    const ends = answer?.closes ?? false;
    const asksBack = answer?.asksBack === true;
    // A message not understood moves nothing on: the NPC asks its question again, and waits for that answer.
    const next = ends || asksBack || !(answer || askedName) ? null : nextGeneralQuestion(memory);
    if (next) memory.asked.push(next);
    // An NPC that answered the learner's own question still waits for its last one, if it is unanswered.
    pendingQuestion = ends ? null : (next ?? (lastAsked && !memory.told.includes(lastAsked) ? lastAsked : nextGeneralQuestion(memory)));
    // Above A the NPC says one more sentence before its question (band-voice.ts).
    const bridge = next ? chatBridge(band, memory.told.length, (answer?.intent ?? "").startsWith("tell_")) : null;
    if (answer || askedName) {
      reply = bilingual(turn, (l) => [...intro(l), ...(answer ? answer.parts(l) : []), ...(bridge ? [say(bridge, l)] : []), ...(next ? [generalQuestion(next, l, formal)] : [])]);
      state.misses = 0;
    } else {
      const words = unreadWords(corrected, request.message, target, index);
      reply = bilingual(turn, (l) => [say(formal ? ANSWERS.not_understood : ANSWERS.not_understood_informal, l, { words }), ...(lastAsked ? [generalQuestion(lastAsked, l, formal)] : [])]);
      understood = false;
      state.misses += 1;
      pendingQuestion = lastAsked;
    }
    state.step = Math.min(memory.asked.length, scenario.steps.length);
    if (ends) state.done = true;
  } else if ((isQuestion(intent) || intent === "goodbye" || intent === "complaint") && !scriptAnswers()) {
    const answer = answerTurn(answerInput, intent as LearnerIntent, concepts);
    // What it all comes to, in a plan's role-play, is the price the plan states.
    const planPrice = rolePlay && intent === "ask_price" && learner.content.items.length === 0 ? statedPrice(rolePlay) : null;
    if (planPrice) {
      reply = bilingual(turn, (l) => [l === target ? planPrice.text : planPrice.translation, ...pending(l)]);
    } else if (answer.closes) {
      // The scene's own closing line, answering the learner's farewell in kind (hasta mañana → ¡Hasta mañana!).
      reply = bilingual(turn, (l) => [closingLine(turn, last, request.message, l)]);
      shownIntent = stepAnswered()?.intent ?? intent;
      state.done = true;
      state.step = scenario.steps.length;
    } else {
      reply = bilingual(turn, (l) => [...answer.parts(l), ...pending(l)]);
    }
    state.misses = 0;
  } else if (!turn.fromPlan && learner.question && state.step + 1 < last && stepAnswered()?.step === last) {
    // A question about paying, steps before the end ("Can I pay by card?" while the food is being
    // chosen), is answered, and the NPC waits for what it asked: it does not end the scene.
    reply = bilingual(turn, (l) => [say(ANSWERS.of_course, l), ...pending(l)]);
    shownIntent = intent ?? "question";
    state.misses = 0;
  } else if ((match = turn.fromPlan ? planMatch(scenario, state.step, corrected.understood, target, intent, learner, scene !== null && MEDICAL_FRAMES.has(scene.frame)) : (stepAnswered() ?? orderAtStep(scenario, state.step, intent, learner) ?? declinedAt(state.step, last, corrected.understood, target) ?? destinationAt(turn, state.step, corrected.understood)))) {
    const found = match;
    let reached = furthestStep(scenario, found, corrected.understood, target);
    // The scene ends when the learner says goodbye, never because the script ran out of steps.
    const farewell = farewellKind(request.message, target) !== null;
    if (reached.step === last && !farewell) reached = { ...reached, step: Math.max(found.step, last - 1) };
    const said = reached.step === 0 && !mood.time ? greetingTime(corrected.understood, target) : null;
    const voice: Turn = said ? { ...turn, mood: { ...mood, time: said } } : turn;
    const closing = reached.step === last;
    // The script's own line answers (the role-play shows the same one); the name and the order are remembered.
    if (intent === "tell_name" || (intent === "request" && learner.content.items.some(orderable))) answerTurn(answerInput, intent, concepts);
    const greetBack = (l: Lang) => (found.step === 0 && reached.step > 0 && !turn.fromPlan ? [npcGreeting(scenario, l, voice.mood)].filter((g) => g !== "") : []);
    const stayAtEnd = reached.step === last - 1 && found.step === last;
    // The bill the script states is the learner's order at the prices the tutor quotes (script-prices.ts).
    const billed = (line: string, l: Lang) => (memory.order.length > 0 && BILLED_KINDS.has(facts.kind) && !turn.fromPlan ? withTotal(line, formatPrice(orderTotal(facts, memory.order, concepts), facts.currency, l), l) : line);
    reply = bilingual(voice, (l) => [...intro(l), ...greetBack(l), stayAtEnd ? say(ANSWERS.anything_else, l) : billed(closing ? closingLine(voice, reached.step, corrected.understood, l) : npcLine(voice, reached.step, l), l)]);
    state.step = stayAtEnd ? last : reached.step + 1;
    state.done = closing;
    state.misses = 0;
    shownIntent = found.intent;
  } else if (intent) {
    const answer = answerTurn(answerInput, intent, concepts);
    reply = bilingual(turn, (l) => [...answer.parts(l), ...pending(l)]);
    state.misses = 0;
  } else if (askedName) {
    reply = bilingual(turn, (l) => [...intro(l), ...(stepBefore > 0 ? [npcLine(turn, stepBefore - 1, l)] : [])]);
    state.misses = 0;
    shownIntent = "ask_name";
  } else {
    // One clarifying question naming what was not understood; the replies the learner may have meant are suggestions.
    meant = meantReplies(turn, stepBefore, state.misses);
    const words = unreadWords(corrected, request.message, target, index);
    reply = bilingual(turn, (l) => [say(formal ? ANSWERS.not_understood : ANSWERS.not_understood_informal, l, { words })]);
    understood = false;
    state.misses += 1;
  }

  const answers = pendingQuestion ? generalReplies(pendingQuestion, source, target) : null;
  const hints = hintsFor({ ...turn, state: { ...state, step: stepBefore, done: wasDone || state.done } }, understood ? (match ?? FAKE_MATCH) : null, askedName, corrected, answers);
  // Words quoted back from the learner's message are theirs, not new words of the reply.
  const vocabulary = newVocabulary(index, reply.text.replace(/[«“„][^»”“]*[»”“]/gu, " "), request, state.introduced, inScene ? scenario.topic : null);
  state.introduced.push(...vocabulary.map((v) => v.id));
  state.turns.push({ role: "learner", text: request.message }, { role: "npc", text: reply.text });
  state.turns = state.turns.slice(-KEPT_TURNS);
  state.memory = memory;
  const current = scenario.steps[Math.min(state.step, scenario.steps.length - 1)];
  const partial = partialNote(corrected, request.message, target, index, source);

  return {
    reply: reply.text,
    reply_translation: reply.translation,
    corrections: corrected.corrections,
    corrected_message: corrected.correctedMessage,
    hints: partial ? [partial, ...hints].slice(0, MAX_HINTS) : hints,
    suggested_replies: meant && meant.length > 0 ? meant : (answers ?? suggestions(turn, Math.min(state.step, scenario.steps.length - 1))),
    new_vocabulary: vocabulary,
    progress: {
      topic: scenario.topic,
      // Without a scene the conversation is its questions: the step is the one waiting for an answer.
      step_id: (!inScene && pendingQuestion) || (current?.id ?? ""),
      step: Math.min(state.step + 1, scenario.steps.length),
      steps: scenario.steps.length,
      understood: understood || wasDone,
      intent: understood ? shownIntent : null,
      completed: state.done,
    },
    conversation: state,
  };
}

// The NPC's question asks where the learner is going ("¿Adónde quiere ir?", "Wohin möchten Sie?").
const ASKS_WHERE_TO: Record<Lang, RegExp> = {
  en: /\bwhere (?:would you like to|do you want to|are you) go/i,
  es: /\ba ?dónde\b/i,
  fr: /\boù (?:voulez|veux|souhaitez|allez)/i,
  de: /\bwohin\b/i,
  it: /\b(?:dove (?:vuole|vuoi|desidera) andare|per dove)\b/i,
  "pt-BR": /\b(?:para onde|aonde)\b/i,
};

/**
 * A place named in answer to "where to?" ("Barcelona", "A Sevilla, por favor") answers that step:
 * a capitalised word the lexicon has no entry for is the name of the place.
 */
function destinationAt(turn: Turn, step: number, message: string): IntentMatch | null {
  const target = turn.request.target;
  const intent = turn.scenario.steps[step]?.intents[0];
  if (!intent || step === 0 || !ASKS_WHERE_TO[target].test(npcLine(turn, step - 1, target))) return null;
  const language = turn.index.language(target);
  const named = (message.match(/\p{Lu}[\p{L}-]+/gu) ?? []).some((w) => (language.forms.get(foldCase(w)) ?? []).length === 0);
  return named ? { step, intent: intent.id } : null;
}

/**
 * "No, gracias" to what the NPC offers at a step that has no words for turning it down ("¿Y para
 * beber?"): the offer is answered and the scene goes on, instead of the thanks being heard as the
 * goodbye of the last step.
 */
// Where telling what hurts is asking for help: "J'ai mal à la tête" at the pharmacy asks for a medicine.
const MEDICAL_FRAMES: ReadonlySet<string> = new Set(["pharmacy", "doctor_appointment", "dentist_appointment", "emergency"]);

/** An ailment told at the step where the learner says what they came for, in a medical scene. */
function ailmentAt(scenario: Scenario, step: number, learner: ReturnType<typeof understandLearner>, medical: boolean): IntentMatch | null {
  const intent = scenario.steps[step]?.intents[0]?.id;
  return medical && learner.content.ailment && intent === "request" ? { step, intent } : null;
}

/** A bare yes or no to a step whose options answer with one ("¿Tienes receta?" — "Sí, aquí está." / "No, no tengo."). */
function yesNoAt(scenario: Scenario, step: number, text: string, target: Lang): IntentMatch | null {
  const answer = bareYesNo(text, target);
  const options = scenario.steps[step]?.learner ?? [];
  const intent = scenario.steps[step]?.intents[0]?.id;
  if (answer === null || intent === undefined) return null;
  return options.some((o) => bareYesNo(o.text[target].split(/[,.!?;]/u)[0] ?? "", target) === answer) ? { step, intent } : null;
}

function declinedAt(step: number, last: number, text: string, target: Lang): IntentMatch | null {
  return step > 0 && step < last && onlyDeclines(text, target) ? { step, intent: "nothing" } : null;
}

/** Steps of a frame that wait for what the learner orders or buys (scenario data's intent ids). */
const ORDER_INTENTS = new Set("order drink food dish item buy buy_ticket buy_tickets take_it room quantity request eat tickets stamps letter parcel single return look_for accept_food accept_drink buy_paper".split(" "));

/**
 * An order the step's keywords missed ("Quero um pão" where the data says "eu quero") is still
 * the answer the step waits for: the frame moves on to its own next line instead of asking again.
 */
function orderAtStep(scenario: Scenario, step: number, intent: LearnerIntent | null, learner: ReturnType<typeof understandLearner>): IntentMatch | null {
  if (intent !== "request" || !learner.content.items.some(orderable)) return null;
  const wanted = scenario.steps[step]?.intents.find((i) => ORDER_INTENTS.has(i.id));
  return wanted ? { step, intent: wanted.id } : null;
}

/** Places where a price the script states is the bill of what was ordered. */
const BILLED_KINDS = new Set(["food", "cafe", "shop"]);

const FAKE_MATCH = { step: 0, intent: "", keyword: "" } as unknown as IntentMatch;

/** A message corrected only in part says so: words the checks could not read were left as written. */
function partialNote(corrected: CorrectedMessage, message: string, target: Lang, index: LexiconIndex, source: Lang): string | null {
  if (corrected.corrections.length === 0 || corrected.otherLanguage) return null;
  const unread = (corrected.understood.match(/[\p{L}'’-]+/gu) ?? []).filter((w) => w.length > 2 && !/^\p{Lu}/u.test(w) && !isKnownWord(w, index.language(target)));
  if (unread.length === 0) return null;
  return say(PARTIAL_NOTE, source, { words: unread.slice(0, 3).map((w) => quote(source, w)).join(", ") });
}

/** The scenario a conversation with no scene, plan or persona follows: its topic marks a general conversation. */
function generalTopic(index: LexiconIndex): string | null {
  return chooseScenario(index, [])?.topic ?? null;
}

/**
 * The step of the plan's role-play the message says: its options' words from the current step on;
 * the current step's intent said otherwise comes before the step just done, whose line would be
 * said again ("le café" after ordering one is the exact thing asked for, not a second order).
 */
function planMatch(scenario: Scenario, step: number, text: string, target: Lang, intent: LearnerIntent | null, learner: ReturnType<typeof understandLearner>, medical: boolean): IntentMatch | null {
  const found = matchIntent(scenario, step, text, target);
  const otherwise = stepSaidOtherwise(scenario, step, intent, learner.content.items.length > 0) ?? yesNoAt(scenario, step, text, target) ?? ailmentAt(scenario, step, learner, medical);
  return found && (found.step >= step || !otherwise) ? found : otherwise;
}
