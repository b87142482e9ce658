// A lesson's title on the web, from what the learner asked for rather than from the plan's first
// set (every overview set is titled "Overview: …", so every lesson would be). One rule for the
// Lessons list, the lesson page, Home and the Tutor.
import type { LessonSet } from "../generation/model.ts";
import type { UiText } from "./ui-text/index.ts";

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The name, in the learner's language, of the topic the plan's overview matched first; null before the overview is written. */
export const matchedTopicName = (sets: readonly LessonSet[] | undefined): string | null => {
  const overview = sets?.find((s) => s.kind === "overview");
  return overview?.kind === "overview" ? (overview.topics[0]?.name ?? null) : null;
};

/**
 * The scene as the learner wrote it; for a topic, the matched topic's name (a topic id such as
 * `food_drink` or a word such as "market" is named in the learner's language), else the topic as
 * written; else the learner's word for a lesson.
 */
export function lessonTitle(t: UiText, input: { topic?: string; scene?: string }, topicName: string | null): string {
  const scene = input.scene?.trim();
  if (scene) return capitalised(scene);
  if (topicName) return topicName;
  const topic = input.topic?.trim();
  return topic ? capitalised(topic.replace(/_/g, " ")) : t.common.lesson;
}
