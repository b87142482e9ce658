// The loop the drills of the points that are not a verb form share (article-drill.ts,
// pronoun-drill.ts): the lesson's own sentences first (the scene's concepts, then sentences using
// them, then the topics', as formDrill reads them), the rest of the lexicon at the level only
// when those run short. Each sentence gives at most one item, each noun is drilled once, and a
// key is repeated at most twice before the other keys had their turn, so the box is not one word.
import type { Concept } from "../lexicon-rules.ts";
import { fitsLength } from "../sentence-fit.ts";
import { sources, type DrillItem } from "./form-drill.ts";
import type { LessonContext } from "./lesson-context.ts";

/** One item a sentence gives, with the noun it is about (each noun is drilled once). */
export interface PointItem {
  prompt: string;
  answer: string;
  /** The noun phrase's headword, so two items never drill the same noun. */
  noun: string;
  /** Real forms of the same closed set that are wrong in this gap. */
  others: string[];
}

const SAME_KEY = 2;

/** Capital on the first letter when the model word has one ("Den" at the start of a sentence). */
export function capitalLike(model: string, form: string): string {
  return /^\p{Lu}/u.test(model) ? form.charAt(0).toLocaleUpperCase() + form.slice(1) : form;
}

/**
 * Up to `count` items, each built by `build` from one sentence of the target language; the hint
 * is the sentence's translation, as the drills keep the sentence's meaning.
 */
export function collectItems(context: LessonContext, count: number, salt: string, build: (sentence: string) => PointItem | null): DrillItem[] {
  const { index, target, source, profile } = context;
  const random = context.random.fork(salt);
  const atLevel = (c: Concept) => c.level <= profile.level;
  const found: { item: PointItem; concept: Concept }[] = [];
  const prompts = new Set<string>();
  const nouns = new Set<string>();
  const read = (c: Concept) => {
    const sentence = c[target].ex;
    if (!fitsLength(sentence, profile.maxSentenceWords + 2)) return;
    const item = build(sentence);
    if (!item || prompts.has(item.prompt) || nouns.has(item.noun)) return;
    prompts.add(item.prompt);
    nouns.add(item.noun);
    found.push({ item, concept: c });
  };
  // Enough candidates to choose varied keys from: twice the count from the lesson's own words.
  for (const c of sources(context, random)) if (found.length < count * 2) read(c);
  if (found.length < count * 2) for (const c of random.shuffle(index.data.concepts.filter(atLevel))) if (found.length < count * 2) read(c);
  // A key used twice waits until the other keys had their turn; the lesson's order is kept.
  const chosen: typeof found = [];
  const perKey = new Map<string, number>();
  for (const pass of [SAME_KEY, Infinity]) {
    for (const f of found) {
      if (chosen.length >= count || chosen.includes(f)) continue;
      const key = f.item.answer.toLowerCase();
      if ((perKey.get(key) ?? 0) >= pass) continue;
      perKey.set(key, (perKey.get(key) ?? 0) + 1);
      chosen.push(f);
    }
  }
  chosen.sort((a, b) => found.indexOf(a) - found.indexOf(b));
  return chosen.map(({ item, concept }) => ({ prompt: item.prompt, answer: item.answer, hint: concept[source].ex, lemma: item.noun, others: item.others }));
}
