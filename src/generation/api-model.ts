// Shapes of the generation API (DESIGN §8): request bodies and answers of /v1/vocab/stream,
// /v1/lesson-plans and /v1/tutor/message. The engine's own shapes (sets, items, corrections) come
// from model.ts; this file adds what the API wraps around them.
import { Type } from "@sinclair/typebox";
import { t, type Static } from "elysia";
import { Correction, LangInput, LessonSet, LevelInput, Npc, TutorTurnResult } from "./model.ts";

export { LessonPlanInput as LessonPlanBody, VocabularyInput as VocabStreamBody } from "./model.ts";

export const PlanStatus = t.Union([t.Literal("generating"), t.Literal("partial"), t.Literal("complete"), t.Literal("failed")]);

export const LessonPlan = t.Object({
  id: t.String({ description: "The plan's id (lp_…)" }),
  status: PlanStatus,
  created_at: t.String({ description: "ISO 8601" }),
  source_lang: t.String(),
  target_lang: t.String(),
  level: Type.Integer(),
  topic: t.Optional(t.String()),
  scene: t.Optional(t.String()),
  npc: t.Optional(Npc),
  sets_ready: Type.Integer({ description: "Sets made so far" }),
  sets: t.Array(LessonSet, { description: "The sets made so far, in order; the first is usable alone" }),
  from_library: t.Boolean({ description: "true when the sets were taken from the plan library" }),
});
export type LessonPlanView = Static<typeof LessonPlan>;

export const PlanIdParams = t.Object({ id: t.String() });

export const TutorMessageBody = t.Object({
  message: t.String({ description: "The learner's message (up to 500 characters; line breaks are read as spaces)" }),
  source_lang: LangInput,
  target_lang: LangInput,
  level: LevelInput,
  conversation_id: t.Optional(t.String({ description: "Continue this conversation; absent to start one" })),
  scene: t.Optional(t.String({ description: "Up to 160 characters after trimming; one line of visible characters" })),
  npc: t.Optional(Npc),
  plan_id: t.Optional(t.String({ description: "A lesson plan of the account that the conversation practises; the built-in tutor then plays that plan's role-play, step by step" })),
}, { additionalProperties: false });
export type TutorMessageBody = Static<typeof TutorMessageBody>;

export const TutorReply = t.Object({
  conversation_id: t.String(),
  reply: t.String({ description: "The tutor's answer in the target language" }),
  reply_translation: t.String({ description: "The answer in the source language" }),
  corrections: t.Array(Correction),
  hints: t.Array(t.String()),
  suggested_replies: TutorTurnResult.properties.suggested_replies,
  corrected_message: TutorTurnResult.properties.corrected_message,
  new_vocabulary: TutorTurnResult.properties.new_vocabulary,
  progress: TutorTurnResult.properties.progress,
  turn: Type.Integer({ description: "1-based number of this turn in the conversation" }),
});
export type TutorReply = Static<typeof TutorReply>;
