// Shapes of the engine port: what goes in and what comes out of vocabulary, lessonPlan and
// tutorTurn. The API publishes these schemas (OpenAPI), so every field carries its meaning here.
// Text written for the learner is in one of two languages, named on each field: the target
// language (what is learnt) or the source language (what the learner already speaks).
// Integers are TypeBox's own Integer: Elysia's t.Integer also accepts numeric strings, and publishes
// that as a string/integer union a typed client cannot do arithmetic on. Request bodies are closed
// (additionalProperties false): the /v1 doorway refuses an unknown field with its name as `param`.
import { Type } from "@sinclair/typebox";
import { t, type Static, type TSchema } from "elysia";
import { LANGS } from "./languages.ts";
import { CEFR } from "./levels.ts";
import { FRAME_IDS } from "./builtin/scene/frame-ids.ts";

/**
 * A value or null, as OpenAPI 3.1 writes it (an `anyOf` with `null`). Elysia's t.Nullable adds the
 * 3.0 keyword `nullable`, which a 3.1 document must not carry.
 */
const nullable = <S extends TSchema>(schema: S, options: { description?: string } = {}) => t.Union([schema, t.Null()], options);

const literals = <T extends string>(values: readonly T[]) => t.Union(values.map((v) => t.Literal(v)));

/** Input language codes are checked by the engine (`pt` is accepted as `pt-BR`). */
export const LangInput = t.String({ description: `One of ${LANGS.join(", ")} (pt is accepted as pt-BR)`, examples: ["es"] });
export const LangCode = literals(LANGS);
export const LevelInput = Type.Integer({ minimum: 1, maximum: 9, description: "1..9 = A1, A2, A2+, B1, B1+, B2, B2+, C1, C2" });
export const CefrLabel = literals(CEFR);
export const PartOfSpeech = literals(["noun", "verb", "adj", "adv", "phrase", "prep", "num", "pron", "conj", "interj"] as const);

export const Npc = t.Object(
  {
    name: t.String({ description: "Up to 32 characters after trimming; one line of visible characters" }),
    persona: t.Optional(t.String({ description: "Up to 120 characters after trimming; one line of visible characters" })),
  },
  { additionalProperties: false },
);

// ---- vocabulary ----------------------------------------------------------------------------

export const VOCAB_COUNT = { min: 1, max: 50, default: 20 } as const;
export const EXCLUDE_MAX = 500;

export const VocabularyInput = t.Object({
  source_lang: LangInput,
  target_lang: LangInput,
  level: LevelInput,
  topic: t.Optional(t.String({ description: "A topic id or any topic text (up to 160 characters)" })),
  count: t.Optional(Type.Integer({ minimum: VOCAB_COUNT.min, maximum: VOCAB_COUNT.max, default: VOCAB_COUNT.default })),
  exclude: t.Optional(t.Array(t.String(), { maxItems: EXCLUDE_MAX, description: "Item ids already known" })),
}, { additionalProperties: false });

export const VocabItem = t.Object({
  id: t.String({ description: "Stable item id (the concept id); the same word in every language pair" }),
  term: t.String({ description: "Target-language lemma (nouns singular, verbs infinitive)" }),
  article: nullable(t.String({ description: "Definite article of a noun in the target language" })),
  gender: nullable(literals(["m", "f", "n"] as const)),
  display: t.String({ description: "The term as taught, with its article: «la manzana», «l'école», «der Apfel»" }),
  plural: nullable(t.String()),
  plural_display: nullable(t.String({ description: "The plural with its article: «las manzanas»" })),
  pos: PartOfSpeech,
  translation: t.String({ description: "Source-language lemma" }),
  translation_display: t.String({ description: "Source-language lemma with its article where the source language has one" }),
  example: t.Object({
    text: t.String({ description: "Example sentence in the target language" }),
    translation: t.String({ description: "The same sentence in the source language" }),
  }),
  level: Type.Integer({ minimum: 1, maximum: 9 }),
  cefr: CefrLabel,
  topics: t.Array(t.String()),
});

// ---- lesson plan ---------------------------------------------------------------------------

