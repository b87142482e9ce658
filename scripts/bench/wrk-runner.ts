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
