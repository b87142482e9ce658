// What the wrk benchmarks share: CPU pinning (client on CPU 0, servers on CPU 1), waiting for a
// server, one wrk run that refuses to count non-2xx answers, and the parla CLI for set-up.
import { join } from "node:path";
import { cpuSeconds, wrkFigure, type WrkFigure } from "./server-cpu.ts";

const ROOT = join(import.meta.dir, "../..");

export const pin = (cpu: number, cmd: string[]) => (Bun.which("taskset") ? ["taskset", "-c", String(cpu), ...cmd] : cmd);

export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await Bun.sleep(20);
    }
  }
  throw new Error(`${url} did not answer`);
}

/** One wrk run on CPU 0; `serverPid` adds the server's CPU time; a non-2xx answer aborts (`what` says why it matters). */
export async function runWrk(url: string, options: { connections: number; seconds: number; lua?: string; serverPid?: number; what: string }): Promise<WrkFigure> {
  const cmd = ["wrk", "-t1", `-c${options.connections}`, `-d${options.seconds}s`, ...(options.lua ? ["-s", options.lua] : []), url];
  const before = options.serverPid ? cpuSeconds(options.serverPid) : NaN;
  const p = Bun.spawn(pin(0, cmd), { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(p.stdout).text();
  await p.exited;
  const after = options.serverPid ? cpuSeconds(options.serverPid) : NaN;
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (non2xx) throw new Error(`${non2xx[1]} non-2xx answers from ${url}: ${options.what}`);
  return wrkFigure(out, before, after);
}

/** `parla <words> --json` from the source tree with `env`, for the benchmarks' set-up. */
export async function parlaCli(env: Record<string, string>, ...words: string[]): Promise<any> {
  const p = Bun.spawn(["bun", join(ROOT, "src/main.ts"), ...words, "--json"], { cwd: ROOT, env, stdout: "pipe", stderr: "inherit" });
  const out = await new Response(p.stdout).text();
  if ((await p.exited) !== 0) throw new Error(`parla ${words.join(" ")} failed`);
  return JSON.parse(out);
}

/**
 * The environment of a Parla server under a wrk benchmark, run from the source tree (its tsconfig
 * compiles the pages) with its store in `dir`: warnings only (at "info" every request writes a log
 * line), and the /v1 rate limit above what wrk sends — still counted on every call.
 */
export function benchEnv(dir: string, port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: dir,
    PARLA_DATABASE_URL: `file:${join(dir, "parla.db")}`,
    PARLA_HOST: "127.0.0.1",
    PARLA_PORT: String(port),
    PARLA_BASE_URL: `http://127.0.0.1:${port}`,
    PARLA_LOG_LEVEL: "warn",
    PARLA_RATE_LIMIT_API_PER_CLIENT_PER_MINUTE: "10000000",
    ...extra,
  };
}

/** An owner on the paid plan with one allowance client holding `scopes`, made with the parla CLI. */
export async function benchClient(env: Record<string, string>, scopes: string): Promise<{ client_id: string; client_secret: string }> {
  const user = await parlaCli(env, "admin", "user", "create", "--email", "bench@example.com", "--password", "correct horse battery staple", "--plan", "paid");
  return parlaCli(env, "admin", "client", "create", "--account", user.account_id, "--name", "bench", "--scopes", scopes, "--billing", "allowance");
}
