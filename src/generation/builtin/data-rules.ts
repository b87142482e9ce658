// Types and structural rules of topics.json, grammar.json and scenarios.json (data/README.md).
// The engine uses the per-item checks to skip a malformed entry instead of crashing on it; the
// data test uses them, plus the coverage rules, to fail loudly.
import { FRAME_IDS, type FrameId } from "./scene/frame-ids.ts";
import { LANGS, type Lang } from "../languages.ts";
import type { Concept } from "./lexicon-rules.ts";

export type PerLang<T> = Record<Lang, T>;

export interface TopicPhrase {
  id: string;
  level: number;
  function: string;
  text: PerLang<string>;
}

export interface Topic {
  id: string;
  group: string;
  names: PerLang<string>;
  keywords: PerLang<string[]>;
  phrases: TopicPhrase[];
}

export interface GrammarPoint {
  id: string;
  lang: Lang;
  level: number;
  title: string;
  form: string;
  meaning: string;
  use: string;
  examples: string[];
  common_errors: { wrong: string; right: string; note: string }[];
}

/**
 * A grammar point explained in a learner's own language (data/grammar-explanations/<lang>.json):
 * grammar.json's English prose, with `notes[i]` the note of `common_errors[i]`. The examples and
 * the wrong/right sentences are the target language's and stay in grammar.json.
 */
export interface GrammarExplanation {
  title: string;
  form: string;
  meaning: string;
  use: string;
  notes: string[];
}

/** Explanations by the learner's language, then by point id (English is grammar.json itself). */
export type GrammarExplanations = Partial<Record<Lang, Record<string, GrammarExplanation>>>;

export interface ScenarioIntent {
  id: string;
  keywords: PerLang<string[]>;
}

/** A model reply the learner can give at a step, saying one of the step's intents. */
export interface LearnerLine {
  intent: string;
  text: PerLang<string>;
}

export interface ScenarioStep {
  id: string;
  npc: PerLang<string>;
  /** Intents of the next step the NPC line asks or leaves room for (empty on the last step). */
  expects: string[];
  intents: ScenarioIntent[];
  learner: LearnerLine[];
  /** The line as said in a weather or by a persona that the written line would contradict. */
  moods?: Partial<Record<string, PerLang<string>>>;
}

export interface Scenario {
  topic: string;
  /** The situation the dialogue plays (scene/frames.ts); absent for a chat that plays none (the weather). */
  frame?: FrameId;
  steps: ScenarioStep[];
}

export interface EngineData {
  concepts: Concept[];
  topics: Topic[];
  grammar: GrammarPoint[];
  explanations: GrammarExplanations;
  scenarios: Scenario[];
}

const isText = (v: unknown): v is string => typeof v === "string" && v.trim() !== "" && v === v.trim();
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isLevel = (v: unknown, max: number) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max;

function perLangText(value: unknown, at: string, problems: string[]): void {
  if (!isRecord(value)) return void problems.push(`${at}: must be an object with every language`);
  for (const lang of LANGS) if (!isText(value[lang])) problems.push(`${at}.${lang}: missing or not a trimmed string`);
}

function perLangKeywords(value: unknown, at: string, min: number, singleWords: boolean, problems: string[]): void {
  if (!isRecord(value)) return void problems.push(`${at}: must be an object with every language`);
  for (const lang of LANGS) {
    const list = value[lang];
    if (!Array.isArray(list) || list.length < min) {
      problems.push(`${at}.${lang}: needs at least ${min} keywords`);
      continue;
    }
    for (const k of list) {
      if (!isText(k) || k !== k.toLocaleLowerCase("und")) problems.push(`${at}.${lang}: keyword ${JSON.stringify(k)} must be a lowercase trimmed string`);
      else if (singleWords && /\s/.test(k)) problems.push(`${at}.${lang}: keyword "${k}" must be a single word`);
    }
  }
}

