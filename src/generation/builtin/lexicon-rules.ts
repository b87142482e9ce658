// Structural rules for the built-in lexicon (data/README.md). Used by the data test and by
// `bun scripts/check-lexicon.ts` while writing data; it reports every problem, not just the first.

import { LANGS, type Lang } from "../languages.ts";
import { foldCase } from "./text-normalise.ts";

export { LANGS, type Lang };

export const PARTS_OF_SPEECH = ["noun", "verb", "adj", "adv", "phrase", "prep", "num", "pron", "conj", "interj"] as const;
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

export interface LexiconEntry {
  w: string;
  g?: "m" | "f" | "n";
  pl?: string;
  art?: string;
  ex: string;
  f?: string;
}

export interface Concept {
  id: string;
  pos: PartOfSpeech;
  level: number;
  topics: string[];
  en: LexiconEntry;
  es: LexiconEntry;
  fr: LexiconEntry;
  de: LexiconEntry;
  it: LexiconEntry;
  "pt-BR": LexiconEntry;
}

const GENDERED: readonly Lang[] = ["es", "fr", "de", "it", "pt-BR"];
const ENTRY_KEYS = new Set(["w", "g", "pl", "art", "ex", "f"]);
const CONCEPT_KEYS = new Set(["id", "pos", "level", "topics", ...LANGS]);

/** Does the example use the word: lemma, plural or the declared inflected form(s)? */
export function exampleUsesWord(entry: LexiconEntry): boolean {
  const ex = foldCase(entry.ex);
  const forms = [entry.w, entry.pl, ...(entry.f ? entry.f.split("|") : [])].filter((s): s is string => !!s);
  return forms.some((form) => ex.includes(foldCase(form)));
}

export function checkConcepts(concepts: unknown[], topicIds: ReadonlySet<string> | null): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  concepts.forEach((raw, index) => {
    const where = `#${index}`;
    if (typeof raw !== "object" || raw === null) {
      problems.push(`${where}: not an object`);
      return;
    }
    const c = raw as Record<string, unknown>;
    const id = typeof c.id === "string" ? c.id : "";
    const at = `${where} (${id || "no id"})`;
    for (const key of Object.keys(c)) if (!CONCEPT_KEYS.has(key)) problems.push(`${at}: unknown key "${key}"`);
    if (!/^[a-z0-9_]+$/.test(id)) problems.push(`${at}: id must be lowercase a-z0-9_`);
    if (seen.has(id)) problems.push(`${at}: duplicate id (also #${seen.get(id)})`);
    seen.set(id, index);
    if (!PARTS_OF_SPEECH.includes(c.pos as PartOfSpeech)) problems.push(`${at}: bad pos ${String(c.pos)}`);
    if (!Number.isInteger(c.level) || (c.level as number) < 1 || (c.level as number) > 9) problems.push(`${at}: level must be 1..9`);
    if (!Array.isArray(c.topics) || c.topics.length === 0) problems.push(`${at}: topics must be a non-empty array`);
    else if (topicIds) for (const t of c.topics) if (!topicIds.has(t as string)) problems.push(`${at}: unknown topic ${String(t)}`);
    for (const lang of LANGS) {
      const e = c[lang] as Record<string, unknown> | undefined;
      if (!e || typeof e !== "object") {
        problems.push(`${at}: missing language ${lang}`);
        continue;
      }
      for (const key of Object.keys(e)) if (!ENTRY_KEYS.has(key)) problems.push(`${at} ${lang}: unknown key "${key}"`);
      if (typeof e.w !== "string" || e.w.trim() === "" || e.w !== e.w.trim()) problems.push(`${at} ${lang}: w must be a trimmed non-empty string`);
      if (typeof e.ex !== "string" || e.ex.trim().length < 3) problems.push(`${at} ${lang}: ex missing`);
      for (const key of ["pl", "art", "f"]) if (key in e && (typeof e[key] !== "string" || (e[key] as string).trim() === "")) problems.push(`${at} ${lang}: ${key} must be a non-empty string`);
      if (c.pos === "noun") {
        if (lang === "en" && "g" in e) problems.push(`${at} en: English nouns have no gender`);
        if (GENDERED.includes(lang)) {
          const allowed = lang === "de" ? ["m", "f", "n"] : ["m", "f"];
          if (!allowed.includes(e.g as string)) problems.push(`${at} ${lang}: noun gender must be one of ${allowed.join("/")}`);
        }
        if (lang === "de" && typeof e.w === "string" && e.w[0] !== e.w[0]?.toLocaleUpperCase("de")) problems.push(`${at} de: German nouns are capitalised`);
      } else if ("g" in e && c.pos !== "adj") {
        problems.push(`${at} ${lang}: only nouns carry g`);
      }
      if (typeof e.w === "string" && typeof e.ex === "string" && !exampleUsesWord(e as unknown as LexiconEntry)) {
        problems.push(`${at} ${lang}: example does not contain "${e.w}"${e.f ? ` or "${e.f}"` : ""}${e.pl ? ` or "${e.pl}"` : ""}`);
      }
    }
  });
  return problems;
}
