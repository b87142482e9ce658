// The genitive of German nominal style on the lexicon's own sentences: the article of a genitive
// attribute ("die Farbe des Himmels") or of a noun after wegen, trotz, während, aufgrund and
// their kin ("wegen der Kälte") is gapped, the noun's nominative in brackets: "Ich habe wegen
// ____ (der Lärm) Lärms kaum geschlafen." (des). The key follows the lexicon's gender and
// number; the box holds the other articles, "dem" among them (grammar.json: "wegen dem" is the
// error formal German avoids).
import type { Concept } from "../lexicon-rules.ts";
import { GAP } from "../sentence-fit.ts";
import type { DrillItem } from "./form-drill.ts";
import type { LessonContext } from "./lesson-context.ts";

const GENITIVE_PREPOSITIONS = "wegen trotz während aufgrund innerhalb außerhalb statt anstatt infolge angesichts".split(" ");
const DEFINITE = ["des", "der", "dem", "den", "die", "das"];
const INDEFINITE = ["eines", "einer", "einem", "einen", "eine", "ein"];
const NOMINATIVE: Record<string, { definite: string; indefinite: string }> = { m: { definite: "der", indefinite: "ein" }, n: { definite: "das", indefinite: "ein" }, f: { definite: "die", indefinite: "eine" } };

interface Genitive {
  nominative: string;
  plural: boolean;
}

/** The noun a genitive form stands for (Lärms → der Lärm, Kälte → die Kälte), or null. */
function nounOf(context: LessonContext, form: string, article: string): Genitive | null {
  const found = context.index.data.concepts.flatMap((c): Genitive[] => {
    const e = c.de;
    if (c.pos !== "noun" || !e.g) return [];
    const indefinite = article.startsWith("ein");
    const name = (g: "m" | "f" | "n") => `${indefinite ? NOMINATIVE[g]!.indefinite : NOMINATIVE[g]!.definite} ${e.w}`;
    // Masculine and neuter nouns take -s or -es in the genitive singular; weak ones (-en) are left out.
    if ((e.g === "m" || e.g === "n") && (article === "des" || article === "eines") && (form === `${e.w}s` || form === `${e.w}es`)) return [{ nominative: name(e.g), plural: false }];
    if (e.g === "f" && (article === "der" || article === "einer") && form === e.w) return [{ nominative: name("f"), plural: false }];
    if (article === "der" && e.pl && e.pl !== e.w && form === e.pl) return [{ nominative: `die ${e.pl}`, plural: true }];
    return [];
  });
  return new Set(found.map((f) => f.nominative)).size === 1 ? (found[0] as Genitive) : null;
}

export function nominalStyleItem(context: LessonContext, concept: Concept): DrillItem | null {
  const sentence = concept.de.ex;
  // An article, any declined adjectives, then the noun: after a genitive preposition, or "des" anywhere.
  const pattern = /(^|\s)(\p{L}+) (des|der|eines|einer) ((?:\p{Ll}+en )*)(\p{Lu}\p{L}+)/gu;
  for (const m of sentence.matchAll(pattern)) {
    const [, space, before, article, adjectives, form] = m as unknown as [string, string, string, string, string, string];
    const afterPreposition = GENITIVE_PREPOSITIONS.includes(before.toLowerCase());
    // Only after a noun or a genitive preposition is "der" a genitive (not a dative object).
    if (!afterPreposition && !(article === "des" || article === "eines") ) continue;
    if (!afterPreposition && !/^\p{Lu}/u.test(before)) continue;
    const noun = nounOf(context, form, article);
    if (!noun) continue;
    const start = (m.index ?? 0) + space.length + before.length + 1;
    const others = (article.startsWith("ein") ? INDEFINITE : DEFINITE).filter((a) => a !== article);
    const prompt = `${sentence.slice(0, start)}${GAP} (${noun.nominative}) ${sentence.slice(start + article.length + 1)}`;
    return { prompt, answer: article, hint: concept[context.source].ex, lemma: noun.nominative, others };
  }
  return null;
}
