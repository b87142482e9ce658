// Durable jobs: rows in the store, claimed with one conditional UPDATE so that with several
// processes on one database each attempt runs exactly once. Deciding who runs a job is the
// database's business, never process memory (DESIGN §2).
import type { InStatement } from "@libsql/client";
import { and, eq, sql } from "drizzle-orm";
import { newRowId } from "../lib/secrets.ts";
import type { DbOrTx } from "../store/open-store.ts";
import { isUniqueViolation } from "../store/open-store.ts";
import { executorOf } from "../store/raw-sql.ts";
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

const INSERT_JOB = "INSERT INTO jobs (id, kind, payload, status, run_at, attempts, max_attempts, unique_key, created_at, updated_at) VALUES (?, ?, ?, 'queued', ?, 0, ?, ?, ?, ?)";

/**
 * The statement that records a job, for a batch that makes the state change the job follows from
 * (outbox) without an interactive transaction. A second job with the same unique key is ignored.
 */
export function enqueueJobStatement(nowMs: number, kind: string, payload: unknown, options: EnqueueOptions = {}): InStatement {
  const args = [newRowId(nowMs), kind, payload === null || payload === undefined ? null : JSON.stringify(payload), options.runAt ?? nowMs, options.maxAttempts ?? 8, options.uniqueKey ?? null, nowMs, nowMs];
  return { sql: options.uniqueKey ? `${INSERT_JOB} ON CONFLICT (unique_key) DO NOTHING` : INSERT_JOB, args };
}

/**
 * Claims up to `limit` due jobs, most overdue first: queued ones whose time has come and running ones
 * whose lease ran out (their process died). The WHERE is repeated in the UPDATE so a race with
 * another process loses cleanly, and each arm of the candidate query walks the (status, run_at)
 * index in order and stops at `limit` — a single `OR` sorted afterwards read every due row per
 * claim, which made each claim cost as much as the queue was long. Plain SQL on the client (the
 * embedded store and a libSQL server alike): this runs once per batch of jobs.
 */
export async function claimJobs(db: DbOrTx, owner: string, nowMs: number, leaseMs: number, kinds: string[], limit: number): Promise<JobRow[]> {
  if (kinds.length === 0 || limit < 1) return [];
  const kindList = kinds.map(() => "?").join(", ");
  const sql =
    `UPDATE jobs SET status = 'running', lease_owner = ?, lease_expires_at = ?, attempts = attempts + 1, updated_at = ? ` +
    `WHERE id IN (SELECT id FROM (` +
    `SELECT id, run_at FROM (SELECT id, run_at FROM jobs WHERE status = 'queued' AND run_at <= ? AND kind IN (${kindList}) ORDER BY run_at LIMIT ?) ` +
    `UNION ALL SELECT id, run_at FROM (SELECT id, run_at FROM jobs WHERE status = 'running' AND lease_expires_at <= ? AND kind IN (${kindList}) ORDER BY run_at LIMIT ?)` +
    `) ORDER BY run_at LIMIT ?) ` +
    `AND ((+status = 'queued' AND run_at <= ?) OR (+status = 'running' AND lease_expires_at <= ?)) ` +
    `RETURNING ${JOB_COLUMNS}`;
  const args = [owner, nowMs + leaseMs, nowMs, nowMs, ...kinds, limit, nowMs, ...kinds, limit, limit, nowMs, nowMs];
  const { rows } = await executorOf(db).execute({ sql, args });
  // RETURNING gives no order: the most overdue runs first.
  return rows.map(jobFromRow).sort((a, b) => a.runAt - b.runAt);
}

/** Claims the most overdue job, or returns null. */
export async function claimNextJob(db: DbOrTx, owner: string, nowMs: number, leaseMs: number, kinds: string[]): Promise<JobRow | null> {
  return (await claimJobs(db, owner, nowMs, leaseMs, kinds, 1))[0] ?? null;
}

const JOB_COLUMNS = "id, kind, payload, status, run_at, attempts, max_attempts, lease_owner, lease_expires_at, last_error, unique_key, created_at, updated_at";

function jobFromRow(row: Record<string, unknown>): JobRow {
  const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: String(row.id),
    kind: String(row.kind),
    payload: row.payload === null || row.payload === undefined ? null : JSON.parse(String(row.payload)),
    status: row.status as JobRow["status"],
    runAt: Number(row.run_at),
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    leaseOwner: (row.lease_owner as string | null) ?? null,
    leaseExpiresAt: nullableNumber(row.lease_expires_at),
    lastError: (row.last_error as string | null) ?? null,
    uniqueKey: (row.unique_key as string | null) ?? null,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function extendLease(db: DbOrTx, id: string, owner: string, untilMs: number): Promise<boolean> {
  const r = await db.update(jobs).set({ leaseExpiresAt: untilMs }).where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), eq(jobs.status, "running"))).returning({ id: jobs.id });
  return r.length === 1;
}

const COMPLETE_JOB = "UPDATE jobs SET status = 'done', lease_owner = NULL, lease_expires_at = NULL, last_error = NULL, updated_at = ? WHERE id = ? AND lease_owner = ?";

/** Marks a job done, if this owner still holds it. Plain SQL: it runs once per job. */
export async function completeJob(db: DbOrTx, id: string, owner: string, nowMs: number): Promise<void> {
  await executorOf(db).execute({ sql: COMPLETE_JOB, args: [nowMs, id, owner] });
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

/**
 * When the next job becomes due — the earliest queued job, or the earliest lease to run out — or
 * null when there is none. Each arm walks the (status, run_at) index in order and stops at its
 * first row: a min() over every queued job cost as much as the queue was long, on every idle turn.
 */
export async function nextDueAt(db: DbOrTx, kinds: string[]): Promise<number | null> {
  if (kinds.length === 0) return null;
  const kindList = kinds.map(() => "?").join(", ");
  const sql =
    `SELECT (SELECT run_at FROM jobs WHERE status = 'queued' AND kind IN (${kindList}) ORDER BY run_at LIMIT 1) AS queued, ` +
    `(SELECT min(lease_expires_at) FROM jobs WHERE status = 'running' AND kind IN (${kindList})) AS lease`;
  const { rows } = await executorOf(db).execute({ sql, args: [...kinds, ...kinds] });
  const times = [rows[0]?.queued, rows[0]?.lease].filter((v) => v !== null && v !== undefined).map(Number);
  return times.length === 0 ? null : Math.min(...times);
}

export async function getJob(db: DbOrTx, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}
