#!/usr/bin/env bun
// The `parla` command: serve (default), migrate, version, admin …, engine ….
import { ConfigError } from "./config/config.ts";
import { CommandRefused, commandHelp, groupHelp, parseFlags, resolveCommand, UsageError, type Command } from "./cli/command-line.ts";
import { adminCommands } from "./cli/admin-commands.ts";
import { webhookCommands } from "./cli/webhook-commands.ts";
import { listenCommands } from "./cli/listen-command.ts";
import { backupCommands } from "./cli/backup-commands.ts";
import { mailCommands } from "./cli/mail-commands.ts";
import { eventsCommands } from "./cli/events-commands.ts";
import { llmCommands } from "./cli/llm-commands.ts";
import { libraryCommands } from "./cli/library-commands.ts";
import { loginCommands } from "./cli/login-command.ts";
import { systemCommands } from "./cli/system-commands.ts";
import { startServer, StartupError } from "./server.ts";

const commands: Command[] = [...systemCommands(startServer), ...adminCommands, ...webhookCommands, ...backupCommands, ...mailCommands, ...llmCommands, ...libraryCommands, ...eventsCommands, ...loginCommands, ...listenCommands];

export async function main(argv: string[]): Promise<number> {
  const words = argv.length === 0 ? ["serve"] : argv;
  if (words[0] === "--help" || words[0] === "-h" || words[0] === "help") {
    process.stdout.write(groupHelp([], commands) + "\n  engine …".padEnd(45) + "Preview the configured engine: stats, vocab, plan, tutor (parla engine --help)\n");
    return 0;
  }
  // The engine preview has its own sub-commands and flags (src/generation/cli.ts).
  // Loaded on demand so that serving never pays for parsing the engine's data it may not use.
  if (words[0] === "engine") return (await import("./generation/cli.ts")).runEngineCommand(words.slice(1));
  const found = resolveCommand(words, commands);
  if ("prefix" in found) {
    const wantsHelp = words.includes("--help");
    if (found.prefix.length > 0 && wantsHelp) {
      process.stdout.write(groupHelp(found.prefix, commands) + "\n");
      return 0;
    }
    const unknown = words.slice(found.prefix.length)[0] ?? "";
    const name = [...found.prefix, unknown].join(" ").trim();
    return refuse(words, "invalid_usage", `unknown command "${name}" (run parla ${[...found.prefix, "--help"].join(" ")})`, 2);
  }
  const { command, rest } = found;
  if (rest.includes("--help") || rest.includes("-h")) {
    process.stdout.write(commandHelp(command) + "\n");
    return 0;
  }
  try {
    const parsed = parseFlags(rest, command.flags);
    const expected = command.args?.length ?? 0;
    if (parsed.args.length > expected) throw new UsageError(`unexpected argument "${parsed.args[expected]}"`);
    return await command.run(parsed);
  } catch (error) {
    const name = `parla ${command.path.join(" ")}`;
    if (error instanceof CommandRefused) return refuse(rest, error.code, error.message, error.exitCode);
    if (error instanceof UsageError) return refuse(rest, "invalid_usage", `${name}: ${error.message} (run ${name} --help)`, 2);
    if (error instanceof ConfigError) return refuse(rest, "invalid_configuration", `invalid configuration: ${error.problems.join("; ")}`, 1);
    if (error instanceof StartupError) return refuse(rest, "startup_failed", error.message, 1);
    // Anything else (the store unreachable, a disk full): its message, never a stack trace.
    return refuse(rest, "failed", error instanceof Error ? error.message : String(error), 1);
  }
}

/** A refused command: one line on stderr — with --json, `{"code","error"}` — and a non-zero exit (DESIGN §5). */
function refuse(words: string[], code: string, message: string, exitCode: number): number {
  const line = message.replace(/\s*\n\s*/g, " ");
  process.stderr.write(words.includes("--json") ? JSON.stringify({ code, error: line }) + "\n" : (line.startsWith("parla") ? line : `parla: ${line}`) + "\n");
  return exitCode;
}

if (import.meta.main) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`parla: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
