// Billing test fixtures: owners with allowance or metered clients and their real tokens (from
// /oauth/token), a player's token from an authorization code, probe routes that charge, and a
// snapshot of every ledger table to prove that a refused call wrote nothing.
import { asc } from "drizzle-orm";
import { t as schema } from "elysia";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { getUserByEmail } from "../../src/accounts/service.ts";
import { setPlan } from "../../src/billing/plans.ts";
import type { Operation } from "../../src/billing/credits.ts";
import type { OperationUsageBody } from "../../src/billing/model.ts";
import { setMeteredActive } from "../../src/billing/metered-settings.ts";
import { spendTotals, usageDaily, usageMonthly } from "../../src/billing/schema.ts";
import { spentSoFar } from "../../src/billing/service.ts";
import type { Config } from "../../src/config/config.ts";
import { SCOPES, type Scope } from "../../src/lib/scopes.ts";
import { csrfFrom, WebUser } from "../helpers/browser-less.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { basic, exchange, ownerWithClient } from "../oauth/fixtures.ts";

/** The scope each operation's route needs (spec 4.2, 5.5): the probes ask the same. */
export const OPERATION_SCOPES: Record<Exclude<Operation, "webhook.delivery">, Scope> = {
  "vocab.generate": "vocab:generate",
  "lesson_plan.create": "lesson_plans:write",
  "tutor.turn": "tutor:converse",
  "lesson_plan.read": "lesson_plans:read",
  "lesson_plan.stream": "lesson_plans:read",
  "events.send": "events:write",
  "events.feed": "events:read",
  "events.stream": "events:read",
  "usage.read": "usage:read",
};

/**
 * An app with probe routes registered before its first request (routes added later are not seen),
 * each passing the /v1 doorway with its operation's own scope:
 * - POST /v1/probe/charge/:operation — validates a body and charges the operation;
 * - POST /v1/probe/fail/:operation — charges, then the "engine" fails on the service's side.
 */
export async function billingApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const t = await createTestApp(overrides);
  const body = schema.Object({ level: schema.Integer({ minimum: 1, maximum: 9 }) });
  const probes = t.deps.v1.plugin("probes");
  for (const [operation, scope] of Object.entries(OPERATION_SCOPES) as [Operation, Scope][]) {
    probes
      .post(`/v1/probe/charge/${operation}`, { scope, operation, body, summary: "probe", tags: ["test"], hidden: true }, ({ charge }) => ({ receipt: charge.receipt }))
      .post(`/v1/probe/fail/${operation}`, { scope, operation, summary: "probe", tags: ["test"], hidden: true }, () => {
        throw new Error("engine failed: upstream model timed out");
      });
  }
  t.app.use(probes.elysia);
  return t;
}

export const charge = (t: TestApp, token: string, operation: string, body: unknown = { level: 3 }) =>
  t.request("POST", `/v1/probe/charge/${operation}`, { json: body, headers: { authorization: `Bearer ${token}` } });

export const usage = (t: TestApp, token: string) => t.request("GET", "/v1/usage", { headers: { authorization: `Bearer ${token}` } });

/** An owner with one client and a client-credentials token for it. */
export async function clientWithToken(t: TestApp, opts: { billing?: "allowance" | "metered"; scopes?: string[]; plan?: "free" | "paid"; email?: string } = {}) {
  const o = await ownerWithClient(t, { billing: opts.billing, scopes: opts.scopes ?? [...SCOPES], email: opts.email });
  if (opts.plan) await setPlan(t.deps, o.accountId, opts.plan);
  const token = await tokenFor(t, o.client.id, o.secret!);
  return { ...o, token };
}

export async function tokenFor(t: TestApp, clientId: string, secret: string): Promise<string> {
  const r = await exchange(t, { grant_type: "client_credentials" }, { authorization: basic(clientId, secret) });
  if (r.status !== 200) throw new Error(`token exchange failed: ${JSON.stringify(r.body)}`);
  return r.body.access_token as string;
}

export async function activateMetered(t: TestApp, accountId: string, limit?: number | null) {
  await setMeteredActive(t.deps, t.clock.now(), accountId, { kind: "operator" }, true, limit);
}

const verifier = "billing-test-verifier-" + "x".repeat(30);
const challenge = encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)));

/** A player signs up, approves the client (spec 5.3) and the app exchanges the code: the player's token. */
export async function playerToken(t: TestApp, client: { id: string }, secret: string, scope = SCOPES.join(" ")) {
  const player = new WebUser(t);
  const email = `player${Math.random().toString(36).slice(2, 8)}@example.com`;
  await player.signUp(email);
  const q = new URLSearchParams({ response_type: "code", client_id: client.id, redirect_uri: "https://game.example.com/callback", scope, state: "s", code_challenge: challenge, code_challenge_method: "S256" });
  const page = await player.get(`/oauth/authorize?${q}`);
  const html = await page.text();
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = m[2]!.replaceAll("&amp;", "&");
  const approved = await player.post("/oauth/authorize", { ...fields, csrf_token: csrfFrom(html), decision: "approve" });
  const code = new URL(approved.headers.get("location")!).searchParams.get("code");
  if (!code) throw new Error(`no code: ${approved.status}`);
  const r = await exchange(t, { grant_type: "authorization_code", code, redirect_uri: "https://game.example.com/callback", code_verifier: verifier, client_id: client.id, client_secret: secret });
  if (r.status !== 200) throw new Error(`code exchange failed: ${JSON.stringify(r.body)}`);
  const user = await getUserByEmail(t.deps.store.db, email);
  return { token: r.body.access_token as string, accountId: user!.accountId, userId: user!.id, web: player };
}

/** Every row of every ledger table (pending free-call counts written first), in a stable order. */
export async function ledger(t: TestApp) {
  await t.deps.ledger.flush();
  const db = t.deps.store.db;
  return {
    daily: await db.select().from(usageDaily).orderBy(asc(usageDaily.accountId), asc(usageDaily.clientId), asc(usageDaily.day), asc(usageDaily.operation)),
    monthly: await db.select().from(usageMonthly).orderBy(asc(usageMonthly.accountId), asc(usageMonthly.budget), asc(usageMonthly.month), asc(usageMonthly.clientId), asc(usageMonthly.operation)),
    totals: await db.select().from(spendTotals).orderBy(asc(spendTotals.holder), asc(spendTotals.month)),
  };
}

/** The usage answer's entry for one operation. */
export function op(body: { usage: { operations: OperationUsageBody[] } }, operation: string) {
  return body.usage.operations.find((o) => o.operation === operation);
}

/** A holder's credits this month as the store has them once this process's pending spending is written. */
export async function spent(t: TestApp, holder: string, month: string): Promise<number> {
  await t.deps.ledger.flush();
  return spentSoFar(t.deps.store.db, holder, month);
}
