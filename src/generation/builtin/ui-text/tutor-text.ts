// The tutor's own words in six languages: what the NPC says when the script has no line for it
// (target language), and the hints and correction notes (source language, or target language
// at high levels). Parameters arrive already quoted.
import type { Texts } from "./template.ts";

/** NPC lines, said in the target language. */
export const NPC_LINES = {
  not_understood: {
    en: "Sorry, I don't understand.",
    es: "Perdón, no lo entiendo.",
    fr: "Pardon, je ne comprends pas.",
    de: "Entschuldigung, das verstehe ich nicht.",
    it: "Mi dispiace, non ho capito.",
    "pt-BR": "Desculpe, não entendi.",
  },
  clarify_two: {
    en: "Sorry, I didn't quite understand. Do you mean {a} or {b}?",
    es: "Perdón, no le he entendido bien. ¿Quiere decir {a} o {b}?",
    fr: "Pardon, je n'ai pas bien compris. Vous voulez dire {a} ou {b} ?",
    de: "Entschuldigung, das habe ich nicht ganz verstanden. Meinen Sie {a} oder {b}?",
    it: "Scusi, non ho capito bene. Vuole dire {a} o {b}?",
    "pt-BR": "Desculpe, não entendi bem. Você quer dizer {a} ou {b}?",
  },
  clarify_one: {
    en: "Sorry, I didn't quite understand. Do you mean {a}?",
    es: "Perdón, no le he entendido bien. ¿Quiere decir {a}?",
    fr: "Pardon, je n'ai pas bien compris. Vous voulez dire {a} ?",
    de: "Entschuldigung, das habe ich nicht ganz verstanden. Meinen Sie {a}?",
    it: "Scusi, non ho capito bene. Vuole dire {a}?",
    "pt-BR": "Desculpe, não entendi bem. Você quer dizer {a}?",
  },
  clarify_again_two: {
    en: "I'm afraid I still don't follow. Would you like to say {a}, or maybe {b}?",
    es: "Sigo sin entenderle, lo siento. ¿Quiere decir {a}, o quizá {b}?",
    fr: "Je ne vous suis toujours pas, désolé. Vous voulez dire {a}, ou peut-être {b} ?",
    de: "Tut mir leid, ich verstehe Sie immer noch nicht. Wollen Sie {a} sagen, oder vielleicht {b}?",
    it: "Mi dispiace, ancora non la seguo. Vuole dire {a}, o forse {b}?",
    "pt-BR": "Desculpe, ainda não entendi. Você quer dizer {a}, ou talvez {b}?",
  },
  clarify_again_one: {
    en: "I'm afraid I still don't follow. Would you like to say {a}?",
    es: "Sigo sin entenderle, lo siento. ¿Quiere decir {a}?",
    fr: "Je ne vous suis toujours pas, désolé. Vous voulez dire {a} ?",
    de: "Tut mir leid, ich verstehe Sie immer noch nicht. Wollen Sie {a} sagen?",
    it: "Mi dispiace, ancora non la seguo. Vuole dire {a}?",
    "pt-BR": "Desculpe, ainda não entendi. Você quer dizer {a}?",
  },
  thanks_back: { en: "Thank you!", es: "¡Gracias a usted!", fr: "Merci à vous !", de: "Danke Ihnen!", it: "Grazie a Lei!", "pt-BR": "Obrigado a você!" },
  my_name: { en: "My name is {name}.", es: "Me llamo {name}.", fr: "Je m'appelle {name}.", de: "Ich heiße {name}.", it: "Mi chiamo {name}.", "pt-BR": "Meu nome é {name}." },
  finished: {
    en: "Goodbye, see you soon!",
    es: "¡Adiós, hasta pronto!",
    fr: "Au revoir, à bientôt !",
    de: "Auf Wiedersehen, bis bald!",
    it: "Arrivederci, a presto!",
    "pt-BR": "Tchau, até logo!",
  },
} satisfies Record<string, Texts>;

/**
 * Farewells that name when the two will meet again: the learner's is answered in kind ("¡Adiós,
 * hasta mañana!" with "¡Hasta mañana!"), never with another ("¡Hasta la semana que viene!").
 */
