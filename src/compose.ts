// The composition root: builds the application's dependencies once — store, clock, configuration,
// logger, server key, the engine the configuration names, the event recorder, the billing ledger,
// the /v1 doorway and the scheduler's job registry — and hands them to everything else. `server.ts` and the test
// helpers both use it, so tests run the wiring the product runs.
import type { ChargeReceipt } from "./billing/service.ts";
import { chargeCall, checkBudget, createLedger, refund, spendIn } from "./billing/service.ts";
import type { Operation } from "./billing/credits.ts";
import type { PendingLedger } from "./billing/pending-ledger.ts";
import { payerOf } from "./billing/payer.ts";
import type { Config } from "./config/config.ts";
import type { CoreDeps } from "./config/core-deps.ts";
import type { ThresholdCrossing } from "./billing/thresholds.ts";
import { pruneEventsBefore } from "./events/event-reads.ts";
import { EventSignal } from "./events/event-signal.ts";
import { EventRecorder } from "./events/recorder.ts";
import { CURSOR_LIFETIME_MS } from "./events/cursor.ts";
import type { Engine } from "./generation/engine.ts";
import { createEngine } from "./generation/engine-from-config.ts";
import { createGenerationRuntime, PLAN_JOB, planJobKind, type GenerationRuntime } from "./generation/plans-service.ts";
import { doorwayStatuses, V1Doorway } from "./http/v1.ts";
import { createAdjustableClock, DAY, HOUR, systemClock, type AdjustableClock, type Clock } from "./lib/clock.ts";
import type { Logger } from "./lib/logger.ts";
import { PREFIX } from "./lib/secrets.ts";
import { ReferenceDocuments } from "./reference/documents.ts";
import { findAccessGrants, findAccessToken, findClientScopes } from "./oauth/access-token-lookup.ts";
import { EXPIRED_ACCESS_TOKENS_KEPT_MS, pruneExpiredAccessTokens } from "./oauth/token-store.ts";
import { forgetOldInbound } from "./inbound/service.ts";
import { purgeFinishedJobs, scheduledBackup } from "./scheduler/housekeeping.ts";
import { mailJobKinds, sendMail } from "./mail/service.ts";
import type { Metrics } from "./metrics/registry.ts";
import { createScheduler, type JobKind, type RecurringTask, type Scheduler } from "./scheduler/scheduler.ts";
import type { DbOrTx, Store } from "./store/open-store.ts";
import { loadServerKey } from "./store/server-key.ts";
import { VersionRegistry } from "./versions/registry.ts";
import pkg from "../package.json";
import type { WebhookDeps } from "./webhooks/deliver.ts";
import { createWebhookDeps, type WebhookPorts } from "./webhooks/webhook-deps.ts";
import { createDeliveryWorker, type DeliveryWorker } from "./webhooks/delivery-worker.ts";
import { purgeOldDeliveries } from "./webhooks/housekeeping.ts";
import { webhookOutbox } from "./webhooks/outbox.ts";
import type { DisabledNotice } from "./webhooks/deliver.ts";
import { disabledNoticeMessage, ownerEmail } from "./webhooks/disabled-notice.ts";

/** The doorway every /v1 route passes, typed with billing's operations and receipts. */
export type ApiDoorway = V1Doorway<Operation, ChargeReceipt>;

export interface AppDeps extends CoreDeps {
  clock: Clock | AdjustableClock;
  scheduler: Scheduler | null;
  engine: Engine;
  /** This process's billing ledger: zero-credit call counts written behind, and the threshold hook. */
  ledger: PendingLedger;
  v1: ApiDoorway;
  /** The API versions and the changes between them (spec 9). */
  versions: VersionRegistry;
  /** The OpenAPI and AsyncAPI documents, made once from the registered routes and the catalogue. */
  reference: ReferenceDocuments;
  /** Records events in the transaction of the change that caused them (events/recorder.ts). */
  events: EventRecorder;
  /** This process's one follower of the events' sequence: wakes open streams (events/event-signal.ts). */
  eventSignal: EventSignal;
  /** Lesson-plan progress announcements (one poller per process) and the engine's version. */
  generation: GenerationRuntime;
  /** Request counters, latency and gauges for /metrics; absent when PARLA_METRICS_TOKEN is not set. */
  metrics?: Metrics;
  /** Webhook delivery (webhooks/): what an attempt needs, and this process's delivery loop. */
  webhooks: { deps: WebhookDeps; worker: DeliveryWorker };
}

/** What a caller may replace: the mailer's port (spec 3.2's e-mail), and for tests the resolver and the 10 s timeout. */
export type ComposePorts = WebhookPorts;

export interface Composed {
  deps: AppDeps & { scheduler: Scheduler };
  /** Writes the call counts billing still holds; call before closing the store. */
  release(): Promise<void>;
}

