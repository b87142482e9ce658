// Each serving process keeps a heartbeat row in `settings` (key `heartbeat:<id>`), refreshed every
// few seconds and removed on a graceful stop. `parla admin restore` reads them to refuse replacing
// a database a server is using; the rows also show an operator which processes share a store.
// Heartbeats are real (wall-clock) time, compared across processes — not the business clock, which
// PARLA_DEV_CLOCK may have moved by days.
import { hostname } from "node:os";
import { eq, like } from "drizzle-orm";
import type { Db } from "./open-store.ts";
import { settings } from "./settings-schema.ts";

export const HEARTBEAT_EVERY_MS = 5_000;
/** A heartbeat older than this belongs to a process that is gone (crashed, or stopped uncleanly). */
export const HEARTBEAT_STALE_MS = 20_000;
const PREFIX = "heartbeat:";

export interface Heartbeat {
  processId: string;
  host: string;
  pid: number;
  seenAt: number;
}

export function startHeartbeat(db: Db, processId: string, onError: (error: unknown) => void, wallClock: () => number = Date.now): { stop(): Promise<void> } {
  const key = PREFIX + processId;
  const value = JSON.stringify({ host: hostname(), pid: process.pid });
  const beat = async () => {
    const now = wallClock();
    await db.insert(settings).values({ key, value, updatedAt: now }).onConflictDoUpdate({ target: settings.key, set: { updatedAt: now } });
  };
  let last = beat().catch(onError);
  const timer = setInterval(() => {
    last = beat().catch(onError);
  }, HEARTBEAT_EVERY_MS);
  timer.unref?.();
  return {
    async stop() {
      clearInterval(timer);
      await last;
      await db.delete(settings).where(eq(settings.key, key)).catch(onError);
    },
  };
}

/** Processes whose heartbeat is fresh. */
export async function liveProcesses(db: Db, wallNow: number = Date.now()): Promise<Heartbeat[]> {
  const rows = await db.select().from(settings).where(like(settings.key, `${PREFIX}%`));
  return rows.filter((r) => wallNow - r.updatedAt < HEARTBEAT_STALE_MS).map((r) => parseHeartbeat(r.key, r.value, r.updatedAt));
}

export function parseHeartbeat(key: string, value: string, seenAt: number): Heartbeat {
  let parsed: { host?: string; pid?: number } = {};
  try {
    parsed = JSON.parse(value) as typeof parsed;
  } catch {}
  return { processId: key.slice(PREFIX.length), host: parsed.host ?? "?", pid: parsed.pid ?? 0, seenAt };
}

export const HEARTBEAT_KEY_PREFIX = PREFIX;
