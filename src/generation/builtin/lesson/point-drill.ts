// The drill of a grammar point: points whose form is a verb form are drilled by formDrill on
// the tables' verb forms (drill-specs.ts); the points whose form is an article or a pronoun are
// drilled on that word itself (article-drill.ts, pronoun-drill.ts). When a lesson's sentences
// give those too few items, the verb-form items fill up to the least practice needs: a correct
// item on the tense the point's examples use is better than an invented one.
import type { GrammarPoint } from "../data-rules.ts";
import { germanCaseDrill, italianArticleDrill, partitiveDrill } from "./article-drill.ts";
import { formDrill, type DrillItem } from "./form-drill.ts";
import type { LessonContext } from "./lesson-context.ts";
import { pronounDrill } from "./pronoun-drill.ts";

type Drill = (context: LessonContext, count: number) => DrillItem[];

/** The points drilled on their own word, by id. */
export const POINT_DRILLS: Record<string, Drill> = {
  de_accusative: (c, n) => germanCaseDrill(c, "acc", n),
  de_dative: (c, n) => germanCaseDrill(c, "dat", n),
  fr_partitive: partitiveDrill,
  it_articles_prepositions: italianArticleDrill,
  es_object_pronouns: (c, n) => pronounDrill(c, "es", n),
  fr_object_pronouns: (c, n) => pronounDrill(c, "fr", n),
  it_object_pronouns: (c, n) => pronounDrill(c, "it", n),
  pt_object_pronouns: (c, n) => pronounDrill(c, "pt-BR", n),
};

/** Up to `count` items on the point; at least `least` when the verb-form items can fill them. */
export function pointDrill(context: LessonContext, point: GrammarPoint, count: number, least: number): DrillItem[] {
  const own = POINT_DRILLS[point.id];
  if (!own) return formDrill(context, point, count);
  const items = own(context, count);
  return items.length >= least ? items : [...items, ...formDrill(context, point, least - items.length)];
}
