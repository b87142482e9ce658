// The words the morphology tables generate, grouped for the Hunspell oracle: inflected forms
// (with the case Hunspell expects: German nouns capitalised) and forms with pronouns attached,
// which are checked through their host form (Hunspell's es_ES and it_IT list few enclitic forms).
import type { Morphology } from "../../../src/generation/builtin/morphology/morph-index.ts";
import type { Reading } from "../../../src/generation/builtin/morphology/morph-types.ts";

export interface TableWords {
  /** Generated form → a lemma it belongs to. */
  forms: Map<string, string>;
  /** Form with pronouns attached → its lemma. */
  attached: Map<string, string>;
}

const isAttached = (r: Reading) => r.pos === "verb" && "form" in r && r.form === "clitic";

export function tableWords(m: Morphology): TableWords {
  const forms = new Map<string, string>();
  const attached = new Map<string, string>();
  for (const [key, readings] of m.readings) {
    const inflected = readings.filter((r) => r.pos !== "word");
    if (inflected.length === 0) continue;
    const first = inflected[0] as Reading;
    if (inflected.every(isAttached)) {
      attached.set(key, first.lemma);
      continue;
    }
    const word = m.lang === "de" && inflected.some((r) => r.pos === "noun") ? key.charAt(0).toUpperCase() + key.slice(1) : key;
    forms.set(word, first.lemma);
  }
  // Spanish and Italian recognise attached forms by stripping pronouns; the tables still list
  // the forms each verb makes, and those are what the oracle checks.
  for (const p of m.verbs.values()) for (const f of p.extra) if (!forms.has(f)) attached.set(f, p.lemma);
  return { forms, attached };
}
