// Properties of the grammar practice and the exit check over many generated plans (every pair,
// levels 1, 3, 6 and 9, topics and scenes): 6–10 practice items on the point, each gap one verb
// form (never the sentence) whose key the morphology tables read as the bracketed verb in the
// point's form (the points drilled on an article or pronoun: point-drills.test.ts); word boxes
// hold each word once and only real forms of the verbs gapped; the exit check asks words
// in the sense taught; no exercise offers the same option twice; no list repeats a headword.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { entryForms } from "../../src/generation/builtin/lexicon-index.ts";
import { DRILL_SPECS } from "../../src/generation/builtin/lesson/drill-specs.ts";
import { POINT_DRILLS, WORD_DRILLS } from "../../src/generation/builtin/lesson/point-drills.ts";
import { morphologyOf } from "../../src/generation/builtin/morphology/morph-index.ts";
import { GAP, findForm } from "../../src/generation/builtin/sentence-fit.ts";
import { EN_VERBS } from "../../src/generation/builtin/tutor/english-tables.ts";
import { foldCase } from "../../src/generation/builtin/text-normalise.ts";
import { LANGS, type Lang } from "../../src/generation/languages.ts";
import exceptions from "./oracle/hunspell-exceptions.json";
import { hunspellAvailable, rejectedWords } from "./oracle/hunspell.ts";
import { levelProfile } from "../../src/generation/levels.ts";
import { SCENE_STRETCH } from "../../src/generation/builtin/vocabulary.ts";
import type { Exercise, LessonSet } from "../../src/generation/model.ts";

const engine = createBuiltinEngine();
const index = engine.index();
const PAIRS = LANGS.flatMap((source) => LANGS.filter((t) => t !== source).map((target) => ({ source, target })));
const LEVELS = [1, 3, 6, 9];
const SUBJECTS: { topic?: string; scene?: string }[] = [
  { topic: "market" },
  { topic: "health" },
  { topic: "work" },
  { topic: "lodging" },
  { topic: "weather" },
  { topic: "castle_history" },
  { scene: "a rainy tapas bar in Seville, waitress Lola" },
  { scene: "train tickets at Milano Centrale, the train is delayed" },
  { scene: "a lost passport at a London police station" },
  { scene: "una farmacia en el centro, tengo fiebre" },
  { scene: "un entretien d'embauche dans une maison d'édition à Paris" },
  { scene: "eine Wohnung mieten, der Vermieter ist unfreundlich" },
  { scene: "visita guidata al museo di Venezia" },
  { scene: "uma feira noturna em Lisboa" },
];

async function plan(source: Lang, target: Lang, level: number, subject: { topic?: string; scene?: string }): Promise<LessonSet[]> {
  return Array.fromAsync(engine.lessonPlan({ source_lang: source, target_lang: target, level, ...subject }));
}

const BRACKET = /____ \((?:([^)·]+) · )?([^)]+)\)/;

/** English forms of a verb of the closed list (English has no inflection tables). */
function englishForms(lemma: string): Set<string> {
  if (lemma === "be") return new Set(["am", "is", "are", "was", "were", "been", "being", "be"]);
  const v = EN_VERBS.get(lemma);
  if (!v) return new Set();
  return new Set([v.base, v.past, v.participle, v.third, `${v.base.replace(/e$/, "")}ing`, `${v.base}ing`, `${v.base}${v.base.at(-1)}ing`, `${v.base.slice(0, -2)}ying`, `${v.base}${v.base.at(-1)}ed`]);
}

/** Does a word of a key or a box read as a form of the lemma (in the tense, when given)? */
function formOf(lang: Lang, word: string, lemma: string, tense?: string): boolean {
  if (lang === "en") return englishForms(lemma).has(word.toLowerCase()) || word.toLowerCase() === "will";
  const m = morphologyOf(index.language(lang));
  if ((m?.read(word) ?? []).some((r) => r.lemma === lemma && (tense === undefined || ("tense" in r ? r.tense === tense : r.pos === "part" || ("form" in r && r.form === tense))))) return true;
  // A German separable verb's finite forms stand apart from their prefix ("kommt … an").
  const paradigms = [m?.verbs.get(lemma), m?.separableBase.get(lemma)];
  return paradigms.some((p) => Object.entries(p?.finite ?? {}).some(([t, row]) => (tense === undefined || t === tense) && (row ?? []).some((f) => f !== null && foldCase(f) === foldCase(word))));
}

