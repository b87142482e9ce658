// Explanations of the error families the family checks fix (family-checks.ts, english-checks.ts),
// in the learner's own language; `{wrong}` and `{right}` arrive quoted.
import type { Texts } from "../ui-text/template.ts";

export const FAMILY_NOTES = {
  tense_adverb: {
    en: "With a time in the past, the verb is in a past tense: {right}.",
    es: "Con una expresión de pasado, el verbo va en pasado: {right}.",
    fr: "Avec une indication du passé, le verbe se met au passé : {right}.",
    de: "Bei einer Zeitangabe in der Vergangenheit steht das Verb in der Vergangenheit: {right}.",
    it: "Con un'indicazione di passato, il verbo va al passato: {right}.",
    "pt-BR": "Com uma expressão de passado, o verbo fica no passado: {right}.",
  },
  plural_number: {
    en: "After a number above one, the noun is plural: {right}.",
    es: "Después de un número mayor que uno, el sustantivo va en plural: {right}.",
    fr: "Après un nombre supérieur à un, le nom est au pluriel : {right}.",
    de: "Nach einer Zahl über eins steht das Nomen im Plural: {right}.",
    it: "Dopo un numero maggiore di uno, il nome va al plurale: {right}.",
    "pt-BR": "Depois de um número maior que um, o substantivo vai para o plural: {right}.",
  },
  comparative: {
    en: "This adjective has its own comparative: {right}.",
    es: "Este adjetivo tiene su propio comparativo: {right}.",
    fr: "Cet adjectif a son propre comparatif : {right}.",
    de: "Der Komparativ wird mit der Endung gebildet: {right}.",
    it: "Questo aggettivo ha un comparativo proprio: {right}.",
    "pt-BR": "Este adjetivo tem um comparativo próprio: {right}.",
  },
  verb_second: {
    en: "In a German main clause the verb comes second: {right}.",
    es: "En alemán, el verbo va en segunda posición en la oración principal: {right}.",
    fr: "En allemand, le verbe est en deuxième position dans la principale : {right}.",
    de: "Im Hauptsatz steht das Verb an zweiter Stelle: {right}.",
    it: "In tedesco, nella frase principale il verbo è al secondo posto: {right}.",
    "pt-BR": "Em alemão, o verbo fica em segundo lugar na oração principal: {right}.",
  },
  preposition: {
    en: "This takes another preposition: {right}.",
    es: "Aquí va otra preposición: {right}.",
    fr: "Ici, on emploie une autre préposition : {right}.",
    de: "Hier steht eine andere Präposition: {right}.",
    it: "Qui ci vuole un'altra preposizione: {right}.",
    "pt-BR": "Aqui se usa outra preposição: {right}.",
  },
  partitive: {
    en: "After a quantity, use de alone: {right}.",
    es: "Después de una cantidad va solo de: {right}.",
    fr: "Après une quantité, on emploie de seul : {right}.",
    de: "Nach einer Mengenangabe steht nur de: {right}.",
    it: "Dopo una quantità si usa solo de: {right}.",
    "pt-BR": "Depois de uma quantidade, usa-se só de: {right}.",
  },
  quantity: {
    en: "The quantity word agrees with the noun: {right}.",
    es: "La palabra de cantidad concuerda con el sustantivo: {right}.",
    fr: "Le mot de quantité s'accorde avec le nom : {right}.",
    de: "Das Mengenwort passt sich dem Nomen an: {right}.",
    it: "La parola di quantità concorda con il nome: {right}.",
    "pt-BR": "A palavra de quantidade concorda com o substantivo: {right}.",
  },
  false_friend: {
    en: "A false friend: here you mean {right}.",
    es: "Un falso amigo: aquí quieres decir {right}.",
    fr: "Un faux ami : ici, on dit {right}.",
    de: "Ein falscher Freund: Hier meinst du {right}.",
    it: "Un falso amico: qui si dice {right}.",
    "pt-BR": "Um falso cognato: aqui se diz {right}.",
  },
  proper_noun: {
    en: "This name is written {right}.",
    es: "Este nombre se escribe {right}.",
    fr: "Ce nom s'écrit {right}.",
    de: "Dieser Name wird {right} geschrieben.",
    it: "Questo nome si scrive {right}.",
    "pt-BR": "Este nome se escreve {right}.",
  },
  do_support: {
    en: "With he, she or it, use doesn't; with I, you, we or they, don't: {right}.",
    es: "Con he, she o it se usa doesn't; con I, you, we o they, don't: {right}.",
    fr: "Avec he, she ou it, on dit doesn't ; avec I, you, we ou they, don't : {right}.",
    de: "Mit he, she oder it steht doesn't, mit I, you, we oder they don't: {right}.",
    it: "Con he, she o it si usa doesn't; con I, you, we o they, don't: {right}.",
    "pt-BR": "Com he, she ou it, use doesn't; com I, you, we ou they, don't: {right}.",
  },
  third_person: {
    en: "With he, she or it, the present takes -s: {right}.",
    es: "Con he, she o it, el presente lleva -s: {right}.",
    fr: "Avec he, she ou it, le présent prend un -s : {right}.",
    de: "Mit he, she oder it bekommt das Präsens ein -s: {right}.",
    it: "Con he, she o it, il presente prende la -s: {right}.",
    "pt-BR": "Com he, she ou it, o presente leva -s: {right}.",
  },
  adjective_ending: {
    en: "The adjective ending follows the article and the noun's gender: {right}.",
    es: "La terminación del adjetivo depende del artículo y del género: {right}.",
    fr: "La terminaison de l'adjectif dépend de l'article et du genre : {right}.",
    de: "Die Adjektivendung richtet sich nach Artikel und Genus: {right}.",
    it: "La desinenza dell'aggettivo dipende dall'articolo e dal genere: {right}.",
    "pt-BR": "A terminação do adjetivo depende do artigo e do gênero: {right}.",
  },
  yes_accent: {
    en: "'Yes' carries an accent: {right}.",
    es: "El «sí» de afirmación lleva tilde: {right}.",
    fr: "Le « oui » porte un accent : {right}.",
    de: "Das „Ja“ trägt einen Akzent: {right}.",
    it: "Il «sì» affermativo ha l'accento: {right}.",
    "pt-BR": "O «sim» leva acento: {right}.",
  },
} satisfies Record<string, Texts>;

export type FamilyNoteKey = keyof typeof FAMILY_NOTES;

/** Said when a message was corrected only in part: words the checks could not read are left as written. */
export const PARTIAL_NOTE: Texts = {
  en: "I corrected only part of your message; I could not check {words}.",
  es: "Solo he corregido una parte del mensaje; no he podido revisar {words}.",
  fr: "Je n'ai corrigé qu'une partie du message ; je n'ai pas pu vérifier {words}.",
  de: "Ich habe nur einen Teil deiner Nachricht korrigiert; {words} konnte ich nicht prüfen.",
  it: "Ho corretto solo una parte del messaggio; non ho potuto controllare {words}.",
  "pt-BR": "Corrigi só uma parte da mensagem; não consegui verificar {words}.",
};
