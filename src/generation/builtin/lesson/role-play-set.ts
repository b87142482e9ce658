// The role-play: a dialogue generated for the scene's frame and slots (scene/frame-dialogue.ts),
// with the NPC the caller named (name and persona shown as given on the role card) and the
// lines of the plan's level band. In each step the learner speaks first (one of the options,
// saying the intent the NPC last asked for) and the NPC answers and asks for the next.
import type { RolePlaySet } from "../../model.ts";
import { moodedLine } from "../npc-voice.ts";
import { bandOf } from "../scene/band-lines.ts";
import { chooseThings } from "../scene/dialogue-slots.ts";
import { HOME_CURRENCY } from "../scene/places.ts";
import { frameDialogue } from "../scene/frame-dialogue.ts";
import { grammarLines } from "../scene/grammar-lines.ts";
import { whereOf } from "../scene/problem-turns.ts";
import { FRAME_BY_ID } from "../scene/frames.ts";
import { ROLE_PLAY, SET_TITLES } from "../ui-text/lesson-text.ts";
import { quote, say } from "../ui-text/template.ts";
import type { Concept } from "../lexicon-rules.ts";
import { topicName, type LessonContext } from "./lesson-context.ts";

// Prices stay in a range every frame can name without sounding absurd (a coffee, a ticket, a fee).
const LOWEST_PRICE = 8;
const PRICE_SPREAD = 40;

export function rolePlaySet(context: LessonContext, index: number): RolePlaySet | null {
  const { source, target, understood } = context;
  const frame = FRAME_BY_ID.get(understood.frame);
  if (!frame) return null;
  const byId = (id: string) => context.index.conceptById.get(id);
  // What a setting only implies (an airport's luggage) is taught, not what the conversation is about.
  const sceneConcepts = understood.concepts.filter((id) => !understood.implied.includes(id)).map(byId).filter((c): c is Concept => c !== undefined);
  const { thing, detail, troubled } = chooseThings(frame.id, sceneConcepts, understood.complication, new Set(frame.concepts), byId);
  const band = bandOf(context.profile.level);
  const steps = frameDialogue(
    {
      frame,
      band,
      npcName: context.npc.name,
      place: understood.place?.names ?? null,
      currency: understood.currency ?? HOME_CURRENCY[target],
      time: understood.timeOfDay,
      complication: understood.complication,
      thing,
      detail,
      troubled,
      where: whereOf(sceneConcepts.map((c) => c.id)),
      grammar: grammarLines(context.grammar?.id),
      amount: LOWEST_PRICE + context.random.fork("role-play-price").below(PRICE_SPREAD),
    },
    { source, target },
  );
  // The setting names the situation the dialogue is about: the frame's own topic first.
  const main = [...frame.topics, ...context.topics].find((t) => context.index.topicById.has(t)) ?? "";
  return {
    index,
    kind: "role_play",
    title: say(SET_TITLES.role_play, source),
    npc: { name: context.npc.name, persona: context.npc.persona, given: context.npc.given },
    setting: say(ROLE_PLAY.setting, source, { topic: quote(source, topicName(context, main, source)), npc: context.npc.name }),
    goal: say(ROLE_PLAY.goal, source, { target: context.targetName }),
    steps: steps.map((s, i) => {
      const [first, last] = [i === 0, i === steps.length - 1];
      const informal = band === "A";
      const npc = { text: moodedLine(s.npc.text, target, context.mood, first, last, informal), translation: moodedLine(s.npc.translation, source, context.mood, first, last, informal) };
      return { id: s.id, intent: s.intent, learner_options: s.learner, npc, npc_asks: s.asks };
    }),
  };
}
