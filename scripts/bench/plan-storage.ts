// Bytes of database per plan served from the plan library, in process: one plan generated (the
// library's entry), then N plans of the same request started with startPlanFor (as inbound events
// and the web app start them: paid in the plan's transaction, complete at once). Prints what the
// file grew by — page_count × page_size after a WAL checkpoint, before and after the N plans — per
// plan. Never fails on time or size; test/generation/plan-storage.test.ts holds the bar.
//   bun scripts/bench/plan-storage.ts [--plans 2000]
import { join } from "node:path";
import { createUser } from "../../src/accounts/service.ts";
import { sessionPayer } from "../../src/billing/payer.ts";
import { compose } from "../../src/compose.ts";
import { loadConfig } from "../../src/config/config.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { createPlan, startPlanFor } from "../../src/generation/plans-service.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore } from "../../src/store/open-store.ts";
import { tempDir } from "../../test/helpers/temp-dir.ts";

const args = process.argv.slice(2);
const plans = args.includes("--plans") ? Number(args[args.indexOf("--plans") + 1]) : 2000;

const dir = tempDir("parla-bench-plan-storage-");
const config = loadConfig({ PARLA_DATABASE_URL: `file:${join(dir.path, "parla.db")}`, PARLA_BASE_URL: "http://localhost", PARLA_LOG_LEVEL: "error" });
const store = openStore(config.databaseUrl);
await migrate(store.client);
const { deps } = await compose(config, store, createLogger("error", {}, () => {}), systemClock);
const user = await createUser(store.db, Date.now(), { email: "bench@example.com", password: null, plan: "paid" });
const owner = { accountId: user.accountId, userId: user.userId, clientId: null };
const request = { topic: "At the bakery", source_lang: "en", target_lang: "es", level: 2 };

async function bytes(): Promise<number> {
  await store.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  const count = Number((await store.client.execute("PRAGMA page_count")).rows[0]![0]);
  const size = Number((await store.client.execute("PRAGMA page_size")).rows[0]![0]);
  return count * size;
}

try {
  await createPlan(deps, owner, request, async () => null);
  deps.scheduler.wake();
  await deps.scheduler.drain();
  let served = 0;
  // A paid allowance holds 1,000 plans a month: a payer per 500 plans, made before measuring.
  const payers = [user];
  for (let i = 1; i < Math.ceil(plans / 500); i++) payers.push(await createUser(store.db, Date.now(), { email: `bench${i}@example.com`, password: null, plan: "paid" }));
  const before = await bytes();
  for (let i = 0; i < plans; i++) {
    const payer = payers[Math.floor(i / 500)]!;
    if ((await startPlanFor(deps, sessionPayer(payer.accountId), { accountId: payer.accountId, userId: payer.userId, clientId: null }, request)).fromLibrary) served++;
  }
  const grew = (await bytes()) - before;
  const answer = (await store.client.execute("SELECT length(CAST(answer AS BLOB)) AS n FROM lesson_plans WHERE answer IS NOT NULL LIMIT 1")).rows[0];
  console.log(`${served} of ${plans} plans served from the library; the file grew ${(grew / 1024 / 1024).toFixed(2)} MiB: ${Math.round(grew / plans)} bytes per plan (the entry's stored answer: ${answer ? Number(answer.n) : 0} bytes)`);
} finally {
  await deps.scheduler.stop(1000);
  store.close();
  dir.cleanup();
}
