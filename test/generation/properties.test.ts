// Properties of everything the engine generates over the real data, for every language pair:
// target-language text is in the target language, source-language text in the source language,
// vocabulary fits the level band, answer keys agree with their exercises, output is deterministic.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { GAP } from "../../src/generation/builtin/sentence-fit.ts";
import { SCENE_STRETCH } from "../../src/generation/builtin/vocabulary.ts";
import { LANGS, type Lang } from "../../src/generation/languages.ts";
import { fitsBand, levelProfile } from "../../src/generation/levels.ts";
import type { Exercise, ExitQuestion, LessonSet, VocabItem } from "../../src/generation/model.ts";
import { notInLanguage } from "./language-guess.ts";

const engine = createBuiltinEngine();
const index = engine.index();
const PAIRS = LANGS.flatMap((source) => LANGS.filter((t) => t !== source).map((target) => ({ source, target })));
const SCENES = ["A busy fish market at dawn", "Una estación de tren con mucha gente", "Un petit café près du port", "Ein Bauernhof mit Kühen", "Il castello medievale sulla collina", "Uma farmácia no centro da cidade"];

/** `sceneOwn`: concepts the plan's scene names, which may stand up to SCENE_STRETCH levels above the band. */
function vocabProblems(items: VocabItem[], source: Lang, target: Lang, level: number, sceneOwn: ReadonlySet<string> = new Set()): string[] {
  const problems: string[] = [];
  for (const item of items) {
    const concept = index.conceptById.get(item.id);
    if (!concept) {
      problems.push(`${item.id}: no such concept`);
      continue;
    }
    const stretched = sceneOwn.has(item.id) && item.level > level && item.level <= level + SCENE_STRETCH;
    if ((!fitsBand(item.level, level) && !stretched) || concept.level !== item.level) problems.push(`${item.id}: level ${item.level} outside the band of level ${level}`);
    if (item.example.text !== concept[target].ex || item.example.translation !== concept[source].ex) problems.push(`${item.id}: example is not the concept's`);
    for (const text of [item.display, item.example.text]) {
      const why = notInLanguage(index, text, target);
      if (why) problems.push(why);
    }
    const why = notInLanguage(index, item.example.translation, source);
    if (why) problems.push(why);
  }
  return problems;
}

/** Target- and source-language texts of an exercise, and its answer-key problems. */
function exerciseTexts(e: Exercise, into: { target: string[]; source: string[]; problems: string[] }): void {
  switch (e.type) {
    case "matching":
      into.target.push(...e.left.map((l) => l.text));
      into.source.push(...e.right.map((r) => r.text));
      if (new Set(e.answers.map((a) => a.right)).size !== e.right.length) into.problems.push("matching: answers are not a one-to-one pairing");
      break;
    case "gap_fill": {
      for (const item of e.items) {
        const sentence = item.prompt.replace(GAP, item.answer);
        into.target.push(sentence);
        if (item.hint !== "") into.source.push(item.hint);
        if (!item.prompt.includes(GAP)) into.problems.push(`gap_fill: no gap in ${item.prompt}`);
      }
      // Every answer is in the box (once, though several gaps share it: den, lo), and the box
      // has a word that is no answer (no gap is free).
      const bank = [...e.word_bank];
      for (const answer of new Set(e.items.map((i) => i.answer.toLowerCase()))) {
        const at = bank.findIndex((w) => w.toLowerCase() === answer);
        if (at < 0) into.problems.push(`gap_fill: answer ${answer} not in the box`);
        else bank.splice(at, 1);
      }
      if (bank.length === 0) into.problems.push("gap_fill: no word in the box that is no answer");
      break;
    }
    case "choose_correct":
      for (const item of e.items) {
        into.target.push(item.answer);
        if (!item.options.includes(item.answer) || item.options.length < 2) into.problems.push(`choose_correct: bad options for ${item.answer}`);
      }
      break;
    case "translation":
      (e.direction === "to_target" ? into.target : into.source).push(...e.items.map((i) => i.answer));
      (e.direction === "to_target" ? into.source : into.target).push(...e.items.map((i) => i.prompt));
      break;
    case "dialogue_order":
      into.target.push(...e.lines.map((l) => l.text));
      if ([...e.answer].sort().join() !== e.lines.map((l) => l.key).sort().join()) into.problems.push("dialogue_order: answer is not a permutation of the lines");
      break;
  }
}

