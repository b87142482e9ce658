// The error families learners of es, fr, de, it and pt-BR make that need the tables rather than a
// word pattern (common-errors.ts has the patterns): a noun after a number above one stays
// singular (cinco libro), a present verb in a sentence that says it happened yesterday (Ayer yo
// como), German verb-second order (Gestern ich bin), quantity words that agree with their noun
// (mucha hambre, molta gente), German adjective endings after ein/der (ein neues Auto), "sí" with
// its accent, and "gostar de". Each check fires only when every word it needs is a known form
// and the sentence holds nothing that makes the form right (a past verb already, "hoy").
import { MORPH_DATA } from "../morphology/morph-index.ts";
import type { Tense } from "../morphology/morph-types.ts";
import { foldAccents, foldCase } from "../text-normalise.ts";
import { nounSeen } from "./article-agreement.ts";
import { at, finiteReadings, free, gapBefore, punctuationBefore, readings, rewrite, sentenceStartAt, type Context, type FiniteReading } from "./correction-context.ts";
import { SUBJECT_PRONOUNS } from "./grammar-words.ts";
import { isNumberWord } from "./numbers.ts";

/** Number words that mean one (or less): the noun after them stays singular. */
const SINGULAR_NUMBERS = new Set("1 0 zero cero one a an un une uno una um uma ein eins eine einen einem einer half dozen demi demie medio media mezzo mezza meio meia halb halbe mil mille".split(" "));
/** Nouns of measure that stay singular after a number (drei Euro, zwei Glas, vier Uhr). */
const MEASURE_NOUNS = new Set("uhr euro mal prozent grad kilo gramm meter kilometer stück liter dollar glas cent".split(" "));
const DE_DATIVE = new Set("mit von zu bei aus nach seit".split(" "));

/** A noun after a number above one takes its plural: cinco libros, quatre chats, drei Katzen. */
export function numberPluralStage(ctx: Context): void {
  for (let i = 0; i + 1 < ctx.words.length; i++) {
    const n = at(ctx, i);
    if (!isNumberWord(n, ctx.lang) || SINGULAR_NUMBERS.has(foldAccents(n)) || /[.,]/.test(n)) continue;
    const k = i + 1;
    if (!free(ctx, k) || punctuationBefore(ctx, k) || /-/.test(gapBefore(ctx, k))) continue;
    const noun = nounSeen(ctx.words[k]?.fixed ?? "", ctx.language);
    if (!noun || noun.plural !== false || !noun.entry.pl || MEASURE_NOUNS.has(at(ctx, k))) continue;
    let plural = noun.entry.pl;
    if (ctx.lang === "de" && DE_DATIVE.has(at(ctx, i - 1)) && !/[ns]$/.test(plural)) plural += "n";
    rewrite(ctx, k, ctx.lang === "de" ? plural : plural.toLocaleLowerCase(ctx.lang));
    ctx.found.push({ from: i, to: k, category: "agreement", note: "plural_number", params: {} });
  }
}

