// Agreement checks beyond the article: an adjective next to a lexicon noun (una casa blanca,
// une petite maison), a predicate adjective or participle after a copula whose subject is a
// pronoun or a noun phrase opening the clause (Las calles son sucias, Mes sœurs sont fatiguées),
// and the German accusative of ein/kein/mein… and der after verbs that take an object
// (Ich habe einen Bruder). Genders and numbers come from the lexicon and the tables.
import type { Gender, NumberOf, Reading } from "../morphology/morph-types.ts";
import { nounSeen, type NounSeen } from "./article-agreement.ts";
import { isNumberWord } from "./numbers.ts";
import { at, finiteReadings, free, gapBefore, punctuationBefore, readings, rewrite, type Context } from "./correction-context.ts";
import { COPULAS, DE_ACCUSATIVE, DE_ACCUSATIVE_FROM_OTHER_GENDER, DE_ADVERBS, SUBJECT_PRONOUNS } from "./grammar-words.ts";
import { clauseStart } from "./verb-checks.ts";

const DETERMINERS = new Set(
  "el la los las un una unos unas mi mis tu tus su sus este esta estos estas ese esa esos esas le la les un une des mon ma mes ton ta tes son sa ses ce cet cette ces notre nos votre vos leur leurs il lo i gli le uno un' mio mia miei mie tuo tua tuoi tue suo sua suoi sue questo questa questi queste quel quella quei quelle o a os as um uma uns umas meu minha meus minhas teu tua teus tuas seu sua seus suas esse essa esses essas este esta estes estas nosso nossa nossos nossas".split(
    " ",
  ),
);

// Quantifiers agree too, but after a noun they are adverbs or start the next phrase (cucina molto bene, el parque todos los días).
const QUANTIFIERS = new Set("todo toda todos todas mucho mucha muchos muchas poco poca pocos pocas tanto tanta tantos tantas bastante demasiado otro otra otros otras mismo misma cada varios molto molta molti molte poco poca pochi poche troppo tanto tutto tutta tutti tutte altro altra altri altre stesso muito muita muitos muitas pouco pouca poucos poucas tanto outro outra outros outras mesmo tout toute tous toutes autre autres même viel viele wenig wenige alle".split(" "));

const ADVERBS = /^(muy|tan|bastante|demasiado|très|trop|assez|si|plutôt|molto|troppo|così|abbastanza|muito|tão|bem|bastante|meio)$/;

interface Want {
  gender: Gender | null;
  number: NumberOf | null;
}

const slot = (gender: Gender, number: NumberOf) => (gender === "f" ? 1 : 0) + (number === "pl" ? 2 : 0);

function agrees(r: Reading, want: Want): boolean {
  if (r.pos !== "adj" && r.pos !== "part") return false;
  return (want.gender === null || r.gender === null || r.gender === want.gender) && (want.number === null || r.number === null || r.number === want.number);
}

/** The form of the adjective (or participle) that agrees, keeping what `want` leaves open as written. */
function agreeing(ctx: Context, rs: Reading[], want: Want): string | null {
  const own = rs.find((r): r is Extract<Reading, { pos: "adj" | "part" }> => r.pos === "adj" || r.pos === "part");
  if (!own) return null;
  const gender = want.gender ?? own.gender ?? "m";
  const number = want.number ?? own.number ?? "sg";
  const forms = own.pos === "adj" ? ctx.morph?.adjectives.get(own.lemma)?.forms : ctx.morph?.verbs.get(own.lemma)?.part;
  return forms && forms.length === 4 ? (forms[slot(gender, number)] ?? null) : null;
}

function fix(ctx: Context, i: number, want: Want, from: number, to: number, afterCopula = false): void {
  const rs = readings(ctx, i);
  if (QUANTIFIERS.has(at(ctx, i))) return;
  // Right after a copula no finite verb can stand, so "lleno" (also "I fill") is the adjective there.
  if (rs.length === 0 || rs.some((r) => agrees(r, want)) || rs.some((r) => (r.pos === "noun" && !r.lemma.includes(" ")) || r.pos === "word") || (!afterCopula && finiteReadings(rs).length > 0)) return;
  const right = agreeing(ctx, rs, want);
  if (!right || right === at(ctx, i)) return;
  rewrite(ctx, i, right);
  ctx.found.push({ from, to, category: "agreement", note: "adjective", params: {} });
}

/** Gender and number an article shows by itself, for nouns the lexicon lacks (le pizze, une pizza). */
const ARTICLE_WANT: Record<string, Want> = Object.fromEntries(
  (
    [
      ["el un", "m", "sg"], ["la una", "f", "sg"], ["los unos", "m", "pl"], ["las unas", "f", "pl"],
      ["le un", "m", "sg"], ["la une", "f", "sg"],
      ["il lo uno", "m", "sg"], ["i gli", "m", "pl"], ["le", "f", "pl"],
      ["o um", "m", "sg"], ["a uma", "f", "sg"], ["os uns", "m", "pl"], ["as umas", "f", "pl"],
    ] as [string, Gender, NumberOf][]
  ).flatMap(([words, gender, number]) => words.split(" ").map((w) => [w, { gender, number }])),
);

