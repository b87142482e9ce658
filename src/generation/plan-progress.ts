// How a plan stream learns that its plan moved on (DESIGN §8 plan stream): a change made in this
// process is announced at once (notify), and a change made by another process sharing the database
// is found by one poller per process — a single cheap read of the watched plans' status and set
// count — rather than one per stream. The poller runs only while some stream is watching.
import { inArray } from "drizzle-orm";
import type { Db } from "../store/open-store.ts";
import { lessonPlans } from "./schema.ts";

type Listener = () => void;

export class PlanProgress {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly seen = new Map<string, string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private polling = false;

  /** pollMs bounds how late another process's progress is seen (spec: within 1 s). */
  constructor(
    private readonly db: Db,
    private readonly pollMs = 200,
  ) {}

  /** Calls `listener` whenever the plan may have changed; returns the way to stop. */
  watch(planId: string, listener: Listener): () => void {
    let set = this.listeners.get(planId);
    if (!set) this.listeners.set(planId, (set = new Set()));
    set.add(listener);
    if (!this.timer) {
      this.timer = setInterval(() => void this.poll(), this.pollMs);
      (this.timer as { unref?: () => void }).unref?.();
    }
    return () => {
      const current = this.listeners.get(planId);
      current?.delete(listener);
      if (current && current.size === 0) {
        this.listeners.delete(planId);
        this.seen.delete(planId);
      }
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** A change committed in this process. */
  notify(planId: string): void {
    for (const listener of this.listeners.get(planId) ?? []) listener();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async poll(): Promise<void> {
    if (this.polling || this.listeners.size === 0) return;
    this.polling = true;
    try {
      const ids = [...this.listeners.keys()];
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await this.db
          .select({ id: lessonPlans.id, status: lessonPlans.status, setsReady: lessonPlans.setsReady })
          .from(lessonPlans)
          .where(inArray(lessonPlans.id, ids.slice(i, i + 500)));
        for (const row of rows) {
          const mark = `${row.status}:${row.setsReady}`;
          if (this.seen.get(row.id) === mark) continue;
          this.seen.set(row.id, mark);
          this.notify(row.id);
        }
      }
    } catch {
      // The store is briefly unavailable: the next tick reads again.
    } finally {
      this.polling = false;
    }
  }
}
