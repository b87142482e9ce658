// `parla admin webhook …` (DESIGN §5) run as the operator would: real processes, a real HTTPS receiver.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { startHttpsReceiver } from "../helpers/https-receiver.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { webhookFor } from "./verify.ts";

const main = join(import.meta.dir, "../../src/main.ts");
const receiver = startHttpsReceiver();
let dir: ReturnType<typeof tempDir>;
let env: Record<string, string>;

beforeAll(() => {
  dir = tempDir();
  env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PARLA_DATABASE_URL: `file:${join(dir.path, "cli.db")}`, PARLA_LOG_LEVEL: "silent", PARLA_WEBHOOK_ALLOW_NETWORKS: "127.0.0.0/8", PARLA_WEBHOOK_CA_FILE: receiver.caFile };
});
afterAll(() => {
  receiver.cleanup();
  dir.cleanup();
});

async function parla(...args: string[]): Promise<{ code: number; json: Record<string, any>; err: string }> {
  const proc = Bun.spawn(["bun", main, ...args, "--json"], { env, stdout: "pipe", stderr: "pipe" });
  const out = await new Response(proc.stdout).text();
  const code = await proc.exited;
  return { code, json: out.trim() ? JSON.parse(out) : {}, err: await new Response(proc.stderr).text() };
}

test("create, list, rotate, test, deliveries, redeliver, enable, delete — each with --json", async () => {
  const user = await parla("admin", "user", "create", "--email", "ops@example.com", "--password", "correct horse battery");
  const client = await parla("admin", "client", "create", "--account", user.json.account_id, "--name", "Game", "--scopes", "events:read lesson_plans:read", "--billing", "allowance");
  const url = `https://127.0.0.1:${receiver.port}/hook`;
  const refused = await parla("admin", "webhook", "create", "--client", client.json.client_id, "--url", url, "--events", "webhook.test");
  expect(refused.code).not.toBe(0);
  expect(refused.json.code).toBe("invalid_request");
  const made = await parla("admin", "webhook", "create", "--client", client.json.client_id, "--url", url, "--events", "lesson_plan.ready lesson_plan.failed");
  expect(made.code).toBe(0);
  expect(made.json).toEqual({ endpoint_id: expect.stringMatching(/^whe_/), secret: expect.stringMatching(/^parla_whsec_/), secret_id: expect.stringMatching(/^whs_/) });
  const endpoint = made.json.endpoint_id;
  const list = await parla("admin", "webhook", "list", "--client", client.json.client_id);
  expect(list.json.items).toMatchObject([{ endpoint_id: endpoint, url, events: ["lesson_plan.ready", "lesson_plan.failed"], state: "enabled" }]);
  const second = await parla("admin", "webhook", "secret", "create", "--endpoint", endpoint);
  expect(second.json.secret).toStartWith("parla_whsec_");
  expect((await parla("admin", "webhook", "secret", "create", "--endpoint", endpoint)).code).not.toBe(0);
  expect((await parla("admin", "webhook", "secret", "revoke", "--endpoint", endpoint, "--secret", made.json.secret_id)).code).toBe(0);
  expect((await parla("admin", "webhook", "secret", "revoke", "--endpoint", endpoint, "--secret", second.json.secret_id)).code).not.toBe(0);
  const sent = await parla("admin", "webhook", "test", "--endpoint", endpoint);
  expect(sent.json.delivery_id).toStartWith("whd_");
  expect(receiver.received).toHaveLength(1);
  webhookFor(second.json.secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers);
  const deliveries = await parla("admin", "webhook", "deliveries", "--endpoint", endpoint);
  expect(deliveries.json.items).toMatchObject([{ delivery_id: sent.json.delivery_id, type: "webhook.test", state: "succeeded", attempts: [{ status: 200, error: null }] }]);
  expect(deliveries.json.items[0].event_id).toStartWith("parla_evt_");
  const again = await parla("admin", "webhook", "redeliver", "--delivery", sent.json.delivery_id);
  expect(again.code).toBe(0);
  expect(receiver.received[1]!.headers["webhook-id"]).toBe(receiver.received[0]!.headers["webhook-id"]);
  expect((await parla("admin", "webhook", "enable", "--endpoint", endpoint)).json).toEqual({ endpoint_id: endpoint, state: "enabled" });
  expect((await parla("admin", "webhook", "delete", "--endpoint", endpoint)).code).toBe(0);
  expect((await parla("admin", "webhook", "list", "--client", client.json.client_id)).json.items).toEqual([]);
  expect((await parla("admin", "webhook", "delete", "--endpoint", endpoint)).json.code).toBe("not_found");
}, 60_000);
