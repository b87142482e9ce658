// A small flag parser for `parla engine …`: `--name value`, `--name=value` and boolean switches.
// Unknown flags and missing values are errors, so a typo never silently changes what runs.

export type FlagSpec = Record<string, { kind: "string" | "boolean"; alias?: string; repeatable?: boolean }>;

export type ParsedFlags = { ok: true; values: Map<string, string[]>; positional: string[] } | { ok: false; error: string };

export function parseFlags(args: string[], spec: FlagSpec): ParsedFlags {
  const byName = new Map<string, string>();
  for (const [name, def] of Object.entries(spec)) {
    byName.set(name, name);
    if (def.alias) byName.set(def.alias, name);
  }
  const values = new Map<string, string[]>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const [rawName, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const name = byName.get(rawName);
    if (!name) return { ok: false, error: `unknown flag --${rawName}` };
    const def = spec[name] as FlagSpec[string];
    let value: string;
    if (def.kind === "boolean") {
      if (inline !== undefined) return { ok: false, error: `--${rawName} takes no value` };
      value = "true";
    } else if (inline !== undefined) value = inline;
    else {
      const next = args[i + 1];
      if (next === undefined || next.startsWith("--")) return { ok: false, error: `--${rawName} needs a value` };
      value = next;
      i++;
    }
    const list = values.get(name) ?? [];
    if (list.length > 0 && !def.repeatable) return { ok: false, error: `--${rawName} given twice` };
    values.set(name, [...list, value]);
  }
  return { ok: true, values, positional };
}

export function flag(values: Map<string, string[]>, name: string): string | undefined {
  return values.get(name)?.[0];
}
