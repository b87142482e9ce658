import { and, inArray, lt } from "drizzle-orm";
import type { Logger } from "../lib/logger.ts";
import { backupIntoDirectory, embeddedPath } from "../store/backup.ts";
import type { Db } from "../store/open-store.ts";
import { jobs } from "./schema.ts";

/** Finished jobs are kept a week for inspection, then removed. Dead jobs are kept too, for the same week. */
export async function purgeFinishedJobs(db: Db, olderThanMs: number): Promise<void> {
  await db.delete(jobs).where(and(inArray(jobs.status, ["done", "dead"]), lt(jobs.updatedAt, olderThanMs)));
}

/**
 * PARLA_BACKUP_DIR: a consistent copy every PARLA_BACKUP_EVERY_HOURS, keeping PARLA_BACKUP_KEEP.
 * VACUUM INTO runs on this process's thread: the process pauses for the copy's duration (README).
 * A failure throws, so the scheduler records it as the task's last error and logs it.
 */
export async function scheduledBackup(log: Logger, databaseUrl: string, dir: string, keep: number, nowMs: number): Promise<void> {
  const report = backupIntoDirectory(embeddedPath(databaseUrl), dir, keep, nowMs);
  log.info("backup.written", { path: report.path, bytes: report.bytes, ms: report.ms, removed: report.removed });
}
