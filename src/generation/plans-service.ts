// Lesson plans (spec 1.1, 3.1, 5.6; DESIGN §8): created in `generating` with a durable job in the
// same transaction (outbox), generated set by set — each set committed in its own transaction —
// `partial` with the first set (lesson_plan.ready partial in that transaction), `complete` with
// the last (lesson_plan.ready complete), or `failed` with lesson_plan.failed and the credits given
// back. A process that dies mid-plan loses nothing: the job's lease expires, another process (or
// this one after a restart) claims it and goes on from the last committed set.
import type { Client, InStatement, Row } from "@libsql/client";
import { and, eq, inArray } from "drizzle-orm";
import type { ChargeReceipt } from "../billing/service.ts";
import { refundIn, spendIn } from "../billing/service.ts";
import type { Payer } from "../billing/payer.ts";
import type { CoreDeps } from "../config/core-deps.ts";
import type { EventRecorder } from "../events/recorder.ts";
import { notFound } from "../lib/errors.ts";
import { newSecret } from "../lib/secrets.ts";
import type { PendingLedger } from "../billing/pending-ledger.ts";
import { enqueueJobStatement } from "../scheduler/jobs.ts";
import type { JobContext, JobKind } from "../scheduler/scheduler.ts";
import { executorOf, inTransaction, type SqlHandle } from "../store/raw-sql.ts";
import { blobBytes, type DbOrTx } from "../store/open-store.ts";
import type { LessonPlanView } from "./api-model.ts";
import { encodeAnswer, PLAN_ANSWER_SHAPE, planAnswerText, planView, type PlanRow } from "./plan-view.ts";
import type { Engine } from "./engine.ts";
import { parseLessonPlanInput, type LessonPlanRequest } from "./engine-input.ts";
import type { LessonPlanInput, LessonSet } from "./model.ts";
import { adoptLibraryEntry, canonicalInput, EngineVersion, findInLibrary, keepInLibrary, libraryKey, noteLibraryUse, type LibraryHit } from "./plan-library.ts";
import { PlanProgress } from "./plan-progress.ts";
import { lessonPlans, planSets, type PlanStatus } from "./schema.ts";

export const PLAN_JOB = "lesson_plan.generate";

/** What generation keeps per process: the progress announcements and the engine's version. */
export interface GenerationRuntime {
  progress: PlanProgress;
  engineVersion: EngineVersion;
}

export function createGenerationRuntime(deps: Pick<CoreDeps, "store" | "config">): GenerationRuntime {
  return { progress: new PlanProgress(deps.store.db), engineVersion: new EngineVersion(deps.config) };
}

export interface PlanDeps extends CoreDeps {
  engine: Engine;
  events: EventRecorder;
  ledger: PendingLedger;
  generation: GenerationRuntime;
}

/** Whom a plan belongs to: the client's account, and the user when an app acts for one (spec 5.3). */
export interface PlanOwner {
  accountId: string;
  userId: string | null;
  clientId: string | null;
}

const newPlanId = () => newSecret("lp_", 16);

/** Pays for a plan inside the transaction that stores it (billing's spendIn); its receipt is kept for a later refund. */
export type PayForPlan = (tx: DbOrTx) => Promise<ChargeReceipt | null>;

/** Every check a plan request passes before anything is charged: the input, then the engine's own (a scene it cannot teach). */
export async function checkPlanRequest(engine: Engine, body: unknown): Promise<LessonPlanRequest> {
  const request = parseLessonPlanInput(body);
  await engine.checkLessonPlan?.(body as LessonPlanInput);
  return request;
}

/** More writes that must commit with the plan they are about, or not at all (an inbound event's answer). */
export type AlongWithPlan = (tx: DbOrTx, plan: { id: string; status: "generating" | "complete"; fromLibrary: boolean }) => Promise<void>;

/**
 * POST /v1/lesson-plans (spec 3.1, first row): the plan starts `generating` and a job makes it.
 * The plan, its job and its credits (`pay`) are written in one transaction (outbox; spec 5.6):
 * a refusal stores nothing, and a crash never leaves a plan unpaid or a credit without its plan.
 */
