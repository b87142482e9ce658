// A lesson plan as a stream of sets: the overview first (usable alone), then grammar, practice,
// role-play and the exit check. Sets that have nothing to show (no scenario for the topic, no
// grammar point) are left out rather than sent empty; indexes stay consecutive.
import type { LessonPlanRequest } from "../../engine-input.ts";
import type { LessonSet } from "../../model.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import { exercisesSet } from "./exercises-set.ts";
import { exitCheckSet } from "./exit-check-set.ts";
import { grammarSet } from "./grammar-set.ts";
import { buildLessonContext } from "./lesson-context.ts";
import { overviewSet } from "./overview-set.ts";
import { rolePlaySet } from "./role-play-set.ts";

type LaterSet = (context: ReturnType<typeof buildLessonContext>, index: number) => LessonSet | null;

const LATER_SETS: LaterSet[] = [grammarSet, exercisesSet, rolePlaySet, exitCheckSet];

export async function* lessonPlanSets(index: LexiconIndex, request: LessonPlanRequest): AsyncGenerator<LessonSet> {
  const context = buildLessonContext(index, request);
  yield overviewSet(context);
  let next = 2;
  for (const build of LATER_SETS) {
    const set = build(context, next);
    if (set) {
      next++;
      yield set;
    }
  }
}
