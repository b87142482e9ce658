// Debian's Hunspell as a test oracle for valid word forms (never used at run time: the binary keeps
// its own tables). `hunspell -l` prints the words of its input that the dictionary rejects.
import type { Lang } from "../../../src/generation/languages.ts";

export const DICTIONARIES: Record<Lang, string> = { en: "en_US", es: "es_ES", fr: "fr", de: "de_DE", it: "it_IT", "pt-BR": "pt_BR" };

export function hunspellAvailable(): boolean {
  const which = Bun.spawnSync(["sh", "-c", "command -v hunspell"]);
  if (which.exitCode !== 0) return false;
  const dicts = Bun.spawnSync(["hunspell", "-D"], { stdin: new Uint8Array() });
  const listed = new TextDecoder().decode(dicts.stderr) + new TextDecoder().decode(dicts.stdout);
  return Object.values(DICTIONARIES).every((d) => listed.includes(`/${d}`));
}

/** The words Hunspell's dictionary for `lang` rejects, out of `words`. */
export function rejectedWords(lang: Lang, words: string[]): Set<string> {
  const run = Bun.spawnSync(["hunspell", "-i", "utf-8", "-d", DICTIONARIES[lang], "-l"], { stdin: new TextEncoder().encode(words.join("\n") + "\n") });
  return new Set(new TextDecoder().decode(run.stdout).split("\n").filter(Boolean));
}
