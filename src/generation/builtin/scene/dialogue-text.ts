// The sentences of the frame dialogues (frame-dialogue.ts), written for Parla in the six
// languages, each row the same sentence. Two registers: A1–A2 talks informally and simply (tú,
// du, tu, tu; você in Brazil at every level), B and C formally (usted, Sie, vous, Lei) with
// subordinate clauses and, at C, the subjunctive and conditional. Slots are filled by the
// realiser: {G} greeting, {npc} name, {at_place} " in Seville", {the}/{The} the scene's thing
// (nominative), {the_obj}, {an_obj}, {an_order} (a drink by the glass), {my_obj}, {my_dat} (German cases), {another_obj},
// {state} what went wrong with it ("is delayed", agreeing), {price} and {bye}.
import type { Lang } from "../../languages.ts";
import { frameLearnerRows } from "./frame-lines.ts";
import type { Intent } from "./frames.ts";
import { inSixLanguages as l } from "../ui-text/template.ts";

export type Row = Record<Lang, string>;
export type Register = "A" | "BC";


/** What the learner says for each intent, two options per register. */
export const LEARNER: Record<Exclude<Intent, "request">, Record<Register, Row[]>> & { request: Record<"want" | "problem", Record<Register, Row[]>> } = {
  greet: {
    A: [l("{G}!", "¡{G}!", "{G} !", "{G}!", "{G}!", "{G}!"), l("{G}! How are you?", "¡{G}! ¿Qué tal?", "{G} ! Ça va ?", "{G}! Wie geht's?", "{G}! Come va?", "{G}! Tudo bem?")],
    BC: [
      l("{G}. How are you?", "{G}. ¿Cómo está usted?", "{G}. Comment allez-vous ?", "{G}. Wie geht es Ihnen?", "{G}. Come sta?", "{G}. Como vai?"),
      l("{G}, I hope I am not disturbing you.", "{G}, espero no molestarle.", "{G}, j'espère que je ne vous dérange pas.", "{G}, ich hoffe, ich störe nicht.", "{G}, spero di non disturbarla.", "{G}, espero não estar incomodando."),
    ],
  },
  request: {
    want: {
      A: [
        l("I would like {an_obj}, please.", "Quiero {an_obj}, por favor.", "Je voudrais {an_obj}, s'il te plaît.", "Ich möchte {an_obj}, bitte.", "Vorrei {an_obj}, per favore.", "Eu queria {an_obj}, por favor."),
        l("Do you have {an_obj}?", "¿Tienes {an_obj}?", "Tu as {an_obj} ?", "Hast du {an_obj}?", "Hai {an_obj}?", "Você tem {an_obj}?"),
      ],
      BC: [
        l("I would like {an_obj}, if possible.", "Quisiera {an_obj}, si es posible.", "Je voudrais {an_obj}, si c'est possible.", "Ich hätte gern {an_obj}, wenn das möglich ist.", "Vorrei {an_obj}, se possibile.", "Eu gostaria de {an_obj}, se for possível."),
        l("I am looking for {an_obj}; could you help me?", "Estoy buscando {an_obj}; ¿podría ayudarme?", "Je cherche {an_obj} ; pourriez-vous m'aider ?", "Ich suche {an_obj}. Könnten Sie mir helfen?", "Sto cercando {an_obj}: potrebbe aiutarmi?", "Estou procurando {an_obj}; você poderia me ajudar?"),
      ],
    },
    problem: {
      A: [
        l("I have a problem with {my_obj}.", "Tengo un problema con {my_obj}.", "J'ai un problème avec {my_obj}.", "Ich habe ein Problem mit {my_dat}.", "Ho un problema con {my_obj}.", "Tenho um problema com {my_obj}."),
        l("Can you help me with {my_obj}?", "¿Me ayudas con {my_obj}?", "Tu peux m'aider avec {my_obj} ?", "Kannst du mir mit {my_dat} helfen?", "Mi aiuti con {my_obj}?", "Você me ajuda com {my_obj}?"),
      ],
      BC: [
        l("I am sorry to bother you, but I have a problem with {my_obj}.", "Perdone que le moleste, pero tengo un problema con {my_obj}.", "Excusez-moi de vous déranger, mais j'ai un problème avec {my_obj}.", "Entschuldigen Sie die Störung, aber ich habe ein Problem mit {my_dat}.", "Mi scusi il disturbo, ma ho un problema con {my_obj}.", "Desculpe incomodar, mas tenho um problema com {my_obj}."),
        l("I would need your help with {my_obj}, if you have a moment.", "Necesitaría su ayuda con {my_obj}, si tiene un momento.", "J'aurais besoin de votre aide avec {my_obj}, si vous avez un moment.", "Ich bräuchte Ihre Hilfe mit {my_dat}, wenn Sie einen Moment Zeit haben.", "Avrei bisogno del suo aiuto con {my_obj}, se ha un momento.", "Eu precisaria da sua ajuda com {my_obj}, se você tiver um minuto."),
      ],
    },
  },
  specify: {
    A: [l("{The_obj}, please.", "{The}, por favor.", "{The}, s'il te plaît.", "{The_obj}, bitte.", "{The}, per favore.", "{The}, por favor."), l("Just {an_obj}, thanks.", "Solo {an_obj}, gracias.", "Juste {an_obj}, merci.", "Nur {an_obj}, danke.", "Solo {an_obj}, grazie.", "Só {an_obj}, mais nada.")],
    BC: [
      l("Exactly: {the} is what I need.", "Exactamente: {the} es lo que necesito.", "Exactement : c'est {the} qu'il me faut.", "Genau: {the} ist das, was ich brauche.", "Esatto: vorrei proprio {the}.", "Exatamente: {the} é o que eu preciso."),
      l("If it is no trouble, {the}, please.", "Si no es mucha molestia, {the}, por favor.", "Si ce n'est pas trop demander, {the}, s'il vous plaît.", "Wenn es keine Umstände macht, {the_obj}, bitte.", "Se non è troppo disturbo, {the}, per favore.", "Se não for incômodo, {the}, por favor."),
    ],
  },
  ask_info: {
    A: [l("Where is {the}?", "¿Dónde está {the}?", "Où est {the} ?", "Wo ist {the}?", "Dov'è {the}?", "Onde fica {the}?"), l("Is it far?", "¿Está lejos?", "C'est loin ?", "Ist es weit?", "È lontano?", "É longe?")],
    BC: [
      l("Could you explain to me how it works, please?", "¿Podría explicarme cómo funciona, por favor?", "Pourriez-vous m'expliquer comment cela fonctionne, s'il vous plaît ?", "Könnten Sie mir bitte erklären, wie das funktioniert?", "Potrebbe spiegarmi come funziona, per favore?", "Você poderia me explicar como funciona, por favor?"),
      l("I would like to know how long it takes.", "Me gustaría saber cuánto tiempo se tarda.", "J'aimerais savoir combien de temps cela prend.", "Ich würde gern wissen, wie lange das dauert.", "Vorrei sapere quanto tempo ci vuole.", "Eu gostaria de saber quanto tempo demora."),
    ],
  },
  give_info: {
    A: [l("It's about {the}.", "Es sobre {the}.", "C'est pour {the}.", "Es geht um {the_obj}.", "È per {the}.", "É sobre {the}."), l("Here you are.", "Aquí tienes.", "Voilà.", "Bitte schön.", "Ecco.", "Aqui está.")],
    BC: [
      l("Of course: it is about {the}, and I can give you all the details.", "Por supuesto: es sobre {the}, y puedo darle todos los detalles.", "Bien sûr : c'est pour {the}, et je peux vous donner tous les détails.", "Natürlich: Es geht um {the_obj}, und ich kann Ihnen alle Einzelheiten geben.", "Certo: è per {the}, e posso darle tutti i dettagli.", "Claro: é sobre {the}, e posso dar todos os detalhes."),
      l("Certainly; I have brought everything you need.", "Desde luego; he traído todo lo que necesita.", "Certainement ; j'ai apporté tout ce dont vous avez besoin.", "Selbstverständlich; ich habe alles mitgebracht, was Sie brauchen.", "Certamente; ho portato tutto quello che le serve.", "Com certeza; eu trouxe tudo o que você precisa."),
    ],
  },
  complication: {
    A: [l("Oh no! What can we do?", "¡Oh, no! ¿Qué podemos hacer?", "Oh non ! Qu'est-ce qu'on peut faire ?", "Oh nein! Was können wir tun?", "Oh no! Che cosa possiamo fare?", "Ah, não! O que a gente pode fazer?"), l("Really? Is there another solution?", "¿En serio? ¿Hay otra solución?", "C'est vrai ? Il y a une autre solution ?", "Wirklich? Gibt es eine andere Lösung?", "Davvero? C'è un'altra soluzione?", "Sério? Tem outra solução?")],
    BC: [
      l("What a pity. Is there anything you could suggest?", "¡Qué pena! ¿Hay algo que me pueda sugerir?", "Quel dommage. Y a-t-il quelque chose que vous pourriez me proposer ?", "Wie schade. Gibt es etwas, das Sie mir vorschlagen könnten?", "Che peccato. C'è qualcosa che potrebbe propormi?", "Que pena. Tem alguma coisa que você possa sugerir?"),
      l("I understand, but I would be grateful if you could find an alternative.", "Lo entiendo, pero le agradecería que me buscara una alternativa.", "Je comprends, mais je vous remercierais de me trouver une autre solution.", "Ich verstehe, aber ich wäre Ihnen dankbar, wenn Sie eine Alternative finden könnten.", "Capisco, ma apprezzerei molto se potesse trovare un'alternativa.", "Entendo, mas eu agradeceria se você pudesse encontrar uma alternativa."),
    ],
  },
  resolve: {
    A: [l("OK, that's fine.", "Vale, está bien.", "D'accord, ça va.", "Okay, das passt.", "Va bene, d'accordo.", "Tá bom, tudo bem."), l("Yes, thank you!", "¡Sí, gracias!", "Oui, merci !", "Ja, danke!", "Sì, grazie!", "Sim, pode ser!")],
    BC: [
      l("That suits me perfectly, thank you for your help.", "Me parece perfecto, gracias por su ayuda.", "Cela me convient parfaitement, merci pour votre aide.", "Das passt mir sehr gut, danke für Ihre Hilfe.", "Mi va benissimo, grazie per il suo aiuto.", "Para mim está ótimo, agradeço a ajuda."),
      l("Very well; if that is the best solution, I agree.", "Muy bien; si es la mejor solución, estoy de acuerdo.", "Très bien ; si c'est la meilleure solution, je suis d'accord.", "Sehr gut; wenn das die beste Lösung ist, bin ich einverstanden.", "Molto bene; se è la soluzione migliore, sono d'accordo.", "Muito bem; se essa é a melhor solução, estou de acordo."),
    ],
  },
  agree: { A: [], BC: [] },
  pay: {
    A: [l("Here you are: {price}.", "Aquí tienes: {price}.", "Voilà : {price}.", "Hier, bitte: {price}.", "Ecco a te: {price}.", "Aqui está: {price}."), l("Can I pay by card?", "¿Puedo pagar con tarjeta?", "Je peux payer par carte ?", "Kann ich mit Karte zahlen?", "Posso pagare con la carta?", "Posso pagar com cartão?")],
    BC: [
      l("Here are {price}; would you mind giving me a receipt?", "Aquí tiene {price}; ¿le importaría darme un recibo?", "Voici {price} ; pourriez-vous me donner un reçu ?", "Hier sind {price}; könnten Sie mir bitte eine Quittung geben?", "Ecco {price}: potrebbe darmi una ricevuta?", "Aqui estão {price}; você poderia me dar um recibo?"),
      l("Would it be possible to pay by card?", "¿Sería posible pagar con tarjeta?", "Serait-il possible de payer par carte ?", "Wäre es möglich, mit Karte zu zahlen?", "Sarebbe possibile pagare con la carta?", "Seria possível pagar com cartão?"),
    ],
  },
  opinion: {
    A: [l("I think it's a good idea.", "Creo que es una buena idea.", "Je pense que c'est une bonne idée.", "Ich finde, das ist eine gute Idee.", "Penso che sia una buona idea.", "Acho que é uma boa ideia."), l("I don't agree.", "No estoy de acuerdo.", "Je ne suis pas d'accord.", "Ich bin nicht einverstanden.", "Non sono d'accordo.", "Não concordo.")],
    BC: [
      l("In my view, it would be better to think it over calmly.", "En mi opinión, sería mejor pensarlo con calma.", "À mon avis, il vaudrait mieux y réfléchir calmement.", "Meiner Meinung nach wäre es besser, in Ruhe darüber nachzudenken.", "Secondo me, sarebbe meglio pensarci con calma.", "Na minha opinião, seria melhor pensar com calma."),
      l("I see your point, although I still have some doubts.", "Entiendo su punto de vista, aunque todavía tengo algunas dudas.", "Je comprends votre point de vue, même si j'ai encore quelques doutes.", "Ich verstehe Ihren Standpunkt, obwohl ich noch Zweifel habe.", "Capisco il suo punto di vista, anche se ho ancora qualche dubbio.", "Entendo o seu ponto de vista, embora ainda tenha algumas dúvidas."),
    ],
  },
  close: {
    A: [l("Thank you! Bye!", "¡Gracias! ¡Adiós!", "Merci ! Au revoir !", "Danke! Tschüss!", "Grazie! Ciao!", "Obrigado! Tchau!"), l("No, that's all. Thanks!", "No, nada más. ¡Gracias!", "Non, c'est tout. Merci !", "Nein, das ist alles. Danke!", "No, è tutto. Grazie!", "Não, é só isso. Valeu!")],
    BC: [
      l("No, that is everything; thank you very much for your patience.", "No, eso es todo; muchas gracias por su paciencia.", "Non, ce sera tout ; merci beaucoup pour votre patience.", "Nein, das ist alles, vielen Dank für Ihre Geduld.", "No, è tutto; grazie mille per la sua pazienza.", "Não, é só isso; muito obrigado pela paciência."),
      l("That is all for today; you are very kind.", "Es todo por hoy; es usted muy amable.", "Ce sera tout pour aujourd'hui ; vous êtes très aimable.", "Das wäre alles für heute; Sie sind sehr freundlich.", "Per oggi è tutto; lei è molto gentile.", "Por hoje é só; você é muito gentil."),
    ],
  },
};
LEARNER.agree = LEARNER.resolve;

