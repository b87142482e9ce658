// The NPC's own answers to what the learner asks or tells, in the six languages (tutor-answer.ts
// fills them): prices, opening hours and departures, the way, what is available, a
// recommendation, the NPC's own name, origin, work, family and free time, what it remembers of the
// learner, and the acknowledgements that move a conversation on. Scene lines are polite (usted,
// vous, Sie, Lei); the general conversation is informal. Every sentence is checked against
// Hunspell by test/generation/tutor-conversation.test.ts.
import type { Texts } from "../ui-text/template.ts";
import { inSixLanguages as t } from "../ui-text/template.ts";


export const ANSWERS = {
  price_item: t("{item}: {price}.", "{item}: {price}.", "{item} : {price}.", "{item}: {price}.", "{item}: {price}.", "{item}: {price}."),
  price: t("That's {price}.", "Son {price}.", "Ça fait {price}.", "Das macht {price}.", "Sono {price}.", "Fica {price}."),
  hours: t("We open at {open} and close at {close}.", "Abrimos a las {open} y cerramos a las {close}.", "Nous ouvrons à {open} et nous fermons à {close}.", "Wir haben von {open} bis {close} Uhr geöffnet.", "Siamo aperti dalle {open} alle {close}.", "Abrimos às {open} e fechamos às {close}."),
  hours_always: t("Reception is open 24 hours a day.", "La recepción está abierta las 24 horas.", "La réception est ouverte 24 heures sur 24.", "Die Rezeption ist rund um die Uhr geöffnet.", "La reception è aperta 24 ore su 24.", "A recepção fica aberta 24 horas."),
  departure: t("The next one leaves at {time}.", "El próximo sale a las {time}.", "Le prochain part à {time}.", "Der nächste fährt um {time} Uhr.", "Il prossimo parte alle {time}.", "O próximo sai às {time}."),
  way: t(
    "It's very close: go straight on and take the second street on the {dir}. It's about {min} minutes on foot.",
    "Está muy cerca: siga todo recto y gire a la {dir} en la segunda calle. Son unos {min} minutos a pie.",
    "C'est tout près : continuez tout droit et tournez à {dir} dans la deuxième rue. C'est à {min} minutes à pied.",
    "Das ist ganz in der Nähe: Gehen Sie geradeaus und dann die zweite Straße {dir}. Es sind etwa {min} Minuten zu Fuß.",
    "È molto vicino: vada sempre dritto e giri a {dir} alla seconda strada. Sono circa {min} minuti a piedi.",
    "É bem perto: siga em frente e vire à {dir} na segunda rua. São uns {min} minutos a pé.",
  ),
  way_inside: t("At the back, on the {dir}.", "Al fondo, a la {dir}.", "Au fond, à {dir}.", "Hinten {dir}.", "In fondo, a {dir}.", "Lá no fundo, à {dir}."),
  available: t("Yes, of course, we have that.", "Sí, claro, tenemos.", "Oui, bien sûr, nous en avons.", "Ja, natürlich, das haben wir.", "Sì, certo, ce l'abbiamo.", "Sim, claro, temos."),
  unavailable: t("Sorry, we don't have that.", "Lo siento, de eso no tenemos.", "Désolé, nous n'en avons pas.", "Das haben wir leider nicht.", "Mi dispiace, non ce l'abbiamo.", "Sinto muito, isso não temos."),
  quality: t("Yes, I can recommend it.", "Sí, se lo recomiendo.", "Oui, je vous le recommande.", "Ja, das kann ich empfehlen.", "Sì, glielo consiglio.", "Sim, eu recomendo."),
  quality_informal: t("Yes, I can recommend it.", "Sí, te lo recomiendo.", "Oui, je te le recommande.", "Ja, das kann ich empfehlen.", "Sì, te lo consiglio.", "Sim, eu recomendo."),
  yes: t("Yes", "Sí", "Oui", "Ja", "Sì", "Sim"),
  of_course: t("Yes, of course.", "Sí, claro.", "Oui, bien sûr.", "Ja, natürlich.", "Sì, certo.", "Sim, claro."),
  recommend: t("I recommend {item}.", "Le recomiendo {item}.", "Je vous recommande {item}.", "Heute ist {item} sehr gut.", "Le consiglio {item}.", "Eu recomendo {item}."),
  recommend_informal: t("I recommend {item}.", "Te recomiendo {item}.", "Je te recommande {item}.", "Heute ist {item} sehr gut.", "Ti consiglio {item}.", "Eu recomendo {item}."),
  recommend_any: t("Everything is very good today.", "Hoy todo está muy bueno.", "Aujourd'hui, tout est très bon.", "Heute ist alles sehr gut.", "Oggi è tutto molto buono.", "Hoje está tudo muito bom."),
  origin: t("I'm from {city}.", "Soy de {city}.", "Je viens de {city}.", "Ich komme aus {city}.", "Sono di {city}.", "Sou de {city}."),
  work_here: t("I have worked here for {years} years.", "Trabajo aquí desde hace {years} años.", "Je travaille ici depuis {years} ans.", "Ich arbeite seit {years} Jahren hier.", "Lavoro qui da {years} anni.", "Trabalho aqui há {years} anos."),
  work: t("I work at a language school.", "Trabajo en una escuela de idiomas.", "Je travaille dans une école de langues.", "Ich arbeite in einer Sprachschule.", "Lavoro in una scuola di lingue.", "Trabalho numa escola de idiomas."),
  family: t("I have two brothers and a daughter.", "Tengo dos hermanos y una hija.", "J'ai deux frères et une fille.", "Ich habe zwei Brüder und eine Tochter.", "Ho due fratelli e una figlia.", "Tenho dois irmãos e uma filha."),
  free_time: t("In my free time I read and go walking.", "En mi tiempo libre leo y camino por el campo.", "Pendant mon temps libre, je lis et je me promène.", "In meiner Freizeit lese ich und gehe gern wandern.", "Nel tempo libero leggo e cammino in campagna.", "No meu tempo livre, eu leio e caminho no parque."),
  wellbeing: t("Very well, thank you.", "Muy bien, gracias.", "Très bien, merci.", "Sehr gut, danke.", "Molto bene, grazie.", "Muito bem, obrigado."),
  and_you_formal: t("And you?", "¿Y usted?", "Et vous ?", "Und Sie?", "E Lei?", "E o senhor?"),
  and_you: t("And you?", "¿Y tú?", "Et toi ?", "Und du?", "E tu?", "E você?"),
  your_name: t("Your name is {name}.", "Te llamas {name}.", "Tu t'appelles {name}.", "Du heißt {name}.", "Ti chiami {name}.", "Você se chama {name}."),
  your_name_formal: t("Your name is {name}.", "Usted se llama {name}.", "Vous vous appelez {name}.", "Sie heißen {name}.", "Lei si chiama {name}.", "O seu nome é {name}."),
  no_name_yet: t("You haven't told me your name yet.", "Todavía no me has dicho tu nombre.", "Tu ne m'as pas encore dit ton nom.", "Du hast mir deinen Namen noch nicht gesagt.", "Non mi hai ancora detto il tuo nome.", "Você ainda não me disse o seu nome."),
  no_name_yet_formal: t("You haven't told me your name yet.", "Todavía no me ha dicho su nombre.", "Vous ne m'avez pas encore dit votre nom.", "Sie haben mir Ihren Namen noch nicht gesagt.", "Non mi ha ancora detto il suo nome.", "O senhor ainda não me disse o seu nome."),
  your_order: t("Your order: {order}.", "Su pedido: {order}.", "Votre commande : {order}.", "Ihre Bestellung: {order}.", "Il suo ordine: {order}.", "O seu pedido: {order}."),
  no_order_yet: t("You haven't ordered anything yet.", "Todavía no ha pedido nada.", "Vous n'avez encore rien commandé.", "Sie haben noch nichts bestellt.", "Non ha ancora ordinato niente.", "O senhor ainda não pediu nada."),
  order_noted: t("Very good: {order}.", "Muy bien: {order}.", "Très bien : {order}.", "Sehr gut: {order}.", "Benissimo: {order}.", "Muito bem: {order}."),
  and: t("and", "y", "et", "und", "e", "e"),
  nice_to_meet: t("Nice to meet you, {name}.", "Mucho gusto, {name}.", "Bonjour, {name} ! C'est un plaisir.", "Freut mich, {name}.", "Piacere, {name}.", "Muito prazer, {name}."),
  place_nice: t("{place}! How nice.", "¡{place}! Qué bonito.", "{place} ! C'est très beau.", "{place}! Wie schön.", "{place}! Che bello.", "{place}! Que legal."),
  interesting: t("How interesting!", "¡Qué interesante!", "C'est très intéressant !", "Wie interessant!", "Che interessante!", "Que interessante!"),
  me_too: t("I like that too!", "¡A mí también me gusta!", "Moi aussi, j'aime ça !", "Das mag ich auch!", "Piace anche a me!", "Eu também gosto!"),
  thanks_for_telling_formal: t("Thank you for telling me.", "Gracias por contármelo.", "Merci de me le raconter.", "Danke, dass Sie mir das erzählen.", "Grazie di avermelo raccontato.", "Que bom que o senhor me contou."),
  thanks_for_telling: t("Thanks for telling me.", "Gracias por contármelo.", "Merci de me le raconter.", "Danke, dass du mir das erzählst.", "Grazie di avermelo raccontato.", "Que bom que você me contou."),
  good_plan: t("That sounds like a good plan!", "¡Qué buen plan!", "C'est un bon programme !", "Das klingt gut!", "Bel programma!", "Que ótimo plano!"),
  welcome: t("You're welcome.", "De nada.", "Je vous en prie.", "Gern geschehen.", "Prego.", "De nada."),
  sorry_fix: t("I'm very sorry. I'll sort it out right away.", "Lo siento mucho. Ahora mismo lo soluciono.", "Toutes mes excuses. Je m'en occupe tout de suite.", "Das tut mir sehr leid. Ich kümmere mich sofort darum.", "Mi dispiace molto. Me ne occupo subito.", "Sinto muito. Vou resolver isso agora mesmo."),
  ok: t("Very good.", "Muy bien.", "Très bien.", "Sehr gut.", "Molto bene.", "Muito bem."),
  not_understood: t(
    "Sorry, I didn't understand “{words}”. Could you say it another way?",
    "Perdone, no he entendido «{words}». ¿Puede decirlo de otra manera?",
    "Pardon, je n'ai pas compris « {words} ». Vous pouvez le dire autrement ?",
    "Entschuldigung, ich habe „{words}“ nicht verstanden. Können Sie das anders sagen?",
    "Scusi, non ho capito «{words}». Può dirlo in un altro modo?",
    "Desculpe, não entendi “{words}”. Pode dizer de outro jeito?",
  ),
  not_understood_informal: t(
    "Sorry, I didn't understand “{words}”. Can you say it another way?",
    "Perdona, no he entendido «{words}». ¿Puedes decirlo de otra manera?",
    "Pardon, je n'ai pas compris « {words} ». Tu peux le dire autrement ?",
    "Entschuldigung, ich habe „{words}“ nicht verstanden. Kannst du das anders sagen?",
    "Scusa, non ho capito «{words}». Puoi dirlo in un altro modo?",
    "Desculpa, não entendi “{words}”. Pode dizer de outro jeito?",
  ),
  goodbye_name: t("Goodbye, {name}! See you soon.", "¡Adiós, {name}! Hasta pronto.", "Au revoir, {name} ! À bientôt.", "Auf Wiedersehen, {name}! Bis bald.", "Arrivederci, {name}! A presto.", "Tchau, {name}! Até logo."),
  goodbye: t("Goodbye! See you soon.", "¡Adiós! Hasta pronto.", "Au revoir ! À bientôt.", "Auf Wiedersehen! Bis bald.", "Arrivederci! A presto.", "Tchau! Até logo."),
  hi: t("Hello!", "¡Hola!", "Bonjour !", "Hallo!", "Ciao!", "Oi!"),
  sorry_unwell: t("Oh, I'm sorry to hear that. Hang in there!", "Vaya, lo siento. ¡Ánimo!", "Oh, désolé. Courage !", "Oh, das tut mir leid. Kopf hoch!", "Oh, mi dispiace. Coraggio!", "Poxa, sinto muito. Força!"),
  glad: t("I'm glad to hear it.", "Me alegro.", "Tant mieux.", "Das freut mich.", "Mi fa piacere.", "Que bom."),
  hello: t("Hello! How are you?", "¡Hola! ¿Qué tal?", "Bonjour ! Comment ça va ?", "Hallo! Wie geht's?", "Ciao! Come stai?", "Oi! Tudo bem?"),
  anything_else: t("Would you like anything else?", "¿Desea algo más?", "Vous désirez autre chose ?", "Darf es sonst noch etwas sein?", "Desidera altro?", "Deseja mais alguma coisa?"),
} satisfies Record<string, Texts>;

