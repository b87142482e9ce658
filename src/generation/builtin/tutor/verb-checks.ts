// Verb checks over the inflection tables: subject–verb agreement after a subject pronoun, the
// auxiliary of verbs that form their perfect with "be" (essere, être, sein), ser → estar with
// states, the subjunctive after the triggers of the grammar syllabus, the infinitive after
// French modal verbs and the participle after avoir, German separable verbs in a main clause.
// Each rule fires only when the words it needs are known forms and nothing else can explain
// them; a valid sentence is left alone.
import { MORPH_DATA } from "../morphology/morph-index.ts";
import type { Gender, NumberOf, Tense } from "../morphology/morph-types.ts";
import { at, conjugated, finiteReadings, free, punctuationBefore, readings, rewrite, sentenceStartAt, type Context } from "./correction-context.ts";
import { nounSeen } from "./article-agreement.ts";
import { AUX_PERSON, AUX_SWAP, BETWEEN_SUBJECT_AND_VERB, CLAUSE_OPENERS, FR_AVOIR, FR_INFINITIVE_AFTER, SUBJECT_PRONOUNS } from "./grammar-words.ts";

const NOUN_DETERMINERS = new Set("el la los las mi mis tu tus su sus este esta estos estas le les mon ma mes ton ta tes son sa ses ce cette ces il lo i gli mio mia miei mie o a os as meu minha meus minhas seu sua seus suas esse essa esses essas".split(" "));
const NOUN_SUBJECT_VERBS = new Set("ser estar tener haber ir être avoir aller essere avere stare andare ter ir".split(" "));
const FR_ETRE = new Set("suis es est sommes êtes sont".split(" "));
const COORDINATORS = new Set("y e o u et ou ed und oder".split(" "));
const TENSE_ORDER: Tense[] = ["pres", "pret", "impf", "fut", "cond", "subj", "impsubj", "impsubj2", "futsubj", "subj2", "subj1"];

interface LangData {
  be_auxiliary_verbs?: string;
  ser_to_estar?: Record<string, string>;
  state_adjectives?: string;
  subjunctive_triggers?: string[];
}
const dataOf = (ctx: Context) => (ctx.lang === "en" ? {} : (MORPH_DATA[ctx.lang] as LangData));

/** Is word i where a clause (and so a subject) can start? */
export function clauseStart(ctx: Context, i: number): boolean {
  return i === 0 || punctuationBefore(ctx, i) || (CLAUSE_OPENERS[ctx.lang]?.has(at(ctx, i - 1)) ?? false);
}

/** The index of the verb after a subject at i: the next word, past negation and object pronouns. */
export function verbAfter(ctx: Context, i: number): number {
  const between = BETWEEN_SUBJECT_AND_VERB[ctx.lang];
  let j = i + 1;
  while (j < ctx.words.length && j - i <= 3 && !punctuationBefore(ctx, j) && between?.has(at(ctx, j))) j++;
  return j < ctx.words.length && !punctuationBefore(ctx, j) ? j : -1;
}

/** Is there a finite verb earlier in the sentence than word i? */
function verbBefore(ctx: Context, i: number): boolean {
  for (let k = i - 1; k >= 0; k--) {
    const rs = readings(ctx, k);
    const germanNoun = ctx.lang === "de" && k > 0 && /^\p{Lu}/u.test(ctx.words[k]?.original ?? "");
    if (!germanNoun && finiteReadings(rs).length > 0 && !rs.some((r) => r.pos === "noun" || r.pos === "word")) return true;
    if (sentenceStartAt(ctx, k)) return false;
  }
  return false;
}

/** A determiner and a lexicon noun opening a clause (Mi madre, Las chicas): a third-person subject. */
function nounSubject(ctx: Context, i: number): { persons: number[]; gender: null; end: number } | null {
  if (ctx.lang === "de" || !NOUN_DETERMINERS.has(at(ctx, i))) return null;
  const noun = nounSeen(ctx.words[i + 1]?.fixed ?? "", ctx.language);
  if (!noun || noun.plural === null || punctuationBefore(ctx, i + 1)) return null;
  return { persons: [noun.plural ? 5 : 2], gender: null, end: i + 1 };
}

