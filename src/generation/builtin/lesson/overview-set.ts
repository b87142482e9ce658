// Set 1, usable on its own: what the learner will be able to do, the core words with examples,
// and the key phrases.
import type { OverviewSet } from "../../model.ts";
import { wordCount } from "../sentence-fit.ts";
import { CAN_DO, MANNER, SET_TITLES } from "../ui-text/lesson-text.ts";
import { quote, say } from "../ui-text/template.ts";
import { buildVocabItem } from "../vocab-item.ts";
import { understoodView } from "../scene/plan-understanding.ts";
import { topicName, type LessonContext } from "./lesson-context.ts";

/** The statement ends with its own full stop, so a quoted sentence loses its own ("like “Hablo español”."). */
function withoutFullStop(sentence: string): string {
  return sentence.replace(/\.$/, "");
}

function band(level: number): "A" | "B" | "C" {
  return level <= 3 ? "A" : level <= 7 ? "B" : "C";
}

export function objectives(context: LessonContext): OverviewSet["objectives"] {
  const { source, target, profile } = context;
  const main = context.topics[0] ?? "";
  const manner = say(MANNER[band(profile.level)], source);
  const list: OverviewSet["objectives"] = [
    { kind: "vocabulary", can_do: say(CAN_DO.vocabulary, source, { n: context.core.length, topic: quote(source, topicName(context, main, source)) }) },
  ];
  // The hardest phrase of the lesson's own topic (the shortest among equals), else of any topic used.
  const own = new Set(context.index.topicById.get(main)?.phrases.map((p) => p.id));
  const candidates = context.phrases.some((p) => own.has(p.id)) ? context.phrases.filter((p) => own.has(p.id)) : context.phrases;
  const [phrase] = candidates.slice().sort((a, b) => b.level - a.level || wordCount(a.text[target]) - wordCount(b.text[target]));
  if (phrase) list.push({ kind: "phrases", can_do: say(CAN_DO.phrases, source, { phrase: quote(source, withoutFullStop(phrase.text[target])), manner }) });
  const example = context.grammar?.examples[0];
  if (example) list.push({ kind: "grammar", can_do: say(CAN_DO.grammar, source, { example: quote(source, withoutFullStop(example)) }) });
  if (context.scenario) list.push({ kind: "conversation", can_do: say(CAN_DO.conversation, source, { npc: context.npc.name, manner }) });
  return list;
}

export function overviewSet(context: LessonContext): OverviewSet {
  const { source, target, profile } = context;
  return {
    index: 1,
    kind: "overview",
    title: say(SET_TITLES.overview, source, { topic: topicName(context, context.topics[0] ?? "", source) }),
    level: { value: profile.level, cefr: profile.cefr },
    topics: context.topics.map((id) => ({ id, name: topicName(context, id, source), name_target: topicName(context, id, target) })),
    understood: understoodView(context.understood, source, target),
    objectives: objectives(context),
    vocabulary: context.core.map((c) => buildVocabItem(c, source, target)),
    phrases: context.phrases.map((p) => ({ id: p.id, function: p.function, level: p.level, text: p.text[target], translation: p.text[source] })),
  };
}
