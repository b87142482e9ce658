// Spec 6.6 against the built binary: scripts/examples/game-without-server.ts, given only a client's
// id and secret, sends an event that asks for a plan, reads the event stream until that plan's
// lesson_plan.ready arrives, and reads the plan.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { startBinary, type RunningBinary } from "./binary-harness.ts";

let parla: RunningBinary;
beforeAll(async () => {
  parla = await startBinary();
});
afterAll(async () => {
  await parla?.stop();
});

test("the game without a server gets its plan through the stream, with nothing but a client id and secret", async () => {
  const user = JSON.parse((await parla.cli(["admin", "user", "create", "--email", "dev@example.com", "--password", "correct horse battery staple", "--json"])).stdout);
  const created = await parla.cli(["admin", "client", "create", "--account", user.account_id, "--name", "My game", "--billing", "allowance", "--scopes", "events:write events:read lesson_plans:write lesson_plans:read", "--json"]);
  expect(created.code).toBe(0);
  const client = JSON.parse(created.stdout);
  const run = Bun.spawn(["bun", join(import.meta.dir, "../../scripts/examples/game-without-server.ts")], {
    env: { PATH: process.env.PATH ?? "", PARLA_URL: parla.url, PARLA_CLIENT_ID: client.client_id, PARLA_CLIENT_SECRET: client.client_secret },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
  expect(stderr).toBe("");
  expect(code).toBe(0);
  const result = JSON.parse(stdout.trim());
  expect(result.reaction).toBe("started");
  expect(result.plan_id).toStartWith("lp_");
  expect(["partial", "complete"]).toContain(result.status);
  expect(result.sets[0]).toBe("overview");
}, 60_000);