const PAST_WORDS: Partial<Record<Context["lang"], RegExp>> = {
  es: /\b(ayer|anoche|anteayer|(semana|mes|ano|fin de semana) pasad[oa]|hace (dos|tres|cuatro|cinco|unos|unas|muchos|muchas) (dias|anos|meses|semanas|horas|minutos))\b/u,
  fr: /\b(hier|avant hier|(semaine|annee) derniere|(mois|week end) dernier|il y a (deux|trois|quatre|cinq|quelques) (jours|ans|mois|semaines|heures|minutes))\b/u,
  it: /\b(ieri|l altro ieri|(settimana|estate) scorsa|(anno|mese|fine settimana) scorso|\p{L}+ (giorni|anni|mesi|settimane) fa)\b/u,
  "pt-BR": /\b(ontem|anteontem|(semana) passada|(ano|mes|fim de semana) passado)\b/u,
  de: /\b(gestern|vorgestern|letzte woche|letztes jahr|letzten (monat|sommer))\b/u,
};
const NOW_WORDS = /\b(hoy|ahora|manana|aujourd hui|maintenant|demain|oggi|ora|adesso|domani|hoje|agora|amanha|heute|jetzt|morgen|siempre|toujours|sempre|immer|desde|depuis|seit)\b/u;
const PAST_TENSES = new Set<Tense>(["pret", "impf"]);
/** Auxiliaries and copulas: with a participle after them the sentence is already in a past tense, and alone their past is a choice (fui/era). */
const KEEP_LEMMAS = new Set("haber ser estar ir tener être avoir aller essere avere stare ter sein haben werden".split(" "));
/** A verb of motion to a place ("Ayer vamos al cine") tells one trip: its past is the preterite / passé composé, not a choice. */
const MOTION_LEMMAS = new Set("ir aller andare".split(" "));
const DESTINATION_WORDS = new Set("a al à au aux en in ao à à".split(" "));
const FR_AVOIR = ["ai", "as", "a", "avons", "avez", "ont"];
const FR_ETRE = ["suis", "es", "est", "sommes", "êtes", "sont"];
const IT_AVERE = ["ho", "hai", "ha", "abbiamo", "avete", "hanno"];
const IT_ESSERE = ["sono", "sei", "è", "siamo", "siete", "sono"];

/** The sentences of the message as word index ranges. */
function sentences(ctx: Context): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  for (let i = 1; i <= ctx.words.length; i++) {
    if (i === ctx.words.length || /[.!?¿¡;]/.test(gapBefore(ctx, i))) {
      out.push([start, i - 1]);
      start = i;
    }
  }
  return out;
}

