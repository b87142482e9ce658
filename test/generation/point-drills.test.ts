// The grammar practice of the points drilled on their own construction (lesson/point-drills.ts
// and the past conditional's auxiliary tenses): over plans of every source language at the
// point's level and above (topics and scenes), each item tests the point, its key checked here
// against the lexicon's gender and number, the morphology tables or the English tables, not by
// the code that built it; 6–10 items per plan; the box offers no key twice as a distractor.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { parseLessonPlanInput } from "../../src/generation/engine-input.ts";
import { grammarExitQuestions, grammarPractice } from "../../src/generation/builtin/lesson/grammar-practice.ts";
import { buildLessonContext, type LessonContext } from "../../src/generation/builtin/lesson/lesson-context.ts";
import { POINT_DRILLS, pointDrill } from "../../src/generation/builtin/lesson/point-drills.ts";
import { morphologyOf } from "../../src/generation/builtin/morphology/morph-index.ts";
import { GAP } from "../../src/generation/builtin/sentence-fit.ts";
import { EN_COMPARATIVES } from "../../src/generation/builtin/tutor/english-tables.ts";
import { LANGS, type Lang } from "../../src/generation/languages.ts";
import { explainedPoint } from "../../src/generation/builtin/lesson/grammar-explained.ts";

const index = createBuiltinEngine().index();
const SUBJECTS = [{ topic: "market" }, { topic: "health" }, { topic: "work" }, { topic: "lodging" }, { scene: "a rainy tapas bar in Seville, waitress Lola" }, { scene: "train tickets at Milano Centrale, the train is delayed" }];
const POINTS = [...Object.keys(POINT_DRILLS), "fr_conditionnel_passe"];

function contextFor(source: Lang, target: Lang, level: number, subject: { topic?: string; scene?: string }, pointId: string): LessonContext {
  const context = buildLessonContext(index, parseLessonPlanInput({ source_lang: source, target_lang: target, level, ...subject }));
  const point = (index.grammarByLang.get(target) ?? []).find((p) => p.id === pointId);
  if (!point) throw new Error(`no point ${pointId}`);
  return { ...context, grammar: explainedPoint(point, source, index.data.explanations) };
}

const lexiconSentences = (lang: Lang) => new Set(index.data.concepts.map((c) => c[lang].ex));
const nounsOf = (lang: Lang, form: string) => index.data.concepts.filter((c) => c.pos === "noun" && (c[lang].w === form || c[lang].pl === form));
const reads = (lang: Lang, word: string) => morphologyOf(index.language(lang))?.read(word) ?? [];
const presentOf = (lang: Lang, word: string, lemma: string, persons: number[]) => reads(lang, word).some((r) => r.lemma === lemma && "tense" in r && r.tense === "pres" && persons.includes(r.person));
const BRACKET = /____ \(([^)]*)\)/;