interface Collected {
  problems: string[];
  practice: number[];
  plans: number;
}

function checkPractice(sets: LessonSet[], source: Lang, target: Lang, label: string, into: Collected): void {
  const grammar = sets.find((s) => s.kind === "grammar");
  const exercises = sets.find((s) => s.kind === "exercises");
  if (grammar?.kind !== "grammar" || exercises?.kind !== "exercises") {
    into.problems.push(`${label}: no grammar or exercises set`);
    return;
  }
  const point = grammar.point;
  const onPoint = exercises.exercises.filter((e) => e.instructions.includes(`(${point.title})`));
  const items = onPoint.reduce((n, e) => n + (e.type === "gap_fill" || e.type === "choose_correct" ? e.items.length : 0), 0);
  into.practice.push(items);
  if (items < 6 || items > 10) into.problems.push(`${label} ${point.id}: ${items} practice items`);
  const spec = DRILL_SPECS[point.id];
  for (const e of onPoint) {
    // A point drilled on its own construction or word (a relative pronoun, an article) is checked
    // in point-drills.test.ts and word-drills.test.ts; the checks here are for verb forms.
    if (e.type !== "gap_fill" || POINT_DRILLS[point.id] || WORD_DRILLS[point.id]) continue;
    const lemmas: string[] = [];
    for (const item of e.items) {
      const bracket = BRACKET.exec(item.prompt);
      const lemma = bracket?.[2] ?? "";
      lemmas.push(lemma);
      if (!bracket) into.problems.push(`${label}: no verb in brackets in ${item.prompt}`);
      if (item.prompt.split(GAP).length !== 2) into.problems.push(`${label}: not one gap in ${item.prompt}`);
      // Never the whole sentence: two words or more stand outside the gap and its brackets.
      const rest = item.prompt.replace(BRACKET, "").match(/[\p{L}\p{N}]+/gu) ?? [];
      if (rest.length < 2) into.problems.push(`${label}: the gap is the whole sentence in ${item.prompt}`);
      // The key is the tables' form of the bracketed verb, in the point's tense where the point is one.
      const tense = spec?.build === "tense" || spec?.build === "subordinate" ? spec.tense : undefined;
      const words = item.answer.split(" ");
      const keyed = words.some((w) => formOf(target, w, lemma, tense)) || (spec?.build === "compound" && words.some((w) => formOf(target, w, lemma)));
      if (!keyed) into.problems.push(`${label} ${point.id}: key ${item.answer} is not ${lemma}${tense ? ` (${tense})` : ""} in ${item.prompt}`);
    }
    // Every key in the box once, a word that is no key, and every other word a real form of a verb gapped.
    const bank = [...e.word_bank];
    if (new Set(bank.map((w) => w.toLowerCase())).size !== bank.length) into.problems.push(`${label}: a word twice in the box ${bank.join(", ")}`);
    for (const answer of new Set(e.items.map((i) => i.answer.toLowerCase()))) {
      const at = bank.findIndex((w) => w.toLowerCase() === answer);
      if (at < 0) into.problems.push(`${label}: key ${answer} not in the box`);
      else bank.splice(at, 1);
    }
    if (bank.length === 0) into.problems.push(`${label}: no word in the box that is no key`);
    for (const word of bank) if (!word.split(" ").some((w) => lemmas.some((l) => formOf(target, w, l)))) into.problems.push(`${label}: ${word} in the box is no form of ${lemmas.join("/")}`);
  }
  void source;
}

/** Options of one exercise or question never repeat ("a) report b) report c) report"). */
function repeatedOptions(e: Exercise): string | null {
  const twice = (list: string[]) => (new Set(list).size !== list.length ? list.join(" / ") : null);
  if (e.type === "matching") return twice(e.left.map((l) => l.text)) ?? twice(e.right.map((r) => r.text));
  if (e.type === "choose_correct") return e.items.map((i) => twice(i.options)).find((x) => x !== null) ?? null;
  return null;
}

