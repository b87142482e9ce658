// What the in-process CPU benchmarks share: Parla's app on a fresh store (composed as the server
// composes it, with the /v1 rate limit above what a loop sends), an account with a client holding
// every scope and its access token, and CPU per call measured with process.cpuUsage.
import { join } from "node:path";
import type { Elysia } from "elysia";
import { createUser } from "../../src/accounts/service.ts";
import { createApp } from "../../src/app.ts";
import { createClient } from "../../src/clients/service.ts";
import { compose } from "../../src/compose.ts";
import { loadConfig } from "../../src/config/config.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { SCOPES } from "../../src/lib/scopes.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore } from "../../src/store/open-store.ts";
import { tempDir } from "../../test/helpers/temp-dir.ts";

type ComposedDeps = Awaited<ReturnType<typeof compose>>["deps"];

export interface BenchApp {
  app: ReturnType<typeof createApp>;
  deps: ComposedDeps;
  accountId: string;
  clientId: string;
  /** `authorization: Bearer …` for the client's access token. */
  headers: Record<string, string>;
  /** The folder holding the store. */
  dir: string;
  cleanup(): void;
}

/** The app with `extraRoutes` (probe routes behind the doorway) added before it serves; `env`: more settings. */
export async function benchApp(name: string, extraRoutes: (deps: ComposedDeps) => Elysia<any, any, any, any, any, any, any>, env: Record<string, string> = {}): Promise<BenchApp> {
  const dir = tempDir(`parla-bench-${name}-`);
  const config = loadConfig({ PARLA_DATABASE_URL: `file:${join(dir.path, "parla.db")}`, PARLA_BASE_URL: "http://localhost", PARLA_RATE_LIMIT_API_PER_CLIENT_PER_MINUTE: "10000000", ...env });
  const store = openStore(config.databaseUrl);
  await migrate(store.client, Date.now());
  const { deps } = await compose(config, store, createLogger("error"), systemClock);
  const app = createApp(deps).use(extraRoutes(deps));
  const now = Date.now();
  const user = await createUser(deps.store.db, now, { email: "bench@example.com", password: "correct horse battery staple" });
  const client = await createClient(deps.store.db, now, { accountId: user.accountId, name: "Bench", type: "confidential", scopes: [...SCOPES], billingMode: "allowance", redirectUris: [] });
  const exchanged = await app.handle(
    new Request("http://localhost/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Basic " + btoa(`${client.client.id}:${client.secret}`) },
      body: "grant_type=client_credentials",
    }),
  );
  const token = ((await exchanged.json()) as { access_token: string }).access_token;
  return {
    app,
    deps,
    accountId: user.accountId,
    clientId: client.client.id,
    headers: { authorization: `Bearer ${token}` },
    dir: dir.path,
    cleanup() {
      store.close();
      dir.cleanup();
    },
  };
}

/** `count` runs, `inFlight` at a time (as many requests in flight as a server under load has). */
async function runMany(run: () => Promise<unknown>, count: number, inFlight: number): Promise<void> {
  let left = count;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (left-- > 0) await run();
    }),
  );
}

/** µs of CPU per `run`: the best of three rounds of `count` after a warm-up (the first rounds still compile). */
export async function cpuPerCall(run: () => Promise<unknown>, count: number, inFlight: number): Promise<number> {
  await runMany(run, 5000, inFlight);
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    Bun.gc(true);
    const start = process.cpuUsage();
    await runMany(run, count, inFlight);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / count);
  }
  return best;
}

/** µs of CPU per request answered 200 by `via` (the app, or a stand-in), its body read; and that body. */
export async function cpuPerRequest(make: () => Request, via: (r: Request) => Promise<Response> | Response, count: number, inFlight: number): Promise<{ us: number; body: Uint8Array }> {
  const body = new Uint8Array(await (await via(make())).arrayBuffer());
  const us = await cpuPerCall(
    async () => {
      const res = await via(make());
      if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    },
    count,
    inFlight,
  );
  return { us, body };
}
