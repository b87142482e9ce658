// A lesson plan as the API answers it (spec 3.1, 4.2): the current version's shape built from the
// plan's row and its sets, and the text that a complete plan's stored answer holds.
import { CURRENT_API_VERSION } from "../versions/registry.ts";
import type { LessonPlanView } from "./api-model.ts";
import type { LessonSet } from "./model.ts";
import type { lessonPlans } from "./schema.ts";

/** A plan's own columns; its stored answer (`answer`, `answer_shape`) and where its sets are (`sets_of`) are read and written apart. */
export type PlanRow = Omit<typeof lessonPlans.$inferSelect, "answer" | "answerShape" | "setsOf">;

/**
 * The format of planView's output, counted within one API version. A complete plan's answer is
 * stored as it was built (lesson_plans.answer) and served as it is while its `answer_shape` is
 * PLAN_ANSWER_SHAPE: bump this whenever planView (or planAnswerText) would now build different
 * text for the same row and sets — a field added, renamed or formatted otherwise — even when the
 * API version stays, or plans completed earlier keep being served in the old format. A new API
 * version changes PLAN_ANSWER_SHAPE by itself.
 */
export const PLAN_ANSWER_FORMAT = 1;
export const PLAN_ANSWER_SHAPE = `${CURRENT_API_VERSION}/${PLAN_ANSWER_FORMAT}`;

export function planView(row: PlanRow, sets: LessonSet[]): LessonPlanView {
  const input = row.input;
  return {
    id: row.id,
    status: row.status,
    created_at: new Date(row.createdAt).toISOString(),
    source_lang: input.source_lang,
    target_lang: input.target_lang,
    level: input.level,
    ...(input.topic !== undefined ? { topic: input.topic } : {}),
    ...(input.scene !== undefined ? { scene: input.scene } : {}),
    ...(input.npc ? { npc: input.npc } : {}),
    sets_ready: row.setsReady,
    sets,
    from_library: row.fromLibrary,
  };
}

/**
 * A plan's JSON answer as text, in the current API version's shape, with its stored sets (each
 * stored as JSON text) spliced in as they are: parsing them to serialise them again, and Elysia
 * cleaning the result against the schema, cost ~200 µs a read.
 */
export function planAnswerText(row: PlanRow, setTexts: readonly string[]): string {
  // A string value cannot hold an unescaped quote, so the first `"sets":[]` is the key's.
  return JSON.stringify(planView(row, [])).replace('"sets":[]', () => `"sets":[${setTexts.join(",")}]`);
}

export const encodeAnswer = (text: string): Uint8Array => new TextEncoder().encode(text);
