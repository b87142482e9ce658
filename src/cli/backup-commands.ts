// `parla admin backup --to FILE` and `parla admin restore --from FILE` (DESIGN §5): an online copy
// of the embedded store, and putting one back while no server uses the database (store/backup.ts).
import { loadConfig } from "../config/config.ts";
import { BackupRefused, backupDatabase, embeddedPath, restoreDatabase } from "../store/backup.ts";
import type { Command } from "./command-line.ts";
import { fail, print } from "./cli-context.ts";

const json = { kind: "bool", help: "print one JSON object" } as const;

function refusedAs(error: unknown): never {
  if (error instanceof BackupRefused) return fail(error.message, 1, error.code);
  throw error;
}

export const backupCommands: Command[] = [
  {
    path: ["admin", "backup"],
    summary: "Copy the embedded database to FILE while Parla keeps serving (consistent snapshot, integrity-checked)",
    flags: { to: { kind: "string", required: true, help: "the new backup file (must not exist)" }, json },
    async run({ flags }) {
      const config = loadConfig();
      try {
        const r = backupDatabase(embeddedPath(config.databaseUrl), flags.to as string);
        const rows = Object.values(r.tables).reduce((a, b) => a + b, 0);
        print(flags, { path: r.path, bytes: r.bytes, migrations: r.migrations, tables: r.tables, ms: r.ms }, `backup written to ${r.path} (${r.bytes} bytes, ${rows} rows, integrity ok, ${r.ms} ms)`);
        return 0;
      } catch (error) {
        return refusedAs(error);
      }
    },
  },
  {
    path: ["admin", "restore"],
    summary: "Replace the embedded database with a backup (refused while a server uses it; checks integrity and schema version first)",
    flags: { from: { kind: "string", required: true, help: "a file written by parla admin backup" }, json },
    async run({ flags }) {
      const config = loadConfig();
      try {
        const r = restoreDatabase(flags.from as string, embeddedPath(config.databaseUrl));
        const rows = Object.values(r.tables).reduce((a, b) => a + b, 0);
        print(
          flags,
          { database: r.database, restored_from: r.path, replaced: r.replaced, migrations: r.migrations, tables: r.tables, ms: r.ms },
          `restored ${r.path} into ${r.database} (${rows} rows, integrity ok)${r.replaced ? `; the previous database is kept as ${r.replaced}` : ""}. Pending migrations apply when Parla starts.`,
        );
        return 0;
      } catch (error) {
        return refusedAs(error);
      }
    },
  },
];
