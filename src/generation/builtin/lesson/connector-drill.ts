// Spanish connectors chosen by the relation between two ideas, on the lexicon's sentences that
// already join two clauses with one: the connector the sentence uses is the key, the relation
// it expresses the bracket ("Aunque llueve, vamos a dar un paseo." → "____ (concesión) llueve,
// vamos a dar un paseo."). One connector per relation, so no two keys of a set could swap; the
// box adds connectors of relations none of these clauses has (adición, reformulación), which
// are real and wrong in every gap (grammar.json: es_connectors).
import type { Concept } from "../lexicon-rules.ts";
import { GAP } from "../sentence-fit.ts";
import type { DrillItem } from "./form-drill.ts";
import type { LessonContext } from "./lesson-context.ts";

/** The connector drilled for each relation, as the point's explanation names it. */
export const CONNECTOR_BY_RELATION: Record<string, string> = { consecuencia: "así que", concesión: "aunque", contraste: "sin embargo" };
const ELSEWHERE = ["además", "es decir"];

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function connectorItem(context: LessonContext, concept: Concept): DrillItem | null {
  const sentence = concept.es.ex;
  const found = Object.entries(CONNECTOR_BY_RELATION).flatMap(([relation, connector]) => {
    const at = sentence.toLowerCase().search(new RegExp(`(^|[\\s;,])${connector}(?=[\\s,])`));
    return at < 0 ? [] : [{ relation, connector, start: at === 0 ? 0 : at + 1 }];
  });
  // Exactly one of them, and the sentence joins two clauses around it (a comma or semicolon).
  if (found.length !== 1 || !/[,;]/.test(sentence)) return null;
  const { relation, connector, start } = found[0]!;
  const first = start === 0;
  const answer = first ? capitalised(connector) : connector;
  const others = [...Object.values(CONNECTOR_BY_RELATION).filter((c) => c !== connector), ...ELSEWHERE].map((c) => (first ? capitalised(c) : c));
  const prompt = `${sentence.slice(0, start)}${GAP} (${relation})${sentence.slice(start + connector.length)}`;
  return { prompt, answer, hint: concept[context.source].ex, lemma: concept.id, others };
}
