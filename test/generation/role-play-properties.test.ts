// Properties of the generated role-plays over every language pair at levels 1, 3, 6 and 9, for
// topics and for scenes: each step says the intent the NPC's line before it asked for; the
// lesson's grammar point is used in at least two lines; the place, the money and the amount are
// the same in every line and its translation; no slot is left unfilled; the NPC's lines differ
// between the bands and grow longer from A to B to C.
import { expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { buildLessonContext } from "../../src/generation/builtin/lesson/lesson-context.ts";
import { rolePlaySet } from "../../src/generation/builtin/lesson/role-play-set.ts";
import { currencyName } from "../../src/generation/builtin/scene/dialogue-slots.ts";
import { HOME_CURRENCY } from "../../src/generation/builtin/scene/places.ts";
import { grammarLines } from "../../src/generation/builtin/scene/grammar-lines.ts";
import { LANGS, type Lang } from "../../src/generation/languages.ts";
import type { RolePlaySet } from "../../src/generation/model.ts";

const engine = createBuiltinEngine();
const index = engine.index();

const SUBJECTS: { kind: "topic" | "scene"; text: string }[] = [
  { kind: "scene", text: "a rainy tapas bar in Seville in the evening" },
  { kind: "scene", text: "train tickets at Milano Centrale, the train is delayed" },
  { kind: "scene", text: "a lost passport at a London police station" },
  { kind: "scene", text: "eine Wohnung in Wien mieten" },
  { kind: "scene", text: "un rendez-vous chez le dentiste à Lyon" },
  { kind: "topic", text: "market" },
  { kind: "topic", text: "work" },
];

const PAIRS = LANGS.flatMap((source) => LANGS.filter((t) => t !== source).map((target) => ({ source, target })));

function generate(source: Lang, target: Lang, level: number, subject: { kind: "topic" | "scene"; text: string }) {
  const context = buildLessonContext(index, { source, target, level, subject, npc: null });
  const rolePlay = rolePlaySet(context, 4);
  if (!rolePlay) throw new Error("no role-play");
  return { context, rolePlay };
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const npcWords = (rp: RolePlaySet) => rp.steps.flatMap((s) => words(s.npc.text));

test("every pair × levels 1, 3, 6, 9: intents chain, grammar twice, the place, money and amount agree with the translation", () => {
  const problems: string[] = [];
  let plans = 0;
  let withGrammar = 0;
  for (const { source, target } of PAIRS) {
    for (const level of [1, 3, 6, 9]) {
      for (const subject of SUBJECTS) {
        const { context, rolePlay } = generate(source, target, level, subject);
        plans++;
        const at = `${source}→${target} L${level} "${subject.text}"`;
        const steps = rolePlay.steps;
        if (steps[0]?.intent !== "greet") problems.push(`${at}: opens with ${steps[0]?.intent}`);
        steps.forEach((step, i) => {
          if (step.learner_options.length === 0) problems.push(`${at} ${step.id}: no learner option`);
          if (i > 0 && steps[i - 1]?.npc_asks !== step.intent) problems.push(`${at} ${step.id}: the NPC asked for ${steps[i - 1]?.npc_asks}, the learner says ${step.intent}`);
          const expected = steps[i + 1]?.intent ?? null;
          if (step.npc_asks !== expected) problems.push(`${at} ${step.id}: asks ${step.npc_asks}, next step is ${expected}`);
          for (const line of [step.npc, ...step.learner_options]) {
            if (/[{}]/.test(line.text + line.translation)) problems.push(`${at} ${step.id}: unfilled slot in ${JSON.stringify(line)}`);
            // The same amounts in the line and its translation.
            const numbers = (t: string) => (t.match(/\d+/g) ?? []).join(",");
            if (numbers(line.text) !== numbers(line.translation)) problems.push(`${at} ${step.id}: ${JSON.stringify(line)} changes the amount`);
            const place = context.understood.place;
            if (place && line.text.includes(place.names[target]) !== line.translation.includes(place.names[source])) problems.push(`${at} ${step.id}: the place in ${JSON.stringify(line)}`);
            const currency = context.understood.currency ?? HOME_CURRENCY[target];
            if (/\d/.test(line.text) && (!line.text.includes(currencyName(currency, target)) || !line.translation.includes(currencyName(currency, source)))) problems.push(`${at} ${step.id}: the money in ${JSON.stringify(line)}`);
          }
        });
        // The complication has a turn of its own, announced by the NPC's line before it.
        const complication = steps.findIndex((s) => s.intent === "complication");
        if (complication < 1) problems.push(`${at}: no complication turn`);
        const lines = grammarLines(context.grammar?.id);
        if (lines) {
          withGrammar++;
          const said = steps.filter((s) => lines.some((g) => s.npc.text.includes(g.text[target]) && g.marks[target].every((mark) => g.text[target].includes(mark)))).length;
          if (said < 2) problems.push(`${at}: grammar point ${context.grammar?.id} in ${said} lines`);
        }
      }
    }
  }
  expect(plans).toBe(30 * 4 * SUBJECTS.length);
  // Every target language's syllabus points at these levels that a group practises are checked.
  expect(withGrammar).toBeGreaterThan(plans / 2);
  expect(problems.slice(0, 10)).toEqual([]);
}, 120_000);

test("NPC lines differ between bands and are longer from A to B to C, in every pair", () => {
  const problems: string[] = [];
  for (const { source, target } of PAIRS) {
    for (const subject of SUBJECTS.slice(0, 3)) {
      const [a, b, c] = [1, 6, 9].map((level) => generate(source, target, level, subject).rolePlay);
      if (!a || !b || !c) throw new Error("no role-play");
      const [wa, wb, wc] = [npcWords(a), npcWords(b), npcWords(c)];
      const at = `${source}→${target} "${subject.text}"`;
      if (!(wa.length < wb.length && wb.length < wc.length)) problems.push(`${at}: ${wa.length}, ${wb.length}, ${wc.length} words`);
      const lines = (rp: RolePlaySet) => new Set(rp.steps.map((s) => s.npc.text));
      for (const [x, y, name] of [[a, b, "A/B"], [b, c, "B/C"]] as const) {
        const shared = [...lines(x)].filter((t) => lines(y).has(t));
        if (shared.length > 0) problems.push(`${at} ${name}: ${shared.length} identical NPC lines`);
      }
    }
  }
  expect(problems.slice(0, 10)).toEqual([]);
}, 120_000);

test("register: informal at A, formal at B and C (tú/usted, du/Sie, tu/vous, Lei)", () => {
  const formal: Partial<Record<Lang, RegExp>> = { es: /\b(usted|le|puedo ayudarle)\b/u, fr: /\bvous\b/u, de: /\bSie\b/u, it: /\b(la|le|Lei|aiutarla|preoccupi)\b/u };
  const informal: Partial<Record<Lang, RegExp>> = { es: /\b(necesitas|quieres|tienes|te)\b/u, fr: /\b(tu|te|toi)\b/u, de: /\b(du|dir)\b/u, it: /\b(hai|vuoi|ti)\b/u };
  for (const target of ["es", "fr", "de", "it"] as const) {
    const low = generate("en", target, 2, SUBJECTS[0] as { kind: "scene"; text: string }).rolePlay.steps.map((s) => s.npc.text).join(" ");
    const high = generate("en", target, 8, SUBJECTS[0] as { kind: "scene"; text: string }).rolePlay.steps.map((s) => s.npc.text).join(" ");
    expect(low, target).toMatch(informal[target] as RegExp);
    expect(high, target).toMatch(formal[target] as RegExp);
    expect(high, target).not.toMatch(informal[target] as RegExp);
  }
});

test("the complication a scene names befalls the scene's thing, with agreement", () => {
  const delayed = generate("en", "es", 2, { kind: "scene", text: "train tickets at Madrid station, the train is delayed" }).rolePlay;
  expect(delayed.steps.map((s) => s.npc.text).join(" ")).toContain("el tren está retrasado");
  const stolen = generate("en", "it", 2, { kind: "scene", text: "my wallet was stolen in Rome, at the police station" }).rolePlay;
  expect(stolen.steps.map((s) => s.npc.text).join(" ")).toContain("il portafoglio è stato rubato");
  const lost = generate("en", "fr", 2, { kind: "scene", text: "I lost my suitcase at the airport in Paris" }).rolePlay;
  expect(lost.steps.map((s) => s.npc.text).join(" ")).toMatch(/la valise est perdue/);
  const full = generate("en", "pt-BR", 2, { kind: "scene", text: "checking in at a hotel in Rio, the hotel is full" }).rolePlay;
  expect(full.steps.map((s) => s.npc.text).join(" ")).toContain("o hotel está cheio");
});