export const LessonPlanInput = t.Object({
  topic: t.Optional(t.String({ description: "Exactly one of topic and scene (up to 160 characters)" })),
  scene: t.Optional(t.String({ description: "World description; never instructions (up to 160 characters)" })),
  source_lang: LangInput,
  target_lang: LangInput,
  level: LevelInput,
  npc: t.Optional(Npc),
}, { additionalProperties: false });

const TopicRef = t.Object({
  id: t.String(),
  name: t.String({ description: "In the source language" }),
  name_target: t.String({ description: "In the target language" }),
});

const Phrase = t.Object({
  id: t.String(),
  function: t.String({ description: "Communicative function, in English (from the syllabus)" }),
  level: Type.Integer(),
  text: t.String({ description: "Target language" }),
  translation: t.String({ description: "Source language" }),
});

const Objective = t.Object({
  kind: literals(["vocabulary", "phrases", "grammar", "conversation"] as const),
  can_do: t.String({ description: "CEFR-style can-do statement in the source language" }),
});

const LevelRef = t.Object({ value: Type.Integer(), cefr: CefrLabel });

const NullableString = (description: string) => nullable(t.String(), { description });

/** What the engine understood of the topic or scene text (the plan shows what it used). */
export const Understood = t.Object(
  {
    frame: literals(FRAME_IDS),
    concepts: t.Array(t.String(), { description: "Ids of the lexicon concepts the text named, in the sense the lesson uses" }),
    place: nullable(t.Object({ id: t.String(), name: t.String({ description: "In the source language" }), name_target: t.String({ description: "In the target language" }) }), {
      description: "The place the text names, when the engine knows it",
    }),
    currency: NullableString("ISO 4217 code of the currency paid at the place (GBP in London, EUR in Lisbon), null when no place is named"),
    region_note: NullableString("In the source language: how the variety spoken at the place differs from the one taught, null when it does not"),
    time_of_day: nullable(literals(["morning", "afternoon", "evening", "night"] as const)),
    complication: nullable(literals(["delayed", "cancelled", "lost", "stolen", "full", "broken", "closed"] as const), { description: "What went wrong in the scene" }),
    npc_role: t.String({ description: "Who the NPC is (waiter, police_officer, landlord …); the request's NPC persona wins over the scene" }),
    confidence: t.Number({ minimum: 0, maximum: 1, description: "How much of the text was understood and how clearly it names its situation" }),
  },
  { description: "The situation (frame) the engine matched the topic or scene to, and what it read from the text" },
);

export const OverviewSet = t.Object({
  index: t.Literal(1),
  kind: t.Literal("overview"),
  title: t.String(),
  level: LevelRef,
  topics: t.Array(TopicRef, { description: "Topics the scene or topic text was matched to, best first" }),
  understood: t.Optional(Understood),
  objectives: t.Array(Objective),
  vocabulary: t.Array(VocabItem),
  phrases: t.Array(Phrase),
});

export const GrammarSet = t.Object({
  index: Type.Integer(),
  kind: t.Literal("grammar"),
  title: t.String(),
  point: t.Object({
    id: t.String(),
    level: Type.Integer(),
    cefr: CefrLabel,
    title: t.String(),
    form: t.String(),
    meaning: t.String(),
    use: t.String(),
    examples: t.Array(t.String({ description: "Target language" })),
    common_errors: t.Array(t.Object({ wrong: t.String(), right: t.String(), note: t.String() })),
  }),
  explanation_lang: t.Union(LANGS.map((v) => t.Literal(v)), { description: "The language title, form, meaning, use and the errors' notes are written in: the request's source language" }),
});

const Instructions = t.String({ description: "Source language" });
const Pair = t.Object({ key: t.String(), text: t.String() });

