import { and, inArray, lt } from "drizzle-orm";
import type { Db } from "../store/open-store.ts";
import { jobs } from "./schema.ts";

/** Finished jobs are kept a week for inspection, then removed. Dead jobs are kept too, for the same week. */
export async function purgeFinishedJobs(db: Db, olderThanMs: number): Promise<void> {
  await db.delete(jobs).where(and(inArray(jobs.status, ["done", "dead"]), lt(jobs.updatedAt, olderThanMs)));
}
