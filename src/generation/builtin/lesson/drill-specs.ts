// Which verb forms each grammar point of the syllabus (data/grammar.json) practises, so the
// practice set can build its items from the morphology tables: a clause of the lesson's own
// sentences is rewritten into the point's form (the present "compro" into the preterite "compré",
// into "he comprado", into "Es importante que compre"), and the rewritten form is the key.
// Points that are not about a verb form are drilled on their own construction where
// point-drills.ts has a builder for them (relative pronouns, comparatives, por/para, …); the rest
// practise the tense their own examples use most, read with the same tables (derivedSpec).
import type { Lang } from "../../languages.ts";
import type { GrammarPoint } from "../data-rules.ts";
import type { Morphology } from "../morphology/morph-index.ts";
import type { Tense } from "../morphology/morph-types.ts";

export type DrillSpec =
  /** The clause's present form itself, or the same person in another simple tense. */
  | { build: "tense"; tense: Tense; lemmas?: readonly string[]; separableOnly?: boolean; reflexive?: boolean; needs?: readonly string[] }
  /**
   * An auxiliary in the present plus a non-finite form of the clause's verb: haber + participle,
   * estar + gerund, ir a + infinitive, a German modal or haben/sein with the other form last.
   * `gap` says which part is blanked: both (adjacent), the auxiliary, or the non-finite form.
   * `auxTenses` puts the auxiliary in another tense than the present (one picked per item),
   * each named in the brackets as the point's explanation names it.
   */
  | { build: "compound"; aux: readonly string[]; nonFinite: "part" | "ger" | "inf"; link?: string; gap: "both" | "aux" | "nonfinite"; auxTenses?: Partial<Record<Tense, string>> }
  /** The clause after a fixed main clause that requires the tense (a subjunctive after "Es importante que"). */
  | { build: "subordinate"; tense: Tense; trigger: string };

const pres = (lemmas?: readonly string[]): DrillSpec => ({ build: "tense", tense: "pres", ...(lemmas ? { lemmas } : {}) });
const tense = (t: Tense): DrillSpec => ({ build: "tense", tense: t });

// Modals that suit any subject, a thing too ("Der Zug muss pünktlich sein").
const MODALS = ["müssen", "können"] as const;

