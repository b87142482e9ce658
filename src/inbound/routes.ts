// POST /v1/events (spec 4.3): events:write, and lesson_plans:write too when generate is true.
// Every refusal — the Idempotency-Key, a field outside its limits, the second scope — comes before
// anything is recorded or counted (the doorway's precheck); then 202 with the answer of spec 2.7.
// A known key is answered first, from one read and without the body (spec 4.3.8: the first answer
// whatever the body), so the body is read and checked only for a new key.
import { t } from "elysia";
import { INBOUND_EVENT_TYPES } from "../events/inbound-model.ts";
import type { V1Doorway } from "../http/v1.ts";
import { AppError } from "../lib/errors.ts";
import { checkIdempotencyKey, parseInboundEvent } from "./inbound-input.ts";
import type { PlanDeps } from "../generation/plans-service.ts";
import { answerKnownKey, findKey, receiveNewEvent } from "./service.ts";

/** Spec 2.6's fields are small: a body past this is refused with 413, whatever it holds. */
export const INBOUND_BODY_MAX_BYTES = 16 * 1024;

export interface InboundRouteDeps extends PlanDeps {
  v1: V1Doorway<"events.send", unknown>;
}

const ANSWER_INIT: ResponseInit = { status: 202, headers: { "content-type": "application/json;charset=utf-8" } };
/** A known key's first answer again (spec 4.3.8), marked so a caller can tell a retry from a new event. */
const REPLAY_INIT: ResponseInit = { status: 202, headers: { "content-type": "application/json;charset=utf-8", "idempotent-replayed": "true" } };

const Answer = t.Object(
  {
    reaction: t.Union([t.Literal("started"), t.Literal("partial"), t.Literal("complete"), t.Literal("refused"), t.Literal("failed")], {
      description:
        "started: a plan is generating (a lesson_plan.ready or lesson_plan.failed with its plan_id follows); partial or complete: the plan can be read now (from the library); complete without plan_id: the event is recorded and needs nothing more; refused: a check or the bill refused the plan (see reason), the event stands; failed: the plan could not be made (reason internal when the first outcome was not kept).",
    }),
    plan_status: t.Optional(t.Union([t.Literal("generating"), t.Literal("partial"), t.Literal("complete"), t.Literal("failed")])),
    plan_id: t.Optional(t.String()),
    from_library: t.Optional(t.Boolean()),
    reason: t.Optional(t.String({ description: "The refusal's code (e.g. allowance_exhausted), or internal." })),
    error: t.Optional(t.String({ description: "The refusal in words." })),
  },
  { description: "Answer to an inbound event. The same key within a day gets this answer again." },
);

const documentedBody = t.Union(
  Object.entries(INBOUND_EVENT_TYPES).map(([type, data]) => t.Object({ type: t.Literal(type), data }, { additionalProperties: false })),
  { description: "{type, data}. Text fields are one line of visible characters; lengths count after trimming." },
);

export function inboundRoutes(deps: InboundRouteDeps) {
  return deps.v1.plugin("inbound").post(
    "/v1/events",
    {
      scope: "events:write",
      operation: "events.send",
      body: t.Unknown(),
      documentedBody,
      // The key is required; the precheck refuses its absence with its own code (idempotency_key_required).
      documentedHeaders: t.Object({ "Idempotency-Key": t.String({ minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$", description: "Up to 255 visible ASCII characters, e.g. a UUID; the same on every retry of one event. Without it: 400 idempotency_key_required." }) }),
      response: { 202: Answer },
      maxBodyBytes: INBOUND_BODY_MAX_BYTES,
      // Spec 4.3.8: a known key gets its first answer whatever the body, so the body is read and
      // checked only for a new key.
      lazyBody: true,
      summary: "Send an event (world.context_changed, world.practice_requested)",
      description: "Records an event from a game or integration; with generate true it also starts a lesson plan, billed as one (the token then needs lesson_plans:write too). A key already used within a day gets its first answer again, whatever the body, with the header Idempotent-Replayed: true.",
      tags: ["events"],
      precheck: async ({ caller, request, readBody }) => {
        const key = checkIdempotencyKey(request.headers.get("idempotency-key"));
        const known = await findKey(deps.store, caller!.clientId, key);
        if (known) return { key, known, event: null };
        const event = parseInboundEvent(await readBody());
        // Spec 4.3.6: generate needs lesson_plans:write too, refused before anything is recorded.
        if (event.generate && !caller!.scopes.includes("lesson_plans:write")) {
          throw new AppError(403, "insufficient_scope", "generate true needs the scope lesson_plans:write too", {
            headers: { "www-authenticate": 'Bearer realm="parla", error="insufficient_scope", scope="events:write lesson_plans:write"' },
          });
        }
        return { key, known: null, event };
      },
    },
    async ({ caller, checked }) => {
      // The answer is stored as JSON text and sent as it is (equal as JSON to the first, spec 4.3.8).
      if (checked.event) return new Response(await receiveNewEvent(deps, caller, checked.key, checked.event), ANSWER_INIT);
      return new Response(await answerKnownKey(deps, caller.clientId, checked.key, checked.known), REPLAY_INIT);
    },
  ).elysia;
}
