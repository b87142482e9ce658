// POST /v1/events (spec 2.7, 4.3, 6.5, 6.6): one Idempotency-Key is one event, decided by the
// database, not process memory. The first request claims the key with a unique insert and decides
// the answer; a concurrent or later request with the same key gets that answer (equal as JSON) for a
// day, and after that an answer rebuilt from the stored event: the plan it started is kept, a
// refusal's reason is not (`reaction: failed` with `reason: internal`).
import { and, eq, isNotNull, lt } from "drizzle-orm";
import { payerOf } from "../billing/payer.ts";
import { startPlanFor, type PlanDeps } from "../generation/plans-service.ts";
import { lessonPlans } from "../generation/schema.ts";
import { DAY } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { PREFIX, newPublicId } from "../lib/secrets.ts";
import type { Db } from "../store/open-store.ts";
import { isUniqueViolation } from "../store/open-store.ts";
import type { InboundEvent } from "./inbound-input.ts";
import { inboundEvents } from "./schema.ts";

/** The 202 answer (spec 2.7, DESIGN §8). */
export interface InboundAnswer {
  [field: string]: unknown;
  /** started, partial, complete (the plan's state, or nothing more to do), refused, failed. */
  reaction: "started" | "partial" | "complete" | "refused" | "failed";
  plan_status?: "generating" | "partial" | "complete" | "failed";
  plan_id?: string;
  /** Why a reaction is refused (the refusal's code), or `internal` when the first outcome was not kept. */
  reason?: string;
}

type PlanStatus = "generating" | "partial" | "complete" | "failed";

export interface InboundCaller {
  clientId: string;
  ownerAccountId: string;
  payerAccountId: string;
  userId: string | null;
  billingMode: "allowance" | "metered";
  actingForUser: boolean;
}

/** Spec 4.3.8: the first answer is replayed for one day. */
export const ANSWER_KEPT_MS = DAY;
/** How long a second request waits for the first one's answer before answering from the stored event. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 15;

export async function receiveInboundEvent(deps: PlanDeps, caller: InboundCaller, key: string, event: InboundEvent): Promise<InboundAnswer> {
  const nowMs = deps.clock.now();
  // A retry is the common case of a known key: answered by one read, with no write.
  const known = await findByKey(deps.store.db, caller.clientId, key);
  if (known) return replay(deps, caller.clientId, key, known);
  const id = newPublicId(PREFIX.event);
  const claimed = await claim(deps.store.db, { id, clientId: caller.clientId, accountId: caller.ownerAccountId, idempotencyKey: key, type: event.type, data: event.data, createdAt: nowMs, generate: event.generate });
  if (!claimed) return replay(deps, caller.clientId, key);
  const answer = await decide(deps, caller, event);
  await deps.store.db
    .update(inboundEvents)
    .set({ answer, planId: answer.plan_id ?? null, answeredAt: deps.clock.now() })
    .where(eq(inboundEvents.id, id));
  return answer;
}

async function claim(db: Db, row: typeof inboundEvents.$inferInsert): Promise<boolean> {
  try {
    const inserted = await db.insert(inboundEvents).values(row).onConflictDoNothing().returning({ id: inboundEvents.id });
    return inserted.length === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** What happens to a new event: nothing more, or a plan started (spec 3.1, 4.3.9–11). */
async function decide(deps: PlanDeps, caller: InboundCaller, event: InboundEvent): Promise<InboundAnswer> {
  if (!event.generate) return { reaction: "complete" };
  try {
    // The same owner rule as the plan routes: the client's account, and the user an app acts for.
    const owner = { accountId: caller.ownerAccountId, userId: caller.actingForUser ? caller.userId : null, clientId: caller.clientId };
    const { plan, fromLibrary } = await startPlanFor(deps, payerOf(caller), owner, event.plan);
    const status = plan.status as PlanStatus;
    if (status === "generating") return { reaction: "started", plan_status: "generating", plan_id: plan.id };
    if (status === "failed") return { reaction: "failed", plan_status: "failed", plan_id: plan.id };
    return { reaction: status, plan_status: status, plan_id: plan.id, ...(fromLibrary ? { from_library: true } : {}) };
  } catch (error) {
    // A refusal (402 and the like) is the answer; the event still stands (spec 4.3.11).
    if (error instanceof AppError && error.status < 500) return { reaction: "refused", reason: error.code, error: error.message };
    deps.log.error("inbound.plan_failed", { client_id: caller.clientId, error: error instanceof Error ? error.message : String(error) });
    return { reaction: "failed", reason: "internal" };
  }
}

type KeyRow = { answer: Record<string, unknown> | null; planId: string | null; createdAt: number; generate: boolean };

async function findByKey(db: Db, clientId: string, key: string): Promise<KeyRow | null> {
  const [row] = await db
    .select({ answer: inboundEvents.answer, planId: inboundEvents.planId, createdAt: inboundEvents.createdAt, generate: inboundEvents.generate })
    .from(inboundEvents)
    .where(and(eq(inboundEvents.clientId, clientId), eq(inboundEvents.idempotencyKey, key)));
  return row ?? null;
}

/** The same key again: the first answer within a day, else one rebuilt from the stored event. */
async function replay(deps: PlanDeps, clientId: string, key: string, first: KeyRow | null = null): Promise<InboundAnswer> {
  const deadline = performance.now() + WAIT_FOR_FIRST_MS;
  let row = first;
  for (;; row = null) {
    row ??= await findByKey(deps.store.db, clientId, key);
    if (!row) throw new Error("an idempotency key claimed by another request vanished");
    const fresh = deps.clock.now() - row.createdAt < ANSWER_KEPT_MS;
    if (row.answer && fresh) return row.answer as InboundAnswer;
    // The first request is still deciding: wait for it, then answer from what it stored.
    if (!row.answer && fresh && performance.now() < deadline) {
      await Bun.sleep(POLL_MS);
      continue;
    }
    return rebuild(deps, row);
  }
}

/** Spec 2.7: rebuilt from the stored event — the plan is kept, a refusal's reason is not. */
async function rebuild(deps: PlanDeps, row: { planId: string | null; generate: boolean }): Promise<InboundAnswer> {
  if (!row.generate) return { reaction: "complete" };
  if (row.planId) {
    const [plan] = await deps.store.db.select({ status: lessonPlans.status }).from(lessonPlans).where(eq(lessonPlans.id, row.planId));
    const status = (plan?.status ?? null) as PlanStatus | null;
    if (status === "generating") return { reaction: "started", plan_status: "generating", plan_id: row.planId };
    if (status === "partial" || status === "complete") return { reaction: status, plan_status: status, plan_id: row.planId };
    if (status === "failed") return { reaction: "failed", plan_status: "failed", plan_id: row.planId };
  }
  return { reaction: "failed", reason: "internal" };
}

/** Housekeeping: answers are kept one day (spec 4.3.8), the events themselves as long as events are (30 days). */
export async function forgetOldInbound(db: Db, nowMs: number, keepEventsMs: number): Promise<void> {
  await db.update(inboundEvents).set({ answer: null }).where(and(isNotNull(inboundEvents.answer), lt(inboundEvents.createdAt, nowMs - ANSWER_KEPT_MS)));
  await db.delete(inboundEvents).where(lt(inboundEvents.createdAt, nowMs - keepEventsMs));
}
