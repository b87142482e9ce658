// The language of the pages: the account's choice (users.ui_lang, set on the Account page), else
// the browser's Accept-Language (RFC 9110 §12.5.4), else English. One text file per language.
import { LANGS, normaliseLang, type Lang } from "../../generation/languages.ts";
import { de } from "./de.ts";
import { en, type UiText } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { it } from "./it.ts";
import { ptBR } from "./pt-br.ts";

export type { UiText };
export type UiLang = Lang;
export const UI_LANGS: readonly UiLang[] = LANGS;

const TEXTS: Record<UiLang, UiText> = { en, es, fr, de, it, "pt-BR": ptBR };

export const uiText = (lang: UiLang): UiText => TEXTS[lang];

/** `de-AT` → de, `pt` → pt-BR; a language Parla has no texts for is null. */
function uiLangOf(tag: string): UiLang | null {
  const exact = normaliseLang(tag);
  if (exact) return exact;
  const primary = tag.split("-")[0] ?? "";
  return primary.toLowerCase() === "pt" ? "pt-BR" : normaliseLang(primary);
}

/** The best of Parla's languages an Accept-Language header asks for (highest q first, q=0 never). */
export function langFromAcceptLanguage(header: string | null): UiLang | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 1000)
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((r) => r.tag !== "" && r.tag !== "*" && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const r of ranked) {
    const lang = uiLangOf(r.tag);
    if (lang) return lang;
  }
  return null;
}

/** The account's language when it chose one, else what the browser asks for, else English. */
export function pageLang(chosen: string | null | undefined, acceptLanguage: string | null): UiLang {
  return normaliseLang(chosen) ?? langFromAcceptLanguage(acceptLanguage) ?? "en";
}