export async function createPlan(deps: PlanDeps, owner: PlanOwner, body: unknown, pay: PayForPlan, along?: AlongWithPlan): Promise<LessonPlanView> {
  const request = parseLessonPlanInput(body);
  const key = libraryKey(await deps.generation.engineVersion.get(), request);
  const now = deps.clock.now();
  const row: PlanRow = {
    id: newPlanId(),
    accountId: owner.accountId,
    userId: owner.userId,
    clientId: owner.clientId,
    status: "generating",
    input: canonicalInput(request),
    libraryKey: key,
    fromLibrary: false,
    setsReady: 0,
    receipt: null,
    createdAt: now,
    updatedAt: now,
  };
  await deps.store.db.transaction(async (tx) => {
    row.receipt = await pay(tx);
    const sql = executorOf(tx);
    await sql.execute(insertPlanStatement(row));
    await sql.execute(enqueueJobStatement(now, PLAN_JOB, { plan_id: row.id }, { uniqueKey: `plan:${row.id}`, maxAttempts: 3 }));
    await along?.(tx, { id: row.id, status: "generating", fromLibrary: false });
  });
  deps.scheduler?.wake();
  return planView(row, []);
}

/**
 * Starts a plan for a payer with the same checks and the same bill as POST /v1/lesson-plans
 * (spec 4.3.9), for work that does not come through the /v1 doorway's charge (inbound events).
 * A request already in the library gets its plan `complete` at once (spec 3.1, second row:
 * no event is promised); anything else starts `generating`. Refusals (400, 402) spend nothing.
 */
export async function startPlanFor(deps: PlanDeps, payer: Payer, owner: PlanOwner, body: unknown, along?: AlongWithPlan): Promise<{ plan: LessonPlanView; fromLibrary: boolean }> {
  const request = await checkPlanRequest(deps.engine, body);
  const key = libraryKey(await deps.generation.engineVersion.get(), request);
  const pay: PayForPlan = (tx) => spendIn(tx, deps, payer, "lesson_plan.create", deps.clock.now());
  const hit = await findInLibrary(deps.store.db, key);
  if (!hit) return { plan: await createPlan(deps, owner, body, pay, along), fromLibrary: false };
  const { sets } = hit;
  const now = deps.clock.now();
  const row: PlanRow = {
    id: newPlanId(),
    ...owner,
    status: "complete",
    input: canonicalInput(request),
    libraryKey: key,
    fromLibrary: true,
    setsReady: sets.length,
    receipt: null,
    createdAt: now,
    updatedAt: now,
  };
  // Complete at once, paid in the same transaction. Its sets are the entry's plan's, referred to
  // (sets_of), with no stored answer: it is answered from its row and those sets. From an imported
  // entry, this plan stores the sets and becomes the entry's plan.
  await deps.store.db.transaction(async (tx) => {
    row.receipt = await pay(tx);
    await tx.insert(lessonPlans).values({ ...row, setsOf: hit.planId });
    if (hit.planId === null) {
      await tx.insert(planSets).values(sets.map((set, i) => ({ planId: row.id, idx: i + 1, set, createdAt: now })));
      await adoptLibraryEntry(tx, key, row.id);
    }
    await noteLibraryUse(tx, key, now);
    await along?.(tx, { id: row.id, status: "complete", fromLibrary: true });
  });
  return { plan: planView(row, sets), fromLibrary: true };
}

/** May this caller see the plan? The same account, and for an app acting for a user, that user's. */
export function ownsPlan(owner: PlanOwner, row: Pick<PlanRow, "accountId" | "userId">): boolean {
  return row.accountId === owner.accountId && (owner.userId === null || row.userId === owner.userId);
}

