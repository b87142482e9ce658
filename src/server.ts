// Starts Parla: opens the store, migrates, starts the scheduler and HTTP, and shuts all of it down
// on one signal (SIGTERM/SIGINT): stop accepting, let jobs finish for a bounded time, close the store.
import type { Server } from "bun";
import type { Elysia } from "elysia";
import { createApp } from "./app.ts";
import { bunRoutesOf } from "./http/bun-routes.ts";
import { SERVER_MAX_BODY_BYTES } from "./lib/server-body-limit.ts";
import { compose, type AppDeps } from "./compose.ts";
import type { Config } from "./config/config.ts";
import { createAdjustableClock, systemClock } from "./lib/clock.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import type { Scheduler } from "./scheduler/scheduler.ts";
import { migrate } from "./store/migrate.ts";
import { openRequest, pathOf, requestId, requestStartedAt, routeOf } from "./http/request-context.ts";
import { Metrics, OPEN_STREAMS_GAUGE } from "./metrics/registry.ts";
import { storeGauges } from "./metrics/store-gauges.ts";
import { openStore, type Store } from "./store/open-store.ts";
import { startHeartbeat } from "./store/heartbeat.ts";
import { processTag } from "./http/request-context.ts";

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  scheduler: Scheduler;
  stop(): Promise<void>;
}

export class StartupError extends Error {}

export interface ServerOptions {
  /** Routes added to the app before it serves (scripts/bench/api-server.ts adds a probe). */
  extraRoutes?: (deps: AppDeps) => Elysia<any, any, any, any, any, any, any>;
}

export async function startServer(config: Config, log: Logger = createLogger(config.logLevel), options: ServerOptions = {}): Promise<RunningServer> {
  const clock = config.devClock ? createAdjustableClock(Date.now(), { ticking: true }) : systemClock;
  if (config.devClock) log.warn("dev_clock.enabled", { message: "PARLA_DEV_CLOCK=1: POST /_dev/clock can move time. Never use this in production." });
  if (config.webhookAllowNetworks.length || config.webhookCaFile) {
    log.warn("webhooks.guard_opened", { message: "PARLA_WEBHOOK_ALLOW_NETWORKS / PARLA_WEBHOOK_CA_FILE are set: webhooks may go to the listed networks on any port, and trust the extra CA. Tests and local development only." });
  }

  let store: Store;
  try {
    store = openStore(config.databaseUrl, config.databaseAuthToken);
  } catch (error) {
    throw new StartupError(`cannot open the database ${config.databaseUrl}: ${describeStoreError(error)}`);
  }

  // Listening starts before the migrations, so probes see a live process that is not ready yet
  // (/healthz 200, /readyz 503 "migrating") instead of a refused connection; every other request
  // is told to come back. The app replaces this handler once the store is migrated.
  let handle: (request: Request) => Response | Promise<Response> = async (request) => startingResponse(request);
  const metrics = config.metricsToken ? new Metrics() : undefined;
  let server: Server<unknown>;
  const served = servedThrough(log, metrics);
  const serverError = (error: Error) => {
    log.error("http.server_error", { error: String(error) });
    return new Response("internal error\n", { status: 500, headers: { "x-content-type-options": "nosniff" } });
  };
  try {
    server = Bun.serve({
      hostname: config.host,
      port: config.port,
      // Streams send a heartbeat every PARLA_STREAM_HEARTBEAT_SECONDS; Bun's default 10 s idle
      // timeout would cut them (DESIGN §9).
      idleTimeout: Math.min(255, config.streamHeartbeatSeconds * 2 + 5),
      maxRequestBodySize: SERVER_MAX_BODY_BYTES,
      fetch: (request, bunServer) => served(request, bunServer, handle),
      error: serverError,
    });
  } catch (error) {
    store.close();
    const message = String((error as Error).message ?? error);
    if (/in use|EADDRINUSE/i.test(message)) throw new StartupError(`port ${config.port} on ${config.host} is already in use (set PARLA_PORT)`);
    throw new StartupError(`cannot listen on ${config.host}:${config.port}: ${message}`);
  }

  try {
    const applied = await migrate(store.client, clock.now());
    if (applied.length) log.info("store.migrated", { applied });
  } catch (error) {
    await server.stop(true);
    store.close();
    throw new StartupError(`cannot open the database ${config.databaseUrl}: ${describeStoreError(error)}`);
  }

  const { deps, release } = await compose(config, store, log, clock, undefined, metrics);
  const scheduler = deps.scheduler;
  if (metrics) {
    for (const gauge of storeGauges(store.db, clock)) metrics.addCollector(gauge);
    const signal = deps.eventSignal;
    metrics.addCollector({
      name: OPEN_STREAMS_GAUGE,
      help: "Event streams (GET /v1/events/stream) open in this process.",
      collect: async () => [{ labels: {}, value: signal.size }],
    });
  }

  const app = createApp(deps);
  if (options.extraRoutes) app.use(options.extraRoutes(deps));
  // The app's compiled handler itself: `app.handle` wraps it in an async function, so every answer
  // it made at once (a 404, a refusal before routing) would still cost a Promise and a turn.
  const fetchApp = app.fetch;
  handle = (request) => fetchApp(request);
  // The app's routes go to Bun's router; what it does not match still reaches `handle`.
  const routes = bunRoutesOf(app, (route) => (request: Request) => served(request, server, route));
  server.reload({ routes, fetch: (request, bunServer) => served(request, bunServer, handle), error: serverError });
  scheduler.start();
  deps.webhooks.worker.start();
  const heartbeat = startHeartbeat(store.db, processTag, (error) => log.warn("heartbeat.failed", { error: String(error) }));
  const url = `http://${config.host === "0.0.0.0" ? "127.0.0.1" : config.host}:${server.port}`;
  log.info("server.started", { url, open: `${config.webAppUrl}/`, base_url: config.baseUrl, store: store.kind, engine: config.engine });

  let stopping: Promise<void> | null = null;
  return {
    url,
    port: server.port as number,
    deps,
    scheduler,
    stop() {
      stopping ??= (async () => {
        log.info("server.stopping");
        // Open streams end with a done frame (their clients reconnect elsewhere with the cursor),
        // or the server would wait for them to end by themselves.
        deps.eventSignal.close();
        await server.stop();
        await Promise.all([scheduler.stop(10_000), deps.webhooks.worker.stop(10_000)]);
        await heartbeat.stop();
        await release().catch((error) => log.error("billing.usage_flush_failed", { error: String(error) }));
        store.close();
        log.info("server.stopped");
      })();
      return stopping;
    },
  };
}