/**
 * What the NPC asks after answering, when its last line asked nothing: the move the frame's step
 * waits for (the bill, the payment, the price), by the step's intent; "anything else?" otherwise.
 */
export const STEP_PROMPTS: Record<string, Texts> = {
  ask_bill: t("Shall I bring you the bill?", "¿Le traigo la cuenta?", "Je vous apporte l'addition ?", "Darf ich Ihnen die Rechnung bringen?", "Le porto il conto?", "Quer que eu traga a conta?"),
  pay: t("How would you like to pay?", "¿Cómo desea pagar?", "Comment souhaitez-vous payer ?", "Wie möchten Sie bezahlen?", "Come desidera pagare?", "Como deseja pagar?"),
  take_it: t("Will you take it?", "¿Se lo lleva?", "Vous le prenez ?", "Nehmen Sie es?", "Lo prende?", "Vai levar?"),
  ask_price: t("Would you like to know the price?", "¿Quiere saber el precio?", "Vous voulez connaître le prix ?", "Möchten Sie den Preis wissen?", "Vuole sapere il prezzo?", "Quer saber o preço?"),
};

/** The same prompts where the conversation says tú/du/tu (a plan's role-play at A). */
export const STEP_PROMPTS_INFORMAL: Record<string, Texts> = {
  ...STEP_PROMPTS,
  pay: t("How would you like to pay?", "¿Cómo quieres pagar?", "Comment veux-tu payer ?", "Wie möchtest du bezahlen?", "Come vuoi pagare?", "Como você quer pagar?"),
};

