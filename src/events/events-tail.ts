// `parla events tail` (DESIGN §5, operators debugging an integration): an account's events as they
// are recorded by any process on the database, printed one per line. It shows the stored event
// (which client it is for, whom it is about) rather than one client's envelope.
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { Db } from "../store/open-store.ts";
import type { EventType } from "./catalogue.ts";
import type { EventRow } from "./event-reads.ts";
import { EventSignal } from "./event-signal.ts";

export interface TailOptions {
  db: Db;
  clock: Clock;
  log: Pick<Logger, "error" | "warn">;
  accountId: string;
  types: EventType[] | null;
  json: boolean;
  write(line: string): void;
  /** Ends the tail. */
  stop: AbortSignal;
  pollMs?: number;
  /** Called once the tail follows the head: events recorded from then on are printed. */
  onReady?: () => void;
}

export function tailLine(row: EventRow, json: boolean): string {
  const createdAt = new Date(row.createdAt).toISOString();
  if (json) return JSON.stringify({ id: row.id, seq: row.seq, type: row.type, created_at: createdAt, account_id: row.accountId, client_id: row.clientId, about_user_id: row.aboutUserId, data: JSON.parse(row.dataJson) });
  const only = row.clientId ? `  (only ${row.clientId})` : "";
  return `${createdAt}  ${row.type}  ${row.id}  ${row.dataJson}${only}`;
}

/** Prints the account's new events until `stop` fires. Resolves once it has stopped. */
export async function tailEvents(options: TailOptions): Promise<void> {
  const signal = new EventSignal({ db: options.db, clock: options.clock, log: options.log, pollMs: options.pollMs ?? 250 });
  let failure: unknown = null;
  let end = () => {};
  const done = new Promise<void>((resolve) => {
    end = resolve;
    if (options.stop.aborted) resolve();
    options.stop.addEventListener("abort", () => resolve(), { once: true });
  });
  const unsubscribe = await signal.subscribe({
    accountId: options.accountId,
    // An operator's tail has no token: nothing to re-read.
    access: null,
    onGrant() {},
    onClientScopes() {},
    onEvents(rows) {
      for (const row of rows) if (options.types === null || (options.types as string[]).includes(row.type)) options.write(tailLine(row, options.json));
    },
    onTick() {},
    onFailure(error) {
      failure = error;
      end();
    },
    onShutdown() {},
  });
  options.onReady?.();
  await done;
  unsubscribe();
  signal.close();
  if (failure) throw failure;
}