export function checkTopic(raw: unknown): string[] {
  const problems: string[] = [];
  if (!isRecord(raw)) return ["topic: not an object"];
  const at = `topic ${String(raw.id)}`;
  if (typeof raw.id !== "string" || !/^[a-z0-9_]+$/.test(raw.id)) problems.push(`${at}: id must be lowercase a-z0-9_`);
  if (!isText(raw.group)) problems.push(`${at}: group missing`);
  perLangText(raw.names, `${at} names`, problems);
  perLangKeywords(raw.keywords, `${at} keywords`, 6, true, problems);
  if (!Array.isArray(raw.phrases) || raw.phrases.length < 8) problems.push(`${at}: needs at least 8 phrases`);
  const ids = new Set<string>();
  for (const p of Array.isArray(raw.phrases) ? raw.phrases : []) {
    if (!isRecord(p)) {
      problems.push(`${at}: phrase is not an object`);
      continue;
    }
    const pat = `${at} phrase ${String(p.id)}`;
    if (!isText(p.id) || ids.has(p.id)) problems.push(`${pat}: id missing or repeated`);
    else ids.add(p.id);
    if (!isLevel(p.level, 6)) problems.push(`${pat}: level must be 1..6`);
    if (!isText(p.function)) problems.push(`${pat}: function missing`);
    perLangText(p.text, `${pat} text`, problems);
  }
  return problems;
}

export function checkGrammarPoint(raw: unknown): string[] {
  if (!isRecord(raw)) return ["grammar point: not an object"];
  const at = `grammar ${String(raw.id)}`;
  const problems: string[] = [];
  if (typeof raw.id !== "string" || !/^[a-z0-9_]+$/.test(raw.id)) problems.push(`${at}: id must be lowercase a-z0-9_`);
  if (!LANGS.includes(raw.lang as Lang)) problems.push(`${at}: unknown lang ${String(raw.lang)}`);
  if (!isLevel(raw.level, 9)) problems.push(`${at}: level must be 1..9`);
  for (const key of ["title", "form", "meaning", "use"]) if (!isText(raw[key])) problems.push(`${at}: ${key} missing`);
  if (!Array.isArray(raw.examples) || raw.examples.length === 0 || !raw.examples.every(isText)) problems.push(`${at}: examples must be non-empty strings`);
  const errors = raw.common_errors;
  if (!Array.isArray(errors) || errors.length === 0) problems.push(`${at}: needs at least one common error`);
  else for (const e of errors) if (!isRecord(e) || !isText(e.wrong) || !isText(e.right) || !isText(e.note)) problems.push(`${at}: common error needs wrong, right and note`);
  return problems;
}

/**
 * One explanation of `point` in `lang`: every prose field written, and one note per common error.
 * A point is never explained in its own language (source and target always differ).
 */
export function checkGrammarExplanation(raw: unknown, point: GrammarPoint, lang: Lang): string[] {
  const at = `grammar ${point.id} in ${lang}`;
  if (point.lang === lang) return [`${at}: a point is not explained in the language it is about`];
  if (!isRecord(raw)) return [`${at}: not an object`];
  const problems: string[] = [];
  for (const key of ["title", "form", "meaning", "use"]) if (!isText(raw[key])) problems.push(`${at}: ${key} missing`);
  const notes = raw.notes;
  if (!Array.isArray(notes) || notes.length !== point.common_errors.length || !notes.every(isText)) problems.push(`${at}: needs one note per common error (${point.common_errors.length})`);
  return problems;
}

/** Weathers and personas a step may have its own line for (see ui-text/scene-mood-text.ts). */
const SCENE_MOODS = ["rain", "storm", "snow", "sun", "cold", "heat", "grumpy", "cheerful", "formal"];