function articleWant(ctx: Context, article: number, noun: number): Want | null {
  const word = at(ctx, article);
  // "le" is masculine singular in French and feminine plural in Italian.
  const want = word === "le" ? (ctx.lang === "it" ? { gender: "f" as Gender, number: "pl" as NumberOf } : ctx.lang === "fr" ? { gender: "m" as Gender, number: "sg" as NumberOf } : null) : ARTICLE_WANT[word] ?? null;
  if (!want || ctx.lang === "de") return null;
  const rs = readings(ctx, noun);
  // Only a word no table reads as anything else: an unknown noun.
  return rs.length === 0 && /^\p{Ll}{3,}$/u.test(ctx.words[noun]?.fixed ?? "") && !ctx.language.knownWords.has(at(ctx, noun)) ? want : null;
}

const wantOf = (noun: NounSeen): Want | null => (noun.plural === null || noun.gender === "n" ? null : { gender: noun.gender, number: noun.plural ? "pl" : "sg" });

/** Adjectives right after (or, after a determiner, right before) a lexicon noun. */
export function attributiveStage(ctx: Context): void {
  if (!ctx.morph || ctx.lang === "de") return;
  const opensPhrase = (k: number) => k >= 0 && (DETERMINERS.has(at(ctx, k)) || isNumberWord(at(ctx, k), ctx.lang));
  for (let i = 1; i < ctx.words.length; i++) {
    const noun = nounSeen(ctx.words[i]?.fixed ?? "", ctx.language);
    const want = noun ? wantOf(noun) : articleWant(ctx, i - 1, i);
    if (!want || punctuationBefore(ctx, i)) continue;
    // Only a noun that opens a noun phrase (una casa, dos gatos): "est" in "elle est partie" is not "l'est".
    // Words joined by a hyphen are one compound (grand-mère), not an adjective and a noun.
    const spaced = (k: number) => /^\s+$/.test(gapBefore(ctx, k));
    if (opensPhrase(i - 1) && free(ctx, i + 1) && spaced(i + 1)) fix(ctx, i + 1, want, i, i + 1);
    if (opensPhrase(i - 2) && free(ctx, i - 1) && spaced(i)) fix(ctx, i - 1, want, i - 1, i);
  }
}

/** A predicate adjective agrees with the subject that opens its clause. */
export function predicateStage(ctx: Context): void {
  const copulas = COPULAS[ctx.lang];
  const pronouns = SUBJECT_PRONOUNS[ctx.lang] ?? {};
  if (!copulas || !ctx.morph) return;
  for (let s = 0; s < ctx.words.length; s++) {
    if (!clauseStart(ctx, s)) continue;
    let want: Want | null = null;
    let c = -1;
    const pronoun = pronouns[at(ctx, s)];
    if (pronoun && pronoun.persons.length === 1) {
      // French vous is also the polite singular (Vous êtes blessé ?).
      const polite = ctx.lang === "fr" && at(ctx, s) === "vous";
      want = { gender: pronoun.gender, number: polite ? null : (pronoun.persons[0] as number) >= 3 ? "pl" : "sg" };
      c = s + 1;
    } else if (DETERMINERS.has(at(ctx, s))) {
      const noun = nounSeen(ctx.words[s + 1]?.fixed ?? "", ctx.language);
      want = noun ? wantOf(noun) : articleWant(ctx, s, s + 1);
      c = s + 2;
    }
    if (!want || c >= ctx.words.length) continue;
    if (/^(no|ne|n|non|não)$/.test(at(ctx, c))) c++;
    if (!finiteReadings(readings(ctx, c)).some((r) => copulas.includes(r.lemma))) continue;
    let a = c + 1;
    if (/^(pas|plus|jamais)$/.test(at(ctx, a))) a++;
    if (ADVERBS.test(at(ctx, a))) a++;
    if (a >= ctx.words.length || !free(ctx, a) || punctuationBefore(ctx, a)) continue;
    fix(ctx, a, want, s, a, true);
  }
}

/** German: ein/kein/mein… and der before a masculine noun take -en after a verb with an object. */
export function accusativeStage(ctx: Context, verbs: Set<string>): void {
  if (ctx.lang !== "de" || !ctx.morph) return;
  const pronouns = SUBJECT_PRONOUNS.de ?? {};
  for (let k = 0; k < ctx.words.length; k++) {
    if (!finiteReadings(readings(ctx, k)).some((r) => verbs.has(r.lemma))) continue;
    let m = k + 1;
    const afterPronoun = k > 0 && pronouns[at(ctx, k - 1)] !== undefined;
    if (pronouns[at(ctx, m)] && (k === 0 || punctuationBefore(ctx, k))) m++;
    while (m < ctx.words.length && m - k <= 3 && DE_ADVERBS.has(at(ctx, m))) m++;
    const det = at(ctx, m);
    // The object of an accusative verb: a masculine noun takes einen/den, whatever gender the article had.
    const right = DE_ACCUSATIVE[det] ?? DE_ACCUSATIVE_FROM_OTHER_GENDER[det];
    if (!right || !free(ctx, m) || punctuationBefore(ctx, m) || (det === "der" && !afterPronoun)) continue;
    const noun = nounSeen(ctx.words[m + 1]?.fixed ?? "", ctx.language);
    // A noun the same in both numbers (der/die Kuchen) is singular after a singular article; "die" may be its plural.
    if (!noun || noun.gender !== "m" || noun.plural === true || (noun.plural === null && det === "die")) continue;
    rewrite(ctx, m, right);
    ctx.found.push({ from: m, to: m + 1, category: "article", note: "accusative", params: {} });
  }
}
