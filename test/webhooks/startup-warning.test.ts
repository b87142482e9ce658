// DESIGN §5: PARLA_WEBHOOK_ALLOW_NETWORKS and PARLA_WEBHOOK_CA_FILE are for tests and local
// development only, and start-up says so; without them it says nothing.
import { expect, test } from "bun:test";
import { join } from "node:path";
import { loadConfig } from "../../src/config/config.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { startServer } from "../../src/server.ts";
import { freePort } from "../e2e/binary-harness.ts";
import { tempDir } from "../helpers/temp-dir.ts";

async function startupLines(env: Record<string, string>): Promise<string[]> {
  const dir = tempDir();
  const lines: string[] = [];
  const port = await freePort();
  const server = await startServer(loadConfig({ PARLA_DATABASE_URL: `file:${join(dir.path, "w.db")}`, PARLA_HOST: "127.0.0.1", PARLA_PORT: String(port), ...env }), createLogger("info", {}, (l) => lines.push(l)));
  await server.stop();
  dir.cleanup();
  return lines;
}

test("start-up warns when the webhook guard is opened, and only then", async () => {
  const opened = await startupLines({ PARLA_WEBHOOK_ALLOW_NETWORKS: "127.0.0.0/8" });
  expect(opened.some((l) => l.includes('"webhooks.guard_opened"') && l.includes('"level":"warn"'))).toBe(true);
  const closed = await startupLines({});
  expect(closed.some((l) => l.includes("webhooks.guard_opened"))).toBe(false);
});
