// The answers the LLM engine asks for, built from the port's TypeBox models: JSON Schema for the
// server (json-schema.ts) and the full models for validation. Fields the engine decides itself
// (item ids, CEFR labels, set indexes, the conversation state) are left out of what is asked.
import { t } from "elysia";
import { answerModel } from "./json-schema.ts";
import { Correction, ExercisesSet, ExitCheckSet, GrammarSet, OverviewSet, RolePlaySet, Understood, VocabItem } from "../model.ts";

export const VocabDraftItem = answerModel(t.Omit(VocabItem, ["id", "cefr", "topics"]));
export const VocabularyAnswer = answerModel(t.Object({ items: t.Array(VocabDraftItem) }));

// `understood` is optional in the published shape (plans stored before it have none) but the
// model must always say what it understood.
const OverviewAnswer = answerModel(t.Composite([t.Omit(OverviewSet, ["vocabulary", "index", "level", "understood"]), t.Object({ vocabulary: t.Array(VocabDraftItem), understood: Understood })]));

/** Each set is asked for on its own (the first one alone, so it arrives fast), in this order. */
export const SET_KINDS = [
  { kind: "overview", schema: OverviewAnswer, task: "Write the first set of a lesson plan (kind overview): a title, the topics the lesson is about (id: a short English slug, name in the source language, name_target in the target language), can-do objectives in the source language, core vocabulary for the level with an example sentence each, and key phrases with their communicative function in English; in understood, the situation (frame) that fits the topic or scene best, the place it names with its currency (ISO 4217), the time of day, what went wrong, who the partner is (npc_role, an English slug) and how sure you are (confidence 0 to 1); concepts: leave empty." },
  { kind: "grammar", schema: answerModel(t.Omit(GrammarSet, ["index"])), task: "Write the grammar set of the lesson plan: one grammar point of the target language that suits the level and the lesson's topic, with title, form, meaning, use and the errors' notes explained in the learner's (source) language, and that language in explanation_lang; target-language examples and common errors." },
  { kind: "exercises", schema: answerModel(t.Omit(ExercisesSet, ["index"])), task: "Write the exercises set of the lesson plan: a matching, a gap_fill, a translation and a dialogue_order exercise on the lesson's vocabulary and phrases, each with its answer key; instructions in the source language." },
  { kind: "role_play", schema: answerModel(t.Omit(RolePlaySet, ["index"])), task: "Write the role-play set of the lesson plan: a role card with the conversation partner (npc; given is true only when an npc block names one, then use that name and persona), the setting and goal in the source language, and steps in which the learner speaks first (two or three options) and the partner answers." },
  { kind: "exit_check", schema: answerModel(t.Omit(ExitCheckSet, ["index"])), task: "Write the exit check of the lesson plan: choose_translation, gap_fill and respond questions on what the lesson taught, a pass mark, and the objectives' can-do statements as a self-check." },
] as const;

export const TutorAnswer = answerModel(
  t.Object({
  reply: t.String({ description: "Your answer as the conversation partner, in the target language" }),
  reply_translation: t.String({ description: "The reply in the source language" }),
  corrections: t.Array(Correction, { description: "Mistakes in the learner's message only; none when it is correct" }),
  corrected_message: t.Nullable(t.String({ description: "The learner's message with every correction applied; null when there are none" })),
  hints: t.Array(t.String({ description: "Short help for the learner" })),
  suggested_replies: t.Array(t.Object({ text: t.String({ description: "Target language" }), translation: t.String({ description: "Source language" }) })),
  new_vocabulary: t.Array(t.Object({ display: t.String({ description: "A target-language word of your reply the learner may not know, with its article" }), translation: t.String({ description: "Source language" }) })),
  understood: t.Boolean({ description: "Whether you understood the learner's message" }),
  intent: t.Nullable(t.String({ description: "What the learner wanted, in a few English words" })),
  completed: t.Boolean({ description: "Whether the conversation reached its natural end" }),
}),
);
