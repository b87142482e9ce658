// How the tutor's NPC talks at the learner's level band (levels.ts: A1–A2+, B1–B2+, C1–C2). In a
// scene the NPC says the role-play's banded line (scene/band-lines.ts), so the tutor and the
// lesson's role-play say the same thing at every level. In the general conversation the NPC
// chats: at A in short informal questions (tú, du, tu, tu, você); at B it adds a sentence with a
// subordinate clause before its question; at C it speaks in the formal register (usted, Sie,
// vous, Lei, o senhor) in longer sentences with the subjunctive or the conditional. Written for
// Parla; each row is the same sentence in the six languages.
import type { Lang } from "../../languages.ts";
import { bandLine, bandOf, type Band } from "../scene/band-lines.ts";
import type { Texts } from "../ui-text/template.ts";
import type { GeneralTopic } from "./answer-text.ts";
import { inSixLanguages as t } from "../ui-text/template.ts";


export { bandOf, type Band };

/** The scenario's line at step `i` of `count`, as the role-play says it at this band. */
export const bandedNpcLine = (line: string, band: Band, lang: Lang, i: number, count: number) => bandLine(line, band, lang, i, count);

/** At C the NPC of the general conversation speaks formally; below it chats informally. */
export const formalChat = (band: Band) => band === "C";

/** The general conversation's questions in the formal register (C1–C2). */
export const GENERAL_QUESTIONS_FORMAL: Record<GeneralTopic, Texts> = {
  name: t("May I ask your name?", "¿Me permite preguntarle cómo se llama?", "Puis-je vous demander comment vous vous appelez ?", "Darf ich fragen, wie Sie heißen?", "Posso chiederle come si chiama?", "Posso perguntar como o senhor se chama?"),
  origin: t("Where are you from, if I may ask?", "¿De dónde es usted, si no es indiscreción?", "D'où venez-vous, si ce n'est pas indiscret ?", "Woher kommen Sie, wenn ich fragen darf?", "Da dove viene, se non sono indiscreto?", "De onde o senhor é, se não for indiscrição?"),
  work: t("What do you do for a living?", "¿A qué se dedica usted?", "Que faites-vous dans la vie ?", "Was machen Sie beruflich?", "Di che cosa si occupa?", "Com o que o senhor trabalha?"),
  free_time: t("How do you like to spend your free time?", "¿Cómo le gusta pasar su tiempo libre?", "Comment aimez-vous passer votre temps libre ?", "Wie verbringen Sie am liebsten Ihre Freizeit?", "Come preferisce passare il tempo libero?", "Como o senhor gosta de passar o seu tempo livre?"),
  week: t("How has your week been?", "¿Qué tal ha sido su semana?", "Comment s'est passée votre semaine ?", "Wie war Ihre Woche?", "Come le è andata la settimana?", "Como foi a sua semana?"),
  plans: t("What plans do you have for the weekend?", "¿Qué planes tiene para el fin de semana?", "Quels sont vos projets pour le week-end ?", "Was haben Sie am Wochenende vor?", "Che programmi ha per il fine settimana?", "Quais são os planos do senhor para o fim de semana?"),
  food: t("What sort of food do you like?", "¿Qué tipo de comida le gusta?", "Quel genre de cuisine aimez-vous ?", "Was für Essen mögen Sie?", "Che tipo di cucina le piace?", "Que tipo de comida o senhor prefere?"),
  more: t("Is there anything else you would like to tell me?", "¿Hay algo más que quiera contarme?", "Y a-t-il autre chose que vous aimeriez me raconter ?", "Gibt es noch etwas, das Sie mir erzählen möchten?", "C'è altro che vorrebbe raccontarmi?", "Há mais alguma coisa que o senhor queira me contar?"),
};

/** What the NPC says before its next question above A, one per question asked, in turn. */
const CHAT_BRIDGES: Record<Exclude<Band, "A">, Texts[]> = {
  B: [
    t("I like it when people tell me about themselves.", "Me gusta que me cuentes cosas de ti.", "J'aime bien quand tu me parles de toi.", "Ich finde es schön, wenn du mir von dir erzählst.", "Mi piace quando mi racconti di te.", "Eu gosto quando você me conta coisas sobre você."),
    t("Tell me more, because it is very interesting.", "Cuéntame más, porque es muy interesante.", "Raconte-moi encore, parce que c'est très intéressant.", "Erzähl mir mehr, weil das sehr interessant ist.", "Raccontami ancora, perché è molto interessante.", "Me conte mais, porque é muito interessante."),
    t("I would like to know you a little better.", "Me gustaría conocerte un poco mejor.", "J'aimerais te connaître un peu mieux.", "Ich würde dich gern ein bisschen besser kennenlernen.", "Mi piacerebbe conoscerti un po' meglio.", "Eu gostaria de conhecer você um pouco melhor."),
  ],
  C: [
    t(
      "I must say it is a pleasure to talk with someone who expresses themselves so well.",
      "Debo decir que es un placer conversar con alguien que se expresa tan bien.",
      "Je dois dire que c'est un plaisir de parler avec quelqu'un qui s'exprime aussi bien.",
      "Ich muss sagen, es ist eine Freude, sich mit jemandem zu unterhalten, der sich so gut ausdrückt.",
      "Devo dire che è un piacere parlare con una persona che si esprime così bene.",
      "Devo dizer que é um prazer conversar com alguém que se expressa tão bem.",
    ),
    t(
      "If it is not too much to ask, I would love to hear a little more about it.",
      "Si no es mucho pedir, me encantaría que me contara algo más al respecto.",
      "Si ce n'est pas trop vous demander, j'aimerais beaucoup que vous m'en disiez un peu plus.",
      "Wenn es nicht zu viel verlangt ist, würde ich gern noch etwas mehr darüber hören.",
      "Se non è chiedere troppo, mi piacerebbe molto che me ne raccontasse un po' di più.",
      "Se não for pedir muito, eu adoraria que o senhor me contasse um pouco mais sobre isso.",
    ),
    t(
      "Whatever the subject, I find that one always learns something when listening to others.",
      "Sea cual sea el tema, creo que uno siempre aprende algo cuando escucha a los demás.",
      "Quel que soit le sujet, je trouve qu'on apprend toujours quelque chose en écoutant les autres.",
      "Ganz gleich, worum es geht, ich finde, man lernt immer etwas, wenn man anderen zuhört.",
      "Qualunque sia l'argomento, trovo che si impari sempre qualcosa ascoltando gli altri.",
      "Seja qual for o assunto, acho que sempre se aprende alguma coisa ouvindo os outros.",
    ),
  ],
};

/**
 * The sentence the NPC adds before its question at this band, after the learner told it the
 * `told`-th fact (1-based): none at A, none after a question of the learner's, and each sentence
 * once a conversation, so the NPC reacts to what it hears without repeating itself.
 */
export function chatBridge(band: Band, told: number, learnerTold: boolean): Texts | null {
  if (band === "A" || !learnerTold || told < 1) return null;
  return CHAT_BRIDGES[band][told - 1] ?? null;
}
