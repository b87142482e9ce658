// Turns the raw JSON data into EngineData the engine can trust: every entry is checked with the
// same rules as the data test, and a malformed entry is skipped (and reported by
// `parla engine stats`) rather than crashing a request. The data test is what keeps it at zero.
import { LANGS, type Lang } from "../languages.ts";
import { checkGrammarExplanation, checkGrammarPoint, checkScenario, checkTopic, type EngineData, type GrammarExplanation, type GrammarExplanations, type GrammarPoint, type Scenario, type Topic } from "./data-rules.ts";
import { checkConcepts, type Concept } from "./lexicon-rules.ts";

export interface RawEngineData {
  lexicon: unknown[];
  topics: unknown;
  grammar: unknown;
  /** data/grammar-explanations/<lang>.json, one file per learner language: `{ lang, points: { id: … } }`. */
  explanations?: unknown[];
  scenarios: unknown;
}

export interface PreparedData {
  data: EngineData;
  /** One line per skipped entry, empty when the data is clean. */
  skipped: string[];
}

function listOf(file: unknown, key: string): unknown[] {
  const list = typeof file === "object" && file !== null ? (file as Record<string, unknown>)[key] : undefined;
  return Array.isArray(list) ? list : [];
}

function keepValid<T>(items: unknown[], check: (item: unknown) => string[], skipped: string[]): T[] {
  return items.filter((item) => {
    const problems = check(item);
    skipped.push(...problems);
    return problems.length === 0;
  }) as T[];
}

export function prepareEngineData(raw: RawEngineData): PreparedData {
  const skipped: string[] = [];
  const topics = keepValid<Topic>(listOf(raw.topics, "topics"), checkTopic, skipped);
  const topicIds = new Set(topics.map((t) => t.id));
  const seen = new Set<string>();
  const concepts: Concept[] = [];
  for (const file of raw.lexicon) {
    for (const item of listOf(file, "concepts")) {
      const problems = checkConcepts([item], topicIds);
      const id = (item as { id?: unknown }).id;
      if (typeof id === "string" && seen.has(id)) problems.push(`${id}: duplicate concept id`);
      skipped.push(...problems);
      if (problems.length === 0) {
        seen.add(id as string);
        concepts.push(item as Concept);
      }
    }
  }
  const grammar = keepValid<GrammarPoint>(listOf(raw.grammar, "points"), checkGrammarPoint, skipped);
  const scenarios = keepValid<Scenario>(listOf(raw.scenarios, "scenarios"), checkScenario, skipped).filter((s) => topicIds.has(s.topic));
  const explanations = prepareExplanations(raw.explanations ?? [], grammar, skipped);
  return { data: { concepts, topics, grammar, explanations, scenarios }, skipped };
}

/** The explanations of known points; one that is malformed or of an unknown point is skipped. */
function prepareExplanations(files: unknown[], grammar: GrammarPoint[], skipped: string[]): GrammarExplanations {
  const pointById = new Map(grammar.map((p) => [p.id, p]));
  const explanations: GrammarExplanations = {};
  for (const file of files) {
    const { lang, points } = (typeof file === "object" && file !== null ? file : {}) as { lang?: unknown; points?: unknown };
    if (!LANGS.includes(lang as Lang) || typeof points !== "object" || points === null) {
      skipped.push(`grammar explanations: a file needs a known lang and points`);
      continue;
    }
    const byId: Record<string, GrammarExplanation> = (explanations[lang as Lang] ??= {});
    for (const [id, entry] of Object.entries(points)) {
      const point = pointById.get(id);
      const problems = point ? checkGrammarExplanation(entry, point, lang as Lang) : [`grammar explanations ${String(lang)}: unknown point ${id}`];
      skipped.push(...problems);
      if (problems.length === 0) byId[id] = entry as GrammarExplanation;
    }
  }
  return explanations;
}
