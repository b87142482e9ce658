// Maintenance mode lives in the store so every process sees it; each process re-reads it at most
// every few seconds, so the check costs nothing per request.
import { eq } from "drizzle-orm";
import type { Db } from "../store/open-store.ts";
import { settings } from "../store/schema.ts";

export interface MaintenanceState {
  on: boolean;
  retryAfterSeconds: number;
}

const KEY = "maintenance";
export const MAINTENANCE_REFRESH_MS = 2_000;

export async function readMaintenance(db: Db): Promise<MaintenanceState> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  if (!row) return { on: false, retryAfterSeconds: 0 };
  const parsed = JSON.parse(row.value) as { on: boolean; retry_after: number };
  return { on: parsed.on, retryAfterSeconds: parsed.retry_after };
}

export async function writeMaintenance(db: Db, state: MaintenanceState, nowMs: number): Promise<void> {
  const value = JSON.stringify({ on: state.on, retry_after: state.retryAfterSeconds });
  await db.insert(settings).values({ key: KEY, value, updatedAt: nowMs }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: nowMs } });
}

/**
 * A cached view: `current()` is synchronous and refreshed in the background. The cache age is
 * measured in real elapsed time (not the injectable business clock, which tests move by days).
 */
export function maintenanceWatcher(db: Db, refreshMs = MAINTENANCE_REFRESH_MS) {
  let state: MaintenanceState = { on: false, retryAfterSeconds: 0 };
  let fetchedAt = -Infinity;
  let inflight: Promise<void> | null = null;
  const refresh = () => {
    inflight ??= readMaintenance(db)
      .then((s) => {
        state = s;
        fetchedAt = performance.now();
      })
      .catch(() => {})
      .finally(() => (inflight = null));
    return inflight;
  };
  void refresh();
  return {
    refresh,
    current(): MaintenanceState {
      if (performance.now() - fetchedAt > refreshMs) void refresh();
      return state;
    },
  };
}

export function maintenanceResponse(state: MaintenanceState): Response {
  return new Response(`Parla is down for maintenance. Please retry in ${state.retryAfterSeconds} seconds.\n`, {
    status: 503,
    headers: { "content-type": "text/plain; charset=utf-8", "retry-after": String(state.retryAfterSeconds), "cache-control": "no-store" },
  });
}
