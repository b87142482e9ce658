// The rules of an inbound event (spec 2.6, 4.3, 8): its type, its data, its Idempotency-Key. The
// lesson-plan fields are checked by the same code that checks POST /v1/lesson-plans
// (generation/engine-input.ts, over lib/text-fields.ts), so both refuse the same input the same way.
import { AppError, invalidRequest } from "../lib/errors.ts";
import { checkTags } from "../lib/text-fields.ts";
import { parseLessonPlanInput } from "../generation/engine-input.ts";
import { INBOUND_EVENT_TYPES, type InboundEventType } from "../events/inbound-model.ts";

/** What the generation API takes to start a plan: the body of POST /v1/lesson-plans. */
export interface PlanRequestBody {
  topic?: string;
  scene?: string;
  source_lang: string;
  target_lang: string;
  level: number;
  npc?: { name: string; persona?: string };
}

export interface InboundEvent {
  type: InboundEventType;
  /** The checked data, trimmed and normalised, as stored with the event. */
  data: Record<string, unknown>;
  generate: boolean;
  /** What a plan is made from: never the tags (spec 2.6: they never reach the lesson plan). */
  plan: PlanRequestBody;
}

const SUBJECT: Record<InboundEventType, "scene" | "topic"> = { "world.context_changed": "scene", "world.practice_requested": "topic" };
/** spec 2.6: generate defaults to false for world.context_changed and true for world.practice_requested. */
const GENERATE_DEFAULT: Record<InboundEventType, boolean> = { "world.context_changed": false, "world.practice_requested": true };
const KNOWN_FIELDS = new Set(["source_lang", "target_lang", "level", "npc", "tags", "generate"]);
const NPC_FIELDS = new Set(["name", "persona"]);

/** Spec 4.3.7: up to 255 visible ASCII characters. */
export function checkIdempotencyKey(value: string | null): string {
  if (value === null) throw new AppError(400, "idempotency_key_required", "send an Idempotency-Key header (for example a UUID), the same on every retry of this event", { param: "Idempotency-Key" });
  if (value.length === 0 || value.length > 255 || !/^[\x21-\x7e]+$/.test(value)) {
    throw invalidRequest("Idempotency-Key must be 1 to 255 visible ASCII characters", "Idempotency-Key");
  }
  return value;
}

function record(value: unknown, param: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw invalidRequest(`${param} must be an object`, param);
  return value as Record<string, unknown>;
}

/** The engine's refusals name fields of the plan body; here they live under `data`. */
function underData<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof AppError && error.param) throw invalidRequest(error.message.startsWith(error.param) ? `data.${error.message}` : error.message, `data.${error.param}`);
    throw error;
  }
}

export function parseInboundEvent(input: unknown): InboundEvent {
  const body = record(input, "body");
  for (const key of Object.keys(body)) if (key !== "type" && key !== "data") throw invalidRequest(`unknown field ${key}: the body is {type, data}`, key);
  if (typeof body.type !== "string" || !Object.hasOwn(INBOUND_EVENT_TYPES, body.type)) {
    throw invalidRequest(`type must be one of ${Object.keys(INBOUND_EVENT_TYPES).join(", ")}`, "type");
  }
  const type = body.type as InboundEventType;
  const data = record(body.data, "data");
  const subject = SUBJECT[type];
  for (const key of Object.keys(data)) if (key !== subject && !KNOWN_FIELDS.has(key)) throw invalidRequest(`unknown field data.${key} for ${type}`, `data.${key}`);
  if (data[subject] === undefined || data[subject] === null) throw invalidRequest(`data.${subject} is required for ${type}`, `data.${subject}`);
  if (data.npc !== undefined && data.npc !== null) {
    for (const key of Object.keys(record(data.npc, "data.npc"))) if (!NPC_FIELDS.has(key)) throw invalidRequest(`unknown field data.npc.${key}`, `data.npc.${key}`);
  }
  const checked = underData(() =>
    parseLessonPlanInput({ [subject]: data[subject], source_lang: data.source_lang, target_lang: data.target_lang, level: data.level, npc: data.npc }),
  );
  let tags: string[] | undefined;
  if (data.tags !== undefined) {
    const result = checkTags(data.tags);
    if (!result.ok) throw invalidRequest(`data.tags ${result.reason}`, "data.tags");
    tags = result.value;
  }
  if (data.generate !== undefined && typeof data.generate !== "boolean") throw invalidRequest("data.generate must be true or false", "data.generate");
  const generate = (data.generate as boolean | undefined) ?? GENERATE_DEFAULT[type];
  const plan: PlanRequestBody = {
    [subject]: checked.subject.text,
    source_lang: checked.source,
    target_lang: checked.target,
    level: checked.level,
    ...(checked.npc ? { npc: { name: checked.npc.name, ...(checked.npc.persona !== null ? { persona: checked.npc.persona } : {}) } } : {}),
  };
  return { type, generate, plan, data: { ...plan, ...(tags ? { tags } : {}), generate } };
}
