// Words of the NPC's reply worth teaching: lexicon content words at or below the learner's level
// that this conversation has not taught yet, glossed in the sense the reply uses. A short word is
// read as a noun only after an article or determiner, and only then: "l'est" is the east, the
// "est" of "Quel est" is a form of être.
import type { TutorRequest } from "../../engine-input.ts";
import type { Lang } from "../../languages.ts";
import type { TutorTurnResult } from "../../model.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import type { Concept } from "../lexicon-rules.ts";
import { foldCase } from "../text-normalise.ts";
import { displayTerm } from "../vocab-item.ts";
import { phraseGloss, senseGloss } from "./glossed-senses.ts";

const CONTENT = new Set(["noun", "verb", "adj", "adv"]);
const PER_TURN = 3;
const SHORT = 4;

// Articles, determiners and contracted prepositions: what stands before a noun.
const DETERMINERS: Record<Lang, Set<string>> = {
  en: new Set("the a an this that these those my your his her its our their some any no every each".split(" ")),
  es: new Set("el la los las un una unos unas este esta estos estas ese esa esos esas mi tu su mis tus sus nuestro nuestra al del".split(" ")),
  fr: new Set("le la les l un une des du de d ce cet cette ces mon ma mes ton ta tes son sa ses notre votre nos vos leur leurs au aux".split(" ")),
  de: new Set("der die das den dem des ein eine einen einem einer eines kein keine mein meine dein sein ihr unser euer im am zum zur vom beim".split(" ")),
  it: new Set("il lo la l i gli le un uno una del della dello dei degli delle al alla allo ai agli alle questo questa quel quella mio mia tuo tua suo sua nel nella".split(" ")),
  "pt-BR": new Set("o a os as um uma uns umas do da dos das no na nos nas ao à este esta esse essa meu minha seu sua".split(" ")),
};

/**
 * Can this reading be the sense of the word here? A short word after a determiner is the noun
 * ("l'est", "el este"), elsewhere it is not ("Quel est", "Este es").
 */
function fitsContext(concept: Concept, word: string, previous: string | undefined, lang: Lang): boolean {
  if (word.length > SHORT) return true;
  const determined = previous !== undefined && DETERMINERS[lang].has(foldCase(previous));
  return (concept.pos === "noun") === determined;
}

// Fixed expressions mean something their words do not: "Mucho gusto" is not "much", "Piacere!" is
// not "to like", "Claro" is not "light". Their words are not glossed one by one: the expression is
// glossed whole (glossed-senses.ts).
const EXPRESSIONS: Record<Lang, RegExp> = {
  en: /\b(of course|you're welcome|see you soon|nice to meet you|very good|how nice|right away)\b/giu,
  es: /(mucho gusto|muchas gracias|claro que sí|(?<!(?:está|es|muy|más|tan|azul|verde|gris|rosa|marrón|amarillo) )claro(?! que no)|de nada|por favor|que aproveche|hasta pronto|hasta luego|muy bien|qué bonito|qué interesante|ahora mismo)/giu,
  fr: /(bien sûr|je vous en prie|s'il vous plaît|à bientôt|tout de suite|très bien|c'est un plaisir)/giu,
  de: /(gern geschehen|bis bald|freut mich|auf wiedersehen|sehr gut|wie schön|ganz in der nähe|ja, natürlich)/giu,
  it: /(piacere|prego|grazie mille|per favore|a presto|molto bene|che bello|benissimo|ce l'abbiamo|certo(?= ?[,.!?]))/giu,
  "pt-BR": /(muito prazer|de nada|por favor|até logo|muito bem|que legal|que bom|agora mesmo|(?<!(?:está|é|muito|mais|tão|azul|verde|cinza|rosa) )claro)/giu,
};

export function newVocabulary(index: LexiconIndex, reply: string, request: TutorRequest, introduced: readonly string[], topic: string | null = null): TutorTurnResult["new_vocabulary"] {
  const language = index.language(request.target);
  const seen = new Set(introduced);
  const found: Concept[] = [];
  const phrases: TutorTurnResult["new_vocabulary"] = [];
  // The expressions first, each glossed whole: the lexicon's phrase if it has one (Piacere = nice to meet you), else the tutor's own.
  for (const m of reply.matchAll(EXPRESSIONS[request.target])) {
    const written = m[0];
    const concept = (language.forms.get(foldCase(written)) ?? []).map((f) => f.concept).find((c) => (c.pos === "phrase" || c.pos === "interj") && c.level <= request.level);
    const gloss = concept ? { id: concept.id, display: written, translation: displayTerm(request.source, concept) } : phraseGloss(written, request.target, request.source);
    if (!gloss || seen.has(gloss.id) || phrases.some((p) => p.id === gloss.id)) continue;
    seen.add(gloss.id);
    phrases.push(gloss);
  }
  const replyWords = reply.replace(EXPRESSIONS[request.target], " ").match(/[\p{L}]+/gu) ?? [];
  const senses: string[] = [];
  for (const [i, word] of replyWords.entries()) {
    // A reading written exactly as in the reply first: "Morgen" is the morning, "morgen" tomorrow.
    const readings = (language.forms.get(foldCase(word)) ?? []).slice().sort((a, b) => Number(b.form === word) - Number(a.form === word));
    // The word's sense here: a reading that does not fit the context is not a gloss of it.
    const concept = readings
      .map((f) => f.concept)
      .find((c) => CONTENT.has(c.pos) && c.level <= request.level && !seen.has(c.id) && fitsContext(c, word, replyWords[i - 1], request.target));
    if (!concept) continue;
    seen.add(concept.id);
    found.push(concept);
    senses.push(senseGloss(concept.id, word, replyWords[i + 1], replyWords[i - 1], request.target, request.source, topic) ?? displayTerm(request.source, concept));
    if (found.length + phrases.length >= PER_TURN) break;
  }
  const words = found.map((c, i) => ({ id: c.id, display: displayTerm(request.target, c), translation: senses[i] ?? displayTerm(request.source, c) }));
  return [...phrases, ...words].slice(0, PER_TURN);
}
