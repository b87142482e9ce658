// Progress per plan on a real store: the last attempt at each exercise is kept, the exit check
// finishes the lesson with its score, Home finds the unfinished lesson, and one user's progress is
// not another's.
import { afterEach, describe, expect, test } from "bun:test";
import { createUser } from "../../src/accounts/service.ts";
import type { ExercisesSet, ExitCheckSet, LessonSet } from "../../src/generation/model.ts";
import { answerExercise, answerExit, exerciseKey, linkConversation, progressOf, progressOfPlans, startLesson, unfinishedLesson } from "../../src/learning/lesson-progress.ts";
import { MINUTE } from "../../src/lib/clock.ts";
import { fixtureEngine } from "../generation/fixture-engine.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const LANGS = { source: "en", target: "es" };

let t: TestApp;
afterEach(() => t.cleanup());

const sets: LessonSet[] = [];
for await (const set of fixtureEngine().lessonPlan({ source_lang: "en", target_lang: "es", level: 2, topic: "food" })) sets.push(set);
const practice = sets.find((s) => s.kind === "exercises") as ExercisesSet;
const exit = sets.find((s) => s.kind === "exit_check") as ExitCheckSet;
const gapIndex = practice.exercises.findIndex((e) => e.type === "gap_fill");
const gap = practice.exercises[gapIndex] as Extract<ExercisesSet["exercises"][number], { type: "gap_fill" }>;

async function users() {
  t = await createTestApp();
  const { db } = t.deps.store;
  const a = await createUser(db, t.clock.now(), { email: "ana@example.com", password: null });
  const b = await createUser(db, t.clock.now(), { email: "ben@example.com", password: null });
  return { db, ana: a.userId, ben: b.userId };
}

describe("progress per lesson plan", () => {
  test("the last attempt counts; the exit check finishes the lesson with its score", async () => {
    const { db, ana } = await users();
    await startLesson(db, ana, "lp_one", t.clock.now());
    expect((await unfinishedLesson(db, ana))?.planId).toBe("lp_one");
    const first = await answerExercise(db, ana, "lp_one", practice, gapIndex, gap.items.map(() => "nada"), LANGS, t.clock.now());
    expect(first?.score).toBe(0);
    t.clock.advance(MINUTE);
    await answerExercise(db, ana, "lp_one", practice, gapIndex, gap.items.map((i) => i.answer), LANGS, t.clock.now());
    let row = (await progressOf(db, ana, "lp_one"))!;
    expect(row.attempts.exercises[exerciseKey(practice.index, gapIndex)]).toMatchObject({ score: gap.items.length, total: gap.items.length });
    expect(row.completedAt).toBeNull();
    expect(await answerExercise(db, ana, "lp_one", practice, 99, [], LANGS, t.clock.now())).toBeNull();

    await linkConversation(db, ana, "lp_one", "conv_x", t.clock.now());
    const keys = exit.questions.map((q) => (q.type === "respond" ? q.model_answer : q.answer));
    keys[0] = "wrong";
    const result = await answerExit(db, ana, "lp_one", exit, keys, LANGS, t.clock.now());
    expect(result.score).toBe(exit.questions.length - 1);
    row = (await progressOf(db, ana, "lp_one"))!;
    expect([row.exitScore, row.exitTotal, row.passed, row.completedAt, row.conversationId]).toEqual([exit.questions.length - 1, exit.questions.length, true, t.clock.now(), "conv_x"]);
    expect(row.attempts.exercises[exerciseKey(practice.index, gapIndex)]?.score).toBe(gap.items.length);
    expect(await unfinishedLesson(db, ana)).toBeNull();
  });

  test("one user's progress is theirs alone", async () => {
    const { db, ana, ben } = await users();
    await answerExercise(db, ana, "lp_shared", practice, gapIndex, gap.items.map((i) => i.answer), LANGS, t.clock.now());
    expect(await progressOf(db, ben, "lp_shared")).toBeNull();
    expect((await progressOfPlans(db, ana, ["lp_shared", "lp_other"])).size).toBe(1);
    expect((await progressOfPlans(db, ben, ["lp_shared"])).size).toBe(0);
  });
});