/** The points whose form is a verb form, by id. */
export const DRILL_SPECS: Record<string, DrillSpec> = {
  es_present_regular: pres(),
  es_ser_estar: pres(["ser", "estar"]),
  es_stem_changing: pres(["querer", "poder", "pedir", "preferir", "pensar", "volver", "dormir", "empezar", "cerrar", "entender", "encontrar", "jugar", "repetir", "servir", "costar", "recordar", "sentir", "seguir", "perder", "contar", "mostrar", "llover", "despertar", "probar", "soler", "elegir", "vestir", "medir", "conseguir", "comenzar", "sentar", "acostar", "morir", "mover", "oler", "devolver", "recomendar", "calentar", "colgar", "almorzar", "volar", "soñar", "negar", "tener", "venir", "decir"]),
  es_gustar: pres(["gustar", "encantar", "interesar", "doler", "quedar", "parecer", "faltar", "importar"]),
  es_ir_a_future: { build: "compound", aux: ["ir"], nonFinite: "inf", link: "a", gap: "aux" },
  es_preterito_perfecto: { build: "compound", aux: ["haber"], nonFinite: "part", gap: "both" },
  es_preterite_imperfect: tense("pret"),
  es_subjunctive_present: { build: "subordinate", tense: "subj", trigger: "Es importante que" },
  es_conditional: tense("cond"),
  es_subjunctive_imperfect: { build: "subordinate", tense: "impsubj", trigger: "Sería mejor que" },
  fr_present_er: pres(),
  fr_etre_avoir: pres(["être", "avoir"]),
  fr_negation: { build: "tense", tense: "pres", needs: ["ne", "n"] },
  fr_futur_proche: { build: "compound", aux: ["aller"], nonFinite: "inf", gap: "aux" },
  fr_passe_compose: { build: "compound", aux: ["avoir"], nonFinite: "part", gap: "both" },
  fr_imparfait_passe_compose: tense("impf"),
  fr_futur_simple: tense("fut"),
  fr_subjonctif_present: { build: "subordinate", tense: "subj", trigger: "Il faut que" },
  fr_conditionnel: tense("cond"),
  fr_conditionnel_passe: { build: "compound", aux: ["avoir"], nonFinite: "part", gap: "both", auxTenses: { impf: "plus-que-parfait", cond: "conditionnel passé" } },
  fr_formal_register: tense("pret"),
  it_present_regular: pres(),
  it_essere_avere: pres(["essere", "avere"]),
  it_piacere: pres(["piacere"]),
  it_reflexive_verbs: { build: "tense", tense: "pres", reflexive: true },
  it_passato_prossimo: { build: "compound", aux: ["avere"], nonFinite: "part", gap: "both" },
  it_imperfetto_passato_prossimo: tense("impf"),
  it_futuro_semplice: tense("fut"),
  it_condizionale: tense("cond"),
  it_congiuntivo_presente: { build: "subordinate", tense: "subj", trigger: "È importante che" },
  it_periodo_ipotetico: { build: "subordinate", tense: "impsubj", trigger: "Sarebbe meglio se" },
  it_passato_remoto: tense("pret"),
  pt_present_regular: pres(),
  pt_ser_estar: pres(["ser", "estar"]),
  pt_ir_future: { build: "compound", aux: ["ir"], nonFinite: "inf", gap: "aux" },
  pt_gostar_de: pres(["gostar"]),
  pt_preterito_perfeito: tense("pret"),
  pt_estar_gerund: { build: "compound", aux: ["estar"], nonFinite: "ger", gap: "both" },
  pt_imperfeito: tense("impf"),
  pt_subjuntivo_presente: { build: "subordinate", tense: "subj", trigger: "É importante que" },
  pt_futuro_subjuntivo: { build: "subordinate", tense: "futsubj", trigger: "Vou ficar tranquilo se" },
  pt_imperfeito_subjuntivo: { build: "subordinate", tense: "impsubj", trigger: "Seria melhor se" },
  pt_formal_register: tense("fut"),
  de_present_tense: pres(),
  de_verb_second: pres(),
  de_modal_verbs: { build: "compound", aux: MODALS, nonFinite: "inf", gap: "aux" },
  de_perfekt: { build: "compound", aux: ["haben"], nonFinite: "part", gap: "nonfinite" },
  de_separable_verbs: { build: "tense", tense: "pres", separableOnly: true },
  de_praeteritum: tense("pret"),
  de_passive: tense("pret"),
  de_konjunktiv_ii: { build: "tense", tense: "subj2", lemmas: ["sein", "haben", "können", "müssen", "dürfen", "werden", "wissen", "mögen"] },
  de_konjunktiv_i: { build: "subordinate", tense: "subj1", trigger: "Man sagt," },
  en_present_simple: pres(),
  en_to_be: pres(["be"]),
  en_present_continuous: { build: "compound", aux: ["be"], nonFinite: "ger", gap: "both" },
  en_past_simple: tense("pret"),
  en_going_to_will: { build: "compound", aux: ["will"], nonFinite: "inf", gap: "both" },
  en_present_perfect: { build: "compound", aux: ["have"], nonFinite: "part", gap: "both" },
  en_first_conditional: { build: "compound", aux: ["will"], nonFinite: "inf", gap: "both" },
  en_second_conditional: tense("pret"),
  en_third_conditional: tense("pret"),
  en_reported_speech: tense("pret"),
  en_passive: tense("pret"),
};

const FINITE: readonly Tense[] = ["pres", "pret", "impf", "fut", "cond", "subj"];

/**
 * A point outside the table practises the simple tense its own examples use most (the
 * morphology reads their words), the present when they use none: relative clauses and
 * connectors are practised on the verbs of the sentences they join.
 */
export function derivedSpec(point: GrammarPoint, morphology: Morphology | null): DrillSpec {
  if (!morphology) return pres();
  const counts = new Map<Tense, number>();
  for (const sentence of point.examples) {
    for (const word of sentence.match(/[\p{L}]+/gu) ?? []) {
      const readings = morphology.read(word);
      if (readings.length === 0 || readings.some((r) => r.pos !== "verb")) continue;
      for (const t of new Set(readings.flatMap((r) => ("tense" in r && FINITE.includes(r.tense) ? [r.tense] : [])))) counts.set(t, (counts.get(t) ?? 0) + 1);
    }
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || FINITE.indexOf(a[0]) - FINITE.indexOf(b[0]));
  return tense(best?.[0] ?? "pres");
}