/**
 * Every request, routed by Bun or by the app, is opened and logged here. An answer made at once
 * (/healthz) is handed back as it is: a Promise would cost Bun a turn (sync-hook.ts).
 */
function servedThrough(log: Logger, metrics: Metrics | undefined) {
  return (request: Request, bunServer: Server<unknown>, by: (request: Request) => Response | Promise<Response>): Response | Promise<Response> => {
    openRequest(request, bunServer);
    const answer = by(request);
    if (answer instanceof Promise) return answer.then((response) => logRequest(log, request, response, metrics));
    return logRequest(log, request, answer, metrics);
  };
}

/** Observes and logs one answered request; returns its response. */
function logRequest(log: Logger, request: Request, response: Response, metrics: Metrics | undefined): Response {
  const path = pathOf(request);
  const ms = performance.now() - requestStartedAt(request);
  metrics?.observeRequest(request.method, routeOf(request) ?? "(unmatched)", response.status, ms / 1000);
  if (path === "/healthz" || path === "/readyz" || path === "/metrics") return response;
  // A refusal carries the id its log line has, for a report to quote; a success does not need it
  // (setting a header on a finished answer costs a trivial route about a tenth of its time).
  if (response.status >= 400 && !response.headers.has("x-request-id")) response.headers.set("x-request-id", requestId(request));
  if (log.enabled("info")) log.info("http.request", { request_id: requestId(request), method: request.method, path, status: response.status, ms: Math.round(ms * 10) / 10 });
  return response;
}

/** Answers while the store is being migrated at start-up. */
export function startingResponse(request: Request): Response {
  const path = pathOf(request);
  const headers = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" };
  if (path === "/healthz") return new Response("ok\n", { headers });
  if (path === "/readyz") return Response.json({ ready: false, reason: "migrating" }, { status: 503, headers: { "cache-control": "no-store", "x-content-type-options": "nosniff" } });
  return new Response("Parla is starting (applying database migrations). Please retry in a few seconds.\n", { status: 503, headers: { ...headers, "retry-after": "5" } });
}

function describeStoreError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/not a database|file is encrypted|malformed/i.test(message)) return "the file is not a valid Parla database (corrupt, or not SQLite)";
  if (/readonly|read-only|attempt to write/i.test(message)) return "the file is read-only (check its permissions)";
  if (/unable to open|cannot open|permission denied|EACCES/i.test(message)) return "the file cannot be opened (check the path and its permissions)";
  return message;
}
