// Practice items for the grammar points that are not a verb form: the gap is the point's own
// word or short group (a relative pronoun, a comparative, por/para with its next word, the
// verb at the end of a German subordinate clause, a personal infinitive), its key read from
// the morphology tables or the lexicon's gender and number, on the lesson's own sentences
// first (form-drill.ts `sources`). A point whose sentences give fewer items than practice
// needs is filled with the verb-form items of form-drill.ts: correct, if not the point itself.
import type { GrammarPoint } from "../data-rules.ts";
import { germanCaseDrill, italianArticleDrill, partitiveDrill } from "./article-drill.ts";
import { pronounDrill } from "./pronoun-drill.ts";
import type { Concept } from "../lexicon-rules.ts";
import { fitsLength } from "../sentence-fit.ts";
import { comparativeItem } from "./comparative-drill.ts";
import { connectorItem } from "./connector-drill.ts";
import { cleftItem, inversionItem } from "./english-emphasis-drill.ts";
import { formDrill, sources, type DrillItem } from "./form-drill.ts";
import { frenchRelativeItem } from "./french-relative-drill.ts";
import { germanRelativeItem, germanSubordinateItem } from "./german-clause-drill.ts";
import { impersonalSeItem } from "./impersonal-se-drill.ts";
import type { LessonContext } from "./lesson-context.ts";
import { nominalStyleItem } from "./nominal-style-drill.ts";
import { personalInfinitiveItem } from "./personal-infinitive-drill.ts";
import { porParaItem } from "./por-para-drill.ts";

/** One item from one sentence of the lesson (its concept), or null; `n` counts items so far. */
export type PointItemBuilder = (context: LessonContext, concept: Concept, n: number) => DrillItem | null;

/** The points drilled on their own construction, by id (data/grammar.json). */
export const POINT_DRILLS: Record<string, PointItemBuilder> = {
  de_subordinate_clauses: germanSubordinateItem,
  de_relative_clauses: germanRelativeItem,
  fr_relative_pronouns: frenchRelativeItem,
  en_comparatives: comparativeItem,
  es_por_para: porParaItem,
  pt_infinitivo_pessoal: personalInfinitiveItem,
  en_inversion: inversionItem,
  en_cleft_nominal: cleftItem,
  es_connectors: connectorItem,
  de_nominal_style: nominalStyleItem,
  es_formal_register: impersonalSeItem,
  it_formal_register: impersonalSeItem,
};

/**
 * The points drilled on their own article or pronoun, by id: each drill picks its noun phrases
 * from the lesson's sentences itself (article-drill.ts, pronoun-drill.ts), the key read from the
 * lexicon's gender and number.
 */
export const WORD_DRILLS: Record<string, (context: LessonContext, count: number) => DrillItem[]> = {
  de_accusative: (c, n) => germanCaseDrill(c, "acc", n),
  de_dative: (c, n) => germanCaseDrill(c, "dat", n),
  fr_partitive: partitiveDrill,
  it_articles_prepositions: italianArticleDrill,
  es_object_pronouns: (c, n) => pronounDrill(c, "es", n),
  fr_object_pronouns: (c, n) => pronounDrill(c, "fr", n),
  it_object_pronouns: (c, n) => pronounDrill(c, "it", n),
  pt_object_pronouns: (c, n) => pronounDrill(c, "pt-BR", n),
};

const PER_LEMMA = 2;

/** Up to `count` items on the point's own construction, the lesson's sentences first. */
export function pointDrill(context: LessonContext, build: PointItemBuilder, count: number): DrillItem[] {
  const random = context.random.fork("point-drill");
  const items: DrillItem[] = [];
  const prompts = new Set<string>();
  const lemmas = new Map<string, number>();
  const tryConcept = (c: Concept): boolean => {
    if (!fitsLength(c[context.target].ex, context.profile.maxSentenceWords + 2)) return false;
    const item = build(context, c, items.length);
    // Each word practised at most twice (one verb, noun or adjective would fill the set).
    if (!item || prompts.has(item.prompt) || (lemmas.get(item.lemma) ?? 0) >= PER_LEMMA) return false;
    prompts.add(item.prompt);
    lemmas.set(item.lemma, (lemmas.get(item.lemma) ?? 0) + 1);
    items.push(item);
    return items.length >= count;
  };
  for (const c of sources(context, random)) if (tryConcept(c)) return items;
  for (const c of random.shuffle(context.index.data.concepts.filter((c) => c.level <= context.profile.level))) if (tryConcept(c)) return items;
  return items;
}

/**
 * Up to `count` drill items for the plan's point: its own word or construction when the point
 * has a drill, topped up to `least` with verb-form items (formDrill) when its sentences give fewer.
 */
export function practiceDrill(context: LessonContext, point: GrammarPoint, count: number, least: number): DrillItem[] {
  const word = WORD_DRILLS[point.id];
  const build = POINT_DRILLS[point.id];
  const own = word ? word(context, count) : build ? pointDrill(context, build, count) : null;
  if (!own) return formDrill(context, point, count);
  if (own.length >= least) return own;
  const fill = formDrill(context, point, least - own.length).filter((f) => !own.some((o) => o.prompt === f.prompt));
  // The exit check keeps the last item back: one of the point's own when there is one.
  return own.length > 0 ? [...own.slice(0, -1), ...fill, own[own.length - 1] as DrillItem] : fill;
}
