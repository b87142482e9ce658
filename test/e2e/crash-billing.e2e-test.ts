// SIGKILL during a burst of paid work (spec 5.6; README "Billing"): the built binary is killed while
// lesson plans, tutor turns and vocabulary lists are being made and paid for, on both store drivers
// (the embedded file and a libSQL server). After a restart on the same store: every answered call's
// work is there (nothing acknowledged lost), the credits spent equal the work stored — per
// operation and in the budget's total — and the plans that were generating complete within 15 s.
import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openStore, type Store } from "../../src/store/open-store.ts";
import { SQLD_STREAM_IDLE_MS, startHranaTestServer } from "../helpers/hrana-test-server.ts";
import type { StoreDriver } from "../helpers/store-drivers.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { runCli, startBinary, type RunningBinary } from "./binary-harness.ts";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Rounds of one plan, one tutor turn and one list: at least this many before the kill, at most the other. */
const MIN_ROUNDS = 10;
const MAX_ROUNDS = 200;

async function clientToken(dir: string, env: Record<string, string>, url: string): Promise<{ token: string; accountId: string }> {
  const cli = (args: string[]) => runCli(args, { cwd: dir, env });
  const user = await cli(["admin", "user", "create", "--email", "crash@example.com", "--password", "correct horse battery staple", "--json"]);
  expect(user.code).toBe(0);
  const { account_id } = JSON.parse(user.stdout) as { account_id: string };
  expect((await cli(["admin", "account", "set-plan", "--account", account_id, "--plan", "paid"])).code).toBe(0);
  const client = await cli(["admin", "client", "create", "--account", account_id, "--name", "Game", "--scopes", "lesson_plans:write lesson_plans:read tutor:converse vocab:generate events:write", "--billing", "allowance", "--json"]);
  expect(client.code).toBe(0);
  const { client_id, client_secret } = JSON.parse(client.stdout) as { client_id: string; client_secret: string };
  const res = await fetch(`${url}/oauth/token`, {
    method: "POST",
    headers: { authorization: "Basic " + btoa(`${encodeURIComponent(client_id)}:${encodeURIComponent(client_secret)}`), "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  expect(res.status).toBe(200);
  return { token: ((await res.json()) as { access_token: string }).access_token, accountId: account_id };
}

type Answered = { kind: "plan"; id: string } | { kind: "turn"; conversationId: string } | { kind: "list" } | { kind: "lost" } | { kind: "refused"; status: number };

/** One paid call of each kind, answered or cut off by the kill. */
function burst(url: string, token: string, i: number): Promise<Answered>[] {
  const post = (path: string, body: unknown) => fetch(`${url}${path}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  const lost = () => ({ kind: "lost" }) as const;
  const plan = post("/v1/lesson-plans", { topic: `market day ${i}`, source_lang: "en", target_lang: "es", level: (i % 9) + 1 }).then(async (r): Promise<Answered> => (r.status === 202 ? { kind: "plan", id: ((await r.json()) as { id: string }).id } : { kind: "refused", status: r.status }), lost);
  const turn = post("/v1/tutor/message", { message: `Hola, quiero pan ${i}`, source_lang: "en", target_lang: "es", level: 3 }).then(
    async (r): Promise<Answered> => (r.status === 200 ? { kind: "turn", conversationId: ((await r.json()) as { conversation_id: string }).conversation_id } : { kind: "refused", status: r.status }),
    lost,
  );
  // A list is answered once its stream starts: its record is the call's usage row.
  const list = post("/v1/vocab/stream", { source_lang: "en", target_lang: "es", level: 3, topic: "food", count: 10 }).then((r): Answered => (r.status === 200 ? { kind: "list" } : { kind: "refused", status: r.status }), lost);
  // An inbound event that asks for a plan (spec 4.3.9): its plan and its answer commit together.
  const event = fetch(`${url}/v1/events`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": `crash-${i}` },
    body: JSON.stringify({ type: "world.practice_requested", data: { topic: `harbour day ${i}`, source_lang: "en", target_lang: "es", level: (i % 9) + 1 } }),
  }).then(async (r): Promise<Answered> => {
    const answer = (await r.json()) as { reaction: string; plan_id?: string };
    return r.status === 202 && answer.plan_id ? { kind: "plan", id: answer.plan_id } : { kind: "refused", status: r.status };
  }, lost);
  return [plan, turn, list, event];
}

async function rows<T>(store: Store, sql: string, args: (string | number)[] = []): Promise<T[]> {
  return (await store.client.execute({ sql, args })).rows as unknown as T[];
}

// The two store drivers; the libSQL server expires a killed client's idle stream as sqld does.
const DRIVERS: StoreDriver[] = [
  { name: "embedded", open: (dir) => ({ url: `file:${join(dir, "p.db")}`, stop: () => {} }) },
  {
    name: "remote (Hrana test server)",
    open: (dir) => {
      const server = startHranaTestServer(join(dir, "remote.db"), { streamIdleMs: SQLD_STREAM_IDLE_MS });
      return { url: server.url, stop: () => server.stop() };
    },
  },
];

for (const driver of DRIVERS) {
  describe(`SIGKILL during a burst of paid work, ${driver.name}`, () => {
    test("credits equal the work stored, nothing answered is lost, and generating plans complete within 15 s of the restart", async () => {
      const dir = tempDir("parla-crash-");
      cleanups.push(() => dir.cleanup());
      const db = driver.open(dir.path);
      cleanups.push(() => db.stop());
      const env = { PARLA_DATABASE_URL: db.url, PARLA_SECRET_KEY: "crash-test-key-0123456789abcdefghijklmnopqrstu", PARLA_LOG_LEVEL: "warn" };
      let parla: RunningBinary = await startBinary(env, { dir: dir.path });
      cleanups.push(() => parla.stop("SIGKILL"));
      const { token, accountId } = await clientToken(dir.path, parla.env, parla.url);

      // Paid calls keep coming, a few at a time, until the kill: it lands while plans are being
      // generated and calls are being answered, once some of each kind were answered.
      const store = openStore(db.url);
      cleanups.push(() => store.close());
      const calls: Promise<Answered>[] = [];
      let killed = false;
      const sender = (async () => {
        for (let i = 0; !killed && i < MAX_ROUNDS; i++) {
          const round = burst(parla.url, token, i);
          calls.push(...round);
          await Promise.race([Promise.all(round), Bun.sleep(20)]);
        }
      })();
      const deadline = performance.now() + 30_000;
      for (;;) {
        const done = calls.length >= 4 * MIN_ROUNDS;
        const [left] = done ? await rows<{ n: number }>(store, "SELECT count(*) AS n FROM lesson_plans WHERE status != 'complete'") : [{ n: 0 }];
        if ((done && Number(left!.n) > 0) || performance.now() > deadline) break;
        await Bun.sleep(5);
      }
      await parla.stop("SIGKILL");
      killed = true;
      await sender;
      const outcomes = await Promise.all(calls);
      expect(outcomes.filter((o) => o.kind === "refused")).toEqual([]);

      const plans = await rows<{ id: string; status: string }>(store, "SELECT id, status FROM lesson_plans");
      const turns = await rows<{ conversation_id: string }>(store, "SELECT conversation_id FROM conversation_turns");
      // Nothing answered is lost.
      const planIds = new Set(plans.map((p) => p.id));
      for (const o of outcomes) if (o.kind === "plan") expect(planIds.has(o.id)).toBe(true);
      const conversations = new Set(turns.map((t) => t.conversation_id));
      for (const o of outcomes) if (o.kind === "turn") expect(conversations.has(o.conversationId)).toBe(true);
      // Every plan an inbound event started is known by its event, whatever the kill cut off
      // (spec 2.7: the same key is answered with the plan, never told it failed).
      const orphans = await rows<{ id: string }>(store, "SELECT id FROM lesson_plans p WHERE p.input LIKE '%harbour day%' AND NOT EXISTS (SELECT 1 FROM inbound_events e WHERE e.plan_id = p.id)");
      expect(orphans).toEqual([]);
      expect(plans.length).toBeGreaterThan(0);
      // The kill must have caught work in progress, or the test proves little.
      expect(plans.some((p) => p.status !== "complete")).toBe(true);

      // Credits equal the work stored, by operation and in the allowance's total.
      const usage = new Map(
        (await rows<{ operation: string; calls: number; credits: number }>(store, "SELECT operation, sum(calls) AS calls, sum(credits) AS credits FROM usage_daily WHERE account_id = ? GROUP BY operation", [accountId])).map((r) => [r.operation, { calls: Number(r.calls), credits: Number(r.credits) }]),
      );
      expect(usage.get("lesson_plan.create")?.credits ?? 0).toBe(10 * plans.length);
      expect(usage.get("tutor.turn")?.credits ?? 0).toBe(turns.length);
      const lists = usage.get("vocab.generate") ?? { calls: 0, credits: 0 };
      expect(lists.credits).toBe(3 * lists.calls);
      expect(lists.calls).toBeGreaterThanOrEqual(outcomes.filter((o) => o.kind === "list").length);
      const [total] = await rows<{ credits: number }>(store, "SELECT credits FROM spend_totals WHERE holder = ?", [`account:${accountId}:allowance`]);
      expect(Number(total?.credits ?? 0)).toBe(10 * plans.length + turns.length + lists.credits);
      const [monthly] = await rows<{ credits: number }>(store, "SELECT sum(credits) AS credits FROM usage_monthly WHERE account_id = ?", [accountId]);
      expect(Number(monthly?.credits ?? 0)).toBe(Number(total?.credits ?? 0));

      // The restart: plans that were generating complete within 15 s, each once.
      parla = await startBinary(env, { dir: dir.path });
      const restartedAt = performance.now();
      for (;;) {
        const [left] = await rows<{ n: number }>(store, "SELECT count(*) AS n FROM lesson_plans WHERE status != 'complete'");
        if (Number(left!.n) === 0) break;
        expect(performance.now() - restartedAt).toBeLessThan(15_000);
        await Bun.sleep(50);
      }
      const sets = await rows<{ n: number }>(store, "SELECT count(*) AS n FROM plan_sets GROUP BY plan_id");
      expect(sets).toHaveLength(plans.length);
      for (const s of sets) expect(Number(s.n)).toBe(5);
      // Finishing the plans spent nothing more.
      const [after] = await rows<{ credits: number }>(store, "SELECT credits FROM spend_totals WHERE holder = ?", [`account:${accountId}:allowance`]);
      expect(Number(after!.credits)).toBe(Number(total!.credits));
    }, 120_000);
  });
}
