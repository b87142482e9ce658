#!/usr/bin/env bun
// The `parla` command: serve (default), migrate, version, admin …, engine ….
import { ConfigError } from "./config/config.ts";
import { commandHelp, groupHelp, parseFlags, resolveCommand, UsageError, type Command } from "./cli/command-line.ts";
import { adminCommands } from "./cli/admin-commands.ts";
import { llmCommands } from "./cli/llm-commands.ts";
import { libraryCommands } from "./cli/library-commands.ts";
import { loginCommands } from "./cli/login-command.ts";
import { systemCommands } from "./cli/system-commands.ts";
import { startServer, StartupError } from "./server.ts";

const commands: Command[] = [...systemCommands(startServer), ...adminCommands, ...llmCommands, ...libraryCommands, ...loginCommands];

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
    process.stderr.write(`parla: unknown command "${[...found.prefix, unknown].join(" ").trim()}"\n\n${groupHelp(found.prefix, commands)}\n`);
    return 2;
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
    if (error instanceof UsageError) {
      process.stderr.write(`parla ${command.path.join(" ")}: ${error.message}\n\n${commandHelp(command)}\n`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof StartupError) {
      process.stderr.write(`parla: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
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