/** The NPC's answer to the opening greeting, before it asks for the next step. */
export const GREET_BACK: Record<Register, Row> = {
  A: l("{G}! I'm {npc} and I work here{at_place}.", "¡{G}! Soy {npc} y trabajo aquí{at_place}.", "{G} ! Je suis {npc} et je travaille ici{at_place}.", "{G}! Ich bin {npc} und arbeite hier{at_place}.", "{G}! Sono {npc} e lavoro qui{at_place}.", "{G}! Sou {npc} e trabalho aqui{at_place}."),
  BC: l(
    "{G}, and welcome. My name is {npc}, and I have been working here{at_place} for years.",
    "{G}, y bienvenidos. Me llamo {npc} y llevo años trabajando aquí{at_place}.",
    "{G}, et soyez le bienvenu. Je m'appelle {npc} et je travaille ici{at_place} depuis des années.",
    "{G} und herzlich willkommen. Mein Name ist {npc}, und ich arbeite seit Jahren hier{at_place}.",
    "{G} e benvenuti. Mi chiamo {npc} e lavoro qui{at_place} da anni.",
    "{G}, seja bem-vindo. Meu nome é {npc} e trabalho aqui{at_place} há anos.",
  ),
};

/** The NPC taking up what the learner asked for, naming it. */
export const TAKE_UP: Record<Register, Row> = {
  A: l("{The}, very good.", "{The}, muy bien.", "{The}, très bien.", "{The}, sehr gut.", "{The}, molto bene.", "{The}, muito bem."),
  BC: l(
    "{The}, of course: we deal with that every day.",
    "{The}, por supuesto: de eso nos ocupamos a diario.",
    "{The}, bien sûr : nous nous en occupons tous les jours.",
    "{The}, natürlich: Darum kümmern wir uns jeden Tag.",
    "{The}, certo: ce ne occupiamo ogni giorno.",
    "{The}, claro: a gente cuida disso todos os dias.",
  ),
};

