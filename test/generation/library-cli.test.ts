// `parla admin library stats|export|import|purge` (DESIGN §5), run as the operator would: a real
// process on a store file that a plan finished in.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { compose } from "../../src/compose.ts";
import { loadConfig } from "../../src/config/config.ts";
import { createPlan } from "../../src/generation/plans-service.ts";
import { createUser } from "../../src/accounts/service.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { silentLogger } from "../../src/lib/logger.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore } from "../../src/store/open-store.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const main = join(import.meta.dir, "../../src/main.ts");
let dir: ReturnType<typeof tempDir>;
let url: string;

beforeAll(async () => {
  dir = tempDir();
  url = `file:${join(dir.path, "cli.db")}`;
  const store = openStore(url);
  await migrate(store.client);
  const { deps } = await compose(loadConfig({ PARLA_DATABASE_URL: url }), store, silentLogger, systemClock);
  const user = await createUser(store.db, Date.now(), { email: "owner@example.com", password: null });
  const owner = { accountId: user.accountId, userId: null, clientId: null };
  for (const topic of ["at the bakery", "a train station"]) await createPlan(deps, owner, { topic, source_lang: "en", target_lang: "es", level: 2 }, async () => null);
  await deps.scheduler.drain();
  store.close();
});
afterAll(() => dir.cleanup());

async function parla(args: string[], stdin?: string) {
  const proc = Bun.spawn(["bun", main, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PARLA_DATABASE_URL: url, PARLA_LOG_LEVEL: "silent" },
    stdin: stdin === undefined ? "ignore" : new TextEncoder().encode(stdin),
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: await proc.exited, out: await new Response(proc.stdout).text(), err: await new Response(proc.stderr).text() };
}

describe("parla admin library", () => {
  test("stats, export as JSON lines, purge, import back (keys recomputed), refusals named by line", async () => {
    const stats = await parla(["admin", "library", "stats", "--json"]);
    expect(stats.code).toBe(0);
    const s = JSON.parse(stats.out);
    expect(structuredClone(s)).toMatchObject({ entries: 2, uses: 0 });
    expect(s.by_engine).toEqual([{ engine: s.current_engine, entries: 2, uses: 0 }]);
    expect(s.current_engine).toMatch(/^builtin@[0-9a-f]{16}$/);

    const exported = await parla(["admin", "library", "export"]);
    expect(exported.code).toBe(0);
    const lines = exported.out.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(structuredClone(lines[0])).toMatchObject({ key: expect.any(String), engine: s.current_engine, input: { source_lang: "en", target_lang: "es", level: 2 } });
    expect(lines[0].sets.map((x: { index: number }) => x.index)).toEqual([1, 2, 3, 4, 5]);

    expect(JSON.parse((await parla(["admin", "library", "purge", "--all", "--json"])).out)).toEqual({ purged: 2 });
    expect(JSON.parse((await parla(["admin", "library", "stats", "--json"])).out)).toMatchObject({ entries: 0 });

    const tampered = { ...lines[1], key: lines[0].key };
    const input = [JSON.stringify(lines[0]), JSON.stringify(tampered), "not json", JSON.stringify({ ...lines[0], sets: [] })].join("\n") + "\n";
    const imported = await parla(["admin", "library", "import", "--from", "-", "--json"], input);
    expect(imported.code).toBe(1);
    expect(JSON.parse(imported.out)).toEqual({
      imported: 2,
      present: 0,
      refused: [
        { line: 3, reason: "not JSON" },
        { line: 4, reason: "sets must be the plan's sets in order (index 1, 2, …)" },
      ],
    });
    // The key is made from the line's input, not taken from it: the tampered line kept its own key.
    const store = openStore(url);
    const keys = (await store.db.all<{ key: string }>(sql`SELECT key FROM plan_library ORDER BY key`)).map((r) => r.key);
    store.close();
    expect(keys.sort()).toEqual([lines[0].key, lines[1].key].sort());

    expect(JSON.parse((await parla(["admin", "library", "purge", "--stale", "--json"])).out)).toEqual({ purged: 0 });
    expect(JSON.parse((await parla(["admin", "library", "purge", "--key", lines[0].key, "--json"])).out)).toEqual({ purged: 1 });
    const both = await parla(["admin", "library", "purge", "--all", "--stale"]);
    expect(both.code).toBe(2);
    expect(both.err).toContain("exactly one");
  }, 60_000);
});