function checkExit(sets: LessonSet[], source: Lang, target: Lang, label: string, into: Collected): void {
  const overview = sets.find((s) => s.kind === "overview");
  const exit = sets.find((s) => s.kind === "exit_check");
  const exercises = sets.find((s) => s.kind === "exercises");
  if (overview?.kind !== "overview" || exit?.kind !== "exit_check") return;
  const heads = overview.vocabulary.map((v) => foldCase(v.term));
  const glosses = overview.vocabulary.map((v) => foldCase(v.translation));
  if (new Set(heads).size !== heads.length) into.problems.push(`${label}: a headword twice in ${heads.join(", ")}`);
  if (new Set(glosses).size !== glosses.length) into.problems.push(`${label}: a gloss twice in ${glosses.join(", ")}`);
  if (exercises?.kind === "exercises") for (const e of exercises.exercises) {
    const twice = repeatedOptions(e);
    if (twice) into.problems.push(`${label}: the same option twice in ${twice}`);
  }
  for (const q of exit.questions) {
    if (q.type === "choose_translation" || q.type === "choose_correct") {
      if (new Set(q.options).size !== q.options.length) into.problems.push(`${label}: the same option twice in ${q.options.join(" / ")}`);
    }
    if (q.type === "choose_translation") {
      // The answer is the taught gloss of the word asked.
      const taught = overview.vocabulary.find((v) => v.translation_display === q.answer);
      if (!taught || !q.prompt.includes(taught.display)) into.problems.push(`${label}: ${q.prompt} is not answered by its taught gloss ${q.answer}`);
    }
    if (q.type === "gap_fill" && !BRACKET.test(q.prompt)) {
      // A word gapped in another sentence: the sentence's translation uses the gloss taught.
      const taught = overview.vocabulary.map((v) => index.conceptById.get(v.id)).filter((c) => c !== undefined && entryForms(c[target]).some((f) => foldCase(f) === foldCase(q.answer)));
      if (taught.length > 0 && !taught.some((c) => c !== undefined && findForm(c[source], q.hint) !== null)) into.problems.push(`${label}: ${q.answer} taught as "${taught.map((c) => c?.[source].w).join("/")}" is asked in "${q.hint}"`);
    }
  }
}

