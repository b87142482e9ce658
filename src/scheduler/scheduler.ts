// The scheduler loop: claims due jobs and runs their handlers, runs recurring housekeeping tasks,
// and stops cleanly. Time comes from the clock; an enqueue or a clock change wakes it at once.
import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import { newRowId } from "../lib/secrets.ts";
import type { Db } from "../store/open-store.ts";
import { claimJobs, completeJob, extendLease, failJob, nextDueAt, releaseJob, type JobRow } from "./jobs.ts";
import { recurringTasks } from "./schema.ts";

export interface JobContext {
  job: JobRow;
  /** Aborted when the scheduler shuts down; long handlers should stop early. */
  signal: AbortSignal;
}

export interface JobKind {
  run(payload: unknown, ctx: JobContext): Promise<void>;
  /** Delay before attempt n+1 after n failures (index n-1); past the end, the last entry repeats. */
  retryDelaysMs?: readonly number[];
  /** Errors of this class are not retried. */
  permanent?: (error: unknown) => boolean;
}

export interface RecurringTask {
  name: string;
  everyMs: number;
  run(nowMs: number): Promise<void>;
}

export interface SchedulerOptions {
  db: Db;
  clock: Clock & { onChange?(listener: () => void): () => void };
  log: Logger;
  kinds: Record<string, JobKind>;
  recurring?: RecurringTask[];
  /** Identifies this process in leases. */
  owner?: string;
  leaseMs?: number;
  concurrency?: number;
  /** Upper bound on sleeping between checks (other processes may enqueue without waking us). */
  pollMs?: number;
}

/**
 * How long a claimed job stays its process's without a heartbeat. A running job's lease is renewed
 * every third of it, so only a process that died (or stalled that long) loses its jobs, and they
 * resume on another process — or on this one after a restart — within this time (README
 * "Running several processes": work held by a dead process resumes within 15 s).
 */
export const JOB_LEASE_MS = 10_000;
/** Recurring tasks are not renewed while they run, so their lease covers a whole run. */
const RECURRING_LEASE_MS = 60_000;

export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000] as const;