export const FAREWELLS: Record<string, { keywords: Record<keyof Texts, string[]>; reply: Texts }> = {
  tomorrow: {
    keywords: { en: ["see you tomorrow", "until tomorrow"], es: ["hasta mañana"], fr: ["à demain"], de: ["bis morgen"], it: ["a domani"], "pt-BR": ["até amanhã"] },
    reply: { en: "See you tomorrow!", es: "¡Hasta mañana!", fr: "À demain !", de: "Bis morgen!", it: "A domani!", "pt-BR": "Até amanhã!" },
  },
  next_week: {
    keywords: {
      en: ["see you next week", "until next week"],
      es: ["hasta la semana que viene", "hasta la próxima semana"],
      fr: ["à la semaine prochaine"],
      de: ["bis nächste woche"],
      it: ["alla prossima settimana", "alla settimana prossima"],
      "pt-BR": ["até a semana que vem", "até semana que vem", "até a próxima semana"],
    },
    reply: { en: "See you next week!", es: "¡Hasta la semana que viene!", fr: "À la semaine prochaine !", de: "Bis nächste Woche!", it: "Alla prossima settimana!", "pt-BR": "Até a semana que vem!" },
  },
  soon: {
    keywords: { en: ["see you soon"], es: ["hasta pronto"], fr: ["à bientôt"], de: ["bis bald"], it: ["a presto"], "pt-BR": ["até breve", "até logo"] },
    reply: { en: "See you soon!", es: "¡Hasta pronto!", fr: "À bientôt !", de: "Bis bald!", it: "A presto!", "pt-BR": "Até logo!" },
  },
  later: {
    keywords: { en: ["see you later"], es: ["hasta luego"], fr: ["à plus tard", "à tout à l'heure"], de: ["bis später"], it: ["a dopo", "a più tardi"], "pt-BR": ["até mais"] },
    reply: { en: "See you later!", es: "¡Hasta luego!", fr: "À plus tard !", de: "Bis später!", it: "A dopo!", "pt-BR": "Até mais!" },
  },
  night: {
    keywords: { en: ["good night"], es: ["buenas noches"], fr: ["bonne nuit"], de: ["gute nacht"], it: ["buonanotte", "buona notte"], "pt-BR": ["boa noite"] },
    reply: { en: "Good night!", es: "¡Buenas noches!", fr: "Bonne nuit !", de: "Gute Nacht!", it: "Buonanotte!", "pt-BR": "Boa noite!" },
  },
};

/** Keywords, in each target language, of asking the NPC's name (answered with my_name). */
export const ASK_NAME_KEYWORDS: Record<keyof Texts, string[]> = {
  en: ["your name", "who are you"],
  es: ["te llamas", "se llama usted", "tu nombre", "su nombre", "quién eres"],
  fr: ["t'appelles", "vous appelez", "ton nom", "votre nom", "qui es-tu", "qui êtes-vous"],
  de: ["heißt du", "heißen sie", "dein name", "ihr name", "wer bist du", "wer sind sie"],
  it: ["ti chiami", "si chiama", "tuo nome", "suo nome", "chi sei"],
  "pt-BR": ["seu nome", "teu nome", "você se chama", "quem é você"],
};

