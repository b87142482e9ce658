// What the app and its services are built from. Tests build these on a fresh store with a fixed
// clock; the server builds them from the configuration. Nothing reaches for globals.
import type { ThresholdHook } from "./billing/thresholds.ts";
import type { Config } from "./config/config.ts";
import type { AdjustableClock, Clock } from "./lib/clock.ts";
import type { Logger } from "./lib/logger.ts";
import type { Metrics } from "./metrics/registry.ts";
import type { Scheduler } from "./scheduler/scheduler.ts";
import type { Store } from "./store/open-store.ts";

export interface AppDeps {
  config: Config;
  store: Store;
  clock: Clock | AdjustableClock;
  log: Logger;
  /** Wakes the job loop after a transaction that enqueued jobs has committed. */
  scheduler: Pick<Scheduler, "wake"> | null;
  /** 32-byte server key: signs cursors and CSRF tokens, encrypts webhook secrets. */
  serverKey: Uint8Array;
  /** Request counters, latency and gauges for /metrics; absent when PARLA_METRICS_TOKEN is not set. */
  metrics?: Metrics;
  /** Records usage.threshold_reached inside the spending transaction (billing/thresholds.ts); the events module sets it. */
  onUsageThreshold?: ThresholdHook;
}
