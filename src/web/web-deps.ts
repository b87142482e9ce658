// What the pages are built from: the core dependencies, the engine and the billing ledger (a
// session spends its account's allowance, spec 5.1.4).
import type { PendingLedger } from "../billing/pending-ledger.ts";
import type { CoreDeps } from "../config/core-deps.ts";
import type { EventRecorder } from "../events/recorder.ts";
import type { Engine } from "../generation/engine.ts";
import type { VersionRegistry } from "../versions/registry.ts";

export interface WebDeps extends CoreDeps {
  engine: Engine;
  ledger: PendingLedger;
  /** Records events in the transaction of the change (consent and Connected apps: app.* events). */
  events: EventRecorder;
  /** Shapes event data for a client's pinned version (the Events page). */
  versions: VersionRegistry;
}
