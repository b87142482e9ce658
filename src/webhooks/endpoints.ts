// Webhook endpoints and their signing secrets (spec 2.9, 3.2, 6.3): the rules behind the Webhooks
// page and `parla admin webhook`. `accountId` null means the operator (CLI): any account.
import { and, asc, count, desc, eq } from "drizzle-orm";
import { getClient, type Client } from "../clients/service.ts";
import { hearableTypes } from "../events/catalogue.ts";
import { AppError, invalidFields } from "../lib/errors.ts";
import { open, seal } from "../lib/sealed-box.ts";
import { newPublicId } from "../lib/secrets.ts";
import type { Db, DbOrTx } from "../store/open-store.ts";
import type { AddressGuard } from "./address-guard.ts";
import { webhookEndpoints, webhookSecrets } from "./schema.ts";
import { newSigningSecret, signingKey } from "./signature.ts";

export type Endpoint = typeof webhookEndpoints.$inferSelect;
export const MAX_SECRETS_PER_ENDPOINT = 2;
const SEAL_CONTEXT = "webhook-signing-secret";

/** What the caller may not see is as good as missing: 404 not_found naming the field. */
export const missing = (what: string) => new AppError(404, "not_found", `no such ${what}`, { param: what });

/** A signing-secret change the endpoint's current secrets rule out (spec 6.4.7). */
const secretConflict = (message: string) => new AppError(409, "conflict", message, { param: "secret" });

/** The endpoint, when the caller may see it. */
export async function findEndpoint(db: DbOrTx, accountId: string | null, endpointId: string): Promise<Endpoint | null> {
  const [row] = await db.select().from(webhookEndpoints).where(accountId === null ? eq(webhookEndpoints.id, endpointId) : and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.accountId, accountId)));
  return row ?? null;
}

export interface NewEndpoint {
  clientId: string;
  url: string;
  events: string[];
}

export interface CreatedEndpoint {
  endpoint: Endpoint;
  secretId: string;
  /** Shown once. */
  secret: string;
}

/**
 * Registers an endpoint (spec 2.9): only types the client's scopes allow, never webhook.test; URL
 * checked by the guard. Refusals: 404 naming `client`; 400 invalid_request naming `events` or `url`
 * (both checked, the second in `also`).
 */
export async function createEndpoint(deps: { db: Db; serverKey: Uint8Array; guard: AddressGuard }, nowMs: number, accountId: string | null, input: NewEndpoint): Promise<CreatedEndpoint> {
  const client = await getClient(deps.db, input.clientId);
  if (!client || (accountId !== null && client.accountId !== accountId)) throw missing("client");
  const offered = hearableTypes(client.scopes, "subscribe");
  // Every field is checked before refusing, so the Webhooks form shows all its errors at once.
  const problems: { param: string; message: string }[] = [];
  const events = [...new Set(input.events.map((e) => e.trim()).filter(Boolean))];
  const refused = events.filter((e) => !(offered as string[]).includes(e));
  if (events.length === 0) problems.push({ param: "events", message: offered.length ? "choose at least one event type" : "this client's scopes allow no event types (it needs events:read)" });
  else if (refused.length) problems.push({ param: "events", message: `this client may not subscribe to ${refused.join(", ")}` });
  const url = input.url.trim();
  const checked = await deps.guard.check(url);
  if (!checked.ok) problems.push({ param: "url", message: checked.reason });
  const refusal = invalidFields(problems);
  if (refusal) throw refusal;
  const endpoint: Endpoint = { id: newPublicId("whe_"), accountId: client.accountId, clientId: client.id, url, events, state: "enabled", disabledAt: null, disabledReason: null, failingSince: null, lastFailureAt: null, createdAt: nowMs };
  const made = await deps.db.transaction(async (tx) => {
    await tx.insert(webhookEndpoints).values(endpoint);
    return insertSecret(tx, deps.serverKey, nowMs, endpoint.id);
  });
  return { endpoint, ...made };
}

async function insertSecret(tx: DbOrTx, serverKey: Uint8Array, nowMs: number, endpointId: string): Promise<{ secretId: string; secret: string }> {
  const secret = newSigningSecret();
  const secretId = newPublicId("whs_");
  await tx.insert(webhookSecrets).values({ id: secretId, endpointId, sealed: await seal(serverKey, secret, SEAL_CONTEXT), hint: secret.slice(-5, -1), createdAt: nowMs });
  return { secretId, secret };
}

