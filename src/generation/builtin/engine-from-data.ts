// The built-in engine over a given data set: the data is checked and indexed once, on first use,
// and every operation works from that index alone (no network, no model).
import type { Engine } from "../engine.ts";
import { parseLessonPlanInput, parseTutorInput, parseVocabularyInput } from "../engine-input.ts";
import type { LessonSet, VocabItem } from "../model.ts";
import { prepareEngineData, type RawEngineData } from "./engine-data.ts";
import { understandRequest } from "./scene/plan-understanding.ts";
import { lessonPlanSets } from "./lesson/lesson-plan.ts";
import { buildLexiconIndex, type LexiconIndex } from "./lexicon-index.ts";
import { tutorTurn } from "./tutor/tutor-turn.ts";
import { buildVocabItem } from "./vocab-item.ts";
import { vocabularyConcepts } from "./vocabulary.ts";

export interface BuiltinEngine extends Engine {
  /** The checked and indexed data (for `parla engine stats` and tests). */
  index(): LexiconIndex;
}

/** An engine over the given raw data (tests use small fixtures; the product uses the embedded data). */
export function createEngineFromData(raw: RawEngineData): BuiltinEngine {
  let index: LexiconIndex | null = null;
  const load = () => {
    if (!index) {
      const { data, skipped } = prepareEngineData(raw);
      index = buildLexiconIndex(data, skipped);
    }
    return index;
  };
  return {
    name: "builtin",
    madeBy: () => "builtin",
    index: load,
    vocabulary(input) {
      const request = parseVocabularyInput(input);
      const concepts = vocabularyConcepts(load(), request);
      return (async function* (): AsyncGenerator<VocabItem> {
        for (const concept of concepts) yield buildVocabItem(concept, request.source, request.target);
      })();
    },
    checkLessonPlan(input) {
      understandRequest(load(), parseLessonPlanInput(input));
    },
    lessonPlan(input, options) {
      const request = parseLessonPlanInput(input);
      // Refused at the call, before any set, as every input error is (engine.ts).
      understandRequest(load(), request);
      const skip = options?.after?.length ?? 0;
      const sets = lessonPlanSets(load(), request);
      if (skip === 0) return sets;
      // The plan is deterministic, so the sets a resumed generation already holds are the first
      // `skip` ones: made again (cheap, no model) and not sent.
      return (async function* (): AsyncGenerator<LessonSet> {
        for await (const set of sets) if (set.index > skip) yield set;
      })();
    },
    async tutorTurn(input) {
      return tutorTurn(load(), parseTutorInput(input));
    },
    async topics(lang) {
      return [...load().topicById.values()].map((t) => ({ id: t.id, name: t.names[lang] ?? t.id }));
    },
  };
}
