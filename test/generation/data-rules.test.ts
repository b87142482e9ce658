// The data rules catch what they promise to catch, and the engine skips a broken entry instead of
// failing a request (the data test is what keeps the real data at zero skipped entries).
import { describe, expect, test } from "bun:test";
import { checkCoverage, checkGrammarPoint, checkScenario, checkTopic } from "../../src/generation/builtin/data-rules.ts";
import { prepareEngineData } from "../../src/generation/builtin/engine-data.ts";
import { fitsBand, levelProfile } from "../../src/generation/levels.ts";
import { FIXTURE_DATA } from "./fixture-engine.ts";

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));
interface LooseTopic {
  names: Record<string, string>;
  keywords: Record<string, string[]>;
  phrases: unknown[];
}
const firstTopic = () => clone(FIXTURE_DATA.topics.topics[0]) as unknown as LooseTopic;

describe("data rules", () => {
  test("the fixture data is clean", () => {
    const { data, skipped } = prepareEngineData(FIXTURE_DATA);
    expect(skipped).toEqual([]);
    expect(data.concepts.length).toBe(32);
  });
  test("a topic missing a language, with too few keywords or phrases, is reported", () => {
    const topic = firstTopic();
    delete topic.names.de;
    topic.keywords.fr = ["marché"];
    topic.keywords.es?.push("Mercado Central");
    topic.phrases = topic.phrases.slice(0, 3);
    const problems = checkTopic(topic);
    expect(problems.some((p) => p.includes("names.de"))).toBe(true);
    expect(problems.some((p) => p.includes("keywords.fr: needs at least 6"))).toBe(true);
    expect(problems.some((p) => p.includes("lowercase"))).toBe(true);
    expect(problems.some((p) => p.includes("at least 8 phrases"))).toBe(true);
  });
  test("a grammar point without examples or errors, and a scenario with too few steps, are reported", () => {
    const point = clone(FIXTURE_DATA.grammar.points[0]) as Record<string, unknown>;
    point.examples = [];
    point.common_errors = [];
    expect(checkGrammarPoint(point).length).toBe(2);
    const scenario = clone(FIXTURE_DATA.scenarios.scenarios[0]) as { steps: unknown[] };
    scenario.steps = scenario.steps.slice(0, 3);
    expect(checkScenario(scenario)).toEqual(["scenario market: needs 4 to 6 steps"]);
  });
  test("a scenario's frame must be one of the frames", () => {
    const scenario = clone(FIXTURE_DATA.scenarios.scenarios[0]) as Record<string, unknown>;
    expect(checkScenario(scenario)).toEqual([]);
    scenario.frame = "fruit_stand";
    expect(checkScenario(scenario)).toEqual(["scenario market: frame fruit_stand is not a frame id"]);
  });
  test("coverage: a topic without a scenario and a level without grammar are reported", () => {
    const { data } = prepareEngineData(FIXTURE_DATA);
    const problems = checkCoverage({ ...data, scenarios: data.scenarios.filter((s) => s.topic !== "cafe") });
    expect(problems).toContain("topic cafe: has no scenario");
    expect(problems).toContain("grammar es: no point at level 9");
  });
  test("the engine skips broken entries and keeps the rest", () => {
    const lexicon = clone(FIXTURE_DATA.lexicon[0]) as { concepts: Record<string, unknown>[] };
    delete (lexicon.concepts[0] as Record<string, unknown>).de;
    lexicon.concepts.push(clone(lexicon.concepts[1] as Record<string, unknown>));
    const { data, skipped } = prepareEngineData({ ...FIXTURE_DATA, lexicon: [lexicon] });
    expect(data.concepts.length).toBe(31);
    expect(skipped).toEqual(["#0 (apple): missing language de", "market: duplicate concept id"]);
  });
});

describe("levels", () => {
  test("CEFR labels and bands", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((l) => levelProfile(l).cefr)).toEqual(["A1", "A2", "A2+", "B1", "B1+", "B2", "B2+", "C1", "C2"]);
    expect(fitsBand(1, 1)).toBe(true);
    expect(fitsBand(2, 1)).toBe(false);
    expect(fitsBand(3, 9)).toBe(false);
    expect(fitsBand(9, 9)).toBe(true);
    expect(levelProfile(1).sourceLanguageUse).toBe("full");
    expect(levelProfile(9).sourceLanguageUse).toBe("minimal");
    expect(() => levelProfile(0)).toThrow();
  });
});