export async function listEndpoints(db: DbOrTx, filter: { accountId?: string; clientId?: string }): Promise<(Endpoint & { secrets: { id: string; hint: string; createdAt: number }[] })[]> {
  const where = filter.clientId ? eq(webhookEndpoints.clientId, filter.clientId) : eq(webhookEndpoints.accountId, filter.accountId ?? "");
  const rows = await db.select().from(webhookEndpoints).where(filter.clientId && filter.accountId ? and(where, eq(webhookEndpoints.accountId, filter.accountId)) : where).orderBy(desc(webhookEndpoints.createdAt));
  const out = [];
  for (const row of rows) {
    const secrets = await db.select({ id: webhookSecrets.id, hint: webhookSecrets.hint, createdAt: webhookSecrets.createdAt }).from(webhookSecrets).where(eq(webhookSecrets.endpointId, row.id)).orderBy(asc(webhookSecrets.createdAt));
    out.push({ ...row, secrets });
  }
  return out;
}

/** A second secret for rotation (spec 6.4.7); never more than two live (409 conflict). */
export async function createEndpointSecret(deps: { db: Db; serverKey: Uint8Array }, nowMs: number, accountId: string | null, endpointId: string): Promise<{ secretId: string; secret: string }> {
  return deps.db.transaction(async (tx) => {
    if (!(await findEndpoint(tx, accountId, endpointId))) throw missing("endpoint");
    const [row] = await tx.select({ n: count() }).from(webhookSecrets).where(eq(webhookSecrets.endpointId, endpointId));
    if ((row?.n ?? 0) >= MAX_SECRETS_PER_ENDPOINT) throw secretConflict(`an endpoint holds at most ${MAX_SECRETS_PER_ENDPOINT} signing secrets: revoke the old one first`);
    return insertSecret(tx, deps.serverKey, nowMs, endpointId);
  });
}

/** Revokes a secret; the endpoint's last one cannot be revoked (409 conflict). */
export async function revokeEndpointSecret(db: Db, accountId: string | null, endpointId: string, secretId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await findEndpoint(tx, accountId, endpointId))) throw missing("endpoint");
    const [secret] = await tx.select({ id: webhookSecrets.id }).from(webhookSecrets).where(and(eq(webhookSecrets.id, secretId), eq(webhookSecrets.endpointId, endpointId)));
    if (!secret) throw missing("secret");
    const [row] = await tx.select({ n: count() }).from(webhookSecrets).where(eq(webhookSecrets.endpointId, endpointId));
    if ((row?.n ?? 0) <= 1) throw secretConflict("this is the endpoint's only signing secret: add a new one first, deploy it, then revoke this one");
    await tx.delete(webhookSecrets).where(eq(webhookSecrets.id, secretId));
  });
}

/** Re-enables a disabled endpoint; the failure clock starts again. What was missed stays listed for redelivery. */
export async function enableEndpoint(db: Db, accountId: string | null, endpointId: string): Promise<boolean> {
  const where = accountId === null ? eq(webhookEndpoints.id, endpointId) : and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.accountId, accountId));
  const r = await db.update(webhookEndpoints).set({ state: "enabled", disabledAt: null, disabledReason: null, failingSince: null }).where(where).returning({ id: webhookEndpoints.id });
  return r.length === 1;
}

export async function deleteEndpoint(db: Db, accountId: string | null, endpointId: string): Promise<boolean> {
  const where = accountId === null ? eq(webhookEndpoints.id, endpointId) : and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.accountId, accountId));
  const r = await db.delete(webhookEndpoints).where(where).returning({ id: webhookEndpoints.id });
  return r.length === 1;
}

/**
 * The signing keys of an endpoint's live secrets, oldest first. Opened boxes are cached by secret id
 * in the caller's map (a box never changes; a revoked secret's id is simply no longer asked for).
 */
export async function signingKeys(db: DbOrTx, serverKey: Uint8Array, endpointId: string, cache: Map<string, Uint8Array>): Promise<Uint8Array[]> {
  const rows = await db.select({ id: webhookSecrets.id, sealed: webhookSecrets.sealed }).from(webhookSecrets).where(eq(webhookSecrets.endpointId, endpointId)).orderBy(asc(webhookSecrets.createdAt));
  const keys: Uint8Array[] = [];
  for (const row of rows) {
    let key = cache.get(row.id);
    if (!key) {
      const secret = await open(serverKey, row.sealed, SEAL_CONTEXT);
      if (secret === null) continue;
      key = signingKey(secret);
      cache.set(row.id, key);
    }
    keys.push(key);
  }
  return keys;
}

export type EndpointClient = Pick<Client, "id" | "accountId" | "billingMode" | "scopes" | "pinnedVersion">;
