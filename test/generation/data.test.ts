// Structure and coverage of the built-in data (src/generation/builtin/data). The count rules
// are the bar (≥1,500 concepts, ≥40 topics, ≥25 concepts at levels 1-4 per topic); they
// stay strict even while the data is being written.
import { describe, expect, test } from "bun:test";
import { checkCoverage, checkGrammarPoint, checkScenario, checkTopic, type EngineData } from "../../src/generation/builtin/data-rules.ts";
import { prepareEngineData } from "../../src/generation/builtin/engine-data.ts";
import { EMBEDDED_DATA } from "../../src/generation/builtin/embedded-data.ts";
import { checkConcepts, type Concept } from "../../src/generation/builtin/lexicon-rules.ts";
import { frenchElides } from "../../src/generation/builtin/articles.ts";
import { LANGS } from "../../src/generation/languages.ts";

const list = (file: unknown, key: string): unknown[] => ((file as Record<string, unknown>)[key] as unknown[] | undefined) ?? [];
const concepts = EMBEDDED_DATA.lexicon.flatMap((file) => list(file, "concepts")) as Concept[];
const topics = list(EMBEDDED_DATA.topics, "topics") as EngineData["topics"];
const grammar = list(EMBEDDED_DATA.grammar, "points") as EngineData["grammar"];
const scenarios = list(EMBEDDED_DATA.scenarios, "scenarios") as EngineData["scenarios"];
const topicIds = new Set(topics.map((t) => t.id));

const none = (problems: string[]) => expect(problems.slice(0, 30)).toEqual([]);

describe("lexicon", () => {
  test("every concept follows the lexicon rules (README)", () => none(checkConcepts(concepts, topicIds)));
  test("at least 1,500 concepts", () => expect(concepts.length).toBeGreaterThanOrEqual(1500));
  test("every topic has at least 25 concepts at levels 1-4", () => {
    const short = [...topicIds].filter((id) => concepts.filter((c) => c.level <= 4 && c.topics.includes(id)).length < 25);
    expect(short).toEqual([]);
  });
  test("every level 1-9 has concepts", () => {
    for (let level = 1; level <= 9; level++) expect(concepts.some((c) => c.level === level)).toBe(true);
  });
  test("Spanish feminine nouns with a stressed a- declare art el (el agua)", () => {
    const stressed = new Set(["agua", "águila", "alma", "arma", "área", "aula", "hacha", "hambre", "hada", "ave", "ala"]);
    const missing = concepts.filter((c) => c.pos === "noun" && stressed.has(c.es.w) && c.es.g === "f" && c.es.art !== "el").map((c) => c.id);
    expect(missing).toEqual([]);
  });
  test("nouns used only in the plural give their plural article as art (las afueras, les pâtes)", () => {
    const plural: Partial<Record<string, string[]>> = { es: ["los", "las"], fr: ["les"], it: ["i", "gli", "le"], "pt-BR": ["os", "as"] };
    const missing = concepts.flatMap((c) =>
      Object.entries(plural)
        .filter(([lang, arts]) => {
          const e = c[lang as keyof Concept] as Concept["es"];
          const ex = e.ex.toLocaleLowerCase(lang);
          const w = e.w.toLocaleLowerCase(lang);
          return c.pos === "noun" && !e.pl && !e.art && (arts ?? []).some((a) => new RegExp(`(^|[^\\p{L}])${a} ${w}($|[^\\p{L}])`, "u").test(ex));
        })
        .map(([lang]) => `${c.id} ${lang}`),
    );
    expect(missing).toEqual([]);
  });
  test("a French art override is consistent with the first letter", () => {
    const odd = concepts.filter((c) => c.fr.art === "l'" && !frenchElides(c.fr.w) && !/^h/i.test(c.fr.w)).map((c) => c.id);
    expect(odd).toEqual([]);
  });
});

describe("topics.json", () => {
  test("at least 40 topics", () => expect(topics.length).toBeGreaterThanOrEqual(40));
  test("every topic has names, ≥6 single-word keywords per language and ≥8 phrases", () => none(topics.flatMap(checkTopic)));
  test("phrases are spread over levels 1-6 and ids are unique across topics", () => {
    const ids = topics.flatMap((t) => t.phrases.map((p) => p.id));
    expect(ids.length).toBe(new Set(ids).size);
    for (const t of topics) expect(new Set(t.phrases.map((p) => p.level)).size).toBeGreaterThanOrEqual(3);
  });
});

describe("grammar.json", () => {
  test("every point is complete", () => none(grammar.flatMap(checkGrammarPoint)));
  test("at least 54 points", () => expect(grammar.length).toBeGreaterThanOrEqual(54));
});

describe("grammar-explanations/<lang>.json", () => {
  const prepared = prepareEngineData(EMBEDDED_DATA);
  test("every entry is a known point, complete, with one note per common error", () => {
    none(prepared.skipped.filter((line) => line.startsWith("grammar")));
  });
  test("every point is explained in every language but its own (English is grammar.json)", () => {
    const missing = LANGS.filter((l) => l !== "en").flatMap((lang) => grammar.filter((p) => p.lang !== lang && !prepared.data.explanations[lang]?.[p.id]).map((p) => `${p.id} in ${lang}`));
    none(missing);
  });
  test("the prose is written in the language, not left in English", () => {
    const english = LANGS.filter((l) => l !== "en").flatMap((lang) =>
      grammar.flatMap((p) => {
        const text = prepared.data.explanations[lang]?.[p.id];
        if (!text) return [];
        const same = (["meaning", "use"] as const).filter((k) => text[k] === p[k]);
        const notes = text.notes.filter((n, i) => n === p.common_errors[i]?.note && n.split(" ").length > 3);
        return [...same, ...notes.map(() => "note")].map((k) => `${p.id} in ${lang}: ${k} is the English text`);
      }),
    );
    none(english);
  });
});

describe("scenarios.json", () => {
  test("every scenario has a greeting, 2-4 task steps and a closing, in all languages", () => none(scenarios.flatMap(checkScenario)));
});

describe("across files", () => {
  test("every topic has a scenario, every scenario a topic, every language a point per level", () => {
    none(checkCoverage({ concepts, topics, grammar, explanations: prepareEngineData(EMBEDDED_DATA).data.explanations, scenarios }));
  });
  test("all six languages are present everywhere", () => {
    for (const lang of LANGS) expect(concepts.every((c) => c[lang] !== undefined)).toBe(true);
  });
});