/** The NPC taking up a problem the learner brings with their thing: sorry, not "very good". */
export const TAKE_UP_PROBLEM: Record<Register, Row> = {
  A: l("{The}? I'm sorry. Let's see what we can do.", "¿{The}? Lo siento. Vamos a ver qué podemos hacer.", "{The} ? Je suis désolé. Voyons ce qu'on peut faire.", "{The}? Das tut mir leid. Mal sehen, was wir tun können.", "{The}? Mi dispiace. Vediamo che cosa possiamo fare.", "{The}? Sinto muito. Vamos ver o que a gente pode fazer."),
  BC: l("{The}? I am sorry to hear that; we will do everything we can.", "¿{The}? Lamento oírlo; haremos todo lo posible.", "{The} ? Je suis navré de l'apprendre ; nous ferons tout notre possible.", "{The}? Das tut mir sehr leid; wir tun, was wir können.", "{The}? Mi dispiace sentirlo; faremo tutto il possibile.", "{The}? Lamento ouvir isso; vamos fazer todo o possível."),
};

/** The NPC's line asking the learner for an intent (the complication is announced instead). */
export const ASK: Record<Exclude<Intent, "greet" | "complication">, Record<Register, Row>> = {
  request: {
    A: l("What do you need?", "¿Qué necesitas?", "De quoi as-tu besoin ?", "Was brauchst du?", "Di che cosa hai bisogno?", "Do que você precisa?"),
    BC: l("How can I help you today?", "¿En qué puedo ayudarle hoy?", "Que puis-je faire pour vous aujourd'hui ?", "Wie kann ich Ihnen heute helfen?", "Come posso aiutarla oggi?", "Como posso ajudar você hoje?"),
  },
  give_info: {
    A: l("Tell me: what is it about?", "Dime, ¿de qué se trata?", "Dis-moi, de quoi s'agit-il ?", "Sag mal, worum geht es?", "Dimmi, di che cosa si tratta?", "Me diga, do que se trata?"),
    BC: l("Could you tell me a little more about it, please?", "¿Podría contarme un poco más, por favor?", "Pourriez-vous m'en dire un peu plus, s'il vous plaît ?", "Könnten Sie mir bitte etwas mehr darüber erzählen?", "Potrebbe dirmi qualcosa di più, per favore?", "Você poderia me contar um pouco mais, por favor?"),
  },
  specify: {
    A: l("OK. What exactly do you want?", "Vale. ¿Qué quieres exactamente?", "D'accord. Tu veux quoi exactement ?", "Und was genau möchtest du?", "Va bene. Che cosa vuoi di preciso?", "Tá bom. O que você quer exatamente?"),
    BC: l("Could you tell me exactly what you are looking for?", "¿Podría decirme exactamente qué busca?", "Pourriez-vous me dire exactement ce que vous cherchez ?", "Könnten Sie mir sagen, was Sie genau suchen?", "Potrebbe dirmi esattamente che cosa cerca?", "Você poderia me dizer exatamente o que procura?"),
  },
  ask_info: {
    A: l("Do you have a question?", "¿Tienes alguna pregunta?", "Tu as une question ?", "Hast du eine Frage?", "Hai una domanda?", "Você tem alguma pergunta?"),
    BC: l(
      "Is there anything you would like to know before we go on?",
      "¿Hay algo que quiera saber antes de continuar?",
      "Y a-t-il quelque chose que vous voudriez savoir avant de continuer ?",
      "Gibt es etwas, das Sie wissen möchten, bevor wir weitermachen?",
      "C'è qualcosa che vorrebbe sapere prima di continuare?",
      "Tem alguma coisa que você queira saber antes de continuarmos?",
    ),
  },
  opinion: {
    A: l("And you? What do you think?", "¿Y tú? ¿Qué piensas?", "Et toi ? Qu'est-ce que tu en penses ?", "Und du? Was meinst du?", "E tu? Che cosa ne pensi?", "E você? O que você acha?"),
    BC: l("I would be interested to know what you think about it.", "Me interesaría saber qué opina usted al respecto.", "J'aimerais savoir ce que vous en pensez.", "Es würde mich interessieren, was Sie davon halten.", "Mi interesserebbe sapere che cosa ne pensa.", "Eu gostaria de saber o que você acha disso."),
  },
  agree: {
    A: l("Is that OK?", "¿Te va bien?", "Ça te va ?", "Passt dir das?", "Ti va bene?", "Tudo bem para você?"),
    BC: l("Would that be all right with you?", "¿Le parece bien?", "Cela vous convient-il ?", "Wäre Ihnen das recht?", "Le va bene?", "Pode ser assim?"),
  },
  resolve: {
    A: l("Is that OK?", "¿Te va bien?", "Ça te va ?", "Passt dir das?", "Ti va bene?", "Tudo bem para você?"),
    BC: l("Would that be all right with you?", "¿Le parece bien?", "Cela vous convient-il ?", "Wäre Ihnen das recht?", "Le va bene?", "Pode ser assim?"),
  },
  pay: {
    A: l("That's {price}.", "Son {price}.", "Ça fait {price}.", "Das macht {price}.", "Sono {price}.", "São {price}."),
    BC: l("That comes to {price} altogether, whenever you are ready.", "En total son {price}, cuando usted quiera.", "Cela fait {price} au total, quand vous voulez.", "Das macht insgesamt {price}, wann immer Sie so weit sind.", "In tutto sono {price}, quando vuole.", "No total são {price}, quando você quiser."),
  },
  close: {
    A: l("Perfect. Anything else?", "Perfecto. ¿Algo más?", "Parfait. Autre chose ?", "Perfekt. Sonst noch etwas?", "Perfetto. Altro?", "Perfeito. Mais alguma coisa?"),
    BC: l(
      "Perfect, everything is in order. Is there anything else I can do for you?",
      "Perfecto, todo está en orden. ¿Hay algo más que pueda hacer por usted?",
      "Parfait, tout est en ordre. Puis-je faire autre chose pour vous ?",
      "Perfekt, alles ist in Ordnung. Kann ich sonst noch etwas für Sie tun?",
      "Perfetto, è tutto in ordine. Posso fare qualcos'altro per lei?",
      "Perfeito, está tudo certo. Posso fazer mais alguma coisa por você?",
    ),
  },
};

