// Progress per lesson plan (spec 1.1): the learner's last attempt at each exercise and at the exit
// check, checked against the plan's keys (answer-check.ts) and kept so that a reload, another
// device or the plans list shows where they are. Only the user's own row is ever read or written.
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { ExercisesSet, ExitCheckSet } from "../generation/model.ts";
import type { DbOrTx } from "../store/open-store.ts";
import { checkExercise, checkExit, isEmptyAttempt, type AnswerLangs, type Attempt, type ExitAttempt } from "./answer-check.ts";
import { lessonProgress, type LessonAttempts } from "./schema.ts";

export type ProgressRow = typeof lessonProgress.$inferSelect;

export const exerciseKey = (setIndex: number, exerciseIndex: number) => `${setIndex}.${exerciseIndex}`;

export async function progressOf(db: DbOrTx, userId: string, planId: string): Promise<ProgressRow | null> {
  const [row] = await db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.planId, planId)));
  return row ?? null;
}

export async function progressOfPlans(db: DbOrTx, userId: string, planIds: string[]): Promise<Map<string, ProgressRow>> {
  if (planIds.length === 0) return new Map();
  const rows = await db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.planId, planIds)));
  return new Map(rows.map((r) => [r.planId, r]));
}

/** The most recently touched plan the learner has not finished (no exit check yet), for Home. */
export async function unfinishedLesson(db: DbOrTx, userId: string): Promise<ProgressRow | null> {
  const [row] = await db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, userId), isNull(lessonProgress.completedAt))).orderBy(desc(lessonProgress.updatedAt)).limit(1);
  return row ?? null;
}

async function update(db: DbOrTx, userId: string, planId: string, nowMs: number, change: (attempts: LessonAttempts) => Partial<ProgressRow>): Promise<void> {
  const current = await progressOf(db, userId, planId);
  const attempts: LessonAttempts = current ? structuredClone(current.attempts) : { exercises: {}, exit: null };
  const extra = change(attempts);
  if (current) await db.update(lessonProgress).set({ attempts, updatedAt: nowMs, ...extra }).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.planId, planId)));
  else await db.insert(lessonProgress).values({ userId, planId, attempts, startedAt: nowMs, updatedAt: nowMs, completedAt: null, exitScore: null, exitTotal: null, passed: null, conversationId: null, ...extra });
}

/** Marks a plan as started (opened by its learner), so Home can offer to go on with it. */
export async function startLesson(db: DbOrTx, userId: string, planId: string, nowMs: number): Promise<void> {
  if (!(await progressOf(db, userId, planId))) await update(db, userId, planId, nowMs, () => ({}));
}

/**
 * Checks and keeps an attempt at one exercise of an exercises set; the last attempt counts. A
 * submission with nothing entered is checked but not kept: it marks nothing and reveals no answer.
 */
export async function answerExercise(db: DbOrTx, userId: string, planId: string, set: ExercisesSet, exerciseIndex: number, given: string[], langs: AnswerLangs, nowMs: number): Promise<Attempt | null> {
  const exercise = set.exercises[exerciseIndex];
  if (!exercise) return null;
  const result = checkExercise(exercise, given, langs);
  if (isEmptyAttempt(result)) return result;
  await update(db, userId, planId, nowMs, (a) => {
    a.exercises[exerciseKey(set.index, exerciseIndex)] = result;
    return {};
  });
  return result;
}

/** Checks and keeps the exit check; taking it finishes the lesson (its score is the plan's score). Nothing entered: not kept. */
export async function answerExit(db: DbOrTx, userId: string, planId: string, set: ExitCheckSet, given: string[], langs: AnswerLangs, nowMs: number): Promise<ExitAttempt> {
  const result = checkExit(set, given, langs);
  if (isEmptyAttempt(result)) return result;
  await update(db, userId, planId, nowMs, (a) => {
    a.exit = result;
    return { exitScore: result.score, exitTotal: result.total, passed: result.passed, completedAt: nowMs };
  });
  return result;
}

/** Remembers the tutor conversation a plan's role-play started, to resume it from the plan. */
export async function linkConversation(db: DbOrTx, userId: string, planId: string, conversationId: string, nowMs: number): Promise<void> {
  await update(db, userId, planId, nowMs, () => ({ conversationId }));
}