export function drillSpec(point: GrammarPoint, morphology: Morphology | null): DrillSpec {
  return DRILL_SPECS[point.id] ?? derivedSpec(point, morphology);
}

/** Subject pronouns by person (0..5 = 1sg..3pl), lower case. */
export const SUBJECT_PRONOUNS: Record<Lang, string[][]> = {
  es: [["yo"], ["tú"], ["él", "ella", "usted"], ["nosotros", "nosotras"], ["vosotros", "vosotras"], ["ellos", "ellas", "ustedes"]],
  fr: [["je", "j"], ["tu"], ["il", "elle", "on"], ["nous"], ["vous"], ["ils", "elles"]],
  de: [["ich"], ["du"], ["er", "es", "man"], ["wir"], ["ihr"], ["sie"]],
  it: [["io"], ["tu"], ["lui", "lei"], ["noi"], ["voi"], ["loro"]],
  "pt-BR": [["eu"], ["tu"], ["ele", "ela", "você"], ["nós"], ["vós"], ["eles", "elas", "vocês"]],
  en: [["i"], ["you"], ["he", "she", "it"], ["we"], ["you"], ["they"]],
};

/** The person shown in brackets when a pro-drop clause has no subject pronoun ("____ (yo · comprar)"). */
export const PERSON_LABELS: Partial<Record<Lang, string[]>> = {
  es: ["yo", "tú", "él/ella/usted", "nosotros", "vosotros", "ellos/ellas/ustedes"],
  it: ["io", "tu", "lui/lei/Lei", "noi", "voi", "loro"],
  "pt-BR": ["eu", "tu", "ele/ela/você", "nós", "vós", "eles/elas/vocês"],
};

/** Reflexive pronouns by person, for points on reflexive verbs (mi alzo, ci alziamo). */
export const REFLEXIVE: Partial<Record<Lang, string[][]>> = {
  it: [["mi"], ["ti"], ["si"], ["ci"], ["vi"], ["si"]],
};

/** Words that may stand between a subject pronoun and its verb (negation, object pronouns). */
export const BETWEEN_SUBJECT_AND_VERB: Record<Lang, string[]> = {
  es: "no me te se lo la le nos os los las les".split(" "),
  fr: "ne n me m te t se s le la l les lui leur y en nous vous".split(" "),
  de: [],
  it: "non mi ti si ci vi lo la li le gli ne".split(" "),
  "pt-BR": "não me te se o a lhe nos".split(" "),
  en: ["always", "often", "never", "usually", "sometimes", "also", "really"],
};

/** Time words that clash with a past (or future) rewrite of a present clause. */
export const NOW_OR_LATER: Record<Lang, string[]> = {
  es: ["mañana", "ahora", "hoy", "luego", "pronto", "siempre", "próximo", "próxima", "que viene"],
  fr: ["demain", "maintenant", "aujourd", "bientôt", "toujours", "prochain", "prochaine"],
  de: ["morgen", "jetzt", "heute", "bald", "immer", "gerade", "nächste", "nächsten", "nächstes", "nächster"],
  it: ["domani", "adesso", "ora", "oggi", "presto", "sempre", "prossimo", "prossima"],
  "pt-BR": ["amanhã", "agora", "hoje", "logo", "sempre", "próximo", "próxima", "ainda"],
  en: ["tomorrow", "now", "today", "soon", "always", "next"],
};
export const BEFORE_NOW: Record<Lang, string[]> = {
  es: ["ayer", "anoche", "pasado", "pasada", "hace"],
  fr: ["hier", "dernier", "dernière"],
  de: ["gestern", "letzte", "letzten", "letztes", "vorher"],
  it: ["ieri", "scorso", "scorsa", "fa"],
  "pt-BR": ["ontem", "passado", "passada", "atrás"],
  en: ["yesterday", "ago", "last"],
};
/** Habits: they take the present or the imperfect, not a single past event ("every morning"). */
export const HABITUAL: Record<Lang, string[]> = {
  es: ["cada", "todos", "todas", "siempre", "normalmente"],
  fr: ["chaque", "tous", "toutes", "toujours", "souvent"],
  de: ["jeden", "jede", "jedes", "immer", "oft", "montags", "abends", "morgens"],
  it: ["ogni", "sempre", "spesso"],
  "pt-BR": ["cada", "todo", "toda", "todos", "todas", "sempre"],
  en: ["every", "always", "usually", "often", "fridays", "mondays", "sundays"],
};
