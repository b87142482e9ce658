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

// Keywords come from the data (a few thousand), so their words and stems are worked out once;
// learner messages are not kept.
interface KeywordParts {
  words: string[];
  stems: string[];
  /** A keyword that is a number accepts any number. */
  number: boolean;
}

const keywordParts = new Map<Lang, Map<string, KeywordParts>>();

function keywordOf(keyword: string, lang: Lang): KeywordParts {
  let byKeyword = keywordParts.get(lang);
  if (!byKeyword) keywordParts.set(lang, (byKeyword = new Map()));
  let parts = byKeyword.get(keyword);
  if (!parts) {
    const w = words(keyword);
    parts = { words: w, stems: stems(keyword, lang), number: w.length > 0 && w.every((x) => isNumberWord(x, lang)) };
    byKeyword.set(keyword, parts);
  }
  return parts;
}

/** How strongly the message says the keyword: its word count, or 0 when it is not there. */
interface Message {
  raw: string[];
  stems: string[];
  hasNumber: boolean;
}

function readMessage(text: string, lang: Lang): Message {
  const raw = words(text);
  return { raw, stems: stems(text, lang), hasNumber: mentionsNumber(raw, lang) };
}

function keywordStrength(message: Message, keyword: string, lang: Lang): number {
  const kw = keywordOf(keyword, lang);
  if (kw.number) return message.hasNumber ? 1 : 0;
  return containsWords(message.stems, kw.stems) ? kw.words.length : 0;
}

export function containsAnyKeyword(text: string, keywords: string[], lang: Lang): boolean {
  const message = readMessage(text, lang);
  return keywords.some((k) => keywordStrength(message, k, lang) > 0);
}

/**
 * `ahead`: a later step than the one the NPC waits on, which a "thanks" or a "no" alone does not
 * answer; `more`: the message names what the step just done was about ("y medio kilo de fresas"
 * after "¿Algo más?"), so a number in it is that order's, not a later step's amount.
 */
function bestIntentAt(scenario: Scenario, step: number, message: Message, lang: Lang, ahead: boolean, more = false): string | null {
  let best: { intent: string; strength: number } | null = null;
  for (const intent of scenario.steps[step]?.intents ?? []) {
    const keywords = ahead ? intent.keywords[lang].filter((k) => !generic(k, lang) && !(more && keywordOf(k, lang).number)) : intent.keywords[lang];
    const strength = Math.max(0, ...keywords.map((k) => keywordStrength(message, k, lang)));
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
  const message = readMessage(text, lang);
  const order = [...Array.from({ length: Math.max(scenario.steps.length - from, 0) }, (_, i) => from + i), ...(from > 0 ? [from - 1] : [])];
  const more = from > 0 && bestIntentAt(scenario, from - 1, message, lang, true) !== null;
  for (const step of order) {
    const intent = bestIntentAt(scenario, step, message, lang, step > from, more);
    if (intent) return { step, intent };
  }
  return null;
}

// Words that confirm, thank or point rather than say what the learner wants; a keyword made only
// of these (or of numbers) does not show that a later step was answered too.
const GENERIC: Record<Lang, Set<string>> = {
  en: new Set("yes no ok okay thanks thank you please here sure".split(" ")),
  es: new Set("si no vale gracias por favor aqui claro bueno".split(" ")),
  fr: new Set("oui non merci s il vous plait voila d accord bien".split(" ")),
  de: new Set("ja nein danke bitte okay gut hier".split(" ")),
  it: new Set("si no grazie per favore ecco va bene certo".split(" ")),
  "pt-BR": new Set("sim nao obrigado obrigada por favor aqui ta claro".split(" ")),
};

/** A keyword made only of confirming, thanking or pointing words ("gracias", "no gracias"). */
function generic(keyword: string, lang: Lang): boolean {
  return words(foldAccents(keyword)).every((w) => GENERIC[lang].has(w));
}

// What a learner says to turn an offer down ("No, gracias", "Nothing, thanks", "Nein danke").
const DECLINES: Record<Lang, Set<string>> = {
  en: new Set(["no", "nothing", "nope"]),
  es: new Set(["no", "nada"]),
  fr: new Set(["non", "rien"]),
  de: new Set(["nein", "nichts"]),
  it: new Set(["no", "niente", "nulla"]),
  "pt-BR": new Set(["nao", "nada"]),
};

/** Does the message only turn down what the NPC offered: a "no" and nothing it says it wants? */
export function onlyDeclines(text: string, lang: Lang): boolean {
  const answer = bareYesNo(text, lang);
  return answer !== null && DECLINES[lang].has(answer);
}

const YES: Record<Lang, Set<string>> = {
  en: new Set(["yes", "yeah", "yep"]),
  es: new Set(["si"]),
  fr: new Set(["oui"]),
  de: new Set(["ja"]),
  it: new Set(["si"]),
  "pt-BR": new Set(["sim"]),
};

/**
 * A bare yes or no ("Sí", "Non, merci", "No, nada"): the answer word, folded, when the message
 * says nothing else than confirming, thanking or declining words; null otherwise ("No entiendo" is no answer).
 */
export function bareYesNo(text: string, lang: Lang): string | null {
  const said = words(foldAccents(text));
  const first = said[0];
  if (first === undefined) return null;
  const declines = DECLINES[lang].has(first);
  if (!declines && !YES[lang].has(first)) return null;
  return said.every((w) => GENERIC[lang].has(w) || w === first || (declines && DECLINES[lang].has(w))) ? first : null;
}

function telling(keyword: string, lang: Lang): boolean {
  const kw = words(foldAccents(keyword));
  return kw.some((w) => !GENERIC[lang].has(w) && !isNumberWord(w, lang));
}

/**
 * The last step a message answers when it says more than one step's worth ("a room for three
 * nights" answers the booking and the nights): the NPC goes on from there and never asks for what
 * it was already told. A later step counts only through a keyword of its own that says something
 * (not a "yes", a "thanks" or a bare number).
 */
export function furthestStep(scenario: Scenario, match: IntentMatch, text: string, lang: Lang): IntentMatch {
  const message = readMessage(text, lang);
  let last = match;
  for (let step = match.step + 1; step < scenario.steps.length; step++) {
    // A keyword of the step before, or one stemming the same ("größer" after "Größe"), is not news.
    const before = new Set((scenario.steps[step - 1]?.intents ?? []).flatMap((i) => i.keywords[lang].flatMap((k) => keywordOf(k, lang).stems)));
    let found: string | null = null;
    for (const intent of scenario.steps[step]?.intents ?? []) {
      const own = intent.keywords[lang].filter((k) => !keywordOf(k, lang).stems.every((w) => before.has(w)) && telling(k, lang));
      if (own.some((k) => keywordStrength(message, k, lang) > 0)) {
        found = intent.id;
        break;
      }
    }
    if (!found) break;
    last = { step, intent: found };
  }
  return last;
}