export const HINTS = {
  example: {
    en: "You can say, for example: {phrase}",
    es: "Puedes decir, por ejemplo: {phrase}",
    fr: "Vous pouvez dire, par exemple : {phrase}",
    de: "Du kannst zum Beispiel sagen: {phrase}",
    it: "Puoi dire, per esempio: {phrase}",
    "pt-BR": "Você pode dizer, por exemplo: {phrase}",
  },
  words: { en: "Useful words: {words}", es: "Palabras útiles: {words}", fr: "Mots utiles : {words}", de: "Nützliche Wörter: {words}", it: "Parole utili: {words}", "pt-BR": "Palavras úteis: {words}" },
  other_language: {
    en: "That looks like {other}. Try to write in {target}.",
    es: "Eso parece {other}. Intenta escribir en {target}.",
    fr: "On dirait que c'est en {other}. Essayez d'écrire en {target}.",
    de: "Das sieht nach {other} aus. Versuche, auf {target} zu schreiben.",
    it: "Sembra {other}. Prova a scrivere in {target}.",
    "pt-BR": "Isso parece {other}. Tente escrever em {target}.",
  },
  write_in_target: {
    en: "Try to write in {target}.",
    es: "Intenta escribir en {target}.",
    fr: "Essayez d'écrire en {target}.",
    de: "Versuche, auf {target} zu schreiben.",
    it: "Prova a scrivere in {target}.",
    "pt-BR": "Tente escrever em {target}.",
  },
  start: { en: "Start by greeting {npc}.", es: "Empieza saludando a {npc}.", fr: "Commencez par saluer {npc}.", de: "Begrüße zuerst {npc}.", it: "Comincia salutando {npc}.", "pt-BR": "Comece cumprimentando {npc}." },
  done: {
    en: "The conversation is over. Start a new one to practise again.",
    es: "La conversación ha terminado. Empieza otra para seguir practicando.",
    fr: "La conversation est terminée. Commencez-en une nouvelle pour continuer à pratiquer.",
    de: "Das Gespräch ist zu Ende. Beginne ein neues, um weiter zu üben.",
    it: "La conversazione è finita. Iniziane una nuova per continuare a esercitarti.",
    "pt-BR": "A conversa terminou. Comece uma nova para continuar praticando.",
  },
  scripted: {
    en: "This offline tutor follows the scene's script and recognises key words only.",
    es: "Este tutor sin conexión sigue el guion de la escena y solo reconoce palabras clave.",
    fr: "Ce tuteur hors ligne suit le scénario de la scène et ne reconnaît que des mots-clés.",
    de: "Dieser Offline-Tutor folgt dem Ablauf der Szene und erkennt nur Schlüsselwörter.",
    it: "Questo tutor offline segue il copione della scena e riconosce solo parole chiave.",
    "pt-BR": "Este tutor offline segue o roteiro da cena e reconhece apenas palavras-chave.",
  },
} satisfies Record<string, Texts>;

export const GENDER_NAMES: Record<"m" | "f" | "n", Texts> = {
  m: { en: "masculine", es: "masculino", fr: "masculin", de: "maskulin", it: "maschile", "pt-BR": "masculino" },
  f: { en: "feminine", es: "femenino", fr: "féminin", de: "feminin", it: "femminile", "pt-BR": "feminino" },
  n: { en: "neuter", es: "neutro", fr: "neutre", de: "neutral", it: "neutro", "pt-BR": "neutro" },
};

