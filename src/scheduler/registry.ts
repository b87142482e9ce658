// Every job kind and housekeeping task the process runs, in one place. Domains add theirs here.
import type { AppDeps } from "../app-deps.ts";
import { DAY, HOUR } from "../lib/clock.ts";
import { purgeFinishedJobs, scheduledBackup } from "./housekeeping.ts";
import type { JobKind, RecurringTask } from "./scheduler.ts";
import { mailJobKinds } from "../mail/service.ts";

export function jobKinds(deps: AppDeps): Record<string, JobKind> {
  return { ...mailJobKinds(deps) };
}

export function housekeepingTasks(deps: AppDeps): RecurringTask[] {
  const tasks: RecurringTask[] = [{ name: "purge-finished-jobs", everyMs: HOUR, run: (now) => purgeFinishedJobs(deps.store.db, now - 7 * DAY) }];
  const { backupDir, backupEveryHours, backupKeep, databaseUrl } = deps.config;
  // A recurring task runs once per period across every process sharing the store.
  if (backupDir) tasks.push({ name: "backup", everyMs: backupEveryHours * HOUR, run: async (now) => scheduledBackup(deps.log, databaseUrl, backupDir, backupKeep, now) });
  return tasks;
}