function questionTexts(q: ExitQuestion, into: { target: string[]; source: string[]; problems: string[] }): void {
  if (q.type === "choose_translation") {
    into.source.push(...q.options);
    if (!q.options.includes(q.answer)) into.problems.push(`exit: answer ${q.answer} not among the options`);
  } else if (q.type === "gap_fill") into.target.push(q.prompt.replace(GAP, q.answer));
  else if (q.type === "choose_correct") {
    into.target.push(q.answer);
    if (!q.options.includes(q.answer) || q.options.length < 2) into.problems.push(`exit: bad options for ${q.answer}`);
  } else into.target.push(q.model_answer);
}

function planTexts(sets: LessonSet[]) {
  const into = { target: [] as string[], source: [] as string[], problems: [] as string[], vocabulary: [] as VocabItem[] };
  for (const set of sets) {
    if (set.kind === "overview") {
      into.vocabulary.push(...set.vocabulary);
      into.target.push(...set.phrases.map((p) => p.text));
      into.source.push(...set.phrases.map((p) => p.translation));
    } else if (set.kind === "grammar") into.target.push(...set.point.examples);
    else if (set.kind === "exercises") for (const e of set.exercises) exerciseTexts(e, into);
    else if (set.kind === "role_play") {
      for (const step of set.steps) {
        into.target.push(step.npc.text, ...step.learner_options.map((o) => o.text));
        into.source.push(step.npc.translation, ...step.learner_options.map((o) => o.translation));
      }
    } else {
      for (const q of set.questions) questionTexts(q, into);
      if (set.pass_mark > set.questions.length) into.problems.push("exit: pass mark above the number of questions");
    }
  }
  return into;
}

describe("vocabulary, every pair and level", () => {
  for (const { source, target } of PAIRS) {
    test(`${source} → ${target}`, async () => {
      const problems: string[] = [];
      for (let level = 1; level <= 9; level++) {
        const items = await Array.fromAsync(engine.vocabulary({ source_lang: source, target_lang: target, level, topic: SCENES[level % SCENES.length] }));
        expect(items.length).toBe(20);
        expect(new Set(items.map((i) => i.id)).size).toBe(20);
        problems.push(...vocabProblems(items, source, target, level));
      }
      expect(problems.slice(0, 10)).toEqual([]);
    });
  }
});

describe("lesson plans, every pair", () => {
  for (const [n, { source, target }] of PAIRS.entries()) {
    test(`${source} → ${target}`, async () => {
      const problems: string[] = [];
      for (const level of [1 + (n % 3), 4 + (n % 3), 7 + (n % 3)]) {
        const sets = await Array.fromAsync(engine.lessonPlan({ source_lang: source, target_lang: target, level, scene: SCENES[n % SCENES.length] as string }));
        expect(sets.map((s) => s.index)).toEqual(sets.map((_, i) => i + 1));
        expect(sets[0]?.kind).toBe("overview");
        expect(sets.map((s) => s.kind)).toEqual(["overview", "grammar", "exercises", "role_play", "exit_check"]);
        const texts = planTexts(sets);
        expect(texts.vocabulary.length).toBe(levelProfile(level).coreVocabulary);
        const overview = sets[0];
        const sceneOwn = new Set(overview?.kind === "overview" ? (overview.understood?.concepts ?? []) : []);
        problems.push(...texts.problems, ...vocabProblems(texts.vocabulary, source, target, level, sceneOwn));
        for (const t of texts.target) problems.push(...[notInLanguage(index, t, target)].filter((p): p is string => p !== null));
        for (const t of texts.source) problems.push(...[notInLanguage(index, t, source)].filter((p): p is string => p !== null));
      }
      expect(problems.slice(0, 10)).toEqual([]);
    });
  }
});

