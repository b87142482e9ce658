// `parla login`, `parla api` and `parla logout`: a command-line public client (spec 5.3.6) and the
// reference for every public client — loopback redirect on a random port (RFC 8252 §7.3), PKCE
// S256, state and iss checked (RFC 9207), refresh token stored 0600 and rotated on every use.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { randomBytes } from "../lib/secrets.ts";
import type { Command } from "./command-line.ts";
import { fail } from "./cli-context.ts";

export interface Credentials {
  server: string;
  client_id: string;
  refresh_token: string;
  scope: string;
}

interface Metadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  revocation_endpoint: string;
}

export function credentialsPath(): string {
  const base = process.env.XDG_CONFIG_HOME || join(homedir(), ".config");
  return join(base, "parla", "credentials.json");
}

function saveCredentials(creds: Credentials): void {
  const path = credentialsPath();
  mkdirSync(join(path, ".."), { recursive: true, mode: 0o700 });
  writeFileSync(path, JSON.stringify(creds, null, 2) + "\n", { mode: 0o600 });
  chmodSync(path, 0o600);
}

export function loadCredentials(): Credentials | null {
  const path = credentialsPath();
  if (!existsSync(path)) return null;
  return JSON.parse(readFileSync(path, "utf8")) as Credentials;
}

async function discover(server: string): Promise<Metadata> {
  const res = await fetch(`${server}/.well-known/oauth-authorization-server`);
  if (!res.ok) throw new Error(`${server} did not return OAuth metadata (HTTP ${res.status})`);
  const meta = (await res.json()) as Metadata;
  // RFC 8414 §3.3: the issuer must be exactly the server we asked.
  if (meta.issuer !== server) throw new Error(`the server says its issuer is ${meta.issuer}, not ${server}`);
  return meta;
}

async function tokenRequest(meta: Metadata, form: Record<string, string>): Promise<{ access_token: string; refresh_token?: string; scope: string }> {
  const res = await fetch(meta.token_endpoint, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
  const body = (await res.json()) as Record<string, string>;
  if (!res.ok) throw new Error(`token endpoint: ${body.error ?? res.status}${body.error_description ? ` (${body.error_description})` : ""}`);
  if (body.token_type?.toLowerCase() !== "bearer" || !body.access_token) throw new Error("token endpoint returned an unexpected response");
  return body as unknown as { access_token: string; refresh_token?: string; scope: string };
}

/** Waits for the browser to come back to the loopback redirect; resolves with the callback URL. */
function awaitCallback(timeoutMs: number): { redirectUri: string; result: Promise<URL>; stop(): void } {
  let resolve!: (u: URL) => void;
  let reject!: (e: Error) => void;
  const result = new Promise<URL>((res, rej) => ((resolve = res), (reject = rej)));
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const url = new URL(request.url);
      if (url.pathname !== "/callback") return new Response("not found", { status: 404 });
      resolve(url);
      return new Response("<!doctype html><title>Parla</title><p>You can close this window and return to the terminal.</p>", { headers: { "content-type": "text/html; charset=utf-8" } });
    },
  });
  const timer = setTimeout(() => reject(new Error("no answer from the browser within the time limit")), timeoutMs);
  return {
    redirectUri: `http://127.0.0.1:${server.port}/callback`,
    result,
    stop() {
      clearTimeout(timer);
      server.stop(true);
    },
  };
}