// Plain SQL for the plan's own rows: they are read and written on every step of every plan, and
// building the drizzle queries cost more than running them.
const PLAN_COLUMNS = "id, account_id, user_id, client_id, status, input, library_key, from_library, sets_ready, receipt, created_at, updated_at";
const PLAN_BY_ID = `SELECT ${PLAN_COLUMNS} FROM lesson_plans WHERE id = ?`;
const INSERT_PLAN = `INSERT INTO lesson_plans (${PLAN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
// (CAST: an ordered read keyed by a bare text parameter costs ~2 µs more a run, README store pitfalls.)
// A plan's sets are its own, or those of the plan it refers to (schema.ts sets_of).
const SETS_AFTER = `SELECT "set" FROM plan_sets WHERE plan_id = (SELECT coalesce(sets_of, id) FROM lesson_plans WHERE id = CAST(? AS TEXT)) AND idx > ? ORDER BY idx`;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

function insertPlanStatement(row: PlanRow): InStatement {
  return {
    sql: INSERT_PLAN,
    args: [row.id, row.accountId, row.userId, row.clientId, row.status, JSON.stringify(row.input), row.libraryKey, row.fromLibrary ? 1 : 0, row.setsReady, json(row.receipt), row.createdAt, row.updatedAt],
  };
}

function planFromRow(r: Row): PlanRow {
  return {
    id: String(r.id),
    accountId: String(r.account_id),
    userId: r.user_id === null ? null : String(r.user_id),
    clientId: r.client_id === null ? null : String(r.client_id),
    status: r.status as PlanStatus,
    input: JSON.parse(String(r.input)) as LessonPlanInput,
    libraryKey: String(r.library_key),
    fromLibrary: Number(r.from_library) !== 0,
    setsReady: Number(r.sets_ready),
    receipt: r.receipt === null ? null : JSON.parse(String(r.receipt)),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function readPlan(db: SqlHandle, planId: string): Promise<PlanRow | null> {
  const { rows } = await executorOf(db).execute({ sql: PLAN_BY_ID, args: [planId] });
  return rows.length === 0 ? null : planFromRow(rows[0]!);
}

export async function findPlanRow(db: SqlHandle, owner: PlanOwner, planId: string): Promise<PlanRow> {
  const row = await readPlan(db, planId);
  if (!row || !ownsPlan(owner, row)) throw notFound("lesson plan");
  return row;
}

export async function setsOf(db: SqlHandle, planId: string, afterIdx = 0): Promise<LessonSet[]> {
  const { rows } = await executorOf(db).execute({ sql: SETS_AFTER, args: [planId, afterIdx] });
  return rows.map((r) => JSON.parse(String(r.set)) as LessonSet);
}

const PLAN_COLUMN_NAMES = PLAN_COLUMNS.split(", ");

/**
 * A plan's JSON answer as text, in the current API version's shape, built from its row and its
 * sets read together (one read transaction on the embedded store, so they agree). Every plan that
 * has no stored answer to serve (getPlanAnswer) is answered this way.
 */
export async function getPlanJson(deps: Pick<CoreDeps, "store">, owner: PlanOwner, planId: string): Promise<string> {
  const [rows, sets] = await Promise.all([deps.store.read(PLAN_BY_ID, [planId]), deps.store.read(SETS_AFTER, [planId, 0])]);
  const values = rows[0];
  if (!values) throw notFound("lesson plan");
  const row = planFromRow(Object.fromEntries(PLAN_COLUMN_NAMES.map((name, i) => [name, values[i]])) as unknown as Row);
  if (!ownsPlan(owner, row)) throw notFound("lesson plan");
  return planAnswerText(row, row.setsReady > 0 ? sets.map((s) => s[0] as string) : []);
}

const OWNER_SHAPE_AND_ANSWER_BY_ID = "SELECT account_id, user_id, answer_shape, answer FROM lesson_plans WHERE id = ?";

/**
 * GET /v1/lesson-plans/{id} in the current API version's shape, from one read of the plan's row:
 * its owner and shape decide, and a complete plan's stored answer is answered as its bytes. Any
 * other plan — not complete yet, completed before answers were stored, or stored in a shape that is
 * no longer current — as text built from its row and sets (getPlanJson). Nothing is written: an old
 * plan is not given a stored answer on the way.
 */
export async function getPlanAnswer(deps: Pick<CoreDeps, "store">, owner: PlanOwner, planId: string): Promise<Uint8Array<ArrayBuffer> | string> {
  const [values] = await deps.store.read(OWNER_SHAPE_AND_ANSWER_BY_ID, [planId]);
  if (!values || !ownsPlan(owner, { accountId: String(values[0]), userId: values[1] === null ? null : String(values[1]) })) throw notFound("lesson plan");
  const bytes = values[2] === PLAN_ANSWER_SHAPE ? blobBytes(values[3]) : null;
  return bytes ?? getPlanJson(deps, owner, planId);
}

export async function getPlan(deps: Pick<CoreDeps, "store">, owner: PlanOwner, planId: string): Promise<LessonPlanView> {
  const row = await findPlanRow(deps.store.db, owner, planId);
  return planView(row, row.setsReady > 0 ? await setsOf(deps.store.db, planId) : []);
}

// ---- the job --------------------------------------------------------------------------------

/**
 * The sets still to make after the committed ones: the rest of the library's entry, or the engine's
 * continuation (`after`: the committed sets, in order), so a resumed plan never makes a set twice.
 */
function setsAfter(engine: Engine, input: LessonPlanInput, librarySets: LessonSet[] | null, committed: readonly LessonSet[]): AsyncIterable<LessonSet> {
  if (librarySets) return (async function* () {
    yield* librarySets.slice(committed.length);
  })();
  return committed.length > 0 ? engine.lessonPlan(input, { after: committed }) : engine.lessonPlan(input);
}

class PlanStopped extends Error {}

export function planJobKind(deps: PlanDeps): JobKind {
  return {
    retryDelaysMs: [500, 2_000],
    run: (payload, ctx) => runPlanJob(deps, (payload as { plan_id: string }).plan_id, ctx),
  };
}

export async function runPlanJob(deps: PlanDeps, planId: string, ctx: JobContext): Promise<void> {
  const row = await readPlan(deps.store.client, planId);
  if (!row || row.status === "complete" || row.status === "failed") return;
  try {
    await generate(deps, row, ctx.signal);
  } catch (error) {
    if (error instanceof PlanStopped || ctx.signal.aborted) throw error;
    // The last attempt: the plan fails for good, and the caller gets the credits back (spec 5.6).
    if (ctx.job.attempts >= ctx.job.maxAttempts) {
      deps.log.error("lesson_plan.failed", { plan_id: planId, error: error instanceof Error ? error.message : String(error) });
      await failPlan(deps, planId);
      return;
    }
    throw error;
  }
}

// Each step is conditional on the plan standing where this worker left it (`sets_ready` and a
// status still in progress): a worker whose lease was taken over finds nothing to move and stops.
const BECOME_PARTIAL =
  "UPDATE lesson_plans SET sets_ready = ?, status = 'partial', updated_at = ?, from_library = (from_library OR ?) WHERE id = ? AND sets_ready = ? AND status IN ('generating', 'partial')";
const COMMIT_SET_UPDATE =
  "UPDATE lesson_plans SET sets_ready = ?, updated_at = ?, from_library = (from_library OR ?) WHERE id = ? AND sets_ready = ? AND status IN ('generating', 'partial')";
const INSERT_SET = `INSERT INTO plan_sets (plan_id, idx, "set", created_at) VALUES (?, ?, ?, ?)`;
const COMMIT_SET_INSERT = `INSERT INTO plan_sets (plan_id, idx, "set", created_at) SELECT ?, ?, ?, ? WHERE changes() = 1`;
// A library hit with an entry by plan: the plan refers to the entry's plan for all its sets at once.
const REFER_TO_LIBRARY =
  "UPDATE lesson_plans SET sets_of = ?, sets_ready = ?, status = 'partial', updated_at = ?, from_library = 1 WHERE id = ? AND sets_ready = 0 AND status = 'generating' AND sets_of IS NULL";
const BECOME_COMPLETE =
  "UPDATE lesson_plans SET status = 'complete', updated_at = ?, answer = ?, answer_shape = ? WHERE id = ? AND sets_ready = ? AND status IN ('generating', 'partial')";

async function generate(deps: PlanDeps, row: PlanRow, signal: AbortSignal): Promise<void> {
  const client = deps.store.client;
  const hit = await findInLibrary(client, row.libraryKey);
  const librarySets = hit?.sets ?? null;
  const fromLibrary = hit !== null;
  let committed = row.setsReady;
  let status: PlanStatus = row.status;
  if (hit?.planId && status === "generating" && committed === 0) {
    await referToLibrary(deps, row, hit as LibraryHit & { planId: string });
    committed = hit.sets.length;
    status = "partial";
  }
  const after = committed > 0 ? await setsOf(client, row.id) : [];
  for await (const set of setsAfter(deps.engine, row.input, librarySets, after)) {
    if (signal.aborted) throw new PlanStopped("scheduler stopping");
    const idx = committed + 1;
    const now = deps.clock.now();
    const text = JSON.stringify(set);
    if (status === "generating") {
      // The first set: `partial` and lesson_plan.ready partial commit with it (spec 3.1).
      await inTransaction(client, async (tx) => {
        const moved = await tx.execute({ sql: BECOME_PARTIAL, args: [idx, now, fromLibrary ? 1 : 0, row.id, committed] });
        // Another worker got here first (a lease taken over while this one still ran): let it go on.
        if (moved.rowsAffected !== 1) throw new PlanStopped("plan moved on elsewhere");
        await tx.execute({ sql: INSERT_SET, args: [row.id, idx, text, now] });
        await deps.events.record(tx, now, { accountId: row.accountId, aboutUserId: row.userId, type: "lesson_plan.ready", data: { plan_id: row.id, status: "partial" } });
      });
      status = "partial";
    } else {
      await commitSet(client, row.id, idx, text, now, fromLibrary);
    }
    committed = idx;
    deps.generation.progress.notify(row.id);
  }
  if (committed === 0) throw new Error("the engine made no set");
  const now = deps.clock.now();
  const engine = fromLibrary ? null : await deps.generation.engineVersion.get();
  await inTransaction(client, async (tx) => {
    // The finished plan's answer commits with its status (getPlanAnswer serves it from then on),
    // built from the row and sets as this transaction sees them — what getPlanJson builds for the
    // plan once it is complete. A row that moved on meanwhile is not updated, nor its answer kept.
    // A plan served from the library keeps no answer of its own (its content is the entry's): it is
    // answered from its row and the sets, as getPlanJson builds them.
    let answer: Uint8Array | null = null;
    if (engine !== null) {
      const current = await readPlan(tx, row.id);
      if (!current) throw new PlanStopped("plan gone");
      const sets = await tx.execute({ sql: SETS_AFTER, args: [row.id, 0] });
      answer = encodeAnswer(planAnswerText({ ...current, status: "complete" }, sets.rows.map((r) => String(r.set))));
    }
    const done = await tx.execute({ sql: BECOME_COMPLETE, args: [now, answer, answer === null ? null : PLAN_ANSWER_SHAPE, row.id, committed] });
    if (done.rowsAffected !== 1) throw new PlanStopped("plan moved on elsewhere");
    await deps.events.record(tx, now, { accountId: row.accountId, aboutUserId: row.userId, type: "lesson_plan.ready", data: { plan_id: row.id, status: "complete" } });
    if (engine === null) {
      await noteLibraryUse(tx, row.libraryKey, now);
      // Made from an imported entry, this plan now holds its sets: the entry refers to it instead.
      if (hit?.planId === null) await adoptLibraryEntry(tx, row.libraryKey, row.id);
    } else await keepInLibrary(tx, now, { key: row.libraryKey, engine, input: row.input, planId: row.id });
  });
  deps.generation.progress.notify(row.id);
}

/**
 * All of a library hit's sets at once, by reference to the entry's plan (no copy): `partial` and
 * lesson_plan.ready partial commit with them (spec 3.1), as with a first set made here.
 */
async function referToLibrary(deps: PlanDeps, row: PlanRow, hit: LibraryHit & { planId: string }): Promise<void> {
  const now = deps.clock.now();
  await inTransaction(deps.store.client, async (tx) => {
    const moved = await tx.execute({ sql: REFER_TO_LIBRARY, args: [hit.planId, hit.sets.length, now, row.id] });
    if (moved.rowsAffected !== 1) throw new PlanStopped("plan moved on elsewhere");
    await deps.events.record(tx, now, { accountId: row.accountId, aboutUserId: row.userId, type: "lesson_plan.ready", data: { plan_id: row.id, status: "partial" } });
  });
  deps.generation.progress.notify(row.id);
}

/**
 * A set that changes nothing but the count: one batch (no interactive transaction), the set written
 * only when the plan still stands where this worker left it (`changes()` is the UPDATE's count).
 */
async function commitSet(client: Client, planId: string, idx: number, text: string, now: number, fromLibrary: boolean): Promise<void> {
  const [moved] = await client.batch(
    [
      { sql: COMMIT_SET_UPDATE, args: [idx, now, fromLibrary ? 1 : 0, planId, idx - 1] },
      { sql: COMMIT_SET_INSERT, args: [planId, idx, text, now] },
    ],
    "write",
  );
  if (moved!.rowsAffected !== 1) throw new PlanStopped("plan moved on elsewhere");
}

/** generating (or partial) → failed, with lesson_plan.failed and the refund in the same transaction — once. */
export async function failPlan(deps: PlanDeps, planId: string): Promise<boolean> {
  const now = deps.clock.now();
  let receipt: ChargeReceipt | null = null;
  await deps.store.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(lessonPlans)
      .set({ status: "failed", updatedAt: now })
      .where(and(eq(lessonPlans.id, planId), inArray(lessonPlans.status, ["generating", "partial"])))
      .returning({ accountId: lessonPlans.accountId, userId: lessonPlans.userId, receipt: lessonPlans.receipt });
    if (!failed) return;
    receipt = failed.receipt as ChargeReceipt | null;
    await deps.events.record(tx, now, { accountId: failed.accountId, aboutUserId: failed.userId, type: "lesson_plan.failed", data: { plan_id: planId } });
    if (receipt) await refundIn(tx, receipt);
  });
  deps.generation.progress.notify(planId);
  return receipt !== null;
}
