// Recognising what the learner wants from the scenario's keywords (stemmed, accents ignored) and
// numbers: a keyword that is a number accepts any number the learner writes.
import type { Lang } from "../../languages.ts";
import type { Scenario } from "../data-rules.ts";
import { containsWords } from "../keyword-match.ts";
import { foldAccents, stem, words } from "../text-normalise.ts";
import { isNumberWord, mentionsNumber } from "./numbers.ts";

export interface IntentMatch {
  step: number;
  intent: string;
}

function stems(text: string, lang: Lang): string[] {
  return words(foldAccents(text)).map((w) => stem(w, lang));
}

/** How strongly the message says the keyword: its word count, or 0 when it is not there. */
function keywordStrength(message: { raw: string[]; stems: string[] }, keyword: string, lang: Lang): number {
  const kw = words(keyword);
  if (kw.length > 0 && kw.every((w) => isNumberWord(w, lang))) return mentionsNumber(message.raw, lang) ? 1 : 0;
  return containsWords(message.stems, stems(keyword, lang)) ? kw.length : 0;
}

export function containsAnyKeyword(text: string, keywords: string[], lang: Lang): boolean {
  const message = { raw: words(text), stems: stems(text, lang) };
  return keywords.some((k) => keywordStrength(message, k, lang) > 0);
}

function bestIntentAt(scenario: Scenario, step: number, message: { raw: string[]; stems: string[] }, lang: Lang): string | null {
  let best: { intent: string; strength: number } | null = null;
  for (const intent of scenario.steps[step]?.intents ?? []) {
    const strength = Math.max(0, ...intent.keywords[lang].map((k) => keywordStrength(message, k, lang)));
    if (strength > 0 && (!best || strength > best.strength)) best = { intent: intent.id, strength };
  }
  return best?.intent ?? null;
}

/**
 * The first step from `from` on that the message answers, and the intent it matched best there.
 * Later steps count too, so a learner who skips ahead (or says goodbye early) is followed; the
 * step just done counts last, so "Anything else?" can be answered with a second order.
 */
export function matchIntent(scenario: Scenario, from: number, text: string, lang: Lang): IntentMatch | null {
  const message = { raw: words(text), stems: stems(text, lang) };
  const order = [...Array.from({ length: Math.max(scenario.steps.length - from, 0) }, (_, i) => from + i), ...(from > 0 ? [from - 1] : [])];
  for (const step of order) {
    const intent = bestIntentAt(scenario, step, message, lang);
    if (intent) return { step, intent };
  }
  return null;
}