async function login(server: string, clientId: string, scope: string | undefined, openBrowser: boolean): Promise<number> {
  const meta = await discover(server);
  const verifier = encodeBase64urlNoPadding(randomBytes(32));
  const challenge = encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)));
  const state = encodeBase64urlNoPadding(randomBytes(16));
  const callback = awaitCallback(5 * 60_000);
  try {
    const url = new URL(meta.authorization_endpoint);
    const params: Record<string, string> = { response_type: "code", client_id: clientId, redirect_uri: callback.redirectUri, state, code_challenge: challenge, code_challenge_method: "S256" };
    if (scope) params.scope = scope;
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    process.stdout.write(`Open this address to sign in:\n${url}\n`);
    if (openBrowser && Bun.which("xdg-open")) Bun.spawn(["xdg-open", url.toString()], { stdout: "ignore", stderr: "ignore" });
    const back = await callback.result;
    if (back.searchParams.get("state") !== state) return fail("the answer's state does not match the request (possible CSRF); nothing was saved");
    if (back.searchParams.get("iss") !== meta.issuer) return fail("the answer came from another issuer (RFC 9207 mix-up protection); nothing was saved");
    const error = back.searchParams.get("error");
    if (error) return fail(`sign-in refused: ${error}${back.searchParams.get("error_description") ? ` (${back.searchParams.get("error_description")})` : ""}`);
    const code = back.searchParams.get("code");
    if (!code) return fail("the answer has no code");
    const tokens = await tokenRequest(meta, { grant_type: "authorization_code", code, redirect_uri: callback.redirectUri, code_verifier: verifier, client_id: clientId });
    if (!tokens.refresh_token) return fail("the server returned no refresh token");
    saveCredentials({ server, client_id: clientId, refresh_token: tokens.refresh_token, scope: tokens.scope });
    process.stdout.write(`Signed in. Scopes: ${tokens.scope}. Credentials saved to ${credentialsPath()} (mode 0600).\n`);
    return 0;
  } finally {
    callback.stop();
  }
}

/** A fresh access token; the rotated refresh token is saved before it is used (spec 3.4). */
export async function accessToken(creds: Credentials): Promise<string> {
  const meta = await discover(creds.server);
  const tokens = await tokenRequest(meta, { grant_type: "refresh_token", refresh_token: creds.refresh_token, client_id: creds.client_id });
  if (tokens.refresh_token) saveCredentials({ ...creds, refresh_token: tokens.refresh_token });
  return tokens.access_token;
}

export const loginCommands: Command[] = [
  {
    path: ["login"],
    summary: "Sign in to a Parla server from the command line (public client, PKCE, loopback redirect)",
    flags: {
      server: { kind: "string", required: true, help: "the server's base URL, e.g. https://parla.example.com" },
      "client-id": { kind: "string", required: true, help: "a public client registered with redirect http://127.0.0.1/callback" },
      scope: { kind: "string", help: "space-separated scopes (default: all the client may have)" },
      "no-browser": { kind: "bool", help: "only print the address to open" },
    },
    run: ({ flags }) => login((flags.server as string).replace(/\/$/, ""), flags["client-id"] as string, flags.scope as string | undefined, !flags["no-browser"]).catch((e: Error) => fail(e.message)),
  },
  {
    path: ["api"],
    args: ["METHOD", "PATH"],
    summary: "Call the API with the signed-in credentials, e.g. parla api GET /v1/usage",
    flags: { data: { kind: "string", help: "JSON request body" } },
    async run({ args, flags }) {
      const [method, path] = args;
      if (!method || !path?.startsWith("/v1/")) return fail("usage: parla api METHOD /v1/…", 2);
      const creds = loadCredentials();
      if (!creds) return fail("not signed in: run parla login first");
      try {
        const token = await accessToken(creds);
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        if (flags.data) headers["content-type"] = "application/json";
        const res = await fetch(`${creds.server}${path}`, { method: method.toUpperCase(), headers, body: (flags.data as string | undefined) ?? undefined });
        process.stdout.write((await res.text()) + "\n");
        return res.ok ? 0 : 1;
      } catch (e) {
        return fail((e as Error).message);
      }
    },
  },
  {
    path: ["logout"],
    summary: "Revoke the saved refresh token and forget it",
    flags: {},
    async run() {
      const creds = loadCredentials();
      if (!creds) return fail("not signed in");
      try {
        const meta = await discover(creds.server);
        await fetch(meta.revocation_endpoint, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: creds.refresh_token, token_type_hint: "refresh_token", client_id: creds.client_id }) });
      } finally {
        rmSync(credentialsPath(), { force: true });
      }
      process.stdout.write("Signed out.\n");
      return 0;
    },
  },
];
