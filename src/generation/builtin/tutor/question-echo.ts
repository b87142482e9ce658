// A yes/no question about a quality answered with the learner's own words turned round: "¿Es muy
// picante?" → "Sí, es muy picante.", "Ist das Zimmer ruhig?" → "Ja, das Zimmer ist ruhig.", "Is
// the room quiet?" → "Yes, the room is quiet." Only a short question whose every word the tables
// know is echoed, so the answer never repeats a misspelling.
import type { Lang } from "../../languages.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import { say } from "../ui-text/template.ts";
import { ANSWERS } from "./answer-text.ts";
import { isKnownWord } from "./spelling.ts";

const ROMANCE_COPULA = /^(es|está|son|están|è|sono|é|são|c'est|il est|elle est|ils sont|elles sont)\s/i;
/** "¿La habitación es tranquila?", "La chambre est calme ?", "O quarto é tranquilo?": the subject before the copula. */
const ROMANCE_SUBJECT_FIRST = /^((?:el|la|los|las|le|les|il|lo|gli|i|o|a|os|as)\s+\p{L}+)\s+(es|está|son|están|est|sont|è|sono|é|são|está)\s+(.+)$/iu;
const SUBJECT_FIRST = /^(ist|sind|is|are)\s+((?:das|der|die|es|sie|the|it|they|this|these)(?:\s+\p{L}+)?)\s+(.+)$/iu;

export function yesNoEcho(question: string, lang: Lang, index: LexiconIndex): string | null {
  let q = question.replace(/[¿?¡!]/g, "").replace(/\s+/g, " ").trim();
  if (lang === "fr") q = q.replace(/^est-ce qu[e']\s*/i, "");
  const words = q.match(/[\p{L}']+/gu) ?? [];
  if (words.length === 0 || words.length > 7 || !words.every((w) => isKnownWord(w.replace(/^[cl]'/i, ""), index.language(lang)) || /^c'est$/i.test(w))) return null;
  const yes = say(ANSWERS.yes, lang);
  if (lang === "de" || lang === "en") {
    const m = SUBJECT_FIRST.exec(q);
    if (!m) return null;
    const [, verb, subject, rest] = m as unknown as [string, string, string, string];
    // "Ist das Zimmer ruhig": a noun after the article keeps its capital; "it" does not.
    const sub = lang === "en" ? subject.toLowerCase() : subject.replace(/^\p{Lu}/u, (c) => c.toLowerCase());
    return `${yes}, ${sub} ${verb.toLowerCase()} ${rest}.`;
  }
  const m = ROMANCE_SUBJECT_FIRST.exec(q);
  if (m) return `${yes}, ${q.charAt(0).toLowerCase()}${q.slice(1)}.`;
  if (!ROMANCE_COPULA.test(q)) return null;
  return `${yes}, ${q.charAt(0).toLowerCase()}${q.slice(1)}.`;
}