const TIME_NOUNS = new Set("lunes martes miércoles jueves viernes sábado sábados domingo domingos día días semana semanas mes meses año años mañana mañanas tarde tardes noche noches verano invierno lundi mardi mercredi jeudi vendredi samedi dimanche jour jours semaine mois an ans année matin soir nuit été hiver lunedì martedì mercoledì giovedì venerdì sabato domenica giorno giorni settimana mese anno mattina sera notte estate inverno segunda terça quarta quinta sexta sábado domingo dia dias semana mês ano manhã tarde noite verão inverno".split(" "));

/** A third-person verb of the other number, and only that, after a noun subject that is no time word. */
function numberOnly(ctx: Context, i: number, rs: ReturnType<typeof readings>, person: number): boolean {
  if (TIME_NOUNS.has(at(ctx, i + 1))) return false;
  const finite = finiteReadings(rs);
  const other = person === 2 ? 5 : 2;
  return finite.length > 0 && finite.every((r) => r.person === other) && !rs.some((r) => r.pos !== "verb");
}

export function subjectVerbStage(ctx: Context): void {
  const pronouns = SUBJECT_PRONOUNS[ctx.lang];
  if (!pronouns || !ctx.morph) return;
  for (let i = 0; i < ctx.words.length; i++) {
    if (!clauseStart(ctx, i)) continue;
    const phrase = nounSubject(ctx, i);
    const pronoun = phrase ?? pronouns[at(ctx, i)];
    if (!pronoun) continue;
    // "Mis amigos y yo jugamos": a pronoun joined to another subject is not the whole subject.
    // (Only when no verb came before: "Sie arbeiten … und er arbeitet" starts a new clause.)
    if (i >= 2 && COORDINATORS.has(at(ctx, i - 1)) && !punctuationBefore(ctx, i - 1) && !verbBefore(ctx, i - 1)) continue;
    const j = phrase ? (punctuationBefore(ctx, phrase.end + 1) ? -1 : phrase.end + 1) : verbAfter(ctx, i);
    if (j < 0 || j >= ctx.words.length || !free(ctx, j)) continue;
    const rs = readings(ctx, j);
    // After a noun, the verbs the tables know well (ser/estar/ter/avoir…, the copulas and auxiliaries) take any
    // person; another verb only its number (Mi madre trabajan → trabaja), and never after a noun of time, which is
    // no subject ("Los domingos trabajo").
    if (phrase && !finiteReadings(rs).some((r) => NOUN_SUBJECT_VERBS.has(r.lemma)) && !numberOnly(ctx, i, rs, phrase.persons[0] as number)) continue;
    // A noun or adjective that is also a verb form ("vino", "cuenta") may not be the verb at all.
    // French and German subject pronouns are never followed by a noun, and German nouns are capitalised.
    const nounsPossible = ctx.lang !== "fr" && (ctx.lang !== "de" || /^\p{Lu}/u.test(ctx.words[j]?.original ?? ""));
    if (nounsPossible && rs.some((r) => r.pos === "noun" || r.pos === "adj")) continue;
    // The Portuguese future subjunctive looks like the infinitive (falar); it follows se, quando…
    const futureSubjunctiveAllowed = ctx.lang !== "pt-BR" || /^(se|quando|enquanto|como|onde|assim|logo)$/.test(at(ctx, i - 1));
    const finite = finiteReadings(rs).filter((r) => r.tense !== "futsubj" || futureSubjunctiveAllowed);
    if (finite.some((r) => pronoun.persons.includes(r.person))) continue;
    if (pronoun.persons.length !== 1) continue;
    const person = pronoun.persons[0] as number;
    let candidates: string[] = [];
    if (finite.length > 0) {
      const tense = TENSE_ORDER.find((t) => finite.some((r) => r.tense === t));
      if (!tense) continue;
      candidates = finite.filter((r) => r.tense === tense).map((r) => conjugated(ctx, r.lemma, tense, person) ?? "");
    } else if (ctx.lang !== "de") {
      candidates = rs.flatMap((r) => (r.pos === "verb" && "form" in r && r.form === "inf" ? [conjugated(ctx, r.lemma, "pres", person) ?? ""] : []));
    }
    const unique = [...new Set(candidates)];
    if (unique.length !== 1 || !unique[0]) continue;
    rewrite(ctx, j, unique[0]);
    ctx.found.push({ from: i, to: j, category: "agreement", note: "subject_verb", params: {} });
  }
}

