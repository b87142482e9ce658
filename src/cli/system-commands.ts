// serve, migrate, version and admin maintenance.
import pkg from "../../package.json";
import { loadConfig } from "../config/config.ts";
import { systemClock } from "../lib/clock.ts";
import { createLogger } from "../lib/logger.ts";
import { readMaintenance, writeMaintenance } from "../http/maintenance.ts";
import type { Config } from "../config/config.ts";
import type { Logger } from "../lib/logger.ts";
import { migrate, migrationStatus } from "../store/migrate.ts";
import { CURRENT_API_VERSION } from "../versions/registry.ts";
import type { Command } from "./command-line.ts";
import { fail, print, withStore } from "./cli-context.ts";

export const PARLA_VERSION: string = pkg.version;

/** What `serve` runs: the server of the composition root, handed in by main.ts. */
export type StartServer = (config: Config, log: Logger) => Promise<{ url: string; port: number; stop(): Promise<void> }>;

export const systemCommands = (startServer: StartServer): Command[] => [
  {
    path: ["serve"],
    summary: "Start Parla (the default command)",
    flags: {},
    async run() {
      const config = loadConfig();
      const log = createLogger(config.logLevel);
      // Signals are caught from the start: the process answers /healthz while it migrates, so a
      // supervisor may stop it before start-up finishes; it then stops cleanly once started.
      let stopRequested!: () => void;
      const stopSignal = new Promise<void>((resolve) => (stopRequested = resolve));
      process.on("SIGTERM", stopRequested);
      process.on("SIGINT", stopRequested);
      try {
        const server = await startServer(config, log);
        // The one address where pages work (others are redirected there); logs stay JSON on stdout.
        // The address as bound (0.0.0.0 is every interface), not the loopback URL Bun reports for it.
        process.stderr.write(`Parla is ready: open ${config.webAppUrl}/ (listening on ${config.host}:${server.port})\n`);
        await stopSignal;
        await server.stop();
      } finally {
        process.off("SIGTERM", stopRequested);
        process.off("SIGINT", stopRequested);
      }
      return 0;
    },
  },
  {
    path: ["migrate"],
    summary: "Apply pending database migrations and exit",
    flags: { json: { kind: "bool", help: "print one JSON object" } },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        const applied = await migrate(store.client, systemClock.now());
        const status = await migrationStatus(store.client);
        print(flags, { applied, migrations: status.applied }, applied.length ? `applied ${applied.join(", ")}` : `up to date (${status.applied} migrations)`);
        return 0;
      }),
  },
  {
    path: ["version"],
    summary: "Print the version",
    flags: { json: { kind: "bool", help: "print one JSON object" } },
    async run({ flags }) {
      print(flags, { version: PARLA_VERSION, api_version: CURRENT_API_VERSION }, `parla ${PARLA_VERSION} (API ${CURRENT_API_VERSION})`);
      return 0;
    },
  },
  {
    path: ["admin", "maintenance"],
    args: ["on|off|status"],
    summary: "Turn maintenance mode on or off (every process sees it within a few seconds)",
    flags: { "retry-after": { kind: "int", help: "seconds clients should wait (default 300)" }, json: { kind: "bool", help: "print one JSON object" } },
    run: ({ flags, args }) =>
      withStore(async ({ store }) => {
        const mode = args[0];
        if (args.length !== 1 || !["on", "off", "status"].includes(mode as string)) return fail("parla admin maintenance: say on, off or status", 2);
        if (mode !== "status") {
          const retryAfter = (flags["retry-after"] as number | undefined) ?? 300;
          if (retryAfter < 0 || retryAfter > 86_400) return fail("--retry-after must be between 0 and 86400 seconds", 2);
          await writeMaintenance(store.db, { on: mode === "on", retryAfterSeconds: retryAfter }, systemClock.now());
        }
        const state = await readMaintenance(store.db);
        print(flags, { maintenance: state.on, retry_after: state.retryAfterSeconds }, `maintenance is ${state.on ? `on (Retry-After: ${state.retryAfterSeconds})` : "off"}`);
        return 0;
      }),
  },
];
