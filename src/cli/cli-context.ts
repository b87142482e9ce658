// What admin commands share: the configuration, a migrated store, and one way to print results.
import { loadConfig, type Config } from "../config/config.ts";
import { systemClock } from "../lib/clock.ts";
import { createLogger, type Logger } from "../lib/logger.ts";
import { migrate } from "../store/migrate.ts";
import { openStore, type Store } from "../store/open-store.ts";
import { loadServerKey } from "../store/server-key.ts";
import { CommandRefused, type FlagValues } from "./command-line.ts";

export interface CliContext {
  config: Config;
  store: Store;
  serverKey: Uint8Array;
  /** The server's log format on stderr (stdout is the command's answer): changes an operator makes are logged as the web's are. */
  log: Logger;
}

export async function withStore(fn: (ctx: CliContext) => Promise<number>): Promise<number> {
  const config = loadConfig();
  const store = openStore(config.databaseUrl, config.databaseAuthToken);
  try {
    await migrate(store.client, systemClock.now());
    const serverKey = await loadServerKey(store.db, config.secretKey, systemClock.now());
    return await fn({ config, store, serverKey, log: createLogger(config.logLevel, {}, (line) => process.stderr.write(line + "\n")) });
  } finally {
    store.close();
  }
}

/** `--json` prints exactly one JSON object on stdout; otherwise a human line. */
export function print(flags: FlagValues, json: Record<string, unknown>, human: string): void {
  process.stdout.write(flags.json ? JSON.stringify(json) + "\n" : human + "\n");
}

/** Refuses the command: main prints the one line (or `{"code","error"}` with --json) and exits non-zero. */
export function fail(message: string, exitCode = 1, code?: string): never {
  throw new CommandRefused(message, exitCode, code);
}