/** The gender and number the subject before position k fixes, when a pronoun says it. */
function subjectBefore(ctx: Context, k: number): { gender: Gender | null; person: number | null } {
  const pronouns = SUBJECT_PRONOUNS[ctx.lang] ?? {};
  for (let i = k - 1; i >= Math.max(0, k - 3); i--) {
    const p = pronouns[at(ctx, i)];
    if (p) return { gender: p.gender, person: p.persons.length === 1 ? (p.persons[0] as number) : null };
  }
  return { gender: null, person: null };
}

/** Avere/avoir/haben with a verb that takes essere/être/sein: Ho andato → Sono andato. */
export function auxiliaryStage(ctx: Context): void {
  const swap = AUX_SWAP[ctx.lang];
  const beVerbs = ` ${dataOf(ctx).be_auxiliary_verbs ?? ""} `;
  if (!swap || !ctx.morph) return;
  for (let k = 0; k < ctx.words.length; k++) {
    const have = at(ctx, k);
    const be = swap.forms[have];
    if (!be || !free(ctx, k)) continue;
    let j = k + 1;
    if (ctx.lang === "de") {
      // The participle closes the clause: "Ich habe gestern … gegangen."
      // …or at "und"/"aber": "Ich habe gearbeitet und bin gegangen" has two verbs with their own auxiliaries.
      while (j + 1 < ctx.words.length && !punctuationBefore(ctx, j + 1) && !COORDINATORS.has(at(ctx, j + 1))) j++;
    } else {
      while (j < ctx.words.length && j - k <= 2 && /^(già|mai|appena|sempre|anche|pas|jamais|déjà|bien|encore)$/.test(at(ctx, j))) j++;
    }
    if (j >= ctx.words.length || j === k || punctuationBefore(ctx, j)) continue;
    const part = readings(ctx, j).find((r) => r.pos === "part" && beVerbs.includes(` ${r.lemma} `));
    if (!part || part.pos !== "part") continue;
    // German fahren/fliegen take haben with an object: "Ich habe das Auto gefahren".
    if (ctx.lang === "de" && ["fahren", "fliegen", "schwimmen"].includes(part.lemma) && ctx.words.slice(k + 1, j).some((_, n) => /^(das|den|ein|einen|mein|meinen|dein|deinen|sein|seinen|ihr|ihren|unser|unseren)$/.test(at(ctx, k + 1 + n)) && !/^(mit|in|an|auf|nach|zu|von|aus|über|durch|für)$/.test(at(ctx, k + n)))) continue;
    let from = k;
    if (ctx.lang === "fr" && at(ctx, k - 1) === "j" && free(ctx, k - 1)) {
      rewrite(ctx, k - 1, "je");
      from = k - 1;
    }
    rewrite(ctx, k, be);
    if (ctx.lang !== "de" && free(ctx, j)) {
      const subject = subjectBefore(ctx, k);
      const person = AUX_PERSON[have] ?? subject.person ?? 0;
      const plural = person >= 3;
      const gender: Gender = subject.gender ?? (part.gender === "f" ? "f" : "m");
      const forms = ctx.morph.verbs.get(part.lemma)?.part ?? [];
      const right = forms.length === 4 ? forms[(gender === "f" ? 1 : 0) + (plural ? 2 : 0)] : null;
      if (right) rewrite(ctx, j, right);
    }
    ctx.found.push({ from, to: j, category: "verb_form", note: "auxiliary", params: { aux: swap.be } });
  }
}

