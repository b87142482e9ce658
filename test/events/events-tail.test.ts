// `parla events tail`: an account's events as any process records them.
import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { tailEvents } from "../../src/events/events-tail.ts";
import { clientWithToken } from "../billing/fixtures.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { recordEvent } from "./fixtures.ts";

let t: TestApp;
afterEach(() => t?.cleanup());
const main = join(import.meta.dir, "../../src/main.ts");

describe("parla events tail", () => {
  test("prints the account's new events of the asked types, one JSON object a line, until stopped", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    const b = await clientWithToken(t);
    await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: "before" });
    const lines: string[] = [];
    const stop = new AbortController();
    let ready!: () => void;
    const following = new Promise<void>((resolve) => (ready = resolve));
    const tail = tailEvents({ db: t.deps.store.db, clock: t.clock, log: t.deps.log, accountId: a.accountId, types: ["lesson_plan.failed"], json: true, write: (l) => lines.push(l), stop: stop.signal, pollMs: 10, onReady: ready });
    await following;
    await recordEvent(t, a.accountId, "lesson_plan.ready", { plan_id: "r", status: "complete" });
    await recordEvent(t, b.accountId, "lesson_plan.failed", { plan_id: "other account" });
    await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: "after" });
    for (let i = 0; lines.length < 1 && i < 200; i++) await Bun.sleep(10);
    stop.abort();
    await tail;
    expect(lines.map((l) => JSON.parse(l).data.plan_id)).toEqual(["after"]);
    expect(JSON.parse(lines[0]!)).toMatchObject({ type: "lesson_plan.failed", account_id: a.accountId, id: expect.stringMatching(/^parla_evt_/) });
  });

  test("the command follows another process's events; unknown types are refused", async () => {
    t = await createTestApp();
    const a = await clientWithToken(t);
    const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PARLA_DATABASE_URL: t.deps.config.databaseUrl, PARLA_LOG_LEVEL: "silent" };
    const bad = Bun.spawn(["bun", main, "events", "tail", "--account", a.accountId, "--types", "nope"], { env, stdout: "pipe", stderr: "pipe" });
    expect(await bad.exited).toBe(2);
    expect(await new Response(bad.stderr).text()).toContain("unknown event type");

    const proc = Bun.spawn(["bun", main, "events", "tail", "--account", a.accountId, "--json"], { env, stdout: "pipe", stderr: "pipe" });
    const reader = proc.stdout.getReader();
    let out = "";
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        out += new TextDecoder().decode(value);
      }
    })();
    // The command starts from now: record until one line shows (start-up takes a moment).
    for (let i = 0; !out.includes("\n") && i < 100; i++) {
      await recordEvent(t, a.accountId, "lesson_plan.failed", { plan_id: `p${i}` });
      await Bun.sleep(100);
    }
    proc.kill("SIGINT");
    expect(await proc.exited).toBe(0);
    await reading;
    const first = JSON.parse(out.split("\n")[0]!);
    expect(first.type).toBe("lesson_plan.failed");
    expect(first.account_id).toBe(a.accountId);
  }, 30_000);
});
