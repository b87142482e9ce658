// Everyday words a learner may write that the data's sentences might not happen to contain
// (pronouns, forms of be/have, common prepositions), and the words the common-error patterns
// look for: all of them are correct spellings, so the spelling fixer must leave them alone.
import type { Lang } from "../../languages.ts";
import { ERROR_RULES } from "./common-errors.ts";

const CORE: Record<Lang, string> = {
  en: "i you he she it we they me him her us them my your his its our their am is are was were be been have has had do does did not want wants need go goes went see saw like can could will would what who where when why how this that these those here there and but or with without for from to of in on at by yes no please thanks",
  es: "yo tú él ella usted nosotros nosotras ellos ellas ustedes me te se lo la le nos les mi mis tu tus su sus soy eres es somos son estoy estás está estamos están tengo tienes tiene tenemos tienen hay voy vas va vamos van quiero quieres quiere puedo puede necesito qué quién dónde cuándo cómo cuánto este esta esto ese esa eso aquí allí y pero o con sin para por de en a sí no gracias",
  fr: "je tu il elle on nous vous ils elles me te se le la les lui leur mon ma mes ton ta tes son sa ses suis es est sommes êtes sont ai as a avons avez ont vais vas va allons allez vont veux veut voudrais peux peut dois faut quoi qui où quand comment combien ce cet cette ces ici là et mais ou avec sans pour de du des en à au aux dans sur oui non merci",
  de: "ich du er sie es wir ihr mich dich ihn uns euch mir dir ihm ihnen mein meine dein deine sein seine bin bist ist sind seid habe hast hat haben habt gehe gehst geht gehen möchte möchten will willst kann kannst muss was wer wo wann wie warum dieser diese dieses hier dort und aber oder mit ohne für von zu in an auf bei nach aus ja nein danke bitte sehe siehst sieht",
  it: "io tu lui lei noi voi loro mi ti si ci vi lo la li le gli ne mio mia tuo tua suo sua sono sei è siamo siete ho hai ha abbiamo avete hanno vado vai va andiamo voglio vuole vorrei posso può che chi dove quando come quanto questo questa qui lì e ma o con senza per di da in a su sì no grazie",
  "pt-BR": "eu você ele ela nós eles elas me te se o a os as lhe nos meu minha seu sua sou é somos são estou está estamos estão tenho tem temos têm vou vai vamos vão quero quer posso pode preciso que quem onde quando como quanto este esta isto esse essa isso aqui ali e mas ou com sem para por de em sim não obrigado obrigada",
};

const cache = new Map<Lang, Set<string>>();

export function coreWords(lang: Lang): Set<string> {
  let words = cache.get(lang);
  if (!words) {
    words = new Set(CORE[lang].split(" "));
    for (const rule of ERROR_RULES[lang]) for (const m of rule.pattern) if (!m.startsWith("#")) for (const w of m.split("|")) words.add(w);
    cache.set(lang, words);
  }
  return words;
}
