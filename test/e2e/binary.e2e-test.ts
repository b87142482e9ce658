// The built binary, from the outside: start-up from an empty directory, health, CLI rules, clear
// failures on bad input, maintenance mode across processes, graceful shutdown.
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, chownSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { builtinBackedModel } from "../generation/llm/builtin-backed-model.ts";
import { startOpenAiTestServer } from "../helpers/openai-test-server.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { runCli, startBinary, type RunningBinary } from "./binary-harness.ts";

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));
function scratch(): string {
  const d = tempDir("parla-e2e-");
  cleanups.push(d.cleanup);
  return d.path;
}

describe("the parla binary", () => {
  test("starts from an empty directory and is healthy and ready", async () => {
    const parla = await startBinary();
    try {
      expect((await fetch(`${parla.url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${parla.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ ready: true, store: "embedded" });
      const missing = await fetch(`${parla.url}/v1/nothing`);
      expect(missing.status).toBe(404);
      expect((await missing.json()).code).toBe("not_found");
    } finally {
      expect(await parla.stop()).toBe(0);
    }
  });

  test("version --json prints one JSON object", async () => {
    const r = await runCli(["version", "--json"], { cwd: scratch() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ api_version: "2026-10-affable-towhee" });
  });

  test("unknown commands and flags exit 2 with a clear message; --help works", async () => {
    const cwd = scratch();
    const unknown = await runCli(["frobnicate"], { cwd });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
    const badFlag = await runCli(["migrate", "--colour"], { cwd });
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toContain("unknown flag --colour");
    const help = await runCli(["admin", "maintenance", "--help"], { cwd });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--retry-after");
  });

  // The LLM engine and the openai package are imported only when configured: the compiled binary
  // must still carry them and load them then.
  test("with PARLA_ENGINE=openai the binary answers through the model server", async () => {
    const model = startOpenAiTestServer();
    model.setDefault(builtinBackedModel(createBuiltinEngine()));
    try {
      const env = { PARLA_ENGINE: "openai", PARLA_LLM_BASE_URL: model.url, PARLA_LLM_MODEL: "e2e-model", PARLA_LLM_MAX_RETRIES: "0" };
      const r = await runCli(["engine", "vocab", "--from", "en", "--to", "es", "--level", "2", "--count", "3", "--json"], { cwd: scratch(), env });
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).items).toHaveLength(3);
      expect(model.requests.length).toBeGreaterThan(0);
      expect(model.requests[0]!.body.model).toBe("e2e-model");
    } finally {
      model.close();
    }
  });

  test("an unknown config value gives one clear message and a non-zero exit", async () => {
    const r = await runCli(["serve"], { cwd: scratch(), env: { PARLA_PORT: "http", PARLA_ENGINE: "magic" } });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("PARLA_PORT");
    expect(r.stderr).toContain("PARLA_ENGINE");
    expect(r.stderr).not.toContain("    at ");
  });

  test("a port in use gives one clear line", async () => {
    const blocker = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    try {
      const r = await runCli(["serve"], { cwd: scratch(), env: { PARLA_HOST: "127.0.0.1", PARLA_PORT: String(blocker.port) } });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain("already in use");
    } finally {
      blocker.stop(true);
    }
  });

  test("a corrupt database file gives one clear line", async () => {
    const cwd = scratch();
    mkdirSync(join(cwd, "parla-data"));
    writeFileSync(join(cwd, "parla-data/parla.db"), "this is not a database at all, just text ".repeat(200));
    const r = await runCli(["serve"], { cwd });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("not a valid Parla database");
  });

  test("a read-only database file gives one clear line", async () => {
    const cwd = scratch();
    const first = await runCli(["migrate"], { cwd });
    expect(first.code).toBe(0);
    chmodSync(join(cwd, "parla-data/parla.db"), 0o444);
    chmodSync(join(cwd, "parla-data"), 0o555);
    // root ignores file modes, so run the binary as an unprivileged user when we are root.
    const asUser = process.getuid?.() === 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"] : [];
    if (asUser.length) chownSync(cwd, 0, 0);
    chmodSync(cwd, 0o755);
    const proc = Bun.spawn([...asUser, (await import("./binary-harness.ts")).BINARY, "serve"], { cwd, env: { PATH: process.env.PATH ?? "", PARLA_PORT: "0" }, stderr: "pipe", stdout: "pipe" });
    const timer = setTimeout(() => proc.kill(), 10_000);
    const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
    clearTimeout(timer);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/read-only|cannot be opened/);
  });

  test("maintenance mode set by the CLI is seen by the running server within seconds", async () => {
    const parla: RunningBinary = await startBinary();
    try {
      const on = await parla.cli(["admin", "maintenance", "on", "--retry-after", "42", "--json"]);
      expect(JSON.parse(on.stdout)).toEqual({ maintenance: true, retry_after: 42 });
      let res: Response | null = null;
      for (let i = 0; i < 50; i++) {
        res = await fetch(`${parla.url}/v1/usage`);
        if (res.status === 503) break;
        await Bun.sleep(100);
      }
      expect(res!.status).toBe(503);
      expect(res!.headers.get("retry-after")).toBe("42");
      expect(res!.headers.get("content-type")).toStartWith("text/plain");
      expect((await fetch(`${parla.url}/healthz`)).status).toBe(200);
      await parla.cli(["admin", "maintenance", "off"]);
      for (let i = 0; i < 50; i++) {
        res = await fetch(`${parla.url}/v1/usage`);
        if (res.status !== 503) break;
        await Bun.sleep(100);
      }
      expect(res!.status).not.toBe(503);
    } finally {
      await parla.stop();
    }
  });

  test("SIGTERM shuts down gracefully with exit code 0", async () => {
    const parla = await startBinary();
    const code = await parla.stop("SIGTERM");
    expect(code).toBe(0);
    expect(parla.output()).toContain("server.stopped");
  });
});
