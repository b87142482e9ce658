// The types scripts/gen-client writes (openapi-typescript) from the served document make a client
// that does arithmetic on integer fields under tsc --strict, and that does not compile a
// POST /v1/events without its Idempotency-Key. (test/e2e/docs.e2e-test.ts runs a client against the binary.)
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { tempDir } from "../helpers/temp-dir.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const root = join(import.meta.dir, "../..");
const dir = tempDir();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await Bun.write(join(dir.path, "openapi.json"), await (await t.request("GET", "/v1/openapi.json")).text());
  const gen = Bun.spawnSync(["bash", join(root, "scripts/gen-client"), join(dir.path, "openapi.json"), join(dir.path, "parla-api.d.ts")], { stdout: "pipe", stderr: "pipe" });
  expect(gen.exitCode, gen.stderr.toString()).toBe(0);
});
afterAll(() => {
  t.cleanup();
  dir.cleanup();
});

const PRELUDE = `import type { paths } from "./parla-api";
type Plan = paths["/v1/lesson-plans"]["post"]["responses"]["202"]["content"]["application/json"];
type Reply = paths["/v1/tutor/message"]["post"]["responses"]["200"]["content"]["application/json"];
type EventCall = paths["/v1/events"]["post"]["parameters"];
type PlanBody = paths["/v1/lesson-plans"]["post"]["requestBody"]["content"]["application/json"];
declare function sendEvent(call: { header: EventCall["header"] }): void;
`;

function compile(name: string, source: string): { code: number; out: string } {
  const file = join(dir.path, `${name}.ts`);
  require("node:fs").writeFileSync(file, PRELUDE + source);
  const run = Bun.spawnSync([join(root, "node_modules/.bin/tsc"), "--strict", "--noEmit", "--target", "es2022", "--module", "esnext", "--moduleResolution", "bundler", file], { stdout: "pipe", stderr: "pipe" });
  return { code: run.exitCode, out: run.stdout.toString() + run.stderr.toString() };
}

test("arithmetic on integer fields compiles under --strict, and so does an event with its key", () => {
  const result = compile(
    "good",
    `declare const plan: Plan; declare const reply: Reply;
const next: number = plan.level + 1;
const ready: number = plan.sets_ready;
const left: number = reply.progress.steps - reply.progress.step + reply.turn;
const body: PlanBody = { topic: "food", source_lang: "en", target_lang: "es", level: 2, npc: { name: "Ana" } };
sendEvent({ header: { "Idempotency-Key": "quest-7-try-1" } });
export { next, ready, left, body };
`,
  );
  expect(result.out).toBe("");
  expect(result.code).toBe(0);
}, 120_000);

test("POST /v1/events without Idempotency-Key, or a string level, does not compile", () => {
  // One program with both mistakes (tsc reports every error; one run keeps the test short).
  const result = compile("mistakes", `sendEvent({ header: {} });\nconst body: PlanBody = { topic: "food", source_lang: "en", target_lang: "es", level: "2" };\nexport { body };\n`);
  expect(result.code).not.toBe(0);
  expect(result.out).toMatch(/mistakes\.ts\(7,[0-9]+\).*Idempotency-Key/s);
  expect(result.out).toMatch(/mistakes\.ts\(8,[0-9]+\).*'string' is not assignable to type 'number'/s);
}, 120_000);
