import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { createAdjustableClock, SECOND } from "../../src/lib/clock.ts";
import { silentLogger } from "../../src/lib/logger.ts";
import { claimJobs, completeJob, enqueueJob, getJob, nextDueAt } from "../../src/scheduler/jobs.ts";
import { createScheduler, JOB_LEASE_MS } from "../../src/scheduler/scheduler.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore, type Store } from "../../src/store/open-store.ts";
import { jobs } from "../../src/store/schema.ts";
import { tempDir } from "../helpers/temp-dir.ts";

/** A fresh store file for each test (`url`), with the hooks that open and close it. */
function withStore(): { readonly store: Store; readonly url: string } {
  let dir: ReturnType<typeof tempDir>;
  const holder = {} as { store: Store; url: string };
  beforeEach(async () => {
    dir = tempDir();
    holder.url = `file:${join(dir.path, "s.db")}`;
    holder.store = openStore(holder.url);
    await migrate(holder.store.client);
  });
  afterEach(() => {
    holder.store.close();
    dir.cleanup();
  });
  return holder;
}

describe("scheduler", () => {
  const t = withStore();

  test("runs a due job once and marks it done", async () => {
    const clock = createAdjustableClock(1_000_000);
    const seen: unknown[] = [];
    const s = createScheduler({ db: t.store.db, clock, log: silentLogger, kinds: { echo: { run: async (p) => void seen.push(p) } } });
    const id = await enqueueJob(t.store.db, clock.now(), "echo", { n: 1 });
    await s.drain();
    expect(seen).toEqual([{ n: 1 }]);
    expect((await getJob(t.store.db, id!))?.status).toBe("done");
  });

  test("a future job waits for the clock", async () => {
    const clock = createAdjustableClock(1_000_000);
    let runs = 0;
    const s = createScheduler({ db: t.store.db, clock, log: silentLogger, kinds: { later: { run: async () => void runs++ } } });
    await enqueueJob(t.store.db, clock.now(), "later", null, { runAt: clock.now() + 60 * SECOND });
    await s.drain();
    expect(runs).toBe(0);
    clock.advance(60 * SECOND);
    await s.drain();
    expect(runs).toBe(1);
  });

  test("retries with the backoff from data, then ends as dead with its error kept", async () => {
    const clock = createAdjustableClock(1_000_000);
    let attempts = 0;
    const s = createScheduler({
      db: t.store.db,
      clock,
      log: silentLogger,
      kinds: { flaky: { retryDelaysMs: [10 * SECOND, 20 * SECOND], run: async () => { attempts++; throw new Error(`nope ${attempts}`); } } },
    });
    const id = (await enqueueJob(t.store.db, clock.now(), "flaky", null, { maxAttempts: 3 }))!;
    await s.drain();
    let job = await getJob(t.store.db, id);
    expect(job).toMatchObject({ status: "queued", attempts: 1, lastError: "nope 1", runAt: clock.now() + 10 * SECOND });
    clock.advance(10 * SECOND);
    await s.drain();
    job = await getJob(t.store.db, id);
    expect(job).toMatchObject({ status: "queued", attempts: 2, runAt: clock.now() + 20 * SECOND });
    clock.advance(20 * SECOND);
    await s.drain();
    job = await getJob(t.store.db, id);
    expect(job).toMatchObject({ status: "dead", attempts: 3, lastError: "nope 3" });
    expect(attempts).toBe(3);
  });

  test("unique keys make enqueue idempotent", async () => {
    const clock = createAdjustableClock(1_000_000);
    expect(await enqueueJob(t.store.db, clock.now(), "x", null, { uniqueKey: "k" })).not.toBeNull();
    expect(await enqueueJob(t.store.db, clock.now(), "x", null, { uniqueKey: "k" })).toBeNull();
    expect((await t.store.db.select().from(jobs)).length).toBe(1);
  });

  test("a started scheduler wakes on enqueue and on clock changes", async () => {
    const clock = createAdjustableClock(1_000_000);
    const done: string[] = [];
    const s = createScheduler({ db: t.store.db, clock, log: silentLogger, pollMs: 60_000, kinds: { k: { run: async (p) => void done.push(p as string) } } });
    s.start();
    await enqueueJob(t.store.db, clock.now(), "k", "now");
    s.wake();
    await enqueueJob(t.store.db, clock.now(), "k", "later", { runAt: clock.now() + 3600 * SECOND });
    for (let i = 0; i < 50 && done.length < 1; i++) await Bun.sleep(5);
    expect(done).toEqual(["now"]);
    clock.advance(3600 * SECOND);
    for (let i = 0; i < 50 && done.length < 2; i++) await Bun.sleep(5);
    expect(done).toEqual(["now", "later"]);
    await s.stop(100);
  });

  test("recurring tasks run on schedule", async () => {
    const clock = createAdjustableClock(1_000_000);
    const runs: number[] = [];
    const s = createScheduler({ db: t.store.db, clock, log: silentLogger, kinds: {}, recurring: [{ name: "sweep", everyMs: 60 * SECOND, run: async (now) => void runs.push(now) }] });
    await s.drain();
    await s.drain();
    expect(runs.length).toBe(1);
    clock.advance(60 * SECOND);
    await s.drain();
    expect(runs.length).toBe(2);
  });

  test("stop() releases the lease of a job still running after the grace period", async () => {
    const clock = createAdjustableClock(1_000_000);
    let started!: () => void;
    const isRunning = new Promise<void>((r) => (started = r));
    const s = createScheduler({
      db: t.store.db,
      clock,
      log: silentLogger,
      kinds: { slow: { run: async (_p, { signal }) => { started(); await new Promise((_, reject) => signal.addEventListener("abort", () => setTimeout(() => reject(new Error("aborted")), 200))); } } },
    });
    s.start();
    const id = (await enqueueJob(t.store.db, clock.now(), "slow", null))!;
    s.wake();
    await isRunning;
    await s.stop(20);
    const job = await getJob(t.store.db, id);
    expect(job).toMatchObject({ status: "queued", leaseOwner: null, attempts: 0 });
  });

  test("a killed process's lease expires and another runs the job", async () => {
    const clock = createAdjustableClock(1_000_000);
    const id = (await enqueueJob(t.store.db, clock.now(), "orphan", null))!;
    // Simulate a process that claimed the job and died.
    await t.store.db.update(jobs).set({ status: "running", leaseOwner: "dead-proc", leaseExpiresAt: clock.now() + 60 * SECOND, attempts: 1 });
    let runs = 0;
    const s = createScheduler({ db: t.store.db, clock, log: silentLogger, kinds: { orphan: { run: async () => void runs++ } } });
    await s.drain();
    expect(runs).toBe(0);
    clock.advance(61 * SECOND);
    await s.drain();
    expect(runs).toBe(1);
    expect((await getJob(t.store.db, id))?.status).toBe("done");
  });
});