/** The complication as its own turn: the NPC says what went wrong with the scene's thing. */
export const ANNOUNCE: Record<Register, Row> = {
  A: l("Sorry, there is a problem: {trouble} {state}.", "Lo siento, hay un problema: {trouble} {state}.", "Désolé, il y a un problème : {trouble} {state}.", "Tut mir leid, es gibt ein Problem: {Trouble} {state}.", "Mi dispiace, c'è un problema: {trouble} {state}.", "Sinto muito, tem um problema: {trouble} {state}."),
  BC: l(
    "I'm afraid I have some bad news: it seems {trouble} {state}. What would you prefer to do?",
    "Me temo que tengo una mala noticia: parece que {trouble} {state}. ¿Qué prefiere hacer?",
    "Je crains d'avoir une mauvaise nouvelle : apparemment, {trouble} {state}. Que préférez-vous faire ?",
    "Ich fürchte, ich habe eine schlechte Nachricht für Sie: {Trouble} {state}, wie es aussieht. Was möchten Sie jetzt tun?",
    "Temo di avere una brutta notizia: a quanto pare {trouble} {state}. Che cosa preferisce fare?",
    "Receio que eu tenha uma má notícia: pelo visto, {trouble} {state}. O que você prefere fazer?",
  ),
};

/** The NPC's way out of the complication, before it asks for the next step. */
export const RESOLVE: Record<Register, Row> = {
  A: l("Don't worry, we can fix it in twenty minutes.", "No te preocupes, lo podemos solucionar en veinte minutos.", "Ne t'inquiète pas, on peut régler ça en vingt minutes.", "Keine Sorge, das können wir in zwanzig Minuten lösen.", "Non ti preoccupare, possiamo risolverlo in venti minuti.", "Não se preocupe, a gente resolve isso em vinte minutos."),
  BC: l(
    "Please don't worry: if you can wait twenty minutes, I will find a solution for you.",
    "No se preocupe: si puede esperar veinte minutos, le buscaré una solución.",
    "Ne vous inquiétez pas : si vous pouvez attendre vingt minutes, je vous trouverai une solution.",
    "Machen Sie sich keine Sorgen: Wenn Sie zwanzig Minuten warten können, finde ich eine Lösung für Sie.",
    "Non si preoccupi: se può aspettare venti minuti, le troverò una soluzione.",
    "Não se preocupe: se você puder esperar vinte minutos, vou encontrar uma solução.",
  ),
};

