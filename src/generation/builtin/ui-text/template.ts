// Filling the engine's own six-language sentences. Parameters are inserted as plain text; a
// template never re-reads what it inserted, so scene or NPC text cannot smuggle in a placeholder.
import type { Lang } from "../../languages.ts";

export type Texts = Record<Lang, string>;

/** One text in the six languages, in the order the engine's tables write them. */
export function inSixLanguages(en: string, es: string, fr: string, de: string, it: string, pt: string): Texts {
  return { en, es, fr, de, it, "pt-BR": pt };
}

export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

export function say(texts: Texts, lang: Lang, params: Record<string, string | number> = {}): string {
  return fill(texts[lang], params);
}

const QUOTES: Record<Lang, [string, string]> = {
  en: ["“", "”"],
  es: ["«", "»"],
  fr: ["« ", " »"],
  de: ["„", "“"],
  it: ["«", "»"],
  "pt-BR": ["“", "”"],
};

/** Quotes a piece of text the way the language writes quotation marks. */
export function quote(lang: Lang, text: string): string {
  const [open, close] = QUOTES[lang];
  return `${open}${text}${close}`;
}
