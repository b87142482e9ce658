// `parla admin llm usage`: the tokens the LLM engine's requests used, per day, model and operation,
// so an operator sees what the model costs before the bill does.
import { usageSummary } from "../generation/llm/usage-store.ts";
import { systemClock } from "../lib/clock.ts";
import type { Command } from "./command-line.ts";
import { fail, print, withStore } from "./cli-context.ts";

const DAY_MS = 86_400_000;

export const llmCommands: Command[] = [
  {
    path: ["admin", "llm", "usage"],
    summary: "Tokens used by the LLM engine, per day, model and operation",
    flags: { days: { kind: "int", help: "how many days back, today included (default 30)" }, json: { kind: "bool", help: "print one JSON object" } },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        const days = (flags.days as number | undefined) ?? 30;
        if (days < 1 || days > 3660) return fail("--days must be from 1 to 3660", 2);
        const today = Math.floor(systemClock.now() / DAY_MS) * DAY_MS;
        const items = await usageSummary(store.db, today - (days - 1) * DAY_MS);
        const totals = { requests: 0, repairs: 0, failed: 0, prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
        for (const row of items) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += row[key];
        const human =
          items.length === 0
            ? `no LLM requests in the last ${days} day(s)`
            : [
                "day         model                 operation     requests  repairs  failed  prompt  completion  total",
                ...items.map((r) => `${r.day}  ${r.model.padEnd(20).slice(0, 20)}  ${r.operation.padEnd(12)}  ${String(r.requests).padStart(8)}  ${String(r.repairs).padStart(7)}  ${String(r.failed).padStart(6)}  ${String(r.prompt_tokens).padStart(6)}  ${String(r.completion_tokens).padStart(10)}  ${String(r.total_tokens).padStart(5)}`),
                `total: ${totals.requests} requests, ${totals.total_tokens} tokens (${totals.prompt_tokens} prompt, ${totals.completion_tokens} completion)`,
              ].join("\n");
        print(flags, { days, items, totals }, human);
        return 0;
      }),
  },
];
