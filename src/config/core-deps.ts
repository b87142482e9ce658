// What every module is built from. The composition root (src/compose.ts) makes one of each per
// process; modules declare what they need as this plus their own ports, and nothing reaches for
// globals or keeps state of its own keyed on the database.
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { Store } from "../store/open-store.ts";
import type { Config } from "./config.ts";

export interface CoreDeps {
  config: Config;
  store: Store;
  clock: Clock;
  log: Logger;
  /** 32-byte server key: signs cursors and CSRF tokens, seals webhook secrets. */
  serverKey: Uint8Array;
  /** Wakes the job loop after a transaction that enqueued jobs has committed (null in one-shot commands). */
  scheduler: { wake(): void } | null;
}
