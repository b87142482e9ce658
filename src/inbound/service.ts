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
import { PREFIX, newRowId } from "../lib/secrets.ts";
import type { Db, Store } from "../store/open-store.ts";
import { executorOf, type SqlHandle } from "../store/raw-sql.ts";
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

// The statements of every request as SQL text, which either store prepares once and reuses:
// building a drizzle query costs more than running it (store/prepared.ts), and a replay is
// nothing but the first of them.
const BY_KEY = "SELECT answer, plan_id, created_at, generate FROM inbound_events WHERE client_id = ? AND idempotency_key = ?";
// ON CONFLICT DO NOTHING: of concurrent requests with one key exactly one inserts (rowsAffected 1);
// the unique index (client_id, idempotency_key) decides across processes.
const CLAIM =
  "INSERT INTO inbound_events (id, client_id, account_id, idempotency_key, type, data, created_at, generate, answer, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING";
const SET_ANSWER = "UPDATE inbound_events SET answer = ?, plan_id = ?, answered_at = ? WHERE id = ?";

/** The answer of an event without a plan, decided before anything is stored: stored with the claim. */
const NOTHING_MORE = JSON.stringify({ reaction: "complete" } satisfies InboundAnswer);

/** A key already used by the client: what is stored of its event. `answer` is the first answer's JSON text. */
export interface KnownKey {
  answer: string | null;
  planId: string | null;
  createdAt: number;
  generate: boolean;
}

type KeyRow = [answer: string | null, planId: string | null, createdAt: number, generate: number];

/** One indexed read (Store.read: rows as arrays): the key's event, or null when the key is new for this client. */
export async function findKey(store: Pick<Store, "read">, clientId: string, key: string): Promise<KnownKey | null> {
  const row = (await store.read(BY_KEY, [clientId, key]))[0] as KeyRow | undefined;
  if (!row) return null;
  const [answer, planId, createdAt, generate] = row;
  return { answer, planId, createdAt: Number(createdAt), generate: Number(generate) === 1 };
}

/**
 * A new key: claims it with the event (one statement, one commit when no plan is asked for),
 * decides what happens, and returns the answer as JSON text. A request that loses the claim to a
 * concurrent one with the same key gets that one's answer.
 */
export async function receiveNewEvent(deps: PlanDeps, caller: InboundCaller, key: string, event: InboundEvent): Promise<string> {
  const nowMs = deps.clock.now();
  // Time-ordered (the id is never shown): the primary-key index then grows at its end instead of
  // taking a random page write per event (measured: half the write cost of an event).
  const id = PREFIX.event + newRowId(nowMs);
  const decided = event.generate ? null : NOTHING_MORE;
  const { rowsAffected } = await deps.store.client.execute({
    sql: CLAIM,
    args: [id, caller.clientId, caller.ownerAccountId, key, event.type, JSON.stringify(event.data), nowMs, event.generate ? 1 : 0, decided, decided === null ? null : nowMs],
  });
  if (rowsAffected !== 1) return answerKnownKey(deps, caller.clientId, key);
  if (decided !== null) return decided;
  return decide(deps, caller, id, event);
}

/** The answer to an event whose plan was started (spec 3.1, 4.3.9–10). */
function startedAnswer(plan: { id: string; status: "generating" | "complete"; fromLibrary: boolean }): InboundAnswer {
  if (plan.status === "generating") return { reaction: "started", plan_status: "generating", plan_id: plan.id };
  return { reaction: "complete", plan_status: "complete", plan_id: plan.id, ...(plan.fromLibrary ? { from_library: true } : {}) };
}

/**
 * What happens to a new event that asks for a plan (spec 3.1, 4.3.9–11), as the answer's JSON. A
 * started plan's answer is stored in the plan's own transaction: a crash can never leave a plan
 * that was paid for behind an event that does not know it (spec 2.7: a rebuilt answer keeps it).
 */
async function decide(deps: PlanDeps, caller: InboundCaller, eventId: string, event: InboundEvent): Promise<string> {
  const store = async (sql: SqlHandle, answer: InboundAnswer): Promise<string> => {
    const json = JSON.stringify(answer);
    await executorOf(sql).execute({ sql: SET_ANSWER, args: [json, answer.plan_id ?? null, deps.clock.now(), eventId] });
    return json;
  };
  const started: { json: string | null } = { json: null };
  try {
    // The same owner rule as the plan routes: the client's account, and the user an app acts for.
    const owner = { accountId: caller.ownerAccountId, userId: caller.actingForUser ? caller.userId : null, clientId: caller.clientId };
    await startPlanFor(deps, payerOf(caller), owner, event.plan, async (tx, plan) => {
      started.json = await store(tx, startedAnswer(plan));
    });
    if (started.json === null) throw new Error("a plan was started without its event's answer");
    return started.json;
  } catch (error) {
    // A refusal (402 and the like) is the answer; the event still stands (spec 4.3.11).
    if (error instanceof AppError && error.status < 500) return store(deps.store.client, { reaction: "refused", reason: error.code, error: error.message });
    deps.log.error("inbound.plan_failed", { client_id: caller.clientId, error: error instanceof Error ? error.message : String(error) });
    return store(deps.store.client, { reaction: "failed", reason: "internal" });
  }
}

/**
 * The same key again (spec 4.3.8), whatever the body: the first answer's JSON within a day, else
 * one rebuilt from the stored event. Returns JSON text.
 */
export async function answerKnownKey(deps: PlanDeps, clientId: string, key: string, first: KnownKey | null = null): Promise<string> {
  const deadline = performance.now() + WAIT_FOR_FIRST_MS;
  let row = first;
  for (;; row = null) {
    row ??= await findKey(deps.store, clientId, key);
    if (!row) throw new Error("an idempotency key claimed by another request vanished");
    const fresh = deps.clock.now() - row.createdAt < ANSWER_KEPT_MS;
    if (row.answer !== null && fresh) return row.answer;
    // The first request is still deciding: wait for it, then answer from what it stored.
    if (row.answer === null && fresh && performance.now() < deadline) {
      await Bun.sleep(POLL_MS);
      continue;
    }
    return JSON.stringify(await rebuild(deps, row));
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
