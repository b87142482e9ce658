// The six languages Parla teaches, and the one place that turns a caller's language code into one.

export const LANGS = ["en", "es", "fr", "de", "it", "pt-BR"] as const;
export type Lang = (typeof LANGS)[number];

/**
 * Accepts the exact codes, any letter case, `_` for `-`, and `pt` / `pt-br` for Brazilian
 * Portuguese (the only Portuguese Parla teaches). Anything else is null, never a guess.
 */
export function normaliseLang(code: unknown): Lang | null {
  if (typeof code !== "string") return null;
  const folded = code.trim().replace("_", "-").toLowerCase();
  if (folded === "pt" || folded === "pt-br") return "pt-BR";
  return (LANGS as readonly string[]).includes(folded) ? (folded as Lang) : null;
}

/** Each language's name, written in each language: LANGUAGE_NAMES[inLang][lang]. */
export const LANGUAGE_NAMES: Record<Lang, Record<Lang, string>> = {
  en: { en: "English", es: "Spanish", fr: "French", de: "German", it: "Italian", "pt-BR": "Portuguese" },
  es: { en: "inglés", es: "español", fr: "francés", de: "alemán", it: "italiano", "pt-BR": "portugués" },
  fr: { en: "anglais", es: "espagnol", fr: "français", de: "allemand", it: "italien", "pt-BR": "portugais" },
  de: { en: "Englisch", es: "Spanisch", fr: "Französisch", de: "Deutsch", it: "Italienisch", "pt-BR": "Portugiesisch" },
  it: { en: "inglese", es: "spagnolo", fr: "francese", de: "tedesco", it: "italiano", "pt-BR": "portoghese" },
  "pt-BR": { en: "inglês", es: "espanhol", fr: "francês", de: "alemão", it: "italiano", "pt-BR": "português" },
};