/** Why the item's key is not the point's right answer, or null when it is. */
function wrongKey(pointId: string, prompt: string, answer: string): string | null {
  const bracket = BRACKET.exec(prompt)?.[1] ?? "";
  const [head = "", tail = ""] = prompt.split(GAP);
  const after = tail.replace(/^ \([^)]*\)/, "").trim();
  const beforeWord = head.trim().split(" ").pop()?.toLowerCase() ?? "";
  switch (pointId) {
    case "de_subordinate_clauses": {
      // The finite verb last: nothing but the brackets and the stop after the gap.
      if (!/, (dass|ob|wenn|weil) /.test(head) || after !== ".") return "not verb-last in a subordinate clause";
      const lemma = bracket;
      const paradigm = morphologyOf(index.language("de"))?.verbs.get(lemma);
      return paradigm?.finite.pres?.includes(answer) ? null : `${answer} is no present form of ${lemma}`;
    }
    case "de_relative_clauses": {
      const [article, noun] = bracket.split(" ") as [string, string];
      const concepts = nounsOf("de", noun);
      const plural = article === "die" && concepts.some((c) => c.de.pl === noun && c.de.w !== noun);
      const gender = concepts[0]?.de.g;
      if (!gender) return `${noun} is no lexicon noun`;
      const forms = plural ? { nom: "die", acc: "die", dat: "denen" } : gender === "m" ? { nom: "der", acc: "den", dat: "dem" } : gender === "f" ? { nom: "die", acc: "die", dat: "der" } : { nom: "das", acc: "das", dat: "dem" };
      const preposition = ["mit", "von", "zu", "bei", "aus", "nach", "seit", "gegenüber"].includes(beforeWord);
      // A subject pronoun after the relative pronoun makes it an object; with none it is the subject.
      const subjectFollows = /^(ich|du|er|sie|es|wir|ihr|man|Sie) /.test(after);
      if (preposition) return answer === forms.dat ? null : `${answer} after ${beforeWord} is not the dative ${forms.dat}`;
      if (["in", "an", "auf", "unter", "über", "vor", "hinter", "neben", "zwischen"].includes(beforeWord)) return [forms.dat, forms.acc].includes(answer) ? null : `${answer} is not dative or accusative of ${bracket}`;
      if (!subjectFollows) return answer === forms.nom ? null : `${answer} is not the nominative ${forms.nom}`;
      return answer === forms.acc || answer === forms.dat ? null : `${answer} is no object form of ${bracket}`;
    }
    case "fr_relative_pronouns": {
      const [article, noun] = bracket.includes("'") ? [bracket.slice(0, 2), bracket.slice(2)] : (bracket.split(" ") as [string, string]);
      if (["avec", "pour", "sur", "sous"].includes(beforeWord)) {
        const c = nounsOf("fr", noun)[0];
        const plural = article === "les";
        const expected = plural ? (c?.fr.g === "f" ? "lesquelles" : "lesquels") : c?.fr.g === "f" ? "laquelle" : "lequel";
        return answer === expected ? null : `${answer} is not ${expected} for ${bracket}`;
      }
      if (answer === "que") return /^(je|j'|tu|nous|vous) /.test(after) || /^j'/.test(after) ? null : `que without a subject after it: ${after}`;
      if (answer === "qui") return /^(je|j'|tu|il|elle|on|nous|vous|ils|elles) /.test(after) ? `qui before a subject: ${after}` : null;
      if (answer === "où") return / (il|elle|on|nous|vous|ils|elles|je|j'|tu)\b|^(il|elle|on|nous|vous|ils|elles|je|j'|tu)/.test(after) ? null : `où without a clause: ${after}`;
      if (answer === "dont") return /parl|besoin/.test(after) ? null : `dont without de: ${after}`;
      return `${answer} unexpected`;
    }
    case "en_comparatives": {
      const superlative = head.endsWith("the ") && after.startsWith("of all");
      const table = EN_COMPARATIVES[bracket];
      const expected = table ? table[superlative ? 1 : 0] : `${superlative ? "most" : "more"} ${bracket}`;
      if (!table && (bracket.match(/[aeiouy]+/g) ?? []).length < 2) return `${bracket}: a short adjective outside the table`;
      return answer === expected ? null : `${answer} is not ${expected}`;
    }
    case "es_por_para": {
      const sentence = prompt.replace(/____ \([^)]*\) ?/, `${answer} `).replace(/ ([.?!])$/, "$1");
      const next = bracket.split(" + ")[1];
      if (!/^(por|para|Por|Para) /.test(answer) || answer.split(" ")[1] !== next) return `${answer} is not por/para + ${next}`;
      return lexiconSentences("es").has(sentence) ? null : `"${sentence}" is not the lexicon's sentence`;
    }
    case "pt_infinitivo_pessoal": {
      const subject = head.replace(/^É (importante|melhor|bom) /, "").trim().split(" ");
      const first = (subject[0] ?? "").toLowerCase();
      const ending = first === "nós" ? "mos" : first === "tu" ? "es" : "em";
      const paradigm = morphologyOf(index.language("pt-BR"))?.verbs.get(bracket);
      return paradigm?.inf.includes(answer) && answer.endsWith(ending) && answer !== paradigm.inf[0] ? null : `${answer} is not the personal infinitive in -${ending} of ${bracket}`;
    }
    case "fr_conditionnel_passe": {
      const [tenseName, lemma] = bracket.split(" · ") as [string, string];
      const [aux, participle] = answer.split(" ") as [string, string];
      const tense = tenseName === "plus-que-parfait" ? "impf" : "cond";
      const auxOk = reads("fr", aux).some((r) => r.lemma === "avoir" && "tense" in r && r.tense === tense);
      const partOk = reads("fr", participle).some((r) => r.lemma === lemma && r.pos === "part");
      return auxOk && partOk ? null : `${answer} is not avoir (${tense}) + participle of ${lemma}`;
    }
    case "en_inversion": {
      if (!head.startsWith("Rarely")) return "no fronted adverb";
      const subject = after.split(" ")[0]?.toLowerCase() ?? "";
      if (bracket === "be") return ["am", "is", "are"].includes(answer) ? null : `${answer} is no form of be`;
      if (!["do", "does"].includes(answer)) return `${answer} is not do/does`;
      if (["he", "she", "it"].includes(subject) && answer !== "does") return `${subject} takes does`;
      if (["i", "you", "we", "they"].includes(subject) && answer !== "do") return `${subject} takes do`;
      return null;
    }
    case "es_connectors": {
      // The connector of the relation in brackets, and the sentence with it is the lexicon's own.
      const expected = ({ consecuencia: "así que", concesión: "aunque", contraste: "sin embargo" } as Record<string, string>)[bracket];
      if (answer.toLowerCase() !== expected) return `${answer} is not the connector of ${bracket}`;
      return lexiconSentences("es").has(prompt.replace(`${GAP} (${bracket})`, answer)) ? null : "not the lexicon's sentence";
    }
    case "de_nominal_style": {
      // The genitive article of the bracketed noun's gender and number (des/eines, der/einer).
      const [article, noun] = bracket.split(" ") as [string, string];
      const c = nounsOf("de", noun)[0];
      const plural = article === "die" && c?.de.pl === noun && c.de.w !== noun;
      const expected = plural ? "der" : c?.de.g === "f" ? (article === "eine" ? "einer" : "der") : article === "ein" ? "eines" : "des";
      if (!c || answer !== expected) return `${answer} is not the genitive ${expected} of ${bracket}`;
      return lexiconSentences("de").has(prompt.replace(`${GAP} (${bracket})`, answer)) ? null : "not the lexicon's sentence";
    }
    case "en_cleft_nominal":
      return head.startsWith("It is ") && answer === "that" ? null : `${answer} in ${prompt} is no it-cleft`;
    case "es_formal_register":
    case "it_formal_register": {
      const lang: Lang = pointId === "es_formal_register" ? "es" : "it";
      if (!/^(Se|Si|No se|Non si) $/.test(head)) return "no passive se/si";
      const next = after.split(" ")[0]?.toLowerCase() ?? "";
      const pluralWords = lang === "es" ? "los las unos unas estos estas esos esas muchos muchas dos tres cuatro cinco varios varias" : "i gli le questi queste molti molte due tre quattro cinque";
      const plural = pluralWords.split(" ").includes(next) || nounsOf(lang, next).some((c) => c[lang].pl === next && c[lang].w !== next);
      return presentOf(lang, answer, bracket, [plural ? 5 : 2]) ? null : `${answer} does not agree (${plural ? "plural" : "singular"}) with ${next}`;
    }
  }
  return `no check for ${pointId}`;
}

