// `parla events tail --account A [--types t1,t2] [--json]` (DESIGN §5): an operator's view of an
// account's events as they happen, from every process on the database. Runs until Ctrl-C.
import { getAccount } from "../accounts/service.ts";
import { parseTypes } from "../events/event-feed.ts";
import { tailEvents } from "../events/events-tail.ts";
import { systemClock } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { createLogger } from "../lib/logger.ts";
import type { Command } from "./command-line.ts";
import { fail, withStore } from "./cli-context.ts";

export const eventsCommands: Command[] = [
  {
    path: ["events", "tail"],
    summary: "Print an account's events as they are recorded (until Ctrl-C)",
    flags: {
      account: { kind: "string", required: true, help: "account id" },
      types: { kind: "string", help: "comma-separated event types, e.g. lesson_plan.ready,lesson_plan.failed" },
      json: { kind: "bool", help: "one JSON object per event, one per line" },
    },
    run: ({ flags }) =>
      withStore(async ({ config, store }) => {
        let types;
        try {
          types = parseTypes(flags.types as string | undefined);
        } catch (error) {
          if (error instanceof AppError) return fail(error.message, 2);
          throw error;
        }
        if (!(await getAccount(store.db, flags.account as string))) return fail(`no account ${flags.account}`);
        const stop = new AbortController();
        const onSignal = () => stop.abort();
        process.once("SIGINT", onSignal);
        process.once("SIGTERM", onSignal);
        if (!flags.json) process.stderr.write(`parla: following events of ${flags.account} (Ctrl-C to stop)\n`);
        try {
          await tailEvents({ db: store.db, clock: systemClock, log: createLogger(config.logLevel === "debug" ? "debug" : "error"), accountId: flags.account as string, types, json: flags.json === true, write: (line) => process.stdout.write(line + "\n"), stop: stop.signal });
        } finally {
          process.off("SIGINT", onSignal);
          process.off("SIGTERM", onSignal);
        }
        return 0;
      }),
  },
];