describe("recovery after a crash", () => {
  const t = withStore();

  test("a job held by a process that died resumes within 15 s (the default lease), and not while the lease holds", async () => {
    const clock = createAdjustableClock(1_000_000);
    const id = (await enqueueJob(t.store.db, clock.now(), "plan", null))!;
    // A process claims it with the default lease, as its scheduler does, and is killed: it never
    // renews nor releases it.
    await claimJobs(t.store.db, "dead-proc", clock.now(), JOB_LEASE_MS, ["plan"], 1);
    expect(await getJob(t.store.db, id)).toMatchObject({ status: "running", leaseOwner: "dead-proc", leaseExpiresAt: clock.now() + JOB_LEASE_MS });
    let runs = 0;
    const restarted = createScheduler({ db: t.store.db, clock, log: silentLogger, kinds: { plan: { run: async () => void runs++ } } });
    clock.advance(JOB_LEASE_MS - 1);
    await restarted.drain();
    expect(runs).toBe(0);
    clock.advance(1);
    await restarted.drain();
    expect(runs).toBe(1);
    expect(JOB_LEASE_MS).toBeLessThanOrEqual(15 * SECOND);
    expect((await getJob(t.store.db, id))?.status).toBe("done");
  });
});

describe("claiming jobs", () => {
  const t = withStore();

  test("a batch claim takes the most overdue due jobs of the given kinds, expired leases included, up to the limit", async () => {
    const now = 1_000_000;
    const ids: Record<string, string> = {};
    for (const [name, runAt, kind] of [["late", now - 5_000, "k"], ["due", now - 1_000, "k"], ["other-kind", now - 9_000, "z"], ["future", now + 1_000, "k"], ["due-last", now, "k"]] as const) {
      ids[name] = (await enqueueJob(t.store.db, now - 10_000, kind, { name }, { runAt }))!;
    }
    // A process that died holding a job (lease ran out) and one whose lease still holds.
    const orphan = (await enqueueJob(t.store.db, now - 10_000, "k", { name: "orphan" }, { runAt: now - 7_000 }))!;
    const held = (await enqueueJob(t.store.db, now - 10_000, "k", { name: "held" }, { runAt: now - 8_000 }))!;
    await t.store.db.update(jobs).set({ status: "running", leaseOwner: "dead", leaseExpiresAt: now - 1, attempts: 1 }).where(eq(jobs.id, orphan));
    await t.store.db.update(jobs).set({ status: "running", leaseOwner: "alive", leaseExpiresAt: now + 60_000, attempts: 1 }).where(eq(jobs.id, held));

    const first = await claimJobs(t.store.db, "me", now, 60_000, ["k"], 2);
    expect(first.map((j) => (j.payload as { name: string }).name)).toEqual(["orphan", "late"]);
    expect(first[0]).toMatchObject({ status: "running", leaseOwner: "me", leaseExpiresAt: now + 60_000, attempts: 2 });
    expect(first[1]).toMatchObject({ status: "running", leaseOwner: "me", attempts: 1, kind: "k" });

    const rest = await claimJobs(t.store.db, "me", now, 60_000, ["k"], 10);
    expect(rest.map((j) => (j.payload as { name: string }).name)).toEqual(["due", "due-last"]);
    expect(await claimJobs(t.store.db, "other", now, 60_000, ["k"], 10)).toEqual([]);
    expect((await getJob(t.store.db, ids.future!))?.status).toBe("queued");
    expect((await getJob(t.store.db, ids["other-kind"]!))?.status).toBe("queued");
    expect((await getJob(t.store.db, held))?.leaseOwner).toBe("alive");

    // Done is done only for the owner of the lease.
    await completeJob(t.store.db, rest[0]!.id, "someone-else", now);
    expect((await getJob(t.store.db, rest[0]!.id))?.status).toBe("running");
    await completeJob(t.store.db, rest[0]!.id, "me", now);
    expect(await getJob(t.store.db, rest[0]!.id)).toMatchObject({ status: "done", leaseOwner: null, leaseExpiresAt: null });
  });

  test("the next due time is the earliest queued job of the kinds, or the earliest lease to run out", async () => {
    const now = 1_000_000;
    expect(await nextDueAt(t.store.db, ["k"])).toBeNull();
    await enqueueJob(t.store.db, now, "z", null, { runAt: now - 50_000 });
    expect(await nextDueAt(t.store.db, ["k"])).toBeNull();
    await enqueueJob(t.store.db, now, "k", null, { runAt: now + 30_000 });
    await enqueueJob(t.store.db, now, "k", null, { runAt: now + 20_000 });
    expect(await nextDueAt(t.store.db, ["k"])).toBe(now + 20_000);
    const held = (await enqueueJob(t.store.db, now, "k", null, { runAt: now - 1 }))!;
    await t.store.db.update(jobs).set({ status: "running", leaseOwner: "p", leaseExpiresAt: now + 5_000 }).where(eq(jobs.id, held));
    expect(await nextDueAt(t.store.db, ["k", "z"])).toBe(now - 50_000);
    expect(await nextDueAt(t.store.db, ["k"])).toBe(now + 5_000);
  });

  test("two claimers racing for the same jobs never both get one", async () => {
    const now = 1_000_000;
    for (let i = 0; i < 40; i++) await enqueueJob(t.store.db, now, "k", { i });
    const other = openStore(t.url);
    try {
      const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => claimJobs(i % 2 ? other.db : t.store.db, `p${i}`, now, 60_000, ["k"], 6)));
      const claimed = claims.flat().map((j) => j.id);
      expect(claimed.length).toBe(40);
      expect(new Set(claimed).size).toBe(40);
    } finally {
      other.close();
    }
  });
});

describe("scheduler across two OS processes", () => {
  test("every job runs exactly once", async () => {
    const dir = tempDir();
    try {
      const url = `file:${join(dir.path, "shared.db")}`;
      const store = openStore(url);
      await migrate(store.client);
      for (let i = 0; i < 200; i++) await enqueueJob(store.db, Date.now(), "mark", { i });
      store.close();
      const worker = join(import.meta.dir, "../helpers/scheduler-worker-process.ts");
      const procs = ["p1", "p2"].map((name) => Bun.spawn(["bun", worker, url, name], { stdout: "pipe", stderr: "inherit" }));
      const outputs = await Promise.all(procs.map(async (p) => ({ code: await p.exited, out: await new Response(p.stdout).text() })));
      expect(outputs.map((o) => o.code)).toEqual([0, 0]);
      const ran = outputs.flatMap((o) => o.out.trim().split("\n").filter(Boolean).map(Number));
      expect(ran.length).toBe(200);
      expect(new Set(ran).size).toBe(200);
      // Both processes did some of the work (claims interleave), proving the claim, not luck, kept it once.
      expect(outputs.every((o) => o.out.trim().length > 0)).toBe(true);
    } finally {
      dir.cleanup();
    }
  });
});