interface Tally {
  problems: string[];
  plans: number;
  items: number;
  own: number;
  short: number;
}

function checkContext(context: LessonContext, label: string, into: Tally): void {
  const point = context.grammar!;
  const exercises = grammarPractice(context);
  const total = exercises.reduce((n, e) => n + (e.type === "gap_fill" || e.type === "choose_correct" ? e.items.length : 0), 0);
  into.plans++;
  if (total < 6 || total > 10) into.problems.push(`${label}: ${total} practice items`);
  const builder = POINT_DRILLS[point.id];
  const own = new Set(builder ? pointDrill(context, builder, 40).map((i) => i.prompt) : []);
  const gap = exercises.find((e) => e.type === "gap_fill");
  const exit = grammarExitQuestions(context).filter((q) => q.type === "gap_fill");
  const items = [...(gap?.type === "gap_fill" ? gap.items : []), ...exit.map((q) => (q.type === "gap_fill" ? { prompt: q.prompt, answer: q.answer } : { prompt: "", answer: "" }))];
  let ownHere = 0;
  for (const item of items) {
    if (item.prompt.split(GAP).length !== 2) into.problems.push(`${label}: not one gap in ${item.prompt}`);
    into.items++;
    // The past conditional is drilled through the verb-form spec: every one of its items is its own.
    const isOwn = builder ? own.has(item.prompt) : true;
    if (!isOwn) continue;
    into.own++;
    ownHere++;
    const why = wrongKey(point.id, item.prompt, item.answer);
    if (why) into.problems.push(`${label}: ${item.prompt} → ${item.answer}: ${why}`);
  }
  if (ownHere < 6) into.short++;
  if (gap?.type === "gap_fill") {
    const answers = gap.items.map((i) => i.answer);
    // The box lists each word once (a relative pronoun is the key of several gaps).
    const keys = new Set(answers.map((a) => a.toLowerCase()));
    const distractors = gap.word_bank.filter((w) => !keys.has(w.toLowerCase()));
    if (new Set(gap.word_bank.map((w) => w.toLowerCase())).size !== gap.word_bank.length) into.problems.push(`${label}: a word twice in ${gap.word_bank.join(", ")}`);
    if (distractors.length === 0) into.problems.push(`${label}: no distractor`);
    if (new Set(distractors).size !== distractors.length) into.problems.push(`${label}: a distractor twice in ${gap.word_bank.join(", ")}`);
    for (const d of distractors) if (answers.includes(d)) into.problems.push(`${label}: distractor ${d} is a key`);
    const box = new Set(gap.word_bank.map((w) => w.toLowerCase()));
    if (answers.some((a) => !box.has(a.toLowerCase()))) into.problems.push(`${label}: a key missing from the box`);
  }
}

