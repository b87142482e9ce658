// Admin commands of DESIGN §5 for users, accounts and clients. With --json each prints exactly
// the documented object on stdout.
import { createUser, getAccount, getUserByEmail } from "../accounts/service.ts";
import { findUsers, type DirectoryEntry } from "../accounts/user-directory.ts";
import { setPlan, type Plan } from "../billing/plans.ts";
import { createClient, createClientSecret, deleteClient, getClient, revokeClientSecret, updateClient, type Client } from "../clients/service.ts";
import { meteredSettings, setMeteredActive } from "../billing/metered-settings.ts";
import { systemClock } from "../lib/clock.ts";
import { AppError, refusalOr } from "../lib/errors.ts";
import type { Db } from "../store/open-store.ts";
import type { Command, FlagValues } from "./command-line.ts";
import { fail, print, withStore } from "./cli-context.ts";

const json = { kind: "bool", help: "print one JSON object" } as const;

function planFlag(value: unknown): Plan | null {
  return value === "free" || value === "paid" ? value : null;
}

export const adminCommands: Command[] = [
  {
    path: ["admin", "user", "create"],
    summary: "Create a user and their account",
    flags: { email: { kind: "string", required: true, help: "e-mail address" }, password: { kind: "string", required: true, help: "password (10+ characters)" }, plan: { kind: "string", help: "free (default) or paid" }, json },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        const plan = flags.plan === undefined ? "free" : planFlag(flags.plan);
        if (!plan) return fail("--plan must be free or paid", 2);
        const r = await refusalOr(createUser(store.db, systemClock.now(), { email: flags.email as string, password: flags.password as string, plan }));
        if (r instanceof AppError) return fail(`${r.param}: ${r.message}`);
        print(flags, { user_id: r.userId, account_id: r.accountId }, `created user ${r.userId} with account ${r.accountId}`);
        return 0;
      }),
  },
  {
    path: ["admin", "user", "list"],
    summary: "List users with their account id and plan (--email narrows to addresses containing it)",
    flags: { email: { kind: "string", help: "part of an e-mail address" }, json },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        const rows = await findUsers(store.db, { email: flags.email as string | undefined });
        const out = rows.map(userJson);
        process.stdout.write(flags.json ? JSON.stringify({ users: out }) + "\n" : userTable(rows) + "\n");
        return 0;
      }),
  },
  {
    path: ["admin", "account", "set-plan"],
    summary: "Change an account's plan, named by its id or by a user's e-mail address",
    flags: { account: { kind: "string", help: "account id" }, email: { kind: "string", help: "e-mail address of a user of the account" }, plan: { kind: "string", required: true, help: "free or paid" }, json },
    run: ({ flags }) =>
      withStore(async ({ store, log }) => {
        const plan = planFlag(flags.plan);
        if (!plan) return fail("--plan must be free or paid", 2);
        if ((flags.account === undefined) === (flags.email === undefined)) return fail("name the account with exactly one of --account and --email", 2);
        let accountId = flags.account as string | undefined;
        if (accountId === undefined) {
          const user = await getUserByEmail(store.db, flags.email as string);
          if (!user) return fail(`no user with the e-mail address ${flags.email}`, 1, "not_found");
          accountId = user.accountId;
        }
        const changed = await setPlan({ store }, accountId, plan);
        if (!changed) return fail(`no account ${accountId}`, 1, "not_found");
        log.info("account.plan_changed", { account_id: accountId, from: changed.previous, to: plan, via: "cli" });
        print(flags, { account_id: accountId, plan }, `account ${accountId} is now on the ${plan} plan`);
        return 0;
      }),
  },
  {
    path: ["admin", "client", "create"],
    summary: "Create an OAuth client for an account",
    flags: {
      account: { kind: "string", required: true, help: "account id" },
      name: { kind: "string", required: true, help: "client name" },
      scopes: { kind: "string", required: true, help: 'space-separated scopes, e.g. "vocab:generate usage:read"' },
      billing: { kind: "string", required: true, help: "allowance or metered" },
      public: { kind: "bool", help: "a public client (no secret)" },
      "redirect-uri": { kind: "list", help: "registered redirect URI" },
      version: { kind: "string", help: "pinned API version (default: current)" },
      json,
    },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        if (!(await getAccount(store.db, flags.account as string))) return fail(`no account ${flags.account}`, 1, "not_found");
        const r = await refusalOr(createClient(store.db, systemClock.now(), {
          accountId: flags.account as string,
          name: flags.name as string,
          type: flags.public ? "public" : "confidential",
          scopes: (flags.scopes as string).split(/\s+/).filter(Boolean),
          billingMode: flags.billing as string,
          pinnedVersion: flags.version as string | undefined,
          redirectUris: (flags["redirect-uri"] as string[] | undefined) ?? [],
        }));
        if (r instanceof AppError) return fail(`${r.param}: ${r.message}`);
        const out: Record<string, string> = { client_id: r.client.id };
        if (r.secret) out.client_secret = r.secret;
        if (r.secretId) out.secret_id = r.secretId;
        print(flags, out, r.secret ? `client ${r.client.id}\nsecret ${r.secret}  (shown once)` : `client ${r.client.id} (public, no secret)`);
        return 0;
      }),
  },
  {
    path: ["admin", "client", "secret", "create"],
    summary: "Create a second secret for a client (at most two live)",
    flags: { client: { kind: "string", required: true, help: "client id" }, json },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        const client = await existingClient(store.db, flags.client as string);
        const r = await refusalOr(createClientSecret(store.db, systemClock.now(), client.accountId, client.id));
        if (r instanceof AppError) return fail(r.message);
        print(flags, { secret_id: r.secretId, client_secret: r.secret }, `secret ${r.secretId}: ${r.secret}  (shown once)`);
        return 0;
      }),
  },
  {
    path: ["admin", "client", "secret", "revoke"],
    summary: "Revoke a client secret; tokens exchanged with it stop at once (the only secret cannot be revoked)",
    flags: { client: { kind: "string", required: true, help: "client id" }, secret: { kind: "string", required: true, help: "secret id (secret_id from create)" }, json },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        const client = await existingClient(store.db, flags.client as string);
        const r = await refusalOr(revokeClientSecret(store.db, client.accountId, client.id, flags.secret as string));
        if (r instanceof AppError && r.status === 404) return fail(r.param === "secret" ? `no secret ${flags.secret} on client ${client.id}` : r.message, 1, "not_found");
        if (r instanceof AppError) return fail(r.message);
        print(flags, { client_id: client.id, secret_id: flags.secret, revoked: true }, `secret ${flags.secret} of client ${client.id} revoked; tokens exchanged with it have stopped`);
        return 0;
      }),
  },
  {
    path: ["admin", "client", "update"],
    summary: "Change a client's name, scopes or pinned API version (narrowing scopes applies at once; widening and the version from the next exchange)",
    flags: {
      client: { kind: "string", required: true, help: "client id" },
      name: { kind: "string", help: "new name" },
      scopes: { kind: "string", help: 'space-separated scopes, replacing the current ones, e.g. "vocab:generate usage:read"' },
      version: { kind: "string", help: "pinned API version" },
      json,
    },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        if (flags.name === undefined && flags.scopes === undefined && flags.version === undefined) return fail("say what to change: --name, --scopes and/or --version", 2);
        const client = await existingClient(store.db, flags.client as string);
        const changes = {
          name: flags.name as string | undefined,
          scopes: flags.scopes === undefined ? undefined : (flags.scopes as string).split(/\s+/).filter(Boolean),
          pinnedVersion: flags.version as string | undefined,
        };
        const r = await refusalOr(updateClient(store.db, client.accountId, client.id, changes));
        if (r instanceof AppError) return fail(`${r.param}: ${r.message}`, 1, r.code);
        const after = (await getClient(store.db, client.id))!;
        print(
          flags,
          { client_id: after.id, name: after.name, scopes: after.scopes, pinned_version: after.pinnedVersion },
          `client ${after.id} updated: name "${after.name}", scopes ${after.scopes.join(" ")}, API version ${after.pinnedVersion}`,
        );
        return 0;
      }),
  },
  {
    path: ["admin", "client", "delete"],
    summary: "Delete a client: its secrets, tokens and every user's grant end at once",
    flags: { client: { kind: "string", required: true, help: "client id" }, json },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        const client = await existingClient(store.db, flags.client as string);
        if (!(await deleteClient(store.db, client.accountId, client.id))) return fail(`no client ${client.id}`, 1, "not_found");
        print(flags, { client_id: client.id, deleted: true }, `client ${client.id} ("${client.name}") deleted; its tokens and grants have ended`);
        return 0;
      }),
  },
  {
    path: ["admin", "metered", "activate"],
    summary: "Activate metered usage billing for an account (spec 5.6), optionally with a monthly spending limit",
    flags: {
      account: { kind: "string", required: true, help: "account id" },
      "spend-limit-credits": { kind: "int", help: "monthly spending limit for all metered clients, in credits (omit to keep the current one)" },
      json,
    },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        const limit = flags["spend-limit-credits"] as number | undefined;
        if (limit !== undefined && limit < 0) return fail("--spend-limit-credits cannot be negative", 2);
        const r = await refusalOr(setMeteredActive({ store }, systemClock.now(), flags.account as string, { kind: "operator" }, true, limit));
        if (r instanceof AppError) return meteredFailure(flags, r);
        await printMetered(store.db, flags, true);
        return 0;
      }),
  },
  {
    path: ["admin", "metered", "deactivate"],
    summary: "Deactivate metered usage billing for an account (spec 5.6); its spending limit is kept",
    flags: { account: { kind: "string", required: true, help: "account id" }, json },
    run: ({ flags }) =>
      withStore(async ({ store }) => {
        // No limit argument: the limit stays for when billing is activated again.
        const r = await refusalOr(setMeteredActive({ store }, systemClock.now(), flags.account as string, { kind: "operator" }, false));
        if (r instanceof AppError) return meteredFailure(flags, r);
        await printMetered(store.db, flags, false);
        return 0;
      }),
  },
];

