// The `parla` command run inside the test's process: main() with the environment it would get,
// its stdout and stderr captured. The commands read their configuration from process.env, so
// the given variables are set for the call and restored afterwards (tests in a file run one by one).
import { main } from "../../src/main.ts";

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export async function runParla(env: Record<string, string>, ...args: string[]): Promise<CliRun> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const out: string[] = [];
  const err: string[] = [];
  const writeOut = process.stdout.write.bind(process.stdout);
  const writeErr = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string | Uint8Array) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => (err.push(String(chunk)), true)) as typeof process.stderr.write;
  Object.assign(process.env, env);
  try {
    const code = await main(args);
    return { code, out: out.join(""), err: err.join("") };
  } finally {
    process.stdout.write = writeOut;
    process.stderr.write = writeErr;
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