const POINT_LEVELS = (level: number) => [...new Set([level, Math.min(9, level + 2)])];

describe("grammar practice on the point itself", () => {
  for (const pointId of POINTS) {
    test(pointId, () => {
      const point = index.data.grammar.find((p) => p.id === pointId)!;
      const target = point.lang;
      const tally: Tally = { problems: [], plans: 0, items: 0, own: 0, short: 0 };
      for (const source of LANGS.filter((l) => l !== target))
        for (const level of POINT_LEVELS(point.level))
          for (const [n, subject] of SUBJECTS.entries()) {
            // Every topic; the scenes alternate between source languages.
            if (subject.scene !== undefined && (n + LANGS.indexOf(source)) % 2 !== 0) continue;
            checkContext(contextFor(source, target, level, subject, pointId), `${source}→${target} L${level} ${subject.topic ?? subject.scene}`, tally);
          }
      expect(tally.problems).toEqual([]);
      // Most items drill the point itself; the rest are the verb-form items that fill a short set.
      console.log(`${pointId}: ${tally.plans} plans, ${tally.items} items, ${Math.round((100 * tally.own) / tally.items)}% on the point, ${tally.short} plans with fewer than 6 own items`);
      expect(tally.own / tally.items).toBeGreaterThanOrEqual(0.6);
    });
  }
});
