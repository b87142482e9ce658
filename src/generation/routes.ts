// The generation API (spec 4.2; DESIGN §8): vocabulary stream, lesson plans and their stream, tutor
// turns. Every route passes the /v1 doorway; input rules (spec 2.6 through engine-input.ts) are
// checked in the declaration's precheck, so a refused request is never charged.
import type { Operation } from "../billing/credits.ts";
import type { ChargeReceipt } from "../billing/service.ts";
import type { Caller, V1Doorway } from "../http/v1.ts";
import { LessonPlan, LessonPlanBody, PlanIdParams, TutorMessageBody, TutorReply, VocabStreamBody } from "./api-model.ts";
import { parseVocabularyInput } from "./engine-input.ts";
import type { VocabularyInput } from "./model.ts";
import { checkPlanRequest, createPlan, findPlanRow, getPlan, getPlanAnswer, type PlanDeps, type PlanOwner } from "./plans-service.ts";
import type { VersionRegistry } from "../versions/registry.ts";
import { planStream, SSE_HEADERS, vocabularyStream } from "./streams.ts";
import { jsonBytesAnswer, jsonTextAnswer } from "../http/json-text-answer.ts";
import { checkTutorBody, requirePaidPlan, tutorMessage } from "./tutor-service.ts";

export interface GenerationRouteDeps extends PlanDeps {
  v1: V1Doorway<Operation, ChargeReceipt>;
  versions: Pick<VersionRegistry, "reshapesResource">;
}

/** A plan or conversation belongs to the client's account, and to the user an app acts for (spec 5.3). */
function ownerOf(caller: Caller): PlanOwner {
  return { accountId: caller.ownerAccountId, userId: caller.actingForUser ? caller.userId : null, clientId: caller.clientId };
}

const tags = ["generation"];

export function generationRoutes(deps: GenerationRouteDeps) {
  return deps.v1
    .plugin("generation")
    .post(
      "/v1/vocab/stream",
      {
        scope: "vocab:generate",
        operation: "vocab.generate",
        body: VocabStreamBody,
        precheck: ({ body }) => void parseVocabularyInput(body),
        produces: "text/event-stream",
        summary: "Generate a vocabulary list (a stream)",
        description:
          "Answers `200 text/event-stream`: one `event: item` frame per vocabulary item, then `event: done` with `{\"count\"}`. " +
          "Refusals (invalid input, billing) come before the stream as plain JSON errors. Closing the connection stops the generation.",
        tags,
      },
      ({ body, charge, request }) =>
        new Response(vocabularyStream(deps.engine, body as VocabularyInput, request.signal, () => charge.refund()), { headers: SSE_HEADERS }),
    )
    .post(
      "/v1/lesson-plans",
      {
        scope: "lesson_plans:write",
        operation: "lesson_plan.create",
        // The credits are spent in the transaction that stores the plan and its job.
        paidIn: "work",
        body: LessonPlanBody,
        precheck: ({ body }) => checkPlanRequest(deps.engine, body),
        response: { 202: LessonPlan },
        resource: "lesson_plan",
        summary: "Create a lesson plan",
        description:
          "Exactly one of `topic` and `scene`. The built-in engine refuses a topic or scene it understands nothing of with `400 invalid_request` " +
          "(`param` `topic` or `scene`, the message naming what it can teach) before anything is charged; the overview set's `understood` says what it matched. Answers `202` with the plan in `generating`; follow it with GET /v1/lesson-plans/{id}/stream, " +
          "or wait for `lesson_plan.ready` (`partial`, then `complete`) or `lesson_plan.failed` (the credits are given back).",
        tags,
      },
      async ({ caller, spend, body, set }) => {
        const plan = await createPlan(deps, ownerOf(caller), body, spend);
        set.status = 202;
        return plan;
      },
    )
    .get(
      "/v1/lesson-plans/:id",
      {
        scope: "lesson_plans:read",
        operation: "lesson_plan.read",
        params: PlanIdParams,
        response: { 200: LessonPlan },
        resource: "lesson_plan",
        errors: [404],
        summary: "Get a lesson plan",
        tags,
      },
      async ({ caller, params, set, apiVersion }) => {
        // An older version's shape goes through the version changes (the doorway shapes the object).
        if (deps.versions.reshapesResource("lesson_plan", apiVersion)) {
          set.headers["cache-control"] = "no-store";
          return getPlan(deps, ownerOf(caller), params.id);
        }
        // The answer is made with its headers: one set on the finished Response costs more than the
        // doorway's checks (http-base.ts writes `set.headers` into it one by one).
        const answer = await getPlanAnswer(deps, ownerOf(caller), params.id);
        const headers = { "cache-control": "no-store" };
        return typeof answer === "string" ? jsonTextAnswer(answer, headers) : jsonBytesAnswer(answer, headers);
      },
    )
    .get(
      "/v1/lesson-plans/:id/stream",
      {
        scope: "lesson_plans:read",
        operation: "lesson_plan.stream",
        params: PlanIdParams,
        errors: [404],
        produces: "text/event-stream",
        summary: "Follow a lesson plan's progress (a stream)",
        description:
          "`event: status` frames `{\"status\",\"sets_ready\"}`, one `event: set` frame per set (those made so far at once, then the rest as they are made), " +
          "then `event: done` (complete) or `event: error` (failed), and the stream ends. A finished plan gets its final frames at once.",
        tags,
      },
      async ({ caller, params, request }) => {
        const owner = ownerOf(caller);
        await findPlanRow(deps.store.db, owner, params.id);
        const stream = planStream(
          { db: deps.store.db, progress: deps.generation.progress, heartbeatMs: deps.config.streamHeartbeatSeconds * 1000, maxMs: deps.config.streamMaxSeconds * 1000 },
          owner,
          params.id,
          request.signal,
        );
        return new Response(stream, { headers: SSE_HEADERS });
      },
    )
    .post(
      "/v1/tutor/message",
      {
        scope: "tutor:converse",
        operation: "tutor.turn",
        // The credit is spent in the transaction that stores the turn.
        paidIn: "work",
        body: TutorMessageBody,
        precheck: async ({ caller, body }) => {
          checkTutorBody(body as TutorMessageBody);
          await requirePaidPlan(deps.store.db, caller!.payerAccountId);
        },
        response: { 200: TutorReply },
        errors: [404, 409],
        summary: "Send a tutor turn",
        description: "Needs a paid plan (403 `paid_plan_required`). Without `conversation_id` a new conversation starts; send the returned id with the next message.",
        tags,
      },
      ({ caller, body, spend }) => tutorMessage(deps, ownerOf(caller), body as TutorMessageBody, spend),
    ).elysia;
}