/** Everything a process is built from, on an open and migrated store. */
export async function compose(
  config: Config,
  store: Store,
  log: Logger,
  clock: Clock | AdjustableClock = config.devClock ? createAdjustableClock(Date.now(), { ticking: true }) : systemClock,
  versions = new VersionRegistry(),
  metrics?: Metrics,
  ports: ComposePorts = {},
): Promise<Composed> {
  const serverKey = await loadServerKey(store.db, config.secretKey, clock.now());
  // Embedded SQLite: a poll is a read of the last rowid, so look often; a libSQL server is a round
  // trip, and another process's event must reach a stream within a second (spec 4.4).
  // Open streams re-read their access from the store (spec 3.4, 3.5, 5.4.2: changes apply at once).
  const streamAccess = { grants: (keys: readonly string[]) => findAccessGrants(store, keys), clientScopes: (ids: readonly string[]) => findClientScopes(store, ids) };
  const eventSignal = new EventSignal({ db: store.db, clock, log, pollMs: store.kind === "embedded" ? 50 : 250, access: streamAccess });
  const events = new EventRecorder(() => eventSignal.poke());
  const ledger = createLedger({ store, clock, log, onUsageThreshold: (tx, crossing, nowMs) => recordThreshold(events, tx, crossing, nowMs) });
  const ledgerDeps = { store, config, clock, ledger };
  const v1: ApiDoorway = new V1Doorway<Operation, ChargeReceipt>({
    clock,
    rateLimitPerMinute: config.rateLimitApiPerClientPerMinute,
    findAccessToken: (token, nowMs) => findAccessToken(store, token, nowMs),
    findVersion: (id) => {
      const v = versions.find(id);
      return v && { id: v.id, status: v.status, deprecatedAt: v.deprecated_at, sunsetAt: v.sunset_at };
    },
    resourceAt: (resource, body, version) => versions.resourceAt(resource, body, version),
    charge: (caller, operation) => chargeCall(ledgerDeps, payerOf(caller), operation),
    refund: (receipt) => refund(ledgerDeps, receipt),
    checkBudget: (caller, operation) => checkBudget(store.db, config, payerOf(caller), operation, clock.now()),
    spendIn: (tx, caller, operation) => spendIn(tx, ledgerDeps, payerOf(caller), operation, clock.now()),
    isClientSecret: (token) => token.startsWith(PREFIX.clientSecret),
    looksLikeAccessToken: (token) => token.startsWith(PREFIX.accessToken),
  });
  const reference = new ReferenceDocuments({ documentedRoutes: () => v1.routes.map((r) => ({ ...r, doorwayErrors: doorwayStatuses(r.declaration) })) }, versions, config.baseUrl);
  // Spec 3.2: the owner is e-mailed (through the mail outbox) when an endpoint is disabled.
  const mailDisabledNotice = async (notice: DisabledNotice) => {
    const to = await ownerEmail(store.db, notice.accountId);
    if (!to) return;
    await sendMail({ config, clock, log, store, scheduler: partial.scheduler ?? null }, { to, ...disabledNoticeMessage(notice, config.webAppUrl) });
  };
  const webhookDeps = createWebhookDeps({ config, store, clock, log, serverKey, version: pkg.version }, { ...ports, notifyEndpointDisabled: ports.notifyEndpointDisabled ?? mailDisabledNotice });
  const worker = createDeliveryWorker(webhookDeps);
  events.addOutbox(webhookOutbox(serverKey, versions, () => worker.wake()));
  const webhooks = { deps: webhookDeps, worker };
  const partial = { config, store, clock, log, serverKey, ledger, engine: await createEngine(config, { log, clock, store }), v1, versions, events, eventSignal, reference, generation: createGenerationRuntime({ store, config }), webhooks, scheduler: null, metrics } satisfies AppDeps;
  // Plan jobs spend much of their time waiting on commits; many in flight share each group commit.
  const scheduler = createScheduler({ db: store.db, clock, log, kinds: jobKinds(partial), recurring: housekeepingTasks(partial), concurrency: 32 });
  const deps = Object.assign(partial, { scheduler });
  return { deps, release: () => ledger.release() };
}

/** Every durable job kind, by name. Domains add theirs here. */
function jobKinds(deps: AppDeps): Record<string, JobKind> {
  return { [PLAN_JOB]: planJobKind(deps), ...mailJobKinds(deps) };
}

/** Recurring housekeeping, shared by every process (each run is claimed once through the store). */
export function housekeepingTasks(deps: AppDeps): RecurringTask[] {
  const tasks: RecurringTask[] = [
    { name: "purge-finished-jobs", everyMs: HOUR, run: (now) => purgeFinishedJobs(deps.store.db, now - 7 * DAY) },
    // Events are kept about 30 days (spec 4.4.2, 8), as long as a cursor stays valid.
    { name: "prune-events", everyMs: HOUR, run: async (now) => void (await pruneEventsBefore(deps.store.db, now - CURSOR_LIFETIME_MS)) },
    { name: "purge-webhook-deliveries", everyMs: HOUR, run: (now) => purgeOldDeliveries(deps.store.db, now) },
    { name: "prune-expired-access-tokens", everyMs: HOUR, run: async (now) => void (await pruneExpiredAccessTokens(deps.store.db, now - EXPIRED_ACCESS_TOKENS_KEPT_MS)) },
    // Spec 4.3.8: an inbound answer is replayed for one day; the event itself is kept as long as events are.
    { name: "forget-old-inbound-answers", everyMs: HOUR, run: (now) => forgetOldInbound(deps.store.db, now, CURSOR_LIFETIME_MS) },
  ];
  const { backupDir, backupEveryHours, backupKeep, databaseUrl } = deps.config;
  if (backupDir) tasks.push({ name: "backup", everyMs: backupEveryHours * HOUR, run: async (now) => scheduledBackup(deps.log, databaseUrl, backupDir, backupKeep, now) });
  return tasks;
}

/**
 * usage.threshold_reached (spec 6.1), recorded in the charge's own transaction. Billing already
 * reports only metered holders and only the highest threshold of a jump, once per holder and month
 * (billing/thresholds.ts); every client of the account with usage:read hears it.
 */
async function recordThreshold(events: EventRecorder, tx: DbOrTx, crossing: ThresholdCrossing, nowMs: number): Promise<void> {
  const data: Record<string, unknown> = { subject: crossing.subject, percent: crossing.percent, limit_credits: crossing.limitCredits, used_credits: crossing.usedCredits, month: crossing.month };
  if (crossing.clientId !== null) data.client_id = crossing.clientId;
  await events.record(tx, nowMs, { accountId: crossing.accountId, type: "usage.threshold_reached", data });
}