/** The NPC's last line, answering the learner's goodbye. */
export const FAREWELL: Record<Register, Row> = {
  A: l("Bye! {bye}", "¡Adiós! {bye}", "Au revoir ! {bye}", "Tschüss! {bye}", "Ciao! {bye}", "Tchau! {bye}"),
  BC: l("Thank you for coming. Goodbye! {bye}", "Gracias por venir. ¡Adiós! {bye}", "Merci d'être venu. Au revoir ! {bye}", "Danke für Ihren Besuch. Auf Wiedersehen! {bye}", "Grazie della visita. Arrivederci! {bye}", "Obrigado pela visita. Até logo! {bye}"),
};

/** Wishes for the rest of the day or the evening: never a "good day" said at night. */
export const BYE: Record<"day" | "evening", Record<Register, Row>> = {
  day: {
    A: l("Have a nice day!", "¡Que tengas un buen día!", "Bonne journée !", "Einen schönen Tag noch!", "Buona giornata!", "Tenha um bom dia!"),
    BC: l("Have a nice day!", "¡Que tenga un buen día!", "Bonne journée !", "Einen schönen Tag noch!", "Buona giornata!", "Tenha um bom dia!"),
  },
  evening: {
    A: l("Have a good evening!", "¡Buenas noches!", "Bonne soirée !", "Einen schönen Abend noch!", "Buona serata!", "Tenha uma boa noite!"),
    BC: l("Have a good evening!", "¡Que pase una buena noche!", "Bonne soirée !", "Einen schönen Abend noch!", "Buona serata!", "Tenha uma boa noite!"),
  },
};