describe("grammar practice and exit check over generated plans", () => {
  for (const { source, target } of PAIRS) {
    test(`${source} → ${target}, levels ${LEVELS.join(", ")}`, async () => {
      const into: Collected = { problems: [], practice: [], plans: 0 };
      for (const level of LEVELS) {
        for (const [n, subject] of SUBJECTS.entries()) {
          // Every topic at every level; the scenes rotate, so each meets every pair across the levels.
          if (subject.scene !== undefined && (n + level + LANGS.indexOf(target)) % 4 !== 0) continue;
          const sets = await plan(source, target, level, subject);
          const label = `${source}→${target} L${level} ${subject.topic ?? subject.scene}`;
          into.plans++;
          checkPractice(sets, source, target, label, into);
          checkExit(sets, source, target, label, into);
        }
      }
      expect(into.problems).toEqual([]);
      expect(into.plans).toBeGreaterThanOrEqual(LEVELS.length * 2);
    });
  }

  test("the scene's words come first: every one the level allows is in the vocabulary, and the practice uses them", async () => {
    const misses: string[] = [];
    let plans = 0;
    let drillOnScene = 0;
    for (const [n, { source, target }] of PAIRS.entries()) {
      for (const level of LEVELS) {
        const scenes = SUBJECTS.filter((s) => s.scene !== undefined);
        const scene = scenes[(n + level) % scenes.length]?.scene as string;
        const sets = await plan(source, target, level, { scene });
        const overview = sets.find((s) => s.kind === "overview");
        const exercises = sets.find((s) => s.kind === "exercises");
        const grammar = sets.find((s) => s.kind === "grammar");
        if (overview?.kind !== "overview" || exercises?.kind !== "exercises" || grammar?.kind !== "grammar") throw new Error("missing sets");
        plans++;
        const ids = new Set(overview.vocabulary.map((v) => v.id));
        const band = levelProfile(level).vocabBand;
        // A scene word from the band's floor up to two levels above it is taught (vocabulary.ts),
        // unless its headword or gloss is already on the list.
        const allowed = (overview.understood?.concepts ?? []).filter((id) => {
          const c = index.conceptById.get(id);
          return c !== undefined && c.level >= band.min && c.level <= level + SCENE_STRETCH;
        });
        const heads = new Set(overview.vocabulary.map((v) => foldCase(v.term)));
        for (const id of allowed.slice(0, Math.floor(levelProfile(level).coreVocabulary / 2))) {
          const c = index.conceptById.get(id);
          if (!ids.has(id) && c && !heads.has(foldCase(c[target].w))) misses.push(`${source}→${target} L${level} ${scene}: ${id}`);
        }
        const words = overview.vocabulary.flatMap((v) => [v.term, v.plural ?? ""]).filter((w) => w !== "").map(foldCase);
        const gap = exercises.exercises.find((e) => e.type === "gap_fill" && e.instructions.includes(`(${grammar.point.title})`));
        const sentences = gap?.type === "gap_fill" ? gap.items.map((i) => foldCase(i.prompt.replace(GAP, i.answer))) : [];
        if (sentences.some((t) => words.some((w) => new RegExp(`(^|[^\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(t)))) drillOnScene++;
      }
    }
    expect(misses).toEqual([]);
    // Measured: 100 of these 120 plans practise the grammar point on at least one sentence with
    // a word of their own list (108 when every point drilled a verb form); the rest fall back to
    // the lexicon's sentences at the level, where the scene's sentences have no verb to rewrite
    // or lack the point's own construction (a genitive, a passive "se" with its object, a
    // predicative adjective to compare: lesson/point-drills.ts).
    expect(drillOnScene / plans).toBeGreaterThanOrEqual(0.8);
  });
});

// Hunspell as the oracle for the words of the practice (prompts with their keys, word boxes and
// the exit check's gaps): a word it rejects must be one the data itself writes (a lexicon word
// Hunspell lacks, a British spelling, a name) or a table form already excepted for the tables.
const spelling = hunspellAvailable();
describe.skipIf(!spelling)("Hunspell over the practice", () => {
  for (const target of LANGS) {
    test(`${target}: every word the practice builds is accepted, or the data's own`, async () => {
      const seen = new Map<string, string>();
      for (const source of LANGS.filter((l) => l !== target)) {
        for (let level = 1; level <= 9; level++) {
          const sets = await plan(source, target, level, SUBJECTS[(level + LANGS.indexOf(source)) % SUBJECTS.length] ?? {});
          const grammar = sets.find((s) => s.kind === "grammar");
          const exercises = sets.find((s) => s.kind === "exercises");
          const exit = sets.find((s) => s.kind === "exit_check");
          if (grammar?.kind !== "grammar" || exercises?.kind !== "exercises" || exit?.kind !== "exit_check") continue;
          const texts: string[] = [];
          for (const e of exercises.exercises) if (e.type === "gap_fill" && e.instructions.includes(`(${grammar.point.title})`)) texts.push(...e.items.map((i) => i.prompt.replace(GAP, i.answer)), ...e.word_bank);
          for (const q of exit.questions) if (q.type === "gap_fill") texts.push(q.prompt.replace(GAP, q.answer));
          for (const t of texts) for (const w of t.match(/[\p{L}]+/gu) ?? []) if (!seen.has(w)) seen.set(w, t);
        }
      }
      const known = index.language(target).knownWords;
      const excepted = target === "en" ? { forms: [], lemmas: [] } : (exceptions[target] as { forms: string[]; lemmas: string[] });
      const morphology = morphologyOf(index.language(target));
      const exceptedForm = (w: string) => excepted.forms.includes(foldCase(w)) || (morphology?.read(w) ?? []).some((r) => excepted.lemmas.includes(r.lemma));
      const rejected = [...rejectedWords(target, [...seen.keys()])].filter((w) => !known.has(foldCase(w)) && !exceptedForm(w));
      expect(rejected.map((w) => `${w} in ${seen.get(w)}`)).toEqual([]);
      expect(seen.size).toBeGreaterThan(200);
    });
  }
});
