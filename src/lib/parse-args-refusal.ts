// Both command-line parsers (cli/command-line.ts, generation/cli-flags.ts) read flags with
// node:util's parseArgs; this says its refusals in the CLI's own words.

/** node:util parseArgs' refusal in this CLI's words: `unknown flag --x`, `--x needs a value`, `--x takes no value`. */
export function parseArgsRefusal(error: unknown): string {
  const e = error as { code?: string; message?: string };
  const name = /'(-{1,2}[^' <]+)/.exec(e.message ?? "")?.[1] ?? "";
  if (e.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown flag ${name}`;
  if (e.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return /does not take an argument/.test(e.message ?? "") ? `${name} takes no value` : `${name} needs a value`;
  throw error;
}