/** The client named on the command line, or the command is refused. */
async function existingClient(db: Db, clientId: string): Promise<Client> {
  const client = await getClient(db, clientId);
  return client ?? fail(`no client ${clientId}`, 1, "not_found");
}

/** Bad input exits 2 like other flag errors; an unknown account exits 1. */
function meteredFailure(flags: FlagValues, e: AppError): never {
  return fail(e.status === 404 ? `no account ${flags.account}` : e.message, e.status === 400 ? 2 : 1, e.status === 404 ? "not_found" : undefined);
}

/** activate and deactivate print the same object, with the limit as stored after the write. */
async function printMetered(db: Db, flags: FlagValues, active: boolean): Promise<void> {
  const settings = await meteredSettings(db, flags.account as string);
  const spendLimit = settings?.accountLimit ?? null;
  const limitText = spendLimit === null ? "none" : `${spendLimit} credits a month`;
  print(flags, { account_id: flags.account, metered_active: active, spend_limit_credits: spendLimit }, `usage billing is ${active ? "active" : "off"} for account ${flags.account} (spending limit: ${limitText})`);
}

/** `admin user list --json`: one object per user. */
function userJson(r: DirectoryEntry) {
  return { user_id: r.userId, email: r.email, account_id: r.accountId, plan: r.plan, owner: r.owner, email_confirmed: r.confirmed, created_at: new Date(r.createdAt).toISOString() };
}

/** The human form: one aligned line per user, or a sentence when there is none. */
function userTable(rows: DirectoryEntry[]): string {
  if (rows.length === 0) return "no users";
  const lines = [["EMAIL", "ACCOUNT", "PLAN", "USER", "CREATED"], ...rows.map((r) => [r.email, r.accountId, r.plan, r.userId, new Date(r.createdAt).toISOString().slice(0, 10)])];
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  return lines.map((l) => l.map((cell, i) => (i === l.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ")).join("\n");
}
