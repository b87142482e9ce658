// English comparatives and superlatives on the lesson's own predicative adjectives: "The soup
// is too hot." → "The soup is ____ (hot) than before." (hotter) or "… the ____ (hot) of all."
// (hottest). Short adjectives take -er/-est from the closed table of tutor/english-tables.ts
// (irregulars there too: better, worse); long ones take more/most. An adjective outside the
// table is used only when it is long and the sentence grades it ("very expensive"): a short one
// the table lacks, or an ungraded one ("broken"), is left to other sentences.
import type { Concept } from "../lexicon-rules.ts";
import { GAP } from "../sentence-fit.ts";
import { EN_COMPARATIVES } from "../tutor/english-tables.ts";
import type { DrillItem } from "./form-drill.ts";
import type { LessonContext } from "./lesson-context.ts";

const PREDICATE = /^(.+ (?:is|are|was|were|looks|seems|feels|tastes|sounds)) (?:(very|really|quite|so|too) )?([a-z]+)\.$/;
// Endings of two-syllable adjectives compared with more/most (careful, famous, boring, tired).
const LONG_ENDINGS = /(ful|less|ous|ing|ed|ive|al|ic|ent|ant|ish|ible|able)$/;

function syllables(word: string): number {
  return (word.replace(/e$/, "").match(/[aeiouy]+/g) ?? []).length;
}

/** Comparative and superlative of an adjective, or null when its forms are not certain. */
export function compared(adjective: string, graded: boolean): { comparative: string; superlative: string } | null {
  const short = EN_COMPARATIVES[adjective];
  if (short) return { comparative: short[0], superlative: short[1] };
  const long = syllables(adjective) >= 3 || (syllables(adjective) === 2 && LONG_ENDINGS.test(adjective));
  return long && graded ? { comparative: `more ${adjective}`, superlative: `most ${adjective}` } : null;
}

/** "This coffee is ____ (sweet) than before." / "This coffee is the ____ (sweet) of all." */
export function comparativeItem(context: LessonContext, concept: Concept, n: number): DrillItem | null {
  const sentence = concept.en.ex;
  // A second clause ("… because it is late") would be compared with nothing in it.
  if (/[,;:"!?]/.test(sentence) || /\b(because|when|if|that|and|but|so|while|where)\b/i.test(sentence.replace(/ (so|too) \w+\.$/, "."))) return null;
  const match = PREDICATE.exec(sentence);
  if (!match) return null;
  const [, head, degree, adjective] = match as unknown as [string, string, string | undefined, string];
  const forms = compared(adjective, degree !== undefined);
  if (!forms) return null;
  // Every third item is a superlative, so both halves of the point are practised.
  const superlative = n % 3 === 2;
  const answer = superlative ? forms.superlative : forms.comparative;
  const prompt = superlative ? `${head} the ${GAP} (${adjective}) of all.` : `${head} ${GAP} (${adjective}) than before.`;
  return { prompt, answer, hint: "", lemma: adjective, others: [adjective, superlative ? forms.comparative : forms.superlative] };
}
