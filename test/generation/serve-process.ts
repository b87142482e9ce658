// Real Parla processes (`bun src/main.ts serve`) on a shared database for the generation tests that
// need a real port, a second process or a SIGKILL; talked to only over HTTP and the admin CLI.
import { join, resolve } from "node:path";
import { freePort } from "../e2e/binary-harness.ts";

const ROOT = resolve(join(import.meta.dir, "../.."));
const MAIN = join(ROOT, "src/main.ts");

export interface ServeProcess {
  url: string;
  pid: number;
  kill(signal?: NodeJS.Signals): Promise<number>;
  output(): string;
}

export async function serve(dir: string, env: Record<string, string> = {}): Promise<ServeProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn(["bun", MAIN, "serve"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: dir, PARLA_HOST: "127.0.0.1", PARLA_PORT: String(port), PARLA_BASE_URL: "http://parla.test", PARLA_DATABASE_URL: `file:${join(dir, "parla.db")}`, PARLA_LOG_LEVEL: "warn", PARLA_SECRET_KEY: "k".repeat(43), ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  let out = "";
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) out += decoder.decode(chunk, { stream: true });
  };
  void pump(proc.stdout);
  void pump(proc.stderr);
  const deadline = performance.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`parla exited with ${proc.exitCode}:\n${out}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (performance.now() > deadline) throw new Error(`parla did not answer within 20 s:\n${out}`);
    await Bun.sleep(25);
  }
  return {
    url,
    pid: proc.pid,
    output: () => out,
    async kill(signal = "SIGTERM") {
      if (proc.exitCode === null) proc.kill(signal);
      return proc.exited;
    },
  };
}

export async function cli(dir: string, args: string[]): Promise<any> {
  const proc = Bun.spawn(["bun", MAIN, ...args, "--json"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: dir, PARLA_DATABASE_URL: `file:${join(dir, "parla.db")}`, PARLA_SECRET_KEY: "k".repeat(43) },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`parla ${args.join(" ")} exited ${code}: ${stderr}`);
  return JSON.parse(stdout);
}

/** A paid user, an allowance client with every generation scope, and a client-credentials token from `url`. */
export async function clientToken(dir: string, url: string): Promise<{ token: string; accountId: string }> {
  const user = await cli(dir, ["admin", "user", "create", "--email", `u${Math.random().toString(36).slice(2, 8)}@example.com`, "--password", "correct horse battery staple", "--plan", "paid"]);
  const client = await cli(dir, ["admin", "client", "create", "--account", user.account_id, "--name", "game", "--billing", "allowance", "--scopes", "lesson_plans:read lesson_plans:write vocab:generate tutor:converse"]);
  const r = await fetch(`${url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Basic " + btoa(`${client.client_id}:${client.client_secret}`) },
    body: "grant_type=client_credentials",
  });
  const body = (await r.json()) as { access_token: string };
  return { token: body.access_token, accountId: user.account_id };
}