/** The general conversation's questions, asked in this order, each only while its answer is unknown. */
export const GENERAL_QUESTIONS = {
  name: t("What's your name?", "¿Cómo te llamas?", "Comment tu t'appelles ?", "Wie heißt du?", "Come ti chiami?", "Como você se chama?"),
  origin: t("Where are you from?", "¿De dónde eres?", "D'où viens-tu ?", "Woher kommst du?", "Di dove sei?", "De onde você é?"),
  work: t("What do you do?", "¿A qué te dedicas?", "Qu'est-ce que tu fais dans la vie ?", "Was machst du beruflich?", "Che lavoro fai?", "O que você faz?"),
  free_time: t("What do you like doing in your free time?", "¿Qué te gusta hacer en tu tiempo libre?", "Qu'est-ce que tu aimes faire pendant ton temps libre ?", "Was machst du gern in deiner Freizeit?", "Cosa ti piace fare nel tempo libero?", "O que você gosta de fazer no tempo livre?"),
  week: t("How was your week?", "¿Qué tal tu semana?", "Comment s'est passée ta semaine ?", "Wie war deine Woche?", "Hai passato una bella settimana?", "Como foi a sua semana?"),
  plans: t("What are your plans for the weekend?", "¿Qué planes tienes para el fin de semana?", "Qu'est-ce que tu fais ce week-end ?", "Was hast du am Wochenende vor?", "Che programmi hai per il fine settimana?", "Quais são os seus planos para o fim de semana?"),
  food: t("What food do you like?", "¿Qué comida te gusta?", "Qu'est-ce que tu aimes manger ?", "Was isst du gern?", "Cosa ti piace mangiare?", "O que você gosta de comer?"),
  more: t("Would you like to tell me anything else?", "¿Quieres contarme algo más?", "Tu veux me raconter autre chose ?", "Möchtest du mir noch etwas erzählen?", "Vuoi raccontarmi qualcosa di più?", "Quer me contar mais alguma coisa?"),
} satisfies Record<string, Texts>;

export type GeneralTopic = keyof typeof GENERAL_QUESTIONS;

export const DIRECTIONS = {
  right: t("right", "derecha", "droite", "rechts", "destra", "direita"),
  left: t("left", "izquierda", "gauche", "links", "sinistra", "esquerda"),
} satisfies Record<string, Texts>;

/** The NPC's home town in a general conversation, by the language it speaks. */
export const HOME_CITY = t("Manchester", "Sevilla", "Lyon", "Leipzig", "Bologna", "Recife");
