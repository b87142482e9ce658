// The flags of `parla engine …`, read by node:util's parseArgs: `--name value`, `--name=value` and
// boolean switches. Unknown flags and missing values are errors, so a typo never silently changes
// what runs.
import { parseArgs } from "node:util";
import { parseArgsRefusal } from "../lib/parse-args-refusal.ts";

export type FlagSpec = Record<string, { kind: "string" | "boolean"; alias?: string; repeatable?: boolean }>;

export type ParsedFlags = { ok: true; values: Map<string, string[]>; positional: string[] } | { ok: false; error: string };

export function parseFlags(args: string[], spec: FlagSpec): ParsedFlags {
  const options: Record<string, { type: "string" | "boolean"; multiple: true }> = {};
  const nameOf = new Map<string, string>();
  for (const [name, def] of Object.entries(spec)) {
    for (const word of [name, ...(def.alias ? [def.alias] : [])]) {
      options[word] = { type: def.kind, multiple: true };
      nameOf.set(word, name);
    }
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    return { ok: false, error: parseArgsRefusal(error) };
  }
  const values = new Map<string, string[]>();
  for (const [word, given] of Object.entries(parsed.values)) {
    const name = nameOf.get(word)!;
    const list = [...(values.get(name) ?? []), ...(given as (string | boolean)[]).map(String)];
    if (list.length > 1 && !spec[name]!.repeatable) return { ok: false, error: `--${word} given twice` };
    values.set(name, list);
  }
  return { ok: true, values, positional: parsed.positionals };
}

export function flag(values: Map<string, string[]>, name: string): string | undefined {
  return values.get(name)?.[0];
}