/** Every gender and number of the state adjectives (listed in the masculine singular). */
function stateForms(states: string): Set<string> {
  const out = new Set<string>();
  for (const w of states.trim().split(/\s+/)) {
    out.add(w).add(w + "s");
    if (w.endsWith("o")) out.add(w.slice(0, -1) + "a").add(w.slice(0, -1) + "as");
  }
  return out;
}

/** Spanish and Portuguese: a passing state takes estar (Estoy cansado), not ser. */
export function serEstarStage(ctx: Context): void {
  const data = dataOf(ctx);
  if (!data.ser_to_estar || !data.state_adjectives || !ctx.morph) return;
  const states = ` ${data.state_adjectives} `;
  for (let k = 0; k + 1 < ctx.words.length; k++) {
    const estar = data.ser_to_estar[at(ctx, k)];
    if (!estar || !free(ctx, k)) continue;
    let j = k + 1;
    if (/^(muy|muito|tan|bastante|meio)$/.test(at(ctx, j))) j++;
    if (!stateForms(states).has(at(ctx, j))) continue;
    rewrite(ctx, k, estar);
    ctx.found.push({ from: k, to: j, category: "word_choice", note: "ser_estar", params: {} });
  }
}

/** The subjunctive after the syllabus triggers: Penso che è → Penso che sia. */
export function subjunctiveStage(ctx: Context): void {
  const triggers = dataOf(ctx).subjunctive_triggers;
  if (!triggers || !ctx.morph) return;
  const lowered = ctx.words.map((_, i) => (at(ctx, i) === "qu" ? "que" : at(ctx, i)));
  for (const trigger of triggers) {
    const parts = trigger.split(/[\s']+/).map((w) => (w === "qu" ? "que" : w)).map((w) => w.replace(/^j$/, "je"));
    for (let t = 0; t + parts.length < ctx.words.length; t++) {
      if (!parts.every((w, n) => lowered[t + n] === w || (w === "je" && lowered[t + n] === "j"))) continue;
      let j = t + parts.length;
      const pronoun = SUBJECT_PRONOUNS[ctx.lang]?.[at(ctx, j)];
      if (pronoun) j = verbAfter(ctx, j);
      if (j < 0 || !free(ctx, j)) continue;
      const finite = finiteReadings(readings(ctx, j));
      if (finite.length === 0 || finite.some((r) => r.tense === "subj" || r.tense === "impsubj" || r.tense === "impsubj2")) continue;
      const present = finite.filter((r) => r.tense === "pres");
      if (present.length === 0) continue;
      const persons = pronoun ? pronoun.persons : [...new Set(present.map((r) => r.person))];
      const lemmas = [...new Set(present.map((r) => r.lemma))];
      if (persons.length !== 1 || lemmas.length !== 1) continue;
      const right = conjugated(ctx, lemmas[0] as string, "subj", persons[0] as number);
      if (!right) continue;
      rewrite(ctx, j, right);
      const text = ctx.message.slice((ctx.words[t] as { start: number }).start, (ctx.words[t + parts.length - 1] as { end: number }).end);
      ctx.found.push({ from: j, to: j, category: "verb_form", note: "subjunctive", params: { trigger: text } });
    }
  }
}

/** French: je veux mangé → manger (infinitive after a verb), j'ai manger → mangé (participle after avoir). */
export function frenchInfinitiveStage(ctx: Context): void {
  if (ctx.lang !== "fr" || !ctx.morph) return;
  const pronouns = SUBJECT_PRONOUNS.fr ?? {};
  for (let k = 0; k + 1 < ctx.words.length; k++) {
    let j = k + 1;
    while (j < ctx.words.length && /^(pas|jamais|plus|bien|déjà|rien|encore|beaucoup|souvent)$/.test(at(ctx, j))) j++;
    if (j >= ctx.words.length || !free(ctx, j) || punctuationBefore(ctx, j)) continue;
    const rs = readings(ctx, j);
    const onlyVerb = !rs.some((r) => r.pos === "noun" || r.pos === "adj" || r.pos === "word");
    if (FR_INFINITIVE_AFTER.has(at(ctx, k))) {
      const part = rs.find((r) => r.pos === "part" && r.lemma.endsWith("er"));
      if (part && onlyVerb && finiteReadings(rs).length === 0 && !rs.some((r) => "form" in r && r.form === "inf")) {
        rewrite(ctx, j, part.lemma);
        ctx.found.push({ from: k, to: j, category: "verb_form", note: "infinitive", params: {} });
      }
    } else if (FR_ETRE.has(at(ctx, k)) && pronouns[at(ctx, k - 1)]) {
      // "Je suis fatigue": a present form where the participle was meant (fatigué).
      const finite = finiteReadings(rs).filter((r) => r.lemma.endsWith("er"));
      if (finite.length === 0 || rs.some((r) => r.pos === "part" || r.pos === "adj") || !onlyVerb) continue;
      const lemma = finite[0]?.lemma as string;
      const pronoun = pronouns[at(ctx, k - 1)];
      const plural = (pronoun?.persons[0] ?? 0) >= 3;
      const forms = ctx.morph.verbs.get(lemma)?.part ?? [];
      const right = forms.length === 4 ? forms[(pronoun?.gender === "f" ? 1 : 0) + (plural ? 2 : 0)] : forms[0];
      const stem = lemma.slice(0, -2);
      if (!right || ![stem + "e", stem + "es", stem + "ent"].includes(at(ctx, j))) continue;
      rewrite(ctx, j, right);
      ctx.found.push({ from: k, to: j, category: "verb_form", note: "participle", params: {} });
    } else if (FR_AVOIR.has(at(ctx, k)) && pronouns[at(ctx, k - 1)]) {
      const inf = rs.find((r) => r.pos === "verb" && "form" in r && r.form === "inf" && r.lemma.endsWith("er"));
      if (inf && onlyVerb && finiteReadings(rs).length === 0) {
        const right = ctx.morph.verbs.get(inf.lemma)?.part[0];
        if (!right) continue;
        rewrite(ctx, j, right);
        ctx.found.push({ from: k, to: j, category: "verb_form", note: "participle", params: {} });
      }
    }
  }
}

/** German main clause: the prefix of a separable verb goes to the end (Ich rufe dich an). */
export function separableStage(ctx: Context): void {
  if (ctx.lang !== "de" || !ctx.morph) return;
  const pronouns = SUBJECT_PRONOUNS.de ?? {};
  for (let s = 0; s < ctx.words.length; s++) {
    // A main clause: the start of a sentence, or after und/aber/oder/denn or a comma.
    if (!clauseStart(ctx, s)) continue;
    const subjectLength = pronouns[at(ctx, s)] ? 1 : /^(der|die|das|ein|eine|mein|meine|dein|deine|sein|seine|ihr|ihre|unser|unsere|dieser|diese|dieses)$/.test(at(ctx, s)) ? 2 : 0;
    const v = s + subjectLength;
    if (subjectLength === 0 || !free(ctx, v) || punctuationBefore(ctx, v)) continue;
    const joined = finiteReadings(readings(ctx, v)).find((r) => r.tense === "pres" && ctx.morph?.separableBase.has(r.lemma));
    if (!joined) continue;
    const prefix = ctx.morph.verbs.get(joined.lemma)?.prefix;
    const base = ctx.morph.separableBase.get(joined.lemma)?.finite.pres?.[joined.person];
    if (!prefix || !base || !at(ctx, v).startsWith(prefix)) continue;
    let end = v;
    while (end + 1 < ctx.words.length && !punctuationBefore(ctx, end + 1)) end++;
    if (!free(ctx, ...Array.from({ length: end - v + 1 }, (_, n) => v + n))) continue;
    const last = ctx.words[end];
    rewrite(ctx, v, base);
    if (end === v) rewrite(ctx, v, `${base} ${prefix}`);
    else if (last) {
      last.fixed = `${last.fixed} ${prefix}`;
      ctx.claimed.add(end);
    }
    ctx.found.push({ from: v, to: end, category: "verb_form", note: "separable", params: {} });
  }
}

export type { NumberOf };