export function checkScenario(raw: unknown): string[] {
  if (!isRecord(raw)) return ["scenario: not an object"];
  const at = `scenario ${String(raw.topic)}`;
  const problems: string[] = [];
  if (!isText(raw.topic)) problems.push(`${at}: topic missing`);
  if (raw.frame !== undefined && !(FRAME_IDS as readonly unknown[]).includes(raw.frame)) problems.push(`${at}: frame ${String(raw.frame)} is not a frame id`);
  const steps = raw.steps;
  // A greeting, two to four task steps, a closing.
  if (!Array.isArray(steps) || steps.length < 4 || steps.length > 6) return [...problems, `${at}: needs 4 to 6 steps`];
  const ids = new Set<string>();
  for (const step of steps) {
    if (!isRecord(step)) {
      problems.push(`${at}: step is not an object`);
      continue;
    }
    const sat = `${at} step ${String(step.id)}`;
    if (!isText(step.id) || ids.has(step.id)) problems.push(`${sat}: id missing or repeated`);
    else ids.add(step.id);
    perLangText(step.npc, `${sat} npc`, problems);
    const intents = step.intents;
    if (!Array.isArray(intents) || intents.length < 1 || intents.length > 3) problems.push(`${sat}: needs 1 to 3 intents`);
    const intentIds = new Set<string>();
    for (const intent of Array.isArray(intents) ? intents : []) {
      if (!isRecord(intent) || !isText(intent.id)) problems.push(`${sat}: intent needs an id`);
      else {
        intentIds.add(intent.id);
        perLangKeywords(intent.keywords, `${sat} intent ${intent.id} keywords`, 1, false, problems);
      }
    }
    const learner = step.learner;
    if (!Array.isArray(learner) || learner.length === 0) problems.push(`${sat}: needs at least one learner line`);
    for (const line of Array.isArray(learner) ? learner : []) {
      if (!isRecord(line) || !isText(line.intent) || !intentIds.has(line.intent)) problems.push(`${sat}: learner line must name one of the step's intents`);
      else perLangText(line.text, `${sat} learner ${line.intent}`, problems);
    }
    if (!Array.isArray(step.expects) || !step.expects.every(isText)) problems.push(`${sat}: expects must be a list of intent ids`);
    if (step.moods !== undefined) {
      if (!isRecord(step.moods)) problems.push(`${sat}: moods must be an object`);
      else for (const [mood, line] of Object.entries(step.moods)) {
        if (!SCENE_MOODS.includes(mood)) problems.push(`${sat}: unknown mood ${mood}`);
        perLangText(line, `${sat} moods.${mood}`, problems);
      }
    }
  }
  // What a line asks for is answered in the next step: every expected intent is one of it, every
  // learner line answers what the line before it asked, and only the last step expects nothing.
  steps.forEach((step, i) => {
    if (!isRecord(step) || !Array.isArray(step.expects)) return;
    const sat = `${at} step ${String(step.id)}`;
    const next = steps[i + 1];
    const nextIntents = new Set(isRecord(next) && Array.isArray(next.intents) ? next.intents.map((x) => (isRecord(x) ? x.id : null)) : []);
    if (next && step.expects.length === 0) problems.push(`${sat}: expects nothing but a step follows`);
    if (!next && step.expects.length > 0) problems.push(`${sat}: the last step expects nothing`);
    for (const e of step.expects) if (!nextIntents.has(e)) problems.push(`${sat}: expects ${String(e)}, which the next step does not have`);
    if (isRecord(next) && Array.isArray(next.learner)) {
      for (const line of next.learner) if (isRecord(line) && !step.expects.includes(line.intent)) problems.push(`${at} step ${String(next.id)}: learner line ${String(line.intent)} answers what was not asked`);
    }
  });
  return problems;
}

/** Rules across files: references resolve, every topic has a scenario, the syllabus covers every level. */
export function checkCoverage(data: EngineData): string[] {
  const problems: string[] = [];
  const topicIds = new Set(data.topics.map((t) => t.id));
  if (topicIds.size !== data.topics.length) problems.push("topics: repeated topic id");
  const scenarioTopics = new Set<string>();
  for (const s of data.scenarios) {
    if (!topicIds.has(s.topic)) problems.push(`scenario ${s.topic}: unknown topic`);
    if (scenarioTopics.has(s.topic)) problems.push(`scenario ${s.topic}: more than one scenario`);
    scenarioTopics.add(s.topic);
  }
  for (const id of topicIds) if (!scenarioTopics.has(id)) problems.push(`topic ${id}: has no scenario`);
  const grammarIds = new Set<string>();
  for (const p of data.grammar) {
    if (grammarIds.has(p.id)) problems.push(`grammar ${p.id}: repeated id`);
    grammarIds.add(p.id);
  }
  for (const lang of LANGS) {
    for (const p of data.grammar) {
      if (lang !== "en" && p.lang !== lang && !data.explanations[lang]?.[p.id]) problems.push(`grammar ${p.id}: not explained in ${lang} (data/grammar-explanations/${lang}.json)`);
    }
    const points = data.grammar.filter((p) => p.lang === lang);
    for (let level = 1; level <= 9; level++) if (!points.some((p) => p.level === level)) problems.push(`grammar ${lang}: no point at level ${level}`);
    points.forEach((p, i) => {
      const before = points[i - 1];
      if (before && before.level > p.level) problems.push(`grammar ${p.id}: out of syllabus order (after level ${before.level})`);
    });
  }
  return problems;
}