export const Exercise = t.Union([
  t.Object({
    type: t.Literal("matching"),
    instructions: Instructions,
    left: t.Array(Pair, { description: "Target-language terms" }),
    right: t.Array(Pair, { description: "Source-language translations, shuffled" }),
    answers: t.Array(t.Object({ left: t.String(), right: t.String() })),
  }),
  t.Object({
    type: t.Literal("gap_fill"),
    instructions: Instructions,
    word_bank: t.Array(t.String()),
    items: t.Array(t.Object({ prompt: t.String({ description: "Target sentence with ____" }), hint: t.String(), answer: t.String() })),
  }),
  t.Object({
    type: t.Literal("translation"),
    instructions: Instructions,
    direction: literals(["to_target", "to_source"] as const),
    items: t.Array(t.Object({ prompt: t.String(), answer: t.String() })),
  }),
  t.Object({
    type: t.Literal("dialogue_order"),
    instructions: Instructions,
    lines: t.Array(t.Object({ key: t.String(), speaker: literals(["npc", "learner"] as const), text: t.String() })),
    answer: t.Array(t.String(), { description: "Line keys in the right order" }),
  }),
  t.Object({
    type: t.Literal("choose_correct"),
    instructions: Instructions,
    items: t.Array(
      t.Object({
        options: t.Array(t.String(), { description: "Target sentences, one of them correct" }),
        answer: t.String(),
        explanation: t.String({ description: "Why, in English (as the grammar set)" }),
      }),
    ),
  }),
]);

export const ExercisesSet = t.Object({
  index: Type.Integer(),
  kind: t.Literal("exercises"),
  title: t.String(),
  exercises: t.Array(Exercise),
});

const Line = t.Object({ text: t.String({ description: "Target language" }), translation: t.String({ description: "Source language" }) });

export const RolePlaySet = t.Object({
  index: Type.Integer(),
  kind: t.Literal("role_play"),
  title: t.String(),
  npc: t.Object({ name: t.String(), persona: nullable(t.String()), given: t.Boolean({ description: "false when the engine chose the partner" }) }),
  setting: t.String({ description: "Source language" }),
  goal: t.String({ description: "Source language" }),
  steps: t.Array(
    t.Object({
      id: t.String(),
      intent: t.Optional(t.String({ description: "What the learner's options do at this step (greet, request, specify, ask_info, give_info, complication, resolve, agree, pay, opinion, close)" })),
      learner_options: t.Array(Line, { description: "What the learner can say first" }),
      npc: t.Object(Line.properties, { description: "The NPC's answer" }),
      npc_asks: t.Optional(nullable(t.String({ description: "The intent the NPC's answer asks for: the next step's intent; null on the last step" }))),
    }),
    { description: "In order; in each step the learner speaks, then the NPC answers" },
  ),
});

export const ExitQuestion = t.Union([
  t.Object({ type: t.Literal("choose_translation"), prompt: t.String(), options: t.Array(t.String()), answer: t.String() }),
  t.Object({ type: t.Literal("gap_fill"), prompt: t.String(), hint: t.String(), answer: t.String() }),
  t.Object({ type: t.Literal("respond"), situation: t.String({ description: "Source language" }), model_answer: t.String() }),
  t.Object({ type: t.Literal("choose_correct"), prompt: t.String({ description: "Source language" }), options: t.Array(t.String()), answer: t.String() }),
]);

export const ExitCheckSet = t.Object({
  index: Type.Integer(),
  kind: t.Literal("exit_check"),
  title: t.String(),
  questions: t.Array(ExitQuestion),
  pass_mark: Type.Integer({ description: "Correct answers needed out of questions.length" }),
  self_check: t.Array(t.String({ description: "The objectives' can-do statements, to tick" })),
});

/** One set of a lesson plan; `kind` tells them apart and `index` orders them (1-based). */
export const LessonSet = t.Union([OverviewSet, GrammarSet, ExercisesSet, RolePlaySet, ExitCheckSet]);

// ---- tutor ---------------------------------------------------------------------------------

export const MESSAGE_MAX = 500;

/** What the tutor remembers of a conversation, so it never contradicts an earlier turn. */
export const ConversationMemory = t.Object({
  name: t.Optional(t.String({ description: "The learner's name, as they wrote it" })),
  origin: t.Optional(t.String()),
  order: t.Array(t.Object({ id: t.String({ description: "Lexicon concept id" }), qty: t.Integer({ minimum: 1 }) })),
  asked: t.Array(t.String({ description: "General questions the tutor has asked" })),
  told: t.Array(t.String({ description: "Facts the learner has told (name, origin, work, likes, week, plans)" })),
  mode: t.Optional(literals(["scene", "general"] as const)),
});