const sentenceText = (ctx: Context, from: number, to: number) => foldAccents(ctx.words.slice(from, to + 1).map((w) => foldCase(w.fixed)).join(" ")).replace(/['’-]/g, " ");

/** The past form of a present verb: preterite (es, pt, de Präteritum) or passé composé / passato prossimo (fr, it). */
function pastOf(ctx: Context, reading: FiniteReading): string | null {
  const verb = ctx.morph?.verbs.get(reading.lemma);
  if (!verb) return null;
  if (ctx.lang === "fr" || ctx.lang === "it") {
    const be = ` ${(MORPH_DATA[ctx.lang] as { be_auxiliary_verbs?: string }).be_auxiliary_verbs ?? ""} `.includes(` ${reading.lemma} `);
    const aux = ctx.lang === "fr" ? (be ? FR_ETRE : FR_AVOIR) : be ? IT_ESSERE : IT_AVERE;
    const plural = reading.person >= 3;
    const part = verb.part.length === 4 ? verb.part[be && plural ? 2 : 0] : verb.part[0];
    return part ? `${aux[reading.person]} ${part}` : null;
  }
  return verb.finite.pret?.[reading.person] ?? null;
}

/** A present verb in a sentence that says when in the past it happened: Ayer comí, Hier j'ai mangé, Ieri ho mangiato. */
export function tenseAdverbStage(ctx: Context): void {
  const past = PAST_WORDS[ctx.lang];
  const pronouns = SUBJECT_PRONOUNS[ctx.lang] ?? {};
  if (!past || !ctx.morph) return;
  for (const [from, to] of sentences(ctx)) {
    const text = sentenceText(ctx, from, to);
    if (!past.test(text) || NOW_WORDS.test(text)) continue;
    const range = Array.from({ length: to - from + 1 }, (_, n) => from + n);
    // Already told in a past tense (or with a participle): nothing to fix.
    if (range.some((k) => readings(ctx, k).some((r) => r.pos === "part" || (r.pos === "verb" && "tense" in r && PAST_TENSES.has(r.tense) && !finiteReadings(readings(ctx, k)).some((q) => q.tense === "pres"))))) continue;
    for (const k of range) {
      const rs = finiteReadings(readings(ctx, k)).filter((r) => r.tense === "pres");
      const trip = DESTINATION_WORDS.has(at(ctx, k + 1)) && rs.every((r) => MOTION_LEMMAS.has(r.lemma));
      if (rs.length === 0 || !free(ctx, k) || (!trip && rs.some((r) => KEEP_LEMMAS.has(r.lemma)))) continue;
      const pronoun = pronouns[at(ctx, k - 1)] ?? (ctx.lang === "de" ? pronouns[at(ctx, k + 1)] : undefined);
      const words = readings(ctx, k);
      // Only a verb with a subject pronoun, or one no other reading explains (como is also "like").
      if (!pronoun && (words.some((r) => r.pos !== "verb") || new Set(rs.map((r) => r.person)).size !== 1)) continue;
      const reading = pronoun ? rs.find((r) => pronoun.persons.includes(r.person)) : rs[0];
      if (!reading) continue;
      const right = pastOf(ctx, reading);
      if (!right || right === at(ctx, k)) continue;
      let first = k;
      if (ctx.lang === "fr" && at(ctx, k - 1) === "je" && /^[aeiouéêh]/.test(right) && free(ctx, k - 1)) {
        rewrite(ctx, k - 1, "j'");
        first = k - 1;
      }
      rewrite(ctx, k, right);
      ctx.found.push({ from: first, to: k, category: "verb_form", note: "tense_adverb", params: {} });
      break;
    }
  }
}

const DE_FRONT = new Set("gestern heute morgen dann jetzt später danach leider vielleicht hier dort oft manchmal zuerst bald abends morgens nachmittags übermorgen vorgestern deshalb trotzdem".split(" "));
const DE_FRONT_OPENERS = new Set("am im um letzte letztes letzten nächste nächstes nächsten jeden jede jedes".split(" "));
const DE_SUBJECTS = new Set("ich du er sie es wir ihr man".split(" "));

/** German main clauses put the finite verb second: "Gestern ich bin" → "Gestern bin ich". */
export function verbSecondStage(ctx: Context): void {
  if (ctx.lang !== "de" || !ctx.morph) return;
  for (let s = 0; s < ctx.words.length; s++) {
    if (!sentenceStartAt(ctx, s)) continue;
    let p = -1;
    if (DE_FRONT.has(at(ctx, s))) p = s + 1;
    else if (DE_FRONT_OPENERS.has(at(ctx, s))) p = at(ctx, s + 2) === "uhr" ? s + 3 : s + 2;
    if (p < 0 || p + 1 >= ctx.words.length) continue;
    const v = p + 1;
    if (!DE_SUBJECTS.has(at(ctx, p)) || punctuationBefore(ctx, v) || finiteReadings(readings(ctx, v)).length === 0) continue;
    if (readings(ctx, v).some((r) => r.pos !== "verb")) continue;
    const [pronoun, verb] = [ctx.words[p], ctx.words[v]];
    if (!pronoun || !verb) continue;
    const pronounText = pronoun.fixed === "Sie" ? "Sie" : pronoun.fixed.toLocaleLowerCase("de");
    pronoun.fixed = verb.fixed.toLocaleLowerCase("de");
    verb.fixed = pronounText;
    ctx.claimed.add(p).add(v);
    ctx.found.push({ from: p, to: v, category: "word_order", note: "verb_second", params: {} });
  }
}

const QUANTITY_FORMS: Partial<Record<Context["lang"], string[][]>> = {
  es: [["mucho", "mucha", "muchos", "muchas"], ["poco", "poca", "pocos", "pocas"], ["tanto", "tanta", "tantos", "tantas"], ["demasiado", "demasiada", "demasiados", "demasiadas"]],
  it: [["molto", "molta", "molti", "molte"], ["poco", "poca", "pochi", "poche"], ["tanto", "tanta", "tanti", "tante"], ["troppo", "troppa", "troppi", "troppe"]],
  "pt-BR": [["muito", "muita", "muitos", "muitas"], ["pouco", "pouca", "poucos", "poucas"], ["tanto", "tanta", "tantos", "tantas"]],
};
/** Nouns of feelings said with tener (tengo mucha hambre) that the lexicon may lack. */
const ES_FEELING_NOUNS: Record<string, "m" | "f"> = { gente: "f", hambre: "f", sed: "f", prisa: "f", frío: "m", calor: "m", miedo: "m", sueño: "m", dinero: "m" };

const EXTRA_NOUNS: Partial<Record<Context["lang"], Record<string, "m" | "f">>> = { es: ES_FEELING_NOUNS, it: { gente: "f", fame: "f", sete: "f", paura: "f", freddo: "m", caldo: "m", sonno: "m" }, "pt-BR": { gente: "f", fome: "f", sede: "f" } };

const HAVE_FORMS = /^(tengo|tienes|tiene|tenemos|tenéis|tienen|tenía|tenías|teníamos|tenían|tuve|tuvo|ho|hai|ha|abbiamo|avete|hanno|avevo|tenho|tem|temos|têm|tinha|tive)$/;

/** A quantity word before a noun agrees with it: mucha hambre, molta gente, muitas pessoas. */
export function quantityStage(ctx: Context): void {
  const table = QUANTITY_FORMS[ctx.lang];
  if (!table) return;
  for (let i = 0; i + 1 < ctx.words.length; i++) {
    const forms = table.find((f) => f.includes(at(ctx, i)));
    if (!forms || !free(ctx, i) || punctuationBefore(ctx, i + 1)) continue;
    const seen = nounSeen(ctx.words[i + 1]?.fixed ?? "", ctx.language);
    const gender = seen ? seen.gender : EXTRA_NOUNS[ctx.lang]?.[at(ctx, i + 1)];
    const plural = seen ? seen.plural : false;
    if (!gender || gender === "n" || plural === null) continue;
    // "Como mucho pan" and "molto bene": only a word the tables read as a noun alone, or a feeling after tener/avere/ter (tengo mucho sed).
    const feeling = !seen && HAVE_FORMS.test(at(ctx, i - 1));
    if (!feeling && readings(ctx, i + 1).some((r) => r.pos !== "noun" && r.pos !== "word")) continue;
    const right = forms[(gender === "f" ? 1 : 0) + (plural ? 2 : 0)] as string;
    if (right === at(ctx, i)) continue;
    rewrite(ctx, i, right);
    ctx.found.push({ from: i, to: i + 1, category: "agreement", note: "quantity", params: {} });
  }
}

/** German adjective endings between ein/der… and a lexicon noun: einen neue Auto → ein neues Auto. */
const DE_MIXED = /^(ein|kein|mein|dein|sein|ihr|unser|euer)(|e|en|em|er|es)$/;
const DE_DEFINITE = new Set("der die das den dem des".split(" "));

function germanEnding(article: string, gender: "m" | "f" | "n"): { article: string; ending: string } | null {
  const mixed = DE_MIXED.exec(article);
  if (mixed) {
    const [, stem, end] = mixed as unknown as [string, string, string];
    if (end === "en" && gender === "n") return { article: stem, ending: "es" };
    if (end === "en" && gender === "f") return { article: `${stem}e`, ending: "e" };
    if (end === "en" || end === "em" || (end === "er" && gender === "f")) return { article, ending: "en" };
    if (end === "") return gender === "f" ? { article: `${stem}e`, ending: "e" } : { article, ending: gender === "m" ? "er" : "es" };
    if (end === "e" && gender === "f") return { article, ending: "e" };
    return null;
  }
  if (!DE_DEFINITE.has(article)) return null;
  if (article === "den" && gender === "n") return { article: "das", ending: "e" };
  if (article === "den" && gender === "f") return { article: "die", ending: "e" };
  if (article === "den" || article === "dem") return { article, ending: "en" };
  if ((article === "der" && gender === "m") || (article === "die" && gender === "f") || (article === "das" && gender === "n")) return { article, ending: "e" };
  return null;
}

export function germanAdjectiveStage(ctx: Context): void {
  if (ctx.lang !== "de" || !ctx.morph) return;
  for (let i = 0; i + 2 < ctx.words.length; i++) {
    const noun = nounSeen(ctx.words[i + 2]?.fixed ?? "", ctx.language);
    if (!noun || noun.plural !== false || punctuationBefore(ctx, i + 1) || punctuationBefore(ctx, i + 2)) continue;
    const adj = readings(ctx, i + 1).find((r) => r.pos === "adj");
    if (!adj || readings(ctx, i + 1).some((r) => r.pos !== "adj") || !free(ctx, i + 1)) continue;
    const want = germanEnding(at(ctx, i), noun.gender);
    if (!want) continue;
    const lemma = adj.lemma.toLocaleLowerCase("de");
    const stems = [lemma.replace(/e$/, ""), lemma.replace(/e([lr])$/, "$1"), lemma === "hoch" ? "hoh" : lemma];
    // Only a plain form of the adjective (neue), not its comparative (größere).
    if (!stems.some((s) => at(ctx, i + 1).startsWith(s))) continue;
    const right = stems.map((s) => s + want.ending).find((f) => ctx.morph?.has(f));
    if (!right) continue;
    const articleChanged = want.article !== at(ctx, i);
    if (right === at(ctx, i + 1) && !articleChanged) continue;
    if (articleChanged) rewrite(ctx, i, want.article);
    rewrite(ctx, i + 1, right);
    ctx.found.push({ from: i, to: i + 2, category: "agreement", note: "adjective_ending", params: {} });
  }
}

/** "Sí" (es) and "sì" (it) opening an answer, before a comma: Si, tengo hambre → Sí, tengo hambre. */
export function yesAccentStage(ctx: Context): void {
  const right = ctx.lang === "es" ? "sí" : ctx.lang === "it" ? "sì" : null;
  if (!right) return;
  for (let i = 0; i < ctx.words.length; i++) {
    if (at(ctx, i) !== "si" || !sentenceStartAt(ctx, i) || !free(ctx, i)) continue;
    const after = ctx.words[i + 1] ? gapBefore(ctx, i + 1) : ctx.message.slice(ctx.words[i]?.end ?? 0);
    if (!/^\s*[,!.]/.test(after) && ctx.words[i + 1] !== undefined) continue;
    rewrite(ctx, i, right);
    ctx.found.push({ from: i, to: i, category: "accent", note: "yes_accent", params: {} });
  }
}

const PT_GOSTAR = /^(gosto|gostas|gosta|gostamos|gostam|gostei|gostou|gostamos|gostaram|gostava|gostavam|gostaria|gostaríamos|gostar)$/;
const PT_DE_FUSED: Record<string, string> = { o: "do", a: "da", os: "dos", as: "das", este: "deste", esta: "desta", esse: "desse", essa: "dessa", ele: "dele", ela: "dela", eles: "deles", elas: "delas" };

/** Portuguese gostar takes de before what is liked: Eu gosto de futebol, Gosto do Rio. */
export function gostarDeStage(ctx: Context): void {
  if (ctx.lang !== "pt-BR") return;
  for (let i = 0; i + 1 < ctx.words.length; i++) {
    if (!PT_GOSTAR.test(at(ctx, i))) continue;
    let k = i + 1;
    if (/^(muito|mais|tanto|bastante|também)$/.test(at(ctx, k))) k++;
    const next = at(ctx, k);
    if (k >= ctx.words.length || punctuationBefore(ctx, k) || !free(ctx, k) || /^(de|do|da|dos|das|dele|dela|deles|delas|disso|disto|deste|desta|desse|dessa|que|quando|se|muito|mais|e|mas|ou|não)$/.test(next)) continue;
    const fused = PT_DE_FUSED[next];
    rewrite(ctx, k, fused ?? `de ${ctx.words[k]?.fixed ?? next}`);
    ctx.found.push({ from: i, to: k, category: "preposition", note: "preposition", params: {} });
  }
}
