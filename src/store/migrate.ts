// Applies the embedded drizzle migrations (DESIGN §2). Each migration runs in its own write
// transaction and is recorded in __parla_migrations, so two processes starting together apply it once.
import type { Client } from "@libsql/client";
import { MIGRATIONS } from "./migrations.ts";

export class DatabaseNewerError extends Error {}

const LEDGER = `CREATE TABLE IF NOT EXISTS __parla_migrations (idx INTEGER PRIMARY KEY, tag TEXT NOT NULL, applied_at INTEGER NOT NULL)`;

async function appliedIndexes(client: Client): Promise<Set<number>> {
  const result = await client.execute("SELECT idx FROM __parla_migrations");
  return new Set(result.rows.map((r) => Number(r.idx)));
}

export interface MigrationStatus {
  applied: number;
  known: number;
  pending: string[];
}

export async function migrationStatus(client: Client): Promise<MigrationStatus> {
  await client.execute(LEDGER);
  const applied = await appliedIndexes(client);
  const newest = Math.max(-1, ...applied);
  const known = MIGRATIONS.length;
  if (newest >= known) {
    throw new DatabaseNewerError(
      `the database has migration #${newest} but this binary knows only ${known} (it was written by a newer Parla; upgrade the binary)`,
    );
  }
  return { applied: applied.size, known, pending: MIGRATIONS.filter((m) => !applied.has(m.idx)).map((m) => m.tag) };
}

/** Applies every pending migration; returns the tags applied. */
export async function migrate(client: Client, nowMs: number = Date.now()): Promise<string[]> {
  const status = await migrationStatus(client);
  const done: string[] = [];
  for (const tag of status.pending) {
    const migration = MIGRATIONS.find((m) => m.tag === tag)!;
    const tx = await client.transaction("write");
    try {
      const again = await tx.execute({ sql: "SELECT 1 FROM __parla_migrations WHERE idx = ?", args: [migration.idx] });
      if (again.rows.length === 0) {
        for (const statement of migration.sql.split("--> statement-breakpoint")) {
          if (statement.trim()) await tx.execute(statement);
        }
        await tx.execute({ sql: "INSERT INTO __parla_migrations (idx, tag, applied_at) VALUES (?, ?, ?)", args: [migration.idx, migration.tag, nowMs] });
        done.push(tag);
      }
      await tx.commit();
    } catch (error) {
      await tx.rollback();
      throw new Error(`migration ${tag} failed: ${(error as Error).message}`, { cause: error });
    } finally {
      tx.close();
    }
  }
  return done;
}