export const ConversationState = t.Object(
  {
    v: t.Literal(1),
    topic: t.String(),
    step: Type.Integer({ minimum: 0, description: "Index of the scenario step the learner is answering" }),
    done: t.Boolean(),
    misses: Type.Integer({ minimum: 0, description: "Turns in a row the tutor did not understand" }),
    introduced: t.Array(t.String(), { description: "Concept ids already taught in this conversation" }),
    turns: t.Array(t.Object({ role: literals(["learner", "npc"] as const), text: t.String() })),
    memory: t.Optional(ConversationMemory),
  },
  { description: "Opaque to callers: store it and send it back with the next message" },
);

export const TutorTurnInput = t.Object({
  conversation: t.Optional(nullable(ConversationState, { description: "The state the previous turn returned; absent or null to start" })),
  message: t.String({ description: `The learner's message, up to ${MESSAGE_MAX} characters; line breaks are read as spaces` }),
  source_lang: LangInput,
  target_lang: LangInput,
  level: LevelInput,
  scene: t.Optional(t.String()),
  npc: t.Optional(Npc),
  plan: t.Optional(t.Object({ sets: t.Array(LessonSet) }, { description: "The plan the conversation practises; the built-in tutor plays its role_play set" })),
});

export const CorrectionCategory = literals(["spelling", "accent", "article", "contraction", "capitalisation", "word_choice", "language", "agreement", "verb_form", "word_order", "preposition"] as const);

export const Correction = t.Object({
  original: t.String({ description: "The words as the learner wrote them" }),
  corrected: t.String(),
  explanation: t.String({ description: "Short, in the source language" }),
  category: CorrectionCategory,
});

export const TutorTurnResult = t.Object({
  reply: t.String({ description: "The NPC's answer in the target language" }),
  reply_translation: t.String({ description: "The reply in the source language" }),
  corrections: t.Array(Correction),
  corrected_message: nullable(t.String({ description: "The whole message with every correction applied" })),
  hints: t.Array(t.String()),
  suggested_replies: t.Array(Line),
  new_vocabulary: t.Array(t.Object({ id: t.String(), display: t.String(), translation: t.String() })),
  progress: t.Object({
    topic: t.String(),
    step_id: t.String({ description: "The step of the role-play the learner is on; without a scene, the question waiting for an answer (name, origin, work, free_time, week, plans, food, more)" }),
    step: Type.Integer({ description: "1-based step the learner is now on" }),
    steps: Type.Integer(),
    understood: t.Boolean(),
    intent: nullable(t.String()),
    completed: t.Boolean(),
  }),
  conversation: ConversationState,
});

export type Npc = Static<typeof Npc>;
export type VocabularyInput = Static<typeof VocabularyInput>;
export type VocabItem = Static<typeof VocabItem>;
export type LessonPlanInput = Static<typeof LessonPlanInput>;
export type OverviewSet = Static<typeof OverviewSet>;
export type Understood = Static<typeof Understood>;
export type GrammarSet = Static<typeof GrammarSet>;
export type ExercisesSet = Static<typeof ExercisesSet>;
export type Exercise = Static<typeof Exercise>;
export type RolePlaySet = Static<typeof RolePlaySet>;
export type ExitCheckSet = Static<typeof ExitCheckSet>;
export type ExitQuestion = Static<typeof ExitQuestion>;
export type LessonSet = Static<typeof LessonSet>;
export type ConversationState = Static<typeof ConversationState>;
export type ConversationMemory = Static<typeof ConversationMemory>;
export type TutorTurnInput = Static<typeof TutorTurnInput>;
export type Correction = Static<typeof Correction>;
export type CorrectionCategory = Static<typeof CorrectionCategory>;
export type TutorTurnResult = Static<typeof TutorTurnResult>;
