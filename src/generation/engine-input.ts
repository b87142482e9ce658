// Run-time checks of engine inputs, shared by every engine: they arrive from JSON bodies and
// the command line, so types alone prove nothing. Each check throws AppError invalid_request naming
// the field; the result is a normalised request the engines work from.
import { checkTextField, TEXT_LIMITS } from "../lib/text-fields.ts";
import { invalidRequest } from "../lib/errors.ts";
import { LANGS, normaliseLang, type Lang } from "./languages.ts";
import { isLevel } from "./levels.ts";
import { EXCLUDE_MAX, MESSAGE_MAX, VOCAB_COUNT, type ConversationState } from "./model.ts";

export interface NpcRequest {
  name: string;
  persona: string | null;
}

interface PairRequest {
  source: Lang;
  target: Lang;
  level: number;
}

export interface VocabularyRequest extends PairRequest {
  topic: string | null;
  count: number;
  exclude: ReadonlySet<string>;
}

export type Subject = { kind: "topic"; text: string } | { kind: "scene"; text: string };

export interface LessonPlanRequest extends PairRequest {
  subject: Subject;
  npc: NpcRequest | null;
}

export interface TutorRequest extends PairRequest {
  message: string;
  conversation: ConversationState | null;
  scene: string | null;
  npc: NpcRequest | null;
  /** Topic ids of the lesson plan the conversation practises, best first (empty without a plan). */
  planTopics: string[];
  /** The plan's role-play, which the tutor then follows step by step (null without a plan or role-play). */
  planRolePlay: PlanRolePlay | null;
}

export interface PlanLine {
  text: string;
  translation: string;
}

/** The role-play set of a lesson plan (model.ts RolePlaySet), as much of it as the tutor plays. */
export interface PlanRolePlay {
  npcName: string;
  /** The plan's currency (its `understood` overview), null when it names none. */
  currency: string | null;
  steps: { id: string; intent: string; learner: PlanLine[]; npc: PlanLine }[];
}

function asRecord(input: unknown, what: string): Record<string, unknown> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) throw invalidRequest(`${what} must be an object`, what);
  return input as Record<string, unknown>;
}

function langField(body: Record<string, unknown>, field: "source_lang" | "target_lang"): Lang {
  const lang = normaliseLang(body[field]);
  if (lang === null) throw invalidRequest(`${field} must be one of ${LANGS.join(", ")} (pt is accepted as pt-BR)`, field);
  return lang;
}

function pairFields(body: Record<string, unknown>): PairRequest {
  const source = langField(body, "source_lang");
  const target = langField(body, "target_lang");
  if (source === target) throw invalidRequest("target_lang must differ from source_lang", "target_lang");
  if (!isLevel(body.level)) throw invalidRequest("level must be an integer from 1 to 9", "level");
  return { source, target, level: body.level };
}

function textField(value: unknown, param: string, max: number): string {
  const checked = checkTextField(value, max);
  if (!checked.ok) throw invalidRequest(`${param} ${checked.reason}`, param);
  return checked.value;
}

function optionalText(value: unknown, param: string, max: number): string | null {
  return value === undefined || value === null ? null : textField(value, param, max);
}

function npcField(value: unknown): NpcRequest | null {
  if (value === undefined || value === null) return null;
  const npc = asRecord(value, "npc");
  return { name: textField(npc.name, "npc.name", TEXT_LIMITS.npcName), persona: optionalText(npc.persona, "npc.persona", TEXT_LIMITS.npcPersona) };
}

export function parseVocabularyInput(input: unknown): VocabularyRequest {
  const body = asRecord(input, "body");
  const pair = pairFields(body);
  const count = body.count ?? VOCAB_COUNT.default;
  if (typeof count !== "number" || !Number.isInteger(count) || count < VOCAB_COUNT.min || count > VOCAB_COUNT.max) {
    throw invalidRequest(`count must be an integer from ${VOCAB_COUNT.min} to ${VOCAB_COUNT.max}`, "count");
  }
  const exclude = body.exclude ?? [];
  if (!Array.isArray(exclude) || exclude.length > EXCLUDE_MAX || exclude.some((id) => typeof id !== "string")) {
    throw invalidRequest(`exclude must be an array of at most ${EXCLUDE_MAX} item ids`, "exclude");
  }
  return { ...pair, topic: optionalText(body.topic, "topic", TEXT_LIMITS.topic), count, exclude: new Set(exclude as string[]) };
}

export function parseLessonPlanInput(input: unknown): LessonPlanRequest {
  const body = asRecord(input, "body");
  const pair = pairFields(body);
  const hasTopic = body.topic !== undefined && body.topic !== null;
  const hasScene = body.scene !== undefined && body.scene !== null;
  if (hasTopic === hasScene) throw invalidRequest("give exactly one of topic and scene", hasTopic ? "scene" : "topic");
  const subject: Subject = hasTopic
    ? { kind: "topic", text: textField(body.topic, "topic", TEXT_LIMITS.topic) }
    : { kind: "scene", text: textField(body.scene, "scene", TEXT_LIMITS.scene) };
  return { ...pair, subject, npc: npcField(body.npc) };
}