export interface Scheduler {
  start(): void;
  /** Wakes the loop now (after an enqueue that committed). */
  wake(): void;
  /** Stops claiming, waits up to graceMs for running jobs, then releases the rest. */
  stop(graceMs?: number): Promise<void>;
  /** Runs every due job and task until none is due (tests, and PARLA_DEV_CLOCK jumps). */
  drain(): Promise<void>;
  readonly owner: string;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, clock, log, kinds } = options;
  const owner = options.owner ?? `proc-${process.pid}-${newRowId().slice(-6)}`;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const concurrency = options.concurrency ?? 4;
  const pollMs = options.pollMs ?? 1_000;
  const recurring = options.recurring ?? [];
  const kindNames = Object.keys(kinds);
  const recurringCheckMs = Math.min(1_000, ...recurring.map((task) => task.everyMs));
  let recurringCheckedAt = Number.NEGATIVE_INFINITY;
  const running = new Map<string, Promise<void>>();
  const shutdown = new AbortController();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let ticking: Promise<void> | null = null;
  let again = false;
  let started = false;
  let unsubscribe: (() => void) | undefined;

  async function runJob(job: JobRow): Promise<void> {
    const kind = kinds[job.kind]!;
    const heartbeat = setInterval(() => {
      extendLease(db, job.id, owner, clock.now() + leaseMs).catch((e) => log.warn("job.lease_extend_failed", { job_id: job.id, error: String(e) }));
    }, Math.max(1_000, leaseMs / 3));
    try {
      await kind.run(job.payload, { job, signal: shutdown.signal });
      await completeJob(db, job.id, owner, clock.now());
    } catch (error) {
      if (shutdown.signal.aborted) {
        await releaseJob(db, job.id, owner, clock.now());
        return;
      }
      const delays = kind.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
      const delay = kind.permanent?.(error) ? null : (delays[Math.min(job.attempts - 1, delays.length - 1)] ?? null);
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await failJob(db, job, owner, clock.now(), message, delay);
      log[outcome === "dead" ? "error" : "warn"]("job.failed", { job_id: job.id, kind: job.kind, attempt: job.attempts, outcome, error: message });
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function runRecurring(): Promise<void> {
    // One read finds the tasks that are due and free; only those are claimed. A claim tried for
    // every task was a write per task each second on an idle server.
    const free = (now: number) => and(lte(recurringTasks.nextRunAt, now), or(isNull(recurringTasks.leaseOwner), lte(recurringTasks.leaseExpiresAt, now)));
    const due = new Set((await db.select({ name: recurringTasks.name }).from(recurringTasks).where(free(clock.now()))).map((row) => row.name));
    for (const task of recurring) {
      if (!due.has(task.name)) continue;
      const now = clock.now();
      const claimed = await db
        .update(recurringTasks)
        .set({ leaseOwner: owner, leaseExpiresAt: now + Math.max(leaseMs, RECURRING_LEASE_MS) })
        .where(and(eq(recurringTasks.name, task.name), free(now)))
        .returning({ name: recurringTasks.name });
      if (claimed.length === 0) continue;
      let lastError: string | null = null;
      try {
        await task.run(now);
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        log.error("task.failed", { task: task.name, error: lastError });
      }
      const done = clock.now();
      await db
        .update(recurringTasks)
        .set({ leaseOwner: null, leaseExpiresAt: null, lastRunAt: done, nextRunAt: done + task.everyMs, lastError })
        .where(and(eq(recurringTasks.name, task.name), eq(recurringTasks.leaseOwner, owner)));
    }
  }

  async function tick(): Promise<void> {
    if (kindNames.length > 0) {
      // One claim takes every free slot's job at once: a claim per job cost a statement (and a
      // commit turn) per job, where a batch costs one.
      while (!shutdown.signal.aborted && running.size < concurrency) {
        const free = concurrency - running.size;
        const claimed = await claimJobs(db, owner, clock.now(), leaseMs, kindNames, free);
        for (const job of claimed) {
          const p = runJob(job).finally(() => {
            running.delete(job.id);
            wake();
          });
          running.set(job.id, p);
        }
        if (claimed.length < free) break;
      }
    }
    // Recurring tasks run every few minutes at most: trying to claim them on every turn of a busy
    // queue cost a statement per task per finished job. Once per check interval is as prompt.
    const now = clock.now();
    if (!shutdown.signal.aborted && (now < recurringCheckedAt || now - recurringCheckedAt >= recurringCheckMs)) {
      recurringCheckedAt = now;
      await runRecurring();
    }
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        await tick();
      } catch (error) {
        log.error("scheduler.tick_failed", { error: String(error) });
      }
    } while (again && !shutdown.signal.aborted);
    ticking = null;
    if (!shutdown.signal.aborted) await armTimer();
  }

  async function armTimer(): Promise<void> {
    let due = pollMs;
    try {
      const next = kindNames.length ? await nextDueAt(db, kindNames) : null;
      if (next !== null) due = Math.min(due, Math.max(0, next - clock.now()));
    } catch {
      // The store is briefly unavailable: poll again later.
    }
    if (timer) clearTimeout(timer);
    if (!shutdown.signal.aborted) timer = setTimeout(wake, due);
  }

  function wake(): void {
    if (!started || shutdown.signal.aborted) return;
    if (ticking) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    ticking = loop();
  }

  async function registerRecurring(): Promise<void> {
    for (const task of recurring) {
      await db.insert(recurringTasks).values({ name: task.name, nextRunAt: clock.now() }).onConflictDoNothing();
    }
  }

  return {
    owner,
    start() {
      if (started) return;
      started = true;
      unsubscribe = clock.onChange?.(() => wake());
      registerRecurring()
        .catch((e) => log.error("scheduler.register_failed", { error: String(e) }))
        .finally(() => wake());
    },
    wake,
    async drain() {
      await registerRecurring();
      for (let i = 0; i < 1000; i++) {
        await tick();
        if (running.size === 0) {
          const next = kindNames.length ? await nextDueAt(db, kindNames) : null;
          if (next === null || next > clock.now()) return;
        }
        await Promise.race(running.values());
      }
    },
    async stop(graceMs = 10_000) {
      unsubscribe?.();
      shutdown.abort();
      if (timer) clearTimeout(timer);
      if (ticking) await ticking.catch(() => {});
      const pending = [...running.values()];
      if (pending.length > 0) {
        await Promise.race([Promise.allSettled(pending), Bun.sleep(graceMs)]);
      }
      for (const id of running.keys()) await releaseJob(db, id, owner, clock.now()).catch(() => {});
      await db
        .update(recurringTasks)
        .set({ leaseOwner: null, leaseExpiresAt: null })
        .where(eq(recurringTasks.leaseOwner, owner))
        .catch(() => {});
    },
  };
}