describe("tutor replies, every pair", () => {
  test("replies are in the target language and translations in the source language", async () => {
    const problems: string[] = [];
    for (const { source, target } of PAIRS) {
      for (const message of ["hello", "bonjour", "hola", "ciao", "hallo", "oi"]) {
        const turn = await engine.tutorTurn({ source_lang: source, target_lang: target, level: 3, conversation: null, message, scene: SCENES[0] });
        problems.push(...[notInLanguage(index, turn.reply, target), notInLanguage(index, turn.reply_translation, source)].filter((p): p is string => p !== null));
        expect(turn.suggested_replies.length).toBeGreaterThanOrEqual(2);
        expect(turn.suggested_replies.length).toBeLessThanOrEqual(3);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });
});

// The tutor given the plan plays the plan's own role-play (tutor/plan-script.ts): saying an option
// of each step gets that step's NPC line, so the role-play and the tutor are one conversation.
async function walkProblems(subject: { topic: string } | { scene: string }, source: Lang, target: Lang, level: number): Promise<string[]> {
  const problems: string[] = [];
  const sets = await Array.fromAsync(engine.lessonPlan({ source_lang: source, target_lang: target, level, ...subject }));
  const rolePlay = sets.find((s) => s.kind === "role_play");
  if (rolePlay?.kind !== "role_play") return [`${JSON.stringify(subject)}: no role-play`];
  let conversation = null;
  for (const [i, step] of rolePlay.steps.entries()) {
    const said = step.learner_options[0]?.text ?? "";
    const turn = await engine.tutorTurn({ source_lang: source, target_lang: target, level, conversation, message: said, plan: { sets } });
    conversation = turn.conversation;
    const at = `${Object.values(subject)[0]} ${target} L${level} ${step.id}`;
    if (!turn.reply.includes(step.npc.text)) problems.push(`${at}: said ${JSON.stringify(said)}, got ${JSON.stringify(turn.reply)}, want ${JSON.stringify(step.npc.text)}`);
    if (turn.progress.intent !== step.intent) problems.push(`${at}: intent ${turn.progress.intent}, want ${step.intent}`);
    if (turn.corrections.length > 0) problems.push(`${at}: corrected a role-play line: ${JSON.stringify(turn.corrections)}`);
    const last = i === rolePlay.steps.length - 1;
    if (turn.progress.completed !== last) problems.push(`${at}: completed ${turn.progress.completed} at step ${i + 1} of ${rolePlay.steps.length}`);
    const next = rolePlay.steps[i + 1];
    if (next && !turn.suggested_replies.some((r) => next.learner_options.some((o) => o.text === r.text))) problems.push(`${at}: suggestions ${JSON.stringify(turn.suggested_replies)} are not the next step's options`);
  }
  return problems;
}

describe("role-play and tutor agree, every topic and target language", () => {
  test("saying a role-play option at each step walks the tutor through the whole dialogue, with no corrections", async () => {
    const problems: string[] = [];
    for (const [t, topic] of index.data.topics.entries()) {
      for (const [n, target] of LANGS.entries()) {
        // Every band in every target language: the level turns with the topic and the language.
        const level = [2, 5, 8][(t + n) % 3] as number;
        problems.push(...(await walkProblems({ topic: topic.id }, LANGS[(n + 1) % LANGS.length] as Lang, target, level)));
      }
    }
    for (const [n, scene] of SCENES.entries()) {
      for (const target of LANGS) if (target !== LANGS[n]) problems.push(...(await walkProblems({ scene }, LANGS[n] as Lang, target, [1, 4, 9][n % 3] as number)));
    }
    if (process.env.ALL_PROBLEMS) console.log(problems.join("\n"));
    expect(problems.slice(0, 10)).toEqual([]);
  });
});

describe("determinism", () => {
  test("the same request gives the same vocabulary, plan and tutor turn", async () => {
    const input = { source_lang: "en", target_lang: "de", level: 5, scene: SCENES[2] as string, npc: { name: "Lea", persona: "runs the café" } };
    expect(await Array.fromAsync(engine.lessonPlan(input))).toEqual(await Array.fromAsync(engine.lessonPlan(input)));
    const vocab = { source_lang: "fr", target_lang: "it", level: 3, topic: "animals", count: 30 };
    expect(await Array.fromAsync(engine.vocabulary(vocab))).toEqual(await Array.fromAsync(engine.vocabulary(vocab)));
    const turn = { source_lang: "es", target_lang: "en", level: 2, conversation: null, message: "Hello, I want a coffee" };
    expect(await engine.tutorTurn(turn)).toEqual(await engine.tutorTurn(turn));
  });
  test("a different request gives different content", async () => {
    const a = await Array.fromAsync(engine.vocabulary({ source_lang: "en", target_lang: "es", level: 3, topic: "market" }));
    const b = await Array.fromAsync(engine.vocabulary({ source_lang: "en", target_lang: "es", level: 3, topic: "weather" }));
    expect(a.map((i) => i.id)).not.toEqual(b.map((i) => i.id));
  });
  test("exclude removes known items", async () => {
    const first = await Array.fromAsync(engine.vocabulary({ source_lang: "en", target_lang: "es", level: 2, topic: "market", count: 10 }));
    const ids = first.map((i) => i.id);
    const next = await Array.fromAsync(engine.vocabulary({ source_lang: "en", target_lang: "es", level: 2, topic: "market", count: 10, exclude: ids }));
    expect(next.some((i) => ids.includes(i.id))).toBe(false);
  });
});
