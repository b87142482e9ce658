// `parla admin library stats|export|import|purge` (DESIGN §5): the lesson-plan library for
// operators — what it holds, moving it between installations as JSON lines, and curating it.
import { createReadStream, createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import { EngineVersion, exportLibrary, importLibraryLine, libraryStats, purgeLibrary, type PurgeWhat } from "../generation/plan-library.ts";
import { DAY, systemClock } from "../lib/clock.ts";
import type { Command } from "./command-line.ts";
import { fail, print, withStore } from "./cli-context.ts";

const json = { kind: "bool", help: "print one JSON object" } as const;

export const libraryCommands: Command[] = [
  {
    path: ["admin", "library", "stats"],
    summary: "Show what the lesson-plan library holds, by engine version",
    flags: { json },
    run: ({ flags }) =>
      withStore(async ({ store, config }) => {
        const stats = await libraryStats(store.db, await new EngineVersion(config).get());
        const lines = [`${stats.entries} plan(s), used ${stats.uses} time(s); current engine ${stats.current_engine}`];
        for (const e of stats.by_engine) lines.push(`  ${e.engine}: ${e.entries} plan(s), ${e.uses} use(s)${e.engine === stats.current_engine ? "" : " (stale: not served)"}`);
        print(flags, { ...stats }, lines.join("\n"));
        return 0;
      }),
  },
  {
    path: ["admin", "library", "export"],
    summary: "Write the library as JSON lines (to --to FILE, or stdout)",
    flags: { to: { kind: "string", help: "file to write (default: stdout)" }, json },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        if (flags.json && !flags.to) return fail("--json needs --to FILE (the lines themselves go to stdout otherwise)", 2);
        const out = flags.to ? createWriteStream(flags.to as string) : null;
        let n = 0;
        for await (const line of exportLibrary(store.db)) {
          const text = JSON.stringify(line) + "\n";
          if (out) {
            if (!out.write(text)) await new Promise((r) => out.once("drain", r));
          } else process.stdout.write(text);
          n += 1;
        }
        if (out) {
          await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
          print(flags, { exported: n, to: flags.to }, `exported ${n} plan(s) to ${flags.to}`);
        }
        return 0;
      }),
  },
  {
    path: ["admin", "library", "import"],
    summary: "Add plans from JSON lines (an export); keys are recomputed, present ones kept",
    flags: { from: { kind: "string", required: true, help: "file to read ('-' for stdin)" }, json },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        const input = flags.from === "-" ? process.stdin : createReadStream(flags.from as string);
        const counts = { imported: 0, present: 0 };
        const refused: { line: number; reason: string }[] = [];
        let n = 0;
        try {
          for await (const text of createInterface({ input, crlfDelay: Infinity })) {
            n += 1;
            if (!text.trim()) continue;
            let value: unknown;
            try {
              value = JSON.parse(text);
            } catch {
              refused.push({ line: n, reason: "not JSON" });
              continue;
            }
            const r = await importLibraryLine(store.db, systemClock.now(), value);
            if (r.kind === "refused") refused.push({ line: n, reason: r.reason });
            else counts[r.kind] += 1;
          }
        } catch (error) {
          return fail(`cannot read ${flags.from}: ${error instanceof Error ? error.message : String(error)}`);
        }
        const human = [`imported ${counts.imported}, already present ${counts.present}, refused ${refused.length}`, ...refused.map((r) => `  line ${r.line}: ${r.reason}`)].join("\n");
        print(flags, { ...counts, refused }, human);
        return refused.length > 0 ? 1 : 0;
      }),
  },
  {
    path: ["admin", "library", "purge"],
    summary: "Remove plans: --all, --key K, --stale (other engine versions) or --unused-days N",
    flags: {
      all: { kind: "bool", help: "remove every plan" },
      key: { kind: "string", help: "remove the plan with this key" },
      stale: { kind: "bool", help: "remove plans made by another engine or engine-data version" },
      "unused-days": { kind: "int", help: "remove plans not used for this many days" },
      json,
    },
    run: ({ flags }) =>
      withStore(async ({ store, config }) => {
        const chosen = [flags.all, flags.key, flags.stale, flags["unused-days"]].filter((v) => v !== undefined);
        if (chosen.length !== 1) return fail("choose exactly one of --all, --key, --stale, --unused-days", 2);
        let what: PurgeWhat;
        if (flags.all) what = { kind: "all" };
        else if (flags.key !== undefined) what = { kind: "key", key: flags.key as string };
        else if (flags.stale) what = { kind: "stale", currentEngine: await new EngineVersion(config).get() };
        else {
          const days = flags["unused-days"] as number;
          if (days < 0) return fail("--unused-days cannot be negative", 2);
          what = { kind: "unused_before", beforeMs: systemClock.now() - days * DAY };
        }
        const purged = await purgeLibrary(store.db, what);
        print(flags, { purged }, `removed ${purged} plan(s)`);
        return 0;
      }),
  },
];
