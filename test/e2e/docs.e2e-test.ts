// The documentation in a real browser against the binary: /docs renders the guides, the API
// reference and the events reference with no request leaving the machine, and a typed client
// generated from /v1/openapi.json compiles and runs against the same binary, so the document and
// the server cannot drift apart.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { tempDir } from "../helpers/temp-dir.ts";
import { startBinary, type RunningBinary } from "./binary-harness.ts";
import { artifactPath, launchChromium, newPage } from "./browser-harness.ts";

let parla: RunningBinary;
let browser: Browser;

beforeAll(async () => {
  [parla, browser] = await Promise.all([startBinary(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await parla?.stop();
});

describe("/docs", () => {
  test("renders offline: guides, every operation of the OpenAPI document, every event type; nothing fetched from elsewhere", async () => {
    const { context, page, pageErrors } = await newPage(browser, parla.url);
    const origins = new Set<string>();
    page.on("request", (request) => void origins.add(new URL(request.url()).origin));
    const response = await page.goto("/docs");
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1").innerText()).resolves.toBe("Parla API documentation");
    await expect(page.locator("#guides h3").first().innerText()).resolves.toContain("client credentials");
    const openapi = (await (await fetch(`${parla.url}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(openapi.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(await page.locator('section[id^="op-"]').count()).toBe(operations);
    expect(await page.locator('section[id^="event-"]').count()).toBeGreaterThanOrEqual(8);
    await page.screenshot({ path: artifactPath("docs.png"), fullPage: false });
    expect([...origins]).toEqual([new URL(parla.url).origin]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("/docs examples", () => {
  test("every operation shows a curl command and an example recorded from a real call; a copy button puts the block's text on the clipboard", async () => {
    const { context, page, pageErrors } = await newPage(browser, parla.url);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: parla.url });
    await page.goto("/docs");
    const openapi = (await (await fetch(`${parla.url}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string; requestBody?: unknown }>> };
    const missing: string[] = [];
    for (const [path, item] of Object.entries(openapi.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const section = page.locator(`section#op-${op.operationId}`);
        const curl = (await section.locator(`[id="op-${op.operationId}-curl"]`).textContent()) ?? "";
        if (!curl.startsWith(`curl -X ${method.toUpperCase()} '${parla.url}${path}'`)) missing.push(`${method} ${path}: curl`);
        if ((await section.locator('[id*="-example-"]').count()) === 0) missing.push(`${method} ${path}: no example`);
        if (op.requestBody && (await section.locator(`[id="op-${op.operationId}-example-request"]`).count()) !== 1) missing.push(`${method} ${path}: no request example`);
      }
    }
    expect(missing).toEqual([]);
    // The first answer of each operation is open, so the example is visible without a click.
    await expect(page.locator("#op-post_lesson_plans-example-202").isVisible()).resolves.toBe(true);
    for (const id of ["op-post_lesson_plans-example-request", "op-post_lesson_plans-curl", "op-post_lesson_plans-example-202"]) {
      const button = page.locator(`button[data-copy="${id}"]`);
      await button.click();
      await page.locator(`button[data-copy="${id}"]`, { hasText: "Copied" }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(((await page.locator(`[id="${id}"]`).textContent()) ?? "").trim());
    }
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toMatchObject({ id: "lp_example_1", status: "generating" });
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe("a typed client from /v1/openapi.json", () => {
  test("scripts/gen-client writes the types; a program compiled against them under --strict (integer arithmetic, Idempotency-Key required) runs against the binary", async () => {
    const dir = tempDir();
    try {
      const root = join(import.meta.dir, "../..");
      const types = join(dir.path, "parla-api.d.ts");
      const gen = Bun.spawnSync(["bash", join(root, "scripts/gen-client"), `${parla.url}/v1/openapi.json`, types], { stdout: "pipe", stderr: "pipe" });
      expect(gen.stderr.toString()).not.toContain("rror");
      expect(gen.exitCode).toBe(0);
      const program = join(dir.path, "program.ts");
      // Integer fields take arithmetic, and an event without its Idempotency-Key does not compile
      // (the @ts-expect-error line would be an error of its own if it did).
      await Bun.write(
        program,
        `import type { paths } from "./parla-api.d.ts";
type Versions = paths["/v1/versions"]["get"]["responses"][200]["content"]["application/json"];
type OneVersion = paths["/v1/versions/{id}"]["get"]["responses"][200]["content"]["application/json"];
type TokenAnswer = paths["/oauth/token"]["post"]["responses"][200]["content"]["application/json"];
type PlanBody = paths["/v1/lesson-plans"]["post"]["requestBody"]["content"]["application/json"];
type Plan = paths["/v1/lesson-plans"]["post"]["responses"][202]["content"]["application/json"];
type EventHeaders = paths["/v1/events"]["post"]["parameters"]["header"];
type EventBody = paths["/v1/events"]["post"]["requestBody"]["content"]["application/json"];
type EventAnswer = paths["/v1/events"]["post"]["responses"][202]["content"]["application/json"];
const [base, clientId, secret] = process.argv.slice(2) as [string, string, string];
const list: Versions = await (await fetch(base + "/v1/versions")).json();
const first: OneVersion = list.items[0]!;
const again: OneVersion = await (await fetch(base + "/v1/versions/" + encodeURIComponent(first.id))).json();
if (again.id !== first.id || again.status !== first.status) throw new Error("the document and the server disagree");
const token: TokenAnswer = await (await fetch(base + "/oauth/token", { method: "POST", headers: { authorization: "Basic " + btoa(clientId + ":" + secret), "content-type": "application/x-www-form-urlencoded" }, body: "grant_type=client_credentials" })).json();
const auth = { authorization: "Bearer " + token.access_token };
const body: PlanBody = { topic: "ordering food in a restaurant", source_lang: "en", target_lang: "es", level: 2 };
const plan: Plan = await (await fetch(base + "/v1/lesson-plans", { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(body) })).json();
const nextLevel: number = plan.level + 1;
const setsToCome: number = 5 - plan.sets_ready;
async function sendEvent(headers: EventHeaders, event: EventBody): Promise<EventAnswer> {
  const r = await fetch(base + "/v1/events", { method: "POST", headers: { ...auth, ...headers, "content-type": "application/json" }, body: JSON.stringify(event) });
  if (r.status !== 202) throw new Error("POST /v1/events answered " + r.status + " " + (await r.text()));
  return r.json();
}
const event: EventBody = { type: "world.context_changed", data: { scene: "a harbour at dawn", source_lang: "en", target_lang: "es", level: 2 } };
// @ts-expect-error: POST /v1/events needs its Idempotency-Key
export const forgotten = () => sendEvent({}, event);
const answer = await sendEvent({ "Idempotency-Key": "typed-client-1" }, event);
console.log(JSON.stringify({ id: again.id, status: again.status, nextLevel, setsToCome, expiresIn: token.expires_in * 1, reaction: answer.reaction }));
`,
      );
      await Bun.write(join(dir.path, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "ESNext", target: "ESNext", moduleResolution: "bundler", types: ["bun"], typeRoots: [join(root, "node_modules/@types")], noUncheckedIndexedAccess: true, allowImportingTsExtensions: true }, files: ["program.ts"] }));
      const tsc = Bun.spawnSync([join(root, "node_modules/.bin/tsc"), "-p", join(dir.path, "tsconfig.json")], { stdout: "pipe", stderr: "pipe", env: { ...process.env, NODE_PATH: join(root, "node_modules") }, cwd: root });
      expect(tsc.stdout.toString() + tsc.stderr.toString()).toBe("");
      const user = JSON.parse((await parla.cli(["admin", "user", "create", "--email", "typed@example.com", "--password", "correct horse battery staple", "--json"])).stdout);
      const client = JSON.parse((await parla.cli(["admin", "client", "create", "--account", user.account_id, "--name", "Typed", "--billing", "allowance", "--scopes", "events:write lesson_plans:write", "--json"])).stdout);
      const run = Bun.spawnSync(["bun", program, parla.url, client.client_id, client.client_secret], { stdout: "pipe", stderr: "pipe" });
      expect(run.stderr.toString()).toBe("");
      expect(JSON.parse(run.stdout.toString())).toMatchObject({ status: "current", nextLevel: 3, expiresIn: 3600, reaction: expect.any(String) });
    } finally {
      dir.cleanup();
    }
  }, 60_000);
});
