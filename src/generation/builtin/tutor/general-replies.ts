// What a learner can answer to each question of the general conversation (answer-text.ts,
// GENERAL_QUESTIONS): the suggested replies and the example hint of a conversation without a scene.
// They answer the question just asked, in the first person, so the register of the question (tú or
// usted) does not change them. Each one is understood by the tutor and moves the conversation on
// (test/generation/tutor-general-replies.test.ts); "more" is answered with a goodbye, which ends it.
import type { Lang } from "../../languages.ts";
import type { Line } from "../scenario-lines.ts";
import type { Texts } from "../ui-text/template.ts";
import type { GeneralTopic } from "./answer-text.ts";
import { inSixLanguages as t } from "../ui-text/template.ts";


const REPLIES: Record<GeneralTopic, readonly Texts[]> = {
  name: [
    t("My name is Sam.", "Me llamo Sam.", "Je m'appelle Sam.", "Ich heiße Sam.", "Mi chiamo Sam.", "Meu nome é Sam."),
    t("I'm Sam, nice to meet you.", "Soy Sam, mucho gusto.", "Je suis Sam, enchanté.", "Ich bin Sam, freut mich.", "Sono Sam, piacere.", "Sou Sam, muito prazer."),
  ],
  origin: [
    t("I'm from London.", "Soy de Londres.", "Je viens de Londres.", "Ich komme aus London.", "Sono di Londra.", "Sou de Londres."),
    t("I come from Toronto.", "Vengo de Toronto.", "Je suis de Toronto.", "Ich bin aus Toronto.", "Vengo da Toronto.", "Venho de Toronto."),
  ],
  work: [
    t("I'm a teacher.", "Soy profesor.", "Je suis professeur.", "Ich bin Lehrer.", "Sono insegnante.", "Sou professor."),
    t("I work in an office.", "Trabajo en una oficina.", "Je travaille dans un bureau.", "Ich arbeite in einem Büro.", "Lavoro in un ufficio.", "Trabalho em um escritório."),
  ],
  free_time: [
    t("I like reading.", "Me gusta leer.", "J'aime lire.", "Ich lese gern.", "Mi piace leggere.", "Gosto de ler."),
    t("I like playing football.", "Me gusta jugar al fútbol.", "J'aime jouer au football.", "Ich spiele gern Fußball.", "Mi piace giocare a calcio.", "Gosto de jogar futebol."),
  ],
  week: [
    t("My week was very good.", "Mi semana fue muy buena.", "Ma semaine s'est très bien passée.", "Meine Woche war sehr gut.", "La mia settimana è andata molto bene.", "Minha semana foi muito boa."),
    t("A very good week.", "Una semana muy buena.", "Une très bonne semaine.", "Eine sehr gute Woche.", "Una settimana molto bella.", "Uma semana muito boa."),
  ],
  plans: [
    t("I'm going to visit my family.", "Voy a visitar a mi familia.", "Je vais rendre visite à ma famille.", "Ich besuche meine Familie.", "Vado a trovare la mia famiglia.", "Vou visitar minha família."),
    t("I want to go to the beach.", "Quiero ir a la playa.", "Je veux aller à la plage.", "Ich möchte an den Strand fahren.", "Voglio andare al mare.", "Quero ir à praia."),
  ],
  food: [
    t("I like pasta.", "Me gusta la pasta.", "J'aime les pâtes.", "Ich esse gern Nudeln.", "Mi piace la pasta.", "Gosto de macarrão."),
    t("I love fish with rice.", "Me encanta el pescado con arroz.", "J'adore le poisson avec du riz.", "Ich mag Fisch mit Reis.", "Adoro il pesce con il riso.", "Adoro peixe com arroz."),
  ],
  more: [
    t("No, that's all. Goodbye!", "No, nada más. ¡Adiós!", "Non, c'est tout. Au revoir !", "Nein, das ist alles. Tschüss!", "No, è tutto. Arrivederci!", "Não, é só isso. Tchau!"),
    t("Thanks for the chat. See you soon!", "Gracias por la charla. ¡Hasta pronto!", "Merci pour la conversation. À bientôt !", "Danke für das Gespräch. Bis bald!", "Grazie per la chiacchierata. A presto!", "Obrigado pela conversa. Até logo!"),
  ],
};

/** The learner's possible answers to the general question `topic`: in the target language, translated into the source. */
export function generalReplies(topic: GeneralTopic, source: Lang, target: Lang): Line[] {
  return REPLIES[topic].map((texts) => ({ text: texts[target], translation: texts[source] }));
}
