// Words of the NPC's reply worth teaching: lexicon content words at or below the learner's level
// that this conversation has not taught yet.
import type { TutorRequest } from "../../engine-input.ts";
import type { TutorTurnResult } from "../../model.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import type { Concept } from "../lexicon-rules.ts";
import { foldCase } from "../text-normalise.ts";
import { displayTerm } from "../vocab-item.ts";

const CONTENT = new Set(["noun", "verb", "adj", "adv"]);
const PER_TURN = 3;

export function newVocabulary(index: LexiconIndex, reply: string, request: TutorRequest, introduced: readonly string[]): TutorTurnResult["new_vocabulary"] {
  const language = index.language(request.target);
  const seen = new Set(introduced);
  const found: Concept[] = [];
  for (const word of reply.match(/[\p{L}]+/gu) ?? []) {
    // A reading written exactly as in the reply first: "Morgen" is the morning, "morgen" tomorrow.
    const readings = (language.forms.get(foldCase(word)) ?? []).slice().sort((a, b) => Number(b.form === word) - Number(a.form === word));
    const concept = readings.map((f) => f.concept).find((c) => CONTENT.has(c.pos) && c.level <= request.level && !seen.has(c.id));
    if (!concept) continue;
    seen.add(concept.id);
    found.push(concept);
    if (found.length === PER_TURN) break;
  }
  return found.map((c) => ({ id: c.id, display: displayTerm(request.target, c), translation: displayTerm(request.source, c) }));
}
