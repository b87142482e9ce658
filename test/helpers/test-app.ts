// An app on a fresh temporary store with an adjustable clock, for in-process tests
// (`app.handle(new Request("http://localhost/…"))`, DESIGN §7).
import { join } from "node:path";
import { createApp } from "../../src/app.ts";
import { compose, type AppDeps } from "../../src/compose.ts";
import { loadConfig, type Config } from "../../src/config/config.ts";
import { createAdjustableClock, type AdjustableClock } from "../../src/lib/clock.ts";
import { createLogger, type Logger } from "../../src/lib/logger.ts";
import type { Scheduler } from "../../src/scheduler/scheduler.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore } from "../../src/store/open-store.ts";
import type { VersionRegistry } from "../../src/versions/registry.ts";
import { ContractChecker } from "./contract.ts";
import { tempDir } from "./temp-dir.ts";

export const TEST_START = Date.UTC(2026, 10, 2, 9, 0, 0);

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  clock: AdjustableClock;
  scheduler: Scheduler;
  logs: string[];
  request(method: string, path: string, init?: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; body?: string }): Promise<Response>;
  cleanup(): void;
}

export async function createTestApp(overrides: Partial<Config> = {}, env: Record<string, string> = {}, options: { versions?: VersionRegistry } = {}): Promise<TestApp> {
  const dir = tempDir();
  const config = loadConfig({ PARLA_DATABASE_URL: `file:${join(dir.path, "test.db")}`, PARLA_BASE_URL: "http://localhost", ...env }, overrides);
  const store = openStore(config.databaseUrl);
  const clock = createAdjustableClock(TEST_START);
  await migrate(store.client, clock.now());
  const logs: string[] = [];
  const log: Logger = createLogger("debug", {}, (line) => logs.push(line));
  const { deps } = await compose(config, store, log, clock, options.versions);
  const scheduler = deps.scheduler;
  const app = createApp(deps);
  // The documents describe the current version; a test's own registry answers older shapes too.
  checkContract(app, { shapes: options.versions === undefined });
  return {
    app,
    deps,
    clock,
    scheduler,
    logs,
    request(method, path, init = {}) {
      // Requests arrive at the web app's host, as a browser's would (pages elsewhere are redirected there).
      const { request, body } = testRequest(new URL(config.webAppUrl).origin, method, path, init);
      if (body !== undefined) SENT_BODIES.set(request, body);
      return app.handle(request);
    },
    cleanup() {
      store.close();
      dir.cleanup();
    },
  };
}

export type TestRequestInit = Parameters<TestApp["request"]>[2];

/** The Request that TestApp.request sends (a JSON or form body sets its content type), and its body text. */
export function testRequest(origin: string, method: string, path: string, init: TestRequestInit = {}): { request: Request; body: string | undefined } {
  const headers = new Headers(init.headers);
  let body: string | undefined = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(init.form).toString();
  }
  return { request: new Request(`${origin}${path}`, { method, headers, body }), body };
}

/**
 * Every call through `app.handle` is checked against the documents the app serves (contract.ts):
 * a test whose call the documents do not describe fails with the operation, the status and the field.
 */
const CHECKERS = new Map<string, ContractChecker>();
/** The bodies `request()` sent, for the request check (a stream passed to app.handle itself is not read twice). */
const SENT_BODIES = new WeakMap<Request, string>();

function checkContract(app: ReturnType<typeof createApp>, options: { shapes: boolean }): void {
  const handle = app.handle.bind(app);
  let checker: Promise<ContractChecker> | null = null;
  const load = async () => {
    const get = async (path: string) => (await handle(new Request(`http://localhost${path}`))).text();
    const [openapi, asyncapi] = [await get("/v1/openapi.json"), await get("/v1/asyncapi.json")];
    // One checker per pair of documents, so each schema is compiled once per test file.
    const key = openapi + asyncapi;
    let found = CHECKERS.get(key);
    if (!found) CHECKERS.set(key, (found = new ContractChecker(JSON.parse(openapi), JSON.parse(asyncapi))));
    return found;
  };
  app.handle = (async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (!path.startsWith("/v1/") && !path.startsWith("/oauth/")) return handle(request);
    const response = await handle(request);
    const contract = await (checker ??= load());
    return contract.check(request, SENT_BODIES.get(request), response, options);
  }) as typeof app.handle;
}
