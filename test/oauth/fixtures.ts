// Accounts and clients for OAuth tests, made through the services the admin CLI uses.
import { createUser } from "../../src/accounts/service.ts";
import { createClient } from "../../src/clients/service.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { SCOPES } from "../../src/lib/scopes.ts";

export async function ownerWithClient(t: TestApp, opts: { scopes?: string[]; billing?: "allowance" | "metered"; type?: "public" | "confidential"; redirectUris?: string[]; email?: string } = {}) {
  const user = await createUser(t.deps.store.db, t.clock.now(), { email: opts.email ?? `owner${Math.random().toString(36).slice(2, 8)}@example.com`, password: "correct horse battery staple" });
  const client = await createClient(t.deps.store.db, t.clock.now(), {
    accountId: user.accountId,
    name: "Test game",
    type: opts.type ?? "confidential",
    scopes: opts.scopes ?? [...SCOPES],
    billingMode: opts.billing ?? "allowance",
    redirectUris: opts.redirectUris ?? ["https://game.example.com/callback", "http://127.0.0.1/callback"],
  });
  return { userId: user.userId, accountId: user.accountId, client: client.client, secret: client.secret };
}

export function basic(id: string, secret: string): string {
  return "Basic " + Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64");
}

export async function exchange(t: TestApp, form: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await t.request("POST", "/oauth/token", { form, headers });
  return { status: res.status, body: (await res.json()) as Record<string, any>, headers: res.headers };
}
