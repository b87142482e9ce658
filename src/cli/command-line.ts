// A small, strict command-line parser: every command declares its flags (read by node:util's
// parseArgs); unknown commands and flags are refused with a clear message and exit code 2, and
// `--help` works at every level.
import { parseArgs } from "node:util";
import { parseArgsRefusal } from "../lib/parse-args-refusal.ts";

export type FlagKind = "string" | "int" | "bool" | "list";
export interface FlagSpec {
  kind: FlagKind;
  help: string;
  required?: boolean;
}
export type FlagValues = Record<string, string | number | boolean | string[] | undefined>;

export interface Command {
  /** Words after `parla`, e.g. ["admin", "maintenance"]. */
  path: string[];
  /** Positional arguments, by name, in order (e.g. ["on|off"]). */
  args?: string[];
  summary: string;
  flags: Record<string, FlagSpec>;
  run(input: { flags: FlagValues; args: string[] }): Promise<number>;
}

export class UsageError extends Error {}

/**
 * A command that refuses (DESIGN §5): main prints one line — `{"code","error"}` with --json —
 * and exits with `exitCode`; never a stack trace.
 */
export class CommandRefused extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    readonly code = exitCode === 2 ? "invalid_usage" : "refused",
  ) {
    super(message);
    this.name = "CommandRefused";
  }
}

export function parseFlags(words: string[], specs: Record<string, FlagSpec>): { flags: FlagValues; args: string[] } {
  const options = Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [name, spec.kind === "bool" ? { type: "boolean" as const } : { type: "string" as const, multiple: spec.kind === "list" }]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: words, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(parseArgsRefusal(error));
  }
  const flags: FlagValues = {};
  for (const [name, value] of Object.entries(parsed.values)) {
    const spec = specs[name]!;
    if (spec.kind === "int") {
      if (typeof value !== "string" || !/^-?\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got "${String(value)}"`);
      flags[name] = Number(value);
    } else {
      flags[name] = value as string | boolean | string[];
    }
  }
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.required && flags[name] === undefined) throw new UsageError(`--${name} is required`);
  }
  return { flags, args: parsed.positionals };
}

export function commandHelp(command: Command): string {
  const usage = ["parla", ...command.path, ...(command.args ?? []).map((a) => `<${a}>`), ...Object.entries(command.flags).filter(([, s]) => s.required).map(([n]) => `--${n} <${n}>`)].join(" ");
  const lines = [`${command.summary}`, "", `usage: ${usage} [options]`, "", "options:"];
  for (const [name, spec] of Object.entries(command.flags)) {
    lines.push(`  --${name}${spec.kind === "bool" ? "" : ` <${spec.kind === "int" ? "n" : "value"}>`}${spec.kind === "list" ? " (repeatable)" : ""}${spec.required ? " (required)" : ""}`.padEnd(40) + spec.help);
  }
  lines.push("  --help".padEnd(40) + "show this help");
  return lines.join("\n");
}

export function groupHelp(prefix: string[], commands: Command[]): string {
  const below = commands.filter((c) => prefix.every((w, i) => c.path[i] === w));
  const lines = [`usage: parla ${[...prefix, "<command>"].join(" ")} [options]`, "", "commands:"];
  for (const c of below) lines.push(`  ${[...c.path, ...(c.args ?? []).map((a) => `<${a}>`)].join(" ")}`.padEnd(44) + c.summary);
  lines.push("", "Run any command with --help for its options.");
  return lines.join("\n");
}

/** Finds the command for argv; returns the command and the words after its path. */
export function resolveCommand(argv: string[], commands: Command[]): { command: Command; rest: string[] } | { prefix: string[] } {
  let best: Command | null = null;
  for (const c of commands) {
    if (c.path.length <= argv.length && c.path.every((w, i) => argv[i] === w) && (!best || c.path.length > best.path.length)) best = c;
  }
  if (best) return { command: best, rest: argv.slice(best.path.length) };
  const prefix: string[] = [];
  for (const word of argv) {
    if (word.startsWith("-")) break;
    if (!commands.some((c) => [...prefix, word].every((w, i) => c.path[i] === w))) break;
    prefix.push(word);
  }
  return { prefix };
}