/** A chat message may span lines (a text area); it is read as one line, other rules as for text fields. */
export function parseTutorInput(input: unknown): TutorRequest {
  const body = asRecord(input, "body");
  const pair = pairFields(body);
  return {
    ...pair,
    message: textField(typeof body.message === "string" ? body.message.replace(/\r\n|[\r\n\t]/g, " ") : body.message, "message", MESSAGE_MAX),
    conversation: conversationField(body.conversation),
    scene: optionalText(body.scene, "scene", TEXT_LIMITS.scene),
    npc: npcField(body.npc),
    planTopics: planTopics(body.plan),
    planRolePlay: planRolePlay(body.plan),
  };
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === "string");

/** The state is the engine's own output stored by the caller; anything else is refused, not repaired. */
function conversationField(value: unknown): ConversationState | null {
  if (value === undefined || value === null) return null;
  const c = asRecord(value, "conversation");
  const turns = c.turns;
  const turnsOk =
    Array.isArray(turns) &&
    turns.every((turn) => typeof turn === "object" && turn !== null && (turn.role === "learner" || turn.role === "npc") && typeof turn.text === "string");
  const counter = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n >= 0;
  if (c.v !== 1 || typeof c.topic !== "string" || !counter(c.step) || !counter(c.misses) || typeof c.done !== "boolean" || !isStringArray(c.introduced) || !turnsOk) {
    throw invalidRequest("conversation must be the state returned by the previous turn", "conversation");
  }
  return c as unknown as ConversationState;
}

/** Only the topics of the plan's first set matter to the tutor; the rest of the plan is ignored. */
function planTopics(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const sets = asRecord(value, "plan").sets;
  if (!Array.isArray(sets)) throw invalidRequest("plan must carry its sets", "plan");
  const overview = sets.find((s) => typeof s === "object" && s !== null && (s as { kind?: unknown }).kind === "overview") as { topics?: unknown } | undefined;
  const topics = Array.isArray(overview?.topics) ? overview.topics : [];
  return topics.map((topic) => (typeof topic === "object" && topic !== null ? (topic as { id?: unknown }).id : null)).filter((id): id is string => typeof id === "string");
}


const isLine = (v: unknown): v is PlanLine => typeof v === "object" && v !== null && typeof (v as PlanLine).text === "string" && typeof (v as PlanLine).translation === "string";

/**
 * The plan's role-play, so the tutor plays the dialogue the learner practised (one dialogue per
 * plan, built once by the lesson's generator). A plan whose role-play is not the engine's shape
 * (RolePlaySet in model.ts) is refused rather than half read.
 */
function planRolePlay(value: unknown): PlanRolePlay | null {
  if (value === undefined || value === null) return null;
  const sets = asRecord(value, "plan").sets as unknown[];
  const set = sets.find((s) => typeof s === "object" && s !== null && (s as { kind?: unknown }).kind === "role_play") as Record<string, unknown> | undefined;
  if (!set) return null;
  const overview = sets.find((s) => typeof s === "object" && s !== null && (s as { kind?: unknown }).kind === "overview") as { understood?: { currency?: unknown } } | undefined;
  const npc = set.npc as { name?: unknown } | undefined;
  const steps = set.steps;
  const stepOk = (s: unknown): boolean => {
    const step = s as Record<string, unknown>;
    return typeof s === "object" && s !== null && typeof step.id === "string" && (step.intent === undefined || typeof step.intent === "string") && Array.isArray(step.learner_options) && step.learner_options.every(isLine) && isLine(step.npc);
  };
  if (typeof npc?.name !== "string" || !Array.isArray(steps) || steps.length === 0 || !steps.every(stepOk)) {
    throw invalidRequest("plan's role_play set must be the one the plan was generated with", "plan");
  }
  const currency = overview?.understood?.currency;
  return rolePlayToPlay({ npc: { name: npc.name }, steps: steps as RolePlayStep[] }, typeof currency === "string" ? currency : null);
}

interface RolePlayStep {
  id: string;
  intent?: string;
  learner_options: PlanLine[];
  npc: PlanLine;
}

/** A role-play set (model.ts RolePlaySet) as the tutor plays it, with the plan's currency. */
export function rolePlayToPlay(set: { npc: { name: string }; steps: RolePlayStep[] }, currency: string | null): PlanRolePlay {
  return {
    npcName: set.npc.name,
    currency,
    // `intent` is optional in the plan's shape (a plan an LLM wrote may lack it): the step's id then names what it does.
    steps: set.steps.map((s) => ({
      id: s.id,
      intent: s.intent ?? s.id,
      learner: s.learner_options.map((l) => ({ text: l.text, translation: l.translation })),
      npc: { text: s.npc.text, translation: s.npc.translation },
    })),
  };
}