/** Greetings when the scene names no time of day: informal at A, neutral above. */
export const PLAIN_GREETING: Record<Register, Row> = {
  A: l("Hello", "Hola", "Salut", "Hallo", "Ciao", "Oi"),
  BC: l("Hello", "Buenas", "Bonjour", "Guten Tag", "Buongiorno", "Olá"),
};

/** Where the scene is: " in Seville", after "here". */
export const AT_PLACE: Row = l(" in {name}", " en {name}", " à {name}", " in {name}", " a {name}", " em {name}");

/** What the learner says when the data names no thing for the scene (small data sets). */
export const WITHOUT_THING: Record<"request" | "specify", Record<Register, Row>> = {
  request: {
    A: l("I need some help, please.", "Necesito ayuda, por favor.", "J'ai besoin d'aide, s'il te plaît.", "Ich brauche Hilfe, bitte.", "Ho bisogno di aiuto, per favore.", "Preciso de ajuda, por favor."),
    BC: l("I would need some help, if you have a moment.", "Necesitaría ayuda, si tiene un momento.", "J'aurais besoin d'aide, si vous avez un moment.", "Ich bräuchte Hilfe, wenn Sie einen Moment Zeit haben.", "Avrei bisogno di aiuto, se ha un momento.", "Eu precisaria de ajuda, se você tiver um minuto."),
  },
  specify: {
    A: l("Yes, exactly that.", "Sí, exactamente eso.", "Oui, exactement ça.", "Ja, genau das.", "Sì, proprio quello.", "Sim, exatamente isso."),
    BC: l("Yes, that is exactly what I need.", "Sí, eso es exactamente lo que necesito.", "Oui, c'est exactement ce qu'il me faut.", "Ja, das ist genau das, was ich brauche.", "Sì, è esattamente quello che mi serve.", "Sim, é exatamente o que eu preciso."),
  },
};

