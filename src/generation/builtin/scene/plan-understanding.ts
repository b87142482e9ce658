// What a lesson plan request's topic or scene is understood as, or the refusal the built-in
// engine gives before anything is spent when it understands nothing of it (the caller pays for
// a lesson on what was asked, never for a substitute).
import type { LessonPlanRequest } from "../../engine-input.ts";
import type { Lang } from "../../languages.ts";
import type { Understood } from "../../model.ts";
import { invalidRequest } from "../../../lib/errors.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import { understandScene, type SceneUnderstanding } from "./understand-scene.ts";

/** What the engine teaches, named in the refusal (one sentence per frame group). */
export const TEACHABLE =
  "ordering in a restaurant, café or bar; shopping at a market or in a shop; asking the way; checking in at a hotel; " +
  "travel tickets; border control; reporting a loss or theft; an emergency; a doctor's, dentist's or bank appointment; a pharmacy; " +
  "a job interview; meeting people; renting a flat; returning an item or complaining; negotiating; a debate; a guided visit; " +
  "planning an event; the post office; technical support; enrolling on a course; a sports club; a repair; concert tickets; " +
  "a farm visit; cooking; an expedition";

export function understandRequest(index: LexiconIndex, request: LessonPlanRequest): SceneUnderstanding {
  const understood = understandScene(index, { text: request.subject.text, npc: request.npc, target: request.target, source: request.source });
  if (understood) return understood;
  const kind = request.subject.kind;
  throw invalidRequest(`The built-in engine understood nothing of this ${kind}. It can teach ${TEACHABLE}. Name one of these situations, or a place and what happens there`, kind);
}

/** The plan's account of what it understood, in the shape the API publishes. */
export function understoodView(u: SceneUnderstanding, source: Lang, target: Lang): Understood {
  return {
    frame: u.frame,
    concepts: u.concepts,
    place: u.place ? { id: u.place.id, name: u.place.names[source], name_target: u.place.names[target] } : null,
    currency: u.currency,
    region_note: u.regionNote ? u.regionNote.text[source] : null,
    time_of_day: u.timeOfDay,
    complication: u.complication,
    npc_role: u.npcRole,
    confidence: u.confidence,
  };
}
