// The inbound events a game or integration sends (spec 2.6, 4.3): the shapes, published in the
// OpenAPI and AsyncAPI documents. The text rules of scene, topic and npc.* (one visible line,
// lengths after trimming) are checked by lib/text-fields.ts, the only implementation of them.
import { Type } from "@sinclair/typebox";
import { t } from "elysia";

const Lang = t.String({ description: "A language code: en, es, fr, de, it, pt-BR (pt is read as pt-BR). source_lang and target_lang must differ.", examples: ["es"] });
const Level = Type.Integer({ minimum: 1, maximum: 9, description: "The learner's level: 1 (A1) to 9 (C2)." });
const Npc = t.Object(
  {
    name: t.String({ description: "Up to 32 characters after trimming (surrounding spaces are not counted, so JSON Schema maxLength cannot say it); one line of visible characters." }),
    persona: t.Optional(t.String({ description: "Up to 120 characters after trimming (surrounding spaces are not counted); describes the character, never the player." })),
  },
  { additionalProperties: false, description: "A character of the world the lesson's role-play uses." },
);
const Tags = t.Array(t.String({ pattern: "^[a-z0-9][a-z0-9_.:-]{0,23}$" }), {
  maxItems: 8,
  description: "Up to 8 lowercase machine tokens of up to 24 characters, for your own bookkeeping; they never reach the lesson plan or any engine prompt.",
});
const Generate = (fallback: boolean) =>
  t.Boolean({ description: `Start a lesson plan (the token then also needs lesson_plans:write; billed as a lesson plan). Default ${fallback}.`, default: fallback });
const Text160 = (description: string) => t.String({ description: `${description} One line of visible characters, up to 160 after trimming (surrounding spaces are not counted, so the limit is not a JSON Schema maxLength); it describes the world, never the player.` });

export const WorldContextChanged = t.Object(
  {
    scene: Text160("Where the player is now."),
    source_lang: Lang,
    target_lang: Lang,
    level: Level,
    npc: t.Optional(Npc),
    tags: t.Optional(Tags),
    generate: t.Optional(Generate(false)),
  },
  { additionalProperties: false, description: "The game world changed around the player (a new scene)." },
);

export const WorldPracticeRequested = t.Object(
  {
    topic: Text160("What to practise."),
    source_lang: Lang,
    target_lang: Lang,
    level: Level,
    npc: t.Optional(Npc),
    tags: t.Optional(Tags),
    generate: t.Optional(Generate(true)),
  },
  { additionalProperties: false, description: "The player asked to practise a topic." },
);

export const INBOUND_EVENT_TYPES = {
  "world.context_changed": WorldContextChanged,
  "world.practice_requested": WorldPracticeRequested,
} as const;

export type InboundEventType = keyof typeof INBOUND_EVENT_TYPES;
