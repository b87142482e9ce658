// Por or para on the lesson's own Spanish sentences: the preposition the sentence uses is the
// key, gapped with the word after it ("Caminamos ____ (por/para + el) parque." → "por el"), so the
// word box can offer the other preposition with the same word, a real group and wrong there.
// Fixed phrases whose preposition nobody chooses (por favor, ¿por qué?, por ciento) are left out.
import type { Concept } from "../lexicon-rules.ts";
import { GAP } from "../sentence-fit.ts";
import type { DrillItem } from "./form-drill.ts";
import type { LessonContext } from "./lesson-context.ts";

const PREPOSITION = /(^|\s)(por|para|Por|Para) (\p{L}+)/gu;
const FIXED = /\b(por favor|por qué|para qué|por ciento)\b/i;

export function porParaItem(context: LessonContext, concept: Concept): DrillItem | null {
  const sentence = concept.es.ex;
  if (FIXED.test(sentence) || /["«»“”]/.test(sentence)) return null;
  const uses = [...sentence.matchAll(PREPOSITION)];
  // One por or para per sentence: a second would stand ungapped beside the gap and give it away.
  if (uses.length !== 1) return null;
  const use = uses[0] as RegExpMatchArray;
  const [, space, preposition, next] = use as unknown as [string, string, string, string];
  const start = (use.index ?? 0) + space.length;
  const end = start + preposition.length + 1 + next.length;
  // Two words or more stand outside the gap: it never takes the whole sentence.
  if ((sentence.match(/\p{L}+/gu) ?? []).length < 4) return null;
  const other = preposition.toLowerCase() === "por" ? "para" : "por";
  const capital = /^\p{Lu}/u.test(preposition);
  const shown = capital ? other.charAt(0).toUpperCase() + other.slice(1) : other;
  // The sentence keeps its meaning, so its translation is the hint, as for a present-tense item.
  return { prompt: `${sentence.slice(0, start)}${GAP} (${capital ? "Por/Para" : "por/para"} + ${next})${sentence.slice(end)}`, answer: `${preposition} ${next}`, hint: concept[context.source].ex, lemma: `por/para + ${next}`, others: [`${shown} ${next}`] };
}
