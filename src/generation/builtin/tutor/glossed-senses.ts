// Glosses in the sense the reply uses, where the lexicon's entry names another sense of the same
// word: "mucho" in "Me gusta mucho" is "a lot" (the lexicon's "many" is its plural sense), "claro"
// is "clear" unless it follows a colour ("azul claro" is the lexicon's "light"), and "elección"
// in "Buena elección" is a choice, an election only in a conversation about politics. And
// expressions the lexicon has no phrase for, glossed whole ("Claro." = "Of course."). Written for
// Parla; each row is the same sense in the six languages.
import type { Lang } from "../../languages.ts";
import { foldCase } from "../text-normalise.ts";
import type { Texts } from "../ui-text/template.ts";
import { inSixLanguages as t } from "../ui-text/template.ts";


/** Expressions without a lexicon phrase; "|" separates the ways a language says it, the first one glosses. */
const PHRASES: Record<string, Texts> = {
  of_course: t("of course", "claro|claro que sí", "bien sûr", "natürlich", "certo", "claro"),
  thanks_a_lot: t("thank you very much", "muchas gracias", "merci beaucoup", "vielen Dank", "grazie mille", "muito obrigado"),
  see_you_soon: t("see you soon", "hasta pronto", "à bientôt", "bis bald", "a presto", "até breve"),
  right_away: t("right away", "ahora mismo", "tout de suite", "sofort", "subito", "agora mesmo"),
  very_good: t("very good", "muy bien", "très bien", "sehr gut", "molto bene|benissimo", "muito bem"),
  how_nice: t("how nice", "qué bonito", "c'est très beau", "wie schön", "che bello", "que legal"),
  how_interesting: t("how interesting", "qué interesante", "c'est très intéressant", "wie interessant", "che interessante", "que interessante"),
  how_good: t("great", "qué bien", "tant mieux", "prima", "che bello", "que bom"),
  my_pleasure: t("it's a pleasure", "es un placer", "c'est un plaisir", "es ist mir eine Freude", "è un piacere", "é um prazer"),
  very_close: t("very close", "muy cerca", "tout près", "ganz in der Nähe", "molto vicino", "bem perto"),
  you_are_welcome: t("you're welcome", "de nada", "je vous en prie", "gern geschehen", "prego", "de nada"),
};

const forms = (text: string) => text.split("|").map((f) => foldCase(f));
// "Sí, claro", "Ja, natürlich": the yes before the expression is not part of it.
const withoutYes = (s: string) => foldCase(s).replace(/^(sí|sì|sim|ja|oui|yes),?\s*/u, "");

/** The whole gloss of an expression the reply holds, or null when the table lacks it. */
export function phraseGloss(written: string, target: Lang, source: Lang): { id: string; display: string; translation: string } | null {
  const key = withoutYes(written);
  const found = Object.entries(PHRASES).find(([, row]) => forms(row[target]).includes(key));
  if (!found) return null;
  const [id, row] = found;
  return { id: `phrase:${id}`, display: written.replace(/^(sí|sì|sim|ja|oui|yes),?\s*/iu, ""), translation: row[source].split("|")[0] as string };
}

const A_LOT = t("a lot", "mucho", "beaucoup", "viel", "molto", "muito");
const CLEAR = t("clear", "claro", "clair", "klar", "chiaro", "claro");
const CHOICE = t("choice", "elección", "choix", "Wahl", "scelta", "escolha");
const PLURAL_MANY = new Set("many muchos muchas beaucoup viele molti molte muitos muitas".split(" "));
const COLOURS = new Set("azul verde gris rosa marrón amarillo rojo morado bleu vert gris rose jaune blau grün grau gelb rosa blu verde grigio giallo azzurro cinza vermelho amarelo".split(" "));
const POLITICS_TOPICS = new Set(["society_politics"]);

/** The source-language gloss of a lexicon word in the sense this reply gives it, when it is not the lexicon's own. */
export function senseGloss(conceptId: string, word: string, _next: string | undefined, previous: string | undefined, _target: Lang, source: Lang, topic: string | null): string | null {
  const w = foldCase(word);
  if (conceptId === "many" && !PLURAL_MANY.has(w)) return A_LOT[source];
  if (conceptId === "light_color" && !COLOURS.has(foldCase(previous ?? ""))) return CLEAR[source];
  if (conceptId === "election" && !/(es|s|en)$/.test(w) && !(topic && POLITICS_TOPICS.has(topic))) return CHOICE[source];
  return null;
}