/** Correction notes, one per kind of mistake; `{wrong}`, `{right}`, `{noun}` arrive quoted. */
export const NOTES = {
  spelling: {
    en: "Did you mean {right}?",
    es: "¿Querías decir {right}?",
    fr: "Vouliez-vous dire {right} ?",
    de: "Meintest du {right}?",
    it: "Volevi dire {right}?",
    "pt-BR": "Você quis dizer {right}?",
  },
  accent: {
    en: "Mind the accent: {right}.",
    es: "Ojo con el acento: {right}.",
    fr: "Attention à l'accent : {right}.",
    de: "Achte auf Akzent oder Umlaut: {right}.",
    it: "Attenzione all'accento: {right}.",
    "pt-BR": "Atenção ao acento: {right}.",
  },
  gender: {
    en: "{noun} is {gender}: {right}.",
    es: "{noun} es un sustantivo {gender}: {right}.",
    fr: "{noun} est un nom {gender} : {right}.",
    de: "{noun} ist {gender}: {right}.",
    it: "{noun} è un nome {gender}: {right}.",
    "pt-BR": "{noun} é um substantivo {gender}: {right}.",
  },
  number: {
    en: "The article agrees in number with the noun: {right}.",
    es: "El artículo concuerda en número con el sustantivo: {right}.",
    fr: "L'article s'accorde en nombre avec le nom : {right}.",
    de: "Der Artikel muss im Numerus zum Nomen passen: {right}.",
    it: "L'articolo concorda nel numero con il nome: {right}.",
    "pt-BR": "O artigo concorda em número com o substantivo: {right}.",
  },
  article_form: {
    en: "Before this word, use {article}: {right}.",
    es: "Delante de esta palabra se usa {article}: {right}.",
    fr: "Devant ce mot, on emploie {article} : {right}.",
    de: "Vor diesem Wort steht {article}: {right}.",
    it: "Davanti a questa parola si usa {article}: {right}.",
    "pt-BR": "Antes desta palavra, usa-se {article}: {right}.",
  },
  contraction: {
    en: "{wrong} contracts to {right}.",
    es: "{wrong} se contrae en {right}.",
    fr: "{wrong} se contracte en {right}.",
    de: "{wrong} wird zu {right} zusammengezogen.",
    it: "{wrong} si contrae in {right}.",
    "pt-BR": "{wrong} se contrai em {right}.",
  },
  elision: {
    en: "Before a vowel sound, write {right}.",
    es: "Delante de vocal se escribe {right}.",
    fr: "Devant une voyelle, on écrit {right}.",
    de: "Vor einem Vokal schreibt man {right}.",
    it: "Davanti a vocale si scrive {right}.",
    "pt-BR": "Antes de vogal, escreve-se {right}.",
  },
  capitalisation: {
    en: "German nouns start with a capital letter: {right}.",
    es: "En alemán los sustantivos se escriben con mayúscula: {right}.",
    fr: "En allemand, les noms prennent une majuscule : {right}.",
    de: "Nomen schreibt man groß: {right}.",
    it: "In tedesco i nomi si scrivono con la maiuscola: {right}.",
    "pt-BR": "Em alemão, os substantivos são escritos com letra maiúscula: {right}.",
  },
  age: {
    en: "To give your age, say {right}.",
    es: "Para decir la edad: {right}.",
    fr: "Pour dire son âge, on dit {right}.",
    de: "So sagt man das Alter: {right}.",
    it: "Per dire l'età si dice {right}.",
    "pt-BR": "Para dizer a idade, diga {right}.",
  },
  feeling: {
    en: "For hunger, thirst, cold or heat, say {right}.",
    es: "Para el hambre, la sed, el frío o el calor se dice {right}.",
    fr: "Pour la faim, la soif, le froid ou le chaud, on dit {right}.",
    de: "Für Hunger, Durst, Kälte oder Hitze sagt man {right}.",
    it: "Per fame, sete, freddo o caldo si dice {right}.",
    "pt-BR": "Para fome, sede, frio ou calor, diga {right}.",
  },
  fixed: {
    en: "The usual way to say it is {right}.",
    es: "Lo normal es decir {right}.",
    fr: "On dit plutôt {right}.",
    de: "Üblich ist {right}.",
    it: "Di solito si dice {right}.",
    "pt-BR": "O mais comum é dizer {right}.",
  },
  subject_verb: {
    en: "The verb agrees with its subject: {right}.",
    es: "El verbo concuerda con el sujeto: {right}.",
    fr: "Le verbe s'accorde avec le sujet : {right}.",
    de: "Das Verb richtet sich nach dem Subjekt: {right}.",
    it: "Il verbo concorda con il soggetto: {right}.",
    "pt-BR": "O verbo concorda com o sujeito: {right}.",
  },
  adjective: {
    en: "The adjective agrees with the noun in gender and number: {right}.",
    es: "El adjetivo concuerda en género y número: {right}.",
    fr: "L'adjectif s'accorde en genre et en nombre : {right}.",
    de: "Das Adjektiv passt sich an: {right}.",
    it: "L'aggettivo concorda in genere e numero: {right}.",
    "pt-BR": "O adjetivo concorda em gênero e número: {right}.",
  },
  auxiliary: {
    en: "This verb forms its past with {aux}: {right}.",
    es: "Este verbo forma el pasado con {aux}: {right}.",
    fr: "Ce verbe se conjugue avec {aux} au passé composé : {right}.",
    de: "Dieses Verb bildet das Perfekt mit {aux}: {right}.",
    it: "Questo verbo vuole l'ausiliare {aux}: {right}.",
    "pt-BR": "Este verbo forma o passado com {aux}: {right}.",
  },
  ser_estar: {
    en: "For a passing state, use estar: {right}.",
    es: "Para un estado pasajero se usa estar: {right}.",
    fr: "Pour un état passager, on emploie estar : {right}.",
    de: "Für einen vorübergehenden Zustand nimmt man estar: {right}.",
    it: "Per uno stato passeggero si usa estar: {right}.",
    "pt-BR": "Para um estado passageiro, use estar: {right}.",
  },
  subjunctive: {
    en: "After {trigger}, use the subjunctive: {right}.",
    es: "Después de {trigger} va el subjuntivo: {right}.",
    fr: "Après {trigger}, on emploie le subjonctif : {right}.",
    de: "Nach {trigger} steht der Konjunktiv: {right}.",
    it: "Dopo {trigger} ci vuole il congiuntivo: {right}.",
    "pt-BR": "Depois de {trigger}, use o subjuntivo: {right}.",
  },
  infinitive: {
    en: "After this verb, use the infinitive: {right}.",
    es: "Después de este verbo va el infinitivo: {right}.",
    fr: "Après ce verbe, on met l'infinitif : {right}.",
    de: "Nach diesem Verb steht der Infinitiv: {right}.",
    it: "Dopo questo verbo ci vuole l'infinito: {right}.",
    "pt-BR": "Depois deste verbo, use o infinitivo: {right}.",
  },
  participle: {
    en: "The past tense uses the participle: {right}.",
    es: "El pasado compuesto lleva el participio: {right}.",
    fr: "Le passé composé se forme avec le participe passé : {right}.",
    de: "Das Perfekt braucht das Partizip: {right}.",
    it: "Il passato prossimo vuole il participio: {right}.",
    "pt-BR": "O tempo composto usa o particípio: {right}.",
  },
  separable: {
    en: "In a main clause the prefix goes to the end: {right}.",
    es: "En la oración principal el prefijo va al final: {right}.",
    fr: "Dans une principale, la particule va à la fin : {right}.",
    de: "Im Hauptsatz steht die Vorsilbe am Ende: {right}.",
    it: "Nella frase principale il prefisso va alla fine: {right}.",
    "pt-BR": "Na oração principal, o prefixo vai para o final: {right}.",
  },
  accusative: {
    en: "The object is in the accusative: {right}.",
    es: "El complemento va en acusativo: {right}.",
    fr: "Le complément est à l'accusatif : {right}.",
    de: "Das Objekt steht im Akkusativ: {right}.",
    it: "Il complemento va all'accusativo: {right}.",
    "pt-BR": "O objeto fica no acusativo: {right}.",
  },
  irregular: {
    en: "This verb is irregular: {right}.",
    es: "Este verbo es irregular: {right}.",
    fr: "Ce verbe est irrégulier : {right}.",
    de: "Dieses Verb ist unregelmäßig: {right}.",
    it: "Questo verbo è irregolare: {right}.",
    "pt-BR": "Este verbo é irregular: {right}.",
  },
  greeting: {
    en: "The greeting is written {right}.",
    es: "El saludo se escribe {right}.",
    fr: "La salutation s'écrit {right}.",
    de: "Die Begrüßung schreibt man {right}.",
    it: "Il saluto si scrive {right}.",
    "pt-BR": "A saudação se escreve {right}.",
  },
  question_accent: {
    en: "Question words carry an accent: {right}.",
    es: "Las palabras interrogativas llevan tilde: {right}.",
    fr: "Les mots interrogatifs portent un accent : {right}.",
    de: "Fragewörter tragen einen Akzent: {right}.",
    it: "Le parole interrogative hanno l'accento: {right}.",
    "pt-BR": "Palavras interrogativas levam acento: {right}.",
  },
  language: {
    en: "In {target}, say {right}.",
    es: "En {target} se dice {right}.",
    fr: "En {target}, on dit {right}.",
    de: "Auf {target} sagt man {right}.",
    it: "In {target} si dice {right}.",
    "pt-BR": "Em {target}, diga {right}.",
  },
} satisfies Record<string, Texts>;

export type NoteKey = keyof typeof NOTES;
