// The plan job alone, in process (no HTTP, no billing): plans created with createPlan on an
// embedded store and run by the process's scheduler; the CPU this process spends per plan, beside
// the engine's own CPU for the same requests measured in the same run. A quick loop for work on
// the job's plumbing (scripts/bench/generation.ts is the end-to-end figure). Never fails on time.
//   bun scripts/bench/plan-job.ts [--plans 3000] [--rounds 3]
import { join } from "node:path";
import { compose } from "../../src/compose.ts";
import { loadConfig } from "../../src/config/config.ts";
import { systemClock } from "../../src/lib/clock.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { createUser } from "../../src/accounts/service.ts";
import { createPlan } from "../../src/generation/plans-service.ts";
import { migrate } from "../../src/store/migrate.ts";
import { openStore } from "../../src/store/open-store.ts";
import { tempDir } from "../../test/helpers/temp-dir.ts";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const plans = flag("plans", 3000);
const rounds = flag("rounds", 3);

const dir = tempDir("parla-bench-plan-job-");
const config = loadConfig({ PARLA_DATABASE_URL: `file:${join(dir.path, "parla.db")}`, PARLA_BASE_URL: "http://localhost", PARLA_LOG_LEVEL: "error" });
const store = openStore(config.databaseUrl);
await migrate(store.client);
const { deps } = await compose(config, store, createLogger("error", {}, () => {}), systemClock);
const user = await createUser(store.db, Date.now(), { email: "bench@example.com", password: null, plan: "paid" });
const accountId = user.accountId;
const owner = { accountId, userId: null, clientId: null };
const SCENES = ["A busy fish market at dawn", "Una estación de tren con mucha gente", "Un petit café près du port", "Ein Bauernhof mit Kühen", "Il castello medievale sulla collina", "Uma farmácia no centro da cidade"];
const PAIRS = [["en", "es"], ["en", "fr"], ["es", "de"], ["fr", "it"], ["de", "pt-BR"], ["it", "en"]] as const;
let serial = 0;
const input = () => {
  const i = serial++;
  const [source, target] = PAIRS[i % PAIRS.length]!;
  return { scene: `${SCENES[i % SCENES.length]} ${i}`, source_lang: source, target_lang: target, level: (i % 9) + 1 };
};
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const pending = async () => Number((await store.client.execute("SELECT count(*) AS n FROM jobs WHERE status IN ('queued', 'running')")).rows[0]!.n);

async function round(n: number): Promise<number> {
  const before = cpuMs();
  // 32 creations in flight, as concurrent requests would be (they share commits).
  let made = 0;
  await Promise.all(Array.from({ length: 32 }, async () => {
    while (made < n) {
      made++;
      await createPlan(deps, owner, input(), async () => null);
    }
  }));
  deps.scheduler.wake();
  while ((await pending()) > 0) await Bun.sleep(20);
  return (cpuMs() - before) / n;
}

async function engineOnly(n: number): Promise<number> {
  const before = cpuMs();
  for (let i = 0; i < n; i++) await Array.fromAsync(deps.engine.lessonPlan(input()));
  return (cpuMs() - before) / n;
}

deps.scheduler.start();
await round(500);
await engineOnly(500);
for (let r = 0; r < rounds; r++) {
  const job = await round(plans);
  const engine = await engineOnly(plans);
  console.log(`round ${r + 1}: ${job.toFixed(3)} ms CPU per plan (create + job), engine alone ${engine.toFixed(3)} ms: plumbing ${(job - engine).toFixed(3)} ms`);
}
await deps.scheduler.stop(1000);
store.close();
dir.cleanup();
