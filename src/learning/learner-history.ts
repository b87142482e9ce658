// What a learner has made with the generation API, as the web app lists it: their lesson plans
// (newest first, with the topic their overview matched) and their tutor conversations (last spoken
// first). Only what the session's user owns (the same rule as generation's ownsPlan for an app
// acting for a user, spec 5.3), read from generation's tables.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../store/open-store.ts";
import type { LessonPlanInput } from "../generation/model.ts";
import { conversations, lessonPlans, planSets } from "../generation/schema.ts";

export interface LearnerPlan {
  id: string;
  status: "generating" | "partial" | "complete" | "failed";
  input: LessonPlanInput;
  /** The name of the topic the plan's overview matched first (web/lesson-title.ts); null before it is written. */
  topicName: string | null;
  createdAt: number;
  updatedAt: number;
}

export type LearnerConversation = typeof conversations.$inferSelect;

export async function plansOf(db: DbOrTx, accountId: string, userId: string, limit = 50): Promise<LearnerPlan[]> {
  const rows = await db
    .select({ id: lessonPlans.id, status: lessonPlans.status, input: lessonPlans.input, createdAt: lessonPlans.createdAt, updatedAt: lessonPlans.updatedAt })
    .from(lessonPlans)
    .where(and(eq(lessonPlans.accountId, accountId), eq(lessonPlans.userId, userId)))
    .orderBy(desc(lessonPlans.createdAt))
    .limit(limit);
  if (rows.length === 0) return [];
  // A plan served from the library reads its sets from the plan it refers to (generation's sets_of).
  const firsts = await db
    .select({ planId: lessonPlans.id, set: planSets.set })
    .from(lessonPlans)
    .innerJoin(planSets, and(eq(planSets.planId, sql`coalesce(${lessonPlans.setsOf}, ${lessonPlans.id})`), eq(planSets.idx, 1)))
    .where(inArray(lessonPlans.id, rows.map((r) => r.id)));
  const topics = new Map(firsts.map((f) => [f.planId, f.set.kind === "overview" ? (f.set.topics[0]?.name ?? null) : null]));
  return rows.map((r) => ({ ...r, topicName: topics.get(r.id) ?? null }));
}

export async function conversationsOf(db: DbOrTx, accountId: string, userId: string, limit = 20): Promise<LearnerConversation[]> {
  return db
    .select()
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.userId, userId)))
    .orderBy(desc(conversations.updatedAt))
    .limit(limit);
}

/** One of the user's conversations, or null (another user's is as absent as a missing one). */
export async function conversationOf(db: DbOrTx, accountId: string, userId: string, id: string): Promise<LearnerConversation | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.accountId, accountId), eq(conversations.userId, userId)));
  return row ?? null;
}

/** A conversation the tutor has brought to its end (its state's `done`, ConversationState) cannot be resumed. */
export function conversationEnded(c: Pick<LearnerConversation, "state">): boolean {
  const state = c.state as { done?: unknown } | null;
  return state?.done === true;
}

/** The conversation spoken in last that is still open, among the learner's recent ones (Home offers to resume it). */
export async function openConversationOf(db: DbOrTx, accountId: string, userId: string): Promise<LearnerConversation | null> {
  return (await conversationsOf(db, accountId, userId)).find((c) => !conversationEnded(c)) ?? null;
}