/** The complication announced when the data names no thing it could befall. */
export const ANNOUNCE_PLAIN: Record<Register, Row> = {
  A: l("Sorry, there is a small problem.", "Lo siento, hay un pequeño problema.", "Désolé, il y a un petit problème.", "Tut mir leid, es gibt ein kleines Problem.", "Mi dispiace, c'è un piccolo problema.", "Sinto muito, tem um probleminha."),
  BC: l(
    "I'm afraid there is a small problem, which I will explain to you.",
    "Me temo que hay un pequeño problema, que ahora le explico.",
    "Je crains qu'il y ait un petit problème, que je vais vous expliquer.",
    "Ich fürchte, es gibt ein kleines Problem, das ich Ihnen gleich erkläre.",
    "Temo che ci sia un piccolo problema, che ora le spiego.",
    "Receio que haja um pequeno problema, que vou explicar agora.",
  ),
};

/** The NPC asking for the same intent a second time (a second symptom, a second argument). */
export const ASK_AGAIN: Record<Register, Row> = {
  A: l("And what else?", "¿Y qué más?", "Et quoi d'autre ?", "Und was noch?", "E poi?", "E o que mais?"),
  BC: l("I see. Is there anything else you would like to add?", "Entiendo. ¿Hay algo más que quiera añadir?", "Je vois. Voulez-vous ajouter autre chose ?", "Verstehe. Möchten Sie noch etwas hinzufügen?", "Capisco. Vuole aggiungere qualcos'altro?", "Entendi. Você quer acrescentar mais alguma coisa?"),
};

/**
 * The words of every learner row in one language, slots left out: the role-play offers these
 * sentences as model answers, so the tutor's spelling check must know their words (a learner who
 * says "Che peccato" is right) — the rows themselves are the one list, never a copy of them.
 */
export function learnerRowTexts(lang: Lang): string[] {
  const rows: Row[] = [];
  const { request, ...others } = LEARNER;
  for (const byRegister of [...Object.values(others), ...Object.values(request), ...Object.values(WITHOUT_THING)]) {
    for (const entry of Object.values(byRegister)) rows.push(...(Array.isArray(entry) ? entry : [entry]));
  }
  rows.push(...frameLearnerRows());
  return rows.map((row) => row[lang].replace(/\{\w+\}/g, " "));
}
