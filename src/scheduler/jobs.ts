// Durable jobs: rows in the store, claimed with one conditional UPDATE so that with several
// processes on one database each attempt runs exactly once. Deciding who runs a job is the
// database's business, never process memory (DESIGN §2).
import { and, asc, eq, lte, or, sql } from "drizzle-orm";
import { newRowId } from "../lib/secrets.ts";
import type { DbOrTx } from "../store/open-store.ts";
import { isUniqueViolation } from "../store/open-store.ts";
import { jobs } from "./schema.ts";

export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions {
  /** When the job becomes due (ms since epoch); default now. */
  runAt?: number;
  maxAttempts?: number;
  /** At most one job per key: a second enqueue with the same key is a no-op. */
  uniqueKey?: string;
}

/** Records a job. Call it with the transaction that makes the state change the job follows from (outbox). */
export async function enqueueJob(db: DbOrTx, nowMs: number, kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<string | null> {
  const id = newRowId(nowMs);
  try {
    await db.insert(jobs).values({
      id,
      kind,
      payload: payload ?? null,
      status: "queued",
      runAt: options.runAt ?? nowMs,
      maxAttempts: options.maxAttempts ?? 8,
      uniqueKey: options.uniqueKey ?? null,
      createdAt: nowMs,
      updatedAt: nowMs,
    });
    return id;
  } catch (error) {
    if (options.uniqueKey && isUniqueViolation(error)) return null;
    throw error;
  }
}

const claimable = (nowMs: number) =>
  or(and(eq(jobs.status, "queued"), lte(jobs.runAt, nowMs)), and(eq(jobs.status, "running"), lte(jobs.leaseExpiresAt, nowMs)));

/** Claims the most overdue job, or returns null. The WHERE is repeated in the UPDATE so a race loses cleanly. */
export async function claimNextJob(db: DbOrTx, owner: string, nowMs: number, leaseMs: number, kinds: string[]): Promise<JobRow | null> {
  const kindFilter = sql`${jobs.kind} IN (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})`;
  const candidate = db.select({ id: jobs.id }).from(jobs).where(and(claimable(nowMs), kindFilter)).orderBy(asc(jobs.runAt)).limit(1);
  const claimed = await db
    .update(jobs)
    .set({ status: "running", leaseOwner: owner, leaseExpiresAt: nowMs + leaseMs, attempts: sql`${jobs.attempts} + 1`, updatedAt: nowMs })
    .where(and(eq(jobs.id, sql`(${candidate})`), claimable(nowMs)))
    .returning();
  return claimed[0] ?? null;
}

export async function extendLease(db: DbOrTx, id: string, owner: string, untilMs: number): Promise<boolean> {
  const r = await db.update(jobs).set({ leaseExpiresAt: untilMs }).where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), eq(jobs.status, "running"))).returning({ id: jobs.id });
  return r.length === 1;
}

export async function completeJob(db: DbOrTx, id: string, owner: string, nowMs: number): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "done", leaseOwner: null, leaseExpiresAt: null, lastError: null, updatedAt: nowMs })
    .where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner)));
}

/** Records a failed attempt: back to the queue after the backoff, or `dead` when attempts are used up. */
export async function failJob(db: DbOrTx, job: JobRow, owner: string, nowMs: number, error: string, retryDelayMs: number | null): Promise<"retry" | "dead"> {
  const dead = retryDelayMs === null || job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set(
      dead
        ? { status: "dead", leaseOwner: null, leaseExpiresAt: null, lastError: error.slice(0, 2000), updatedAt: nowMs }
        : { status: "queued", runAt: nowMs + (retryDelayMs as number), leaseOwner: null, leaseExpiresAt: null, lastError: error.slice(0, 2000), updatedAt: nowMs },
    )
    .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, owner)));
  return dead ? "dead" : "retry";
}

/** Gives a job back untouched (shutdown): it becomes due again at once and the attempt is not counted. */
export async function releaseJob(db: DbOrTx, id: string, owner: string, nowMs: number): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "queued", runAt: nowMs, leaseOwner: null, leaseExpiresAt: null, attempts: sql`max(${jobs.attempts} - 1, 0)`, updatedAt: nowMs })
    .where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), eq(jobs.status, "running")));
}

/** When the next queued job becomes due, or null when there is none. */
export async function nextDueAt(db: DbOrTx, kinds: string[]): Promise<number | null> {
  const kindFilter = sql`${jobs.kind} IN (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})`;
  const [row] = await db
    .select({ at: sql<number | null>`min(CASE WHEN ${jobs.status} = 'queued' THEN ${jobs.runAt} ELSE ${jobs.leaseExpiresAt} END)` })
    .from(jobs)
    .where(and(or(eq(jobs.status, "queued"), eq(jobs.status, "running")), kindFilter));
  return row?.at ?? null;
}

export async function getJob(db: DbOrTx, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}
