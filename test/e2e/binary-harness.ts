// Runs the compiled binary (dist/parla, or PARLA_BINARY) from a temporary directory on a free
// port and talks to it only over HTTP, as the end-to-end suite must (DESIGN §7).
import { join, resolve } from "node:path";
import { tempDir } from "../helpers/temp-dir.ts";
import { checkContractOf, forgetContractOf } from "./contract-fetch.ts";

export const BINARY = resolve(process.env.PARLA_BINARY ?? join(import.meta.dir, "../../dist/parla"));

export async function freePort(): Promise<number> {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = probe.port as number;
  probe.stop(true);
  return port;
}

export interface RunningBinary {
  url: string;
  port: number;
  dir: string;
  env: Record<string, string>;
  output(): string;
  /** Runs `parla <args>` against the same directory and environment (admin commands). */
  cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  stop(signal?: NodeJS.Signals): Promise<number>;
}

export async function runCli(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn([BINARY, ...args], { cwd: options.cwd, env: { PATH: process.env.PATH ?? "", HOME: options.cwd, ...options.env }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

export async function startBinary(env: Record<string, string> = {}, options: { dir?: string; baseUrl?: (port: number) => string } = {}): Promise<RunningBinary> {
  const temp = options.dir ? null : tempDir("parla-e2e-");
  const dir = options.dir ?? temp!.path;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const fullEnv = { PARLA_HOST: "127.0.0.1", PARLA_PORT: String(port), PARLA_BASE_URL: options.baseUrl?.(port) ?? url, PARLA_LOG_LEVEL: "info", ...env };
  const proc = Bun.spawn([BINARY, "serve"], { cwd: dir, env: { PATH: process.env.PATH ?? "", HOME: dir, ...fullEnv }, stdout: "pipe", stderr: "pipe" });
  let out = "";
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) out += decoder.decode(chunk, { stream: true });
  };
  void pump(proc.stdout);
  void pump(proc.stderr);
  const deadline = performance.now() + 15_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`parla exited with ${proc.exitCode} before answering:\n${out}`);
    try {
      // Ready, not only alive: /healthz answers while start-up still migrates the store.
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {}
    if (performance.now() > deadline) throw new Error(`parla did not answer within 15 s:\n${out}`);
    await Bun.sleep(20);
  }
  // From here on this process's calls to the binary are checked against its documents.
  checkContractOf(url);
  return {
    url,
    port,
    dir,
    env: fullEnv,
    output: () => out,
    cli: (args) => runCli(args, { cwd: dir, env: fullEnv }),
    async stop(signal = "SIGTERM") {
      forgetContractOf(url);
      if (proc.exitCode === null) proc.kill(signal);
      const code = await proc.exited;
      temp?.cleanup();
      return code;
    },
  };
}
