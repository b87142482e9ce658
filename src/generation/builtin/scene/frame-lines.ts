// The lines a frame says in its own words where the intent's line (dialogue-text.ts) would not
// fit the turn: the waiter asks what to drink, not "what exactly do you want"; the doctor asks
// what is wrong and since when, and the learner answers with a symptom and a time, not "it is
// about the appointment". Keyed by the step the line belongs to: `ask` is the NPC's question
// that asks for that step, `learner` the learner's options at it. Written for Parla in the six
// languages, each row the same sentence, in the two registers of dialogue-text.ts. A row with
// a thing's slot ({the}, {the_obj}) is said only when the scene has a thing; {where} is the
// scene's place or vehicle (problem-turns.ts), or nothing when it names none.
import type { FrameId } from "./frames.ts";
import type { Register, Row } from "./dialogue-text.ts";
import { inSixLanguages as l } from "../ui-text/template.ts";

export interface FrameLines {
  /** The NPC's question asking for a step, by the step's id. */
  ask?: Record<string, Record<Register, Row>>;
  /** The learner's options at a step, by the step's id. */
  learner?: Record<string, Record<Register, Row[]>>;
  /** The NPC taking up what the learner asked for, naming it, in the frame's words. */
  takeUp?: Record<Register, Row>;
  /** The NPC's answer to the greeting, when the NPC does not work there (a passer-by). */
  greetBack?: Record<Register, Row>;
  /** The lines fit only a thing of this topic (a size is a garment's, not a book's). */
  thingTopic?: string;
}


// A doctor's and a dentist's visit differ only in what hurts.
const sinceWhen: Record<Register, Row> = {
  A: l("Since when?", "¿Desde cuándo?", "Depuis quand ?", "Seit wann?", "Da quando?", "Desde quando?"),
  BC: l("And since when have you been feeling like this?", "¿Y desde cuándo se encuentra así?", "Et depuis quand vous sentez-vous ainsi ?", "Und seit wann geht es Ihnen so?", "E da quando si sente così?", "E desde quando você está assim?"),
};
const whatIsWrong: Record<Register, Row> = {
  A: l("What's wrong?", "¿Qué te pasa?", "Qu'est-ce qui ne va pas ?", "Was fehlt dir?", "Che cos'hai?", "O que você está sentindo?"),
  BC: l("Tell me, what brings you here today?", "Dígame, ¿qué le trae por aquí hoy?", "Dites-moi, qu'est-ce qui vous amène aujourd'hui ?", "Sagen Sie, was führt Sie heute zu mir?", "Mi dica, che cosa la porta qui oggi?", "Me diga, o que traz você aqui hoje?"),
};
const duration: Record<Register, Row[]> = {
  A: [l("Since yesterday.", "Desde ayer.", "Depuis hier.", "Seit gestern.", "Da ieri.", "Desde ontem."), l("For three days.", "Desde hace tres días.", "Depuis trois jours.", "Seit drei Tagen.", "Da tre giorni.", "Há três dias.")],
  BC: [
    l("Since the day before yesterday, and it is getting worse.", "Desde anteayer, y cada vez es peor.", "Depuis avant-hier, et c'est de pire en pire.", "Seit vorgestern, und es wird immer schlimmer.", "Dall'altro ieri, e va sempre peggio.", "Desde anteontem, e está cada vez pior."),
    l("For about a week, more or less.", "Desde hace una semana, más o menos.", "Depuis une semaine, à peu près.", "Seit ungefähr einer Woche.", "Da circa una settimana.", "Há mais ou menos uma semana."),
  ],
};

export const FRAME_LINES: Partial<Record<FrameId, FrameLines>> = {
  order_food: {
    takeUp: {
      A: l("{The}, very good.", "{The}, muy bien.", "{The}, très bien.", "{The}, sehr gut.", "{The}, molto bene.", "{The}, muito bem."),
      BC: l("{The}, of course: an excellent choice.", "{The}, por supuesto: una elección excelente.", "{The}, bien sûr : un excellent choix.", "{The}, natürlich: eine ausgezeichnete Wahl.", "{The}, certo: un'ottima scelta.", "{The}, claro: uma ótima escolha."),
    },
    ask: {
      order: {
        A: l("What would you like to eat?", "¿Qué quieres comer?", "Qu'est-ce que tu veux manger ?", "Was möchtest du essen?", "Che cosa vuoi mangiare?", "O que você quer comer?"),
        BC: l("What would you like to order?", "¿Qué desea pedir?", "Qu'est-ce que vous désirez commander ?", "Was möchten Sie bestellen?", "Che cosa desidera ordinare?", "O que você deseja pedir?"),
      },
      drink: {
        A: l("And to drink?", "¿Y para beber?", "Et comme boisson ?", "Und zu trinken?", "E da bere?", "E para beber?"),
        BC: l("And what would you like to drink with it?", "¿Y qué desea beber?", "Et que désirez-vous boire avec cela ?", "Und was möchten Sie dazu trinken?", "E che cosa desidera bere?", "E o que você deseja beber?"),
      },
    },
    learner: {
      order: {
        A: [l("I would like {an_obj}, please.", "Quiero {an_obj}, por favor.", "Je voudrais {an_obj}, s'il te plaît.", "Ich möchte {an_obj}, bitte.", "Vorrei {an_obj}, per favore.", "Eu queria {an_obj}, por favor."), l("Can I have {an_obj}?", "¿Me pones {an_obj}?", "Je peux avoir {an_obj} ?", "Kann ich {an_obj} haben?", "Posso avere {an_obj}?", "Pode me trazer {an_obj}?")],
        BC: [
          l("I would like {an_obj}, if possible.", "Quisiera {an_obj}, si es posible.", "Je voudrais {an_obj}, si c'est possible.", "Ich hätte gern {an_obj}, wenn das möglich ist.", "Vorrei {an_obj}, se possibile.", "Eu gostaria de {an_obj}, se for possível."),
          l("I think I will have {an_obj}.", "Creo que voy a tomar {an_obj}.", "Je crois que je vais prendre {an_obj}.", "Ich glaube, ich nehme {an_obj}.", "Credo che prenderò {an_obj}.", "Acho que vou pedir {an_obj}."),
        ],
      },
      drink: {
        A: [l("{An_order}, please.", "{An_order}, por favor.", "{An_order}, s'il te plaît.", "{An_order}, bitte.", "{An_order}, per favore.", "{An_order}, por favor."), l("For me, {an_order}.", "Para mí, {an_order}.", "Pour moi, {an_order}.", "Für mich {an_order}.", "Per me, {an_order}.", "Para mim, {an_order}.")],
        BC: [
          l("I would like {an_order}, please.", "Me gustaría {an_order}, por favor.", "J'aimerais {an_order}, s'il vous plaît.", "Ich hätte gern {an_order}, bitte.", "Vorrei {an_order}, per favore.", "Eu gostaria de {an_order}, por favor."),
          l("For me, {an_order}, if you would be so kind.", "Para mí, {an_order}, si es tan amable.", "Pour moi, {an_order}, si vous voulez bien.", "Für mich {an_order}, wenn Sie so freundlich wären.", "Per me, {an_order}, se è così gentile.", "Para mim, {an_order}, por gentileza."),
        ],
      },
    },
  },
  buy_market: {
    ask: {
      quantity: {
        A: l("How much would you like?", "¿Cuánto quieres?", "Tu en veux combien ?", "Wie viel möchtest du?", "Quanto ne vuoi?", "Quanto você quer?"),
        BC: l("How much would you like me to weigh for you?", "¿Cuánto quiere que le ponga?", "Combien je vous en mets ?", "Wie viel darf es sein?", "Quanto gliene metto?", "Quanto eu coloco para você?"),
      },
    },
    learner: {
      quantity: {
        A: [l("One kilo, please.", "Un kilo, por favor.", "Un kilo, s'il te plaît.", "Ein Kilo, bitte.", "Un chilo, per favore.", "Um quilo, por favor."), l("Half a kilo, thanks.", "Medio kilo, gracias.", "Un demi-kilo, merci.", "Ein halbes Kilo, danke.", "Mezzo chilo, grazie.", "Meio quilo, obrigado.")],
        BC: [
          l("Two kilos, if you would be so kind.", "Dos kilos, si es tan amable.", "Deux kilos, si vous voulez bien.", "Zwei Kilo, wenn Sie so freundlich wären.", "Due chili, se è così gentile.", "Dois quilos, por gentileza."),
          l("Half a kilo will be enough, thank you.", "Con medio kilo tengo bastante, gracias.", "Un demi-kilo suffira, merci.", "Ein halbes Kilo reicht, danke.", "Mezzo chilo basterà, grazie.", "Meio quilo está bom, obrigado."),
        ],
      },
    },
  },
  buy_shop: {
    thingTopic: "clothing",
    ask: {
      size: {
        A: l("What size?", "¿Qué talla?", "Quelle taille ?", "Welche Größe?", "Che taglia?", "Qual tamanho?"),
        BC: l("What size do you take?", "¿Qué talla usa?", "Quelle taille faites-vous ?", "Welche Größe tragen Sie?", "Che taglia porta?", "Qual é o seu tamanho?"),
      },
    },
    learner: {
      size: {
        A: [l("A medium, please.", "La talla mediana, por favor.", "La taille moyenne, s'il te plaît.", "Die mittlere Größe, bitte.", "La taglia media, per favore.", "O tamanho médio, por favor."), l("One size bigger, please.", "Una talla más, por favor.", "Une taille au-dessus, s'il te plaît.", "Eine Nummer größer, bitte.", "Una taglia più grande, per favore.", "Um tamanho maior, por favor.")],
        BC: [
          l("I usually take a medium.", "Normalmente uso la talla mediana.", "Je fais d'habitude une taille moyenne.", "Normalerweise trage ich die mittlere Größe.", "Di solito porto la taglia media.", "Normalmente eu uso o tamanho médio."),
          l("I think I need one size bigger.", "Creo que necesito una talla más.", "Je crois qu'il me faut la taille au-dessus.", "Ich glaube, ich brauche eine Nummer größer.", "Credo di aver bisogno di una taglia più grande.", "Acho que preciso de um tamanho maior."),
        ],
      },
    },
  },
  pharmacy: {
    ask: {
      dosage: {
        A: l("Do you have a prescription?", "¿Tienes receta?", "Tu as une ordonnance ?", "Hast du ein Rezept?", "Hai la ricetta?", "Você tem receita?"),
        BC: l("Do you have a prescription from your doctor?", "¿Tiene una receta del médico?", "Avez-vous une ordonnance de votre médecin ?", "Haben Sie ein Rezept von Ihrem Arzt?", "Ha una ricetta del medico?", "Você tem uma receita do médico?"),
      },
    },
    learner: {
      dosage: {
        A: [l("Yes, here it is.", "Sí, aquí está.", "Oui, la voici.", "Ja, hier ist es.", "Sì, eccola.", "Sim, aqui está."), l("No, I don't have one.", "No, no tengo.", "Non, je n'en ai pas.", "Nein, ich habe keins.", "No, non ce l'ho.", "Não, não tenho.")],
        BC: [
          l("Yes, here is the prescription my doctor gave me.", "Sí, aquí tiene la receta que me dio el médico.", "Oui, voici l'ordonnance que m'a donnée mon médecin.", "Ja, hier ist das Rezept, das mir mein Arzt gegeben hat.", "Sì, ecco la ricetta che mi ha dato il medico.", "Sim, aqui está a receita que o médico me deu."),
          l("No, I am afraid I do not have one.", "No, me temo que no tengo.", "Non, je crains de ne pas en avoir.", "Nein, leider habe ich keins.", "No, purtroppo non ce l'ho.", "Não, infelizmente não tenho."),
        ],
      },
    },
  },
  post_office: {
    ask: {
      service: {
        A: l("Standard or express?", "¿Envío normal o urgente?", "Envoi normal ou express ?", "Normaler Versand oder Express?", "Spedizione normale o prioritaria?", "Envio normal ou expresso?"),
        BC: l("Would you prefer standard or express delivery?", "¿Prefiere envío normal o urgente?", "Préférez-vous un envoi normal ou express ?", "Möchten Sie normalen Versand oder Express?", "Preferisce la spedizione normale o prioritaria?", "Você prefere envio normal ou expresso?"),
      },
    },
    learner: {
      service: {
        A: [l("Express, please.", "Urgente, por favor.", "En express, s'il te plaît.", "Express, bitte.", "Prioritaria, per favore.", "Expresso, por favor."), l("Standard is fine.", "Normal está bien.", "Normal, ça va.", "Normal reicht.", "Normale va bene.", "Normal está bom.")],
        BC: [
          l("Express, please; it is rather urgent.", "Urgente, por favor; corre bastante prisa.", "En express, s'il vous plaît ; c'est assez urgent.", "Express, bitte; es ist ziemlich dringend.", "Prioritaria, per favore: è piuttosto urgente.", "Expresso, por favor; é bastante urgente."),
          l("Standard delivery will do, thank you.", "Con el envío normal basta, gracias.", "Un envoi normal suffira, merci.", "Normaler Versand reicht, danke.", "La spedizione normale basta, grazie.", "O envio normal já está bom, obrigado."),
        ],
      },
    },
  },
  bank_appointment: {
    ask: {
      amount: {
        A: l("How much money do you want to pay in?", "¿Cuánto dinero quieres ingresar?", "Combien d'argent veux-tu déposer ?", "Wie viel Geld möchtest du einzahlen?", "Quanti soldi vuoi versare?", "Quanto dinheiro você quer depositar?"),
        BC: l("How much would you like to pay in to begin with?", "¿Cuánto desea ingresar para empezar?", "Combien souhaitez-vous déposer pour commencer ?", "Wie viel möchten Sie zu Beginn einzahlen?", "Quanto desidera versare per cominciare?", "Quanto você deseja depositar para começar?"),
      },
      passport: {
        A: l("Can I see your passport?", "¿Me enseñas el pasaporte?", "Tu peux me montrer ton passeport ?", "Kann ich deinen Pass sehen?", "Posso vedere il passaporto?", "Posso ver o seu passaporte?"),
        BC: l("Could I see your passport, please?", "¿Podría enseñarme su pasaporte, por favor?", "Pourrais-je voir votre passeport, s'il vous plaît ?", "Dürfte ich bitte Ihren Pass sehen?", "Potrei vedere il suo passaporto, per favore?", "Eu poderia ver o seu passaporte, por favor?"),
      },
    },
    learner: {
      amount: {
        A: [l("Five hundred, please.", "Quinientos, por favor.", "Cinq cents, s'il te plaît.", "Fünfhundert, bitte.", "Cinquecento, per favore.", "Quinhentos, por favor."), l("Not much, just a little.", "No mucho, solo un poco.", "Pas beaucoup, juste un peu.", "Nicht viel, nur ein bisschen.", "Non molto, solo un po'.", "Não muito, só um pouco.")],
        BC: [
          l("Around a thousand, if that is enough.", "Unos mil, si es suficiente.", "Environ mille, si cela suffit.", "Ungefähr tausend, wenn das reicht.", "Circa mille, se basta.", "Uns mil, se for suficiente."),
          l("Only a small amount for now.", "Solo una pequeña cantidad por ahora.", "Seulement une petite somme pour l'instant.", "Vorerst nur einen kleinen Betrag.", "Solo una piccola somma per ora.", "Só uma pequena quantia por enquanto."),
        ],
      },
      passport: {
        A: [l("Yes, here is my passport.", "Sí, aquí está mi pasaporte.", "Oui, voici mon passeport.", "Ja, hier ist mein Pass.", "Sì, ecco il mio passaporto.", "Sim, aqui está o meu passaporte."), l("Here you are.", "Aquí tienes.", "Voilà.", "Bitte schön.", "Ecco.", "Aqui está.")],
        BC: [
          l("Of course, here is my passport.", "Por supuesto, aquí tiene mi pasaporte.", "Bien sûr, voici mon passeport.", "Natürlich, hier ist mein Pass.", "Certo, ecco il mio passaporto.", "Claro, aqui está o meu passaporte."),
          l("Certainly; I have brought everything you need.", "Desde luego; he traído todo lo que necesita.", "Certainement ; j'ai apporté tout ce dont vous avez besoin.", "Selbstverständlich; ich habe alles mitgebracht, was Sie brauchen.", "Certamente; ho portato tutto quello che le serve.", "Com certeza; eu trouxe tudo o que você precisa."),
        ],
      },
    },
  },
  travel_tickets: {
    ask: {
      ticket_type: {
        A: l("Single or return?", "¿Solo ida o ida y vuelta?", "Aller simple ou aller-retour ?", "Einfach oder hin und zurück?", "Solo andata o andata e ritorno?", "Só ida ou ida e volta?"),
        BC: l("Would you like a single, or a return?", "¿Lo quiere solo de ida o de ida y vuelta?", "Vous le voulez en aller simple ou en aller-retour ?", "Möchten Sie eine einfache Fahrt oder hin und zurück?", "Lo desidera di sola andata o di andata e ritorno?", "Você quer só de ida ou de ida e volta?"),
      },
    },
    learner: {
      ticket_type: {
        A: [l("Return, please.", "Ida y vuelta, por favor.", "Un aller-retour, s'il te plaît.", "Hin und zurück, bitte.", "Andata e ritorno, per favore.", "Ida e volta, por favor."), l("Just a single, please.", "Solo ida, por favor.", "Un aller simple, s'il te plaît.", "Nur einfach, bitte.", "Solo andata, per favore.", "Só ida, por favor.")],
        BC: [
          l("A return, if possible.", "De ida y vuelta, si es posible.", "Un aller-retour, si possible.", "Hin und zurück, wenn möglich.", "Andata e ritorno, se possibile.", "Ida e volta, se for possível."),
          l("Only a single, please.", "Solo de ida, por favor.", "Un aller simple, s'il vous plaît.", "Nur die einfache Fahrt, bitte.", "Solo andata, per cortesia.", "Só de ida, por favor."),
        ],
      },
    },
  },
  ask_way: {
    greetBack: {
      A: l("{G}! I'm {npc} and I live here{at_place}.", "¡{G}! Soy {npc} y vivo aquí{at_place}.", "{G} ! Je suis {npc} et j'habite ici{at_place}.", "{G}! Ich bin {npc} und wohne hier{at_place}.", "{G}! Sono {npc} e abito qui{at_place}.", "{G}! Sou {npc} e moro aqui{at_place}."),
      BC: l(
        "{G}. My name is {npc}, and I have lived here{at_place} for years.",
        "{G}. Me llamo {npc} y vivo aquí{at_place} desde hace años.",
        "{G}. Je m'appelle {npc} et j'habite ici{at_place} depuis des années.",
        "{G}. Mein Name ist {npc}, und ich wohne seit Jahren hier{at_place}.",
        "{G}. Mi chiamo {npc} e abito qui{at_place} da anni.",
        "{G}. Meu nome é {npc} e moro aqui{at_place} há anos.",
      ),
    },
    takeUp: {
      A: l("{The}? Yes, of course.", "¿{The}? Sí, claro.", "{The} ? Oui, bien sûr.", "{The}? Ja, klar.", "{The}? Sì, certo.", "{The}? Sim, claro."),
      BC: l("{The}? Certainly, it is not difficult to find.", "¿{The}? Desde luego, no es difícil de encontrar.", "{The} ? Certainement, ce n'est pas difficile à trouver.", "{The}? Gern, das ist nicht schwer zu finden.", "{The}? Certo, non è difficile da trovare.", "{The}? Claro, não é difícil de encontrar."),
    },
    ask: {
      ask_way: {
        A: l("Can I help you?", "¿Te puedo ayudar?", "Je peux t'aider ?", "Kann ich dir helfen?", "Posso aiutarti?", "Posso ajudar?"),
        BC: l("Are you looking for something?", "¿Busca algo?", "Vous cherchez quelque chose ?", "Suchen Sie etwas?", "Cerca qualcosa?", "Você está procurando alguma coisa?"),
      },
      distance: {
        A: l("Go straight on and take the second street on the left.", "Sigue recto y toma la segunda calle a la izquierda.", "Va tout droit et prends la deuxième rue à gauche.", "Geh geradeaus und dann die zweite Straße links.", "Vai dritto e prendi la seconda strada a sinistra.", "Siga em frente e pegue a segunda rua à esquerda."),
        BC: l(
          "Go straight on and take the second street on the left; you cannot miss it.",
          "Siga recto y tome la segunda calle a la izquierda; no tiene pérdida.",
          "Allez tout droit et prenez la deuxième rue à gauche ; vous ne pouvez pas vous tromper.",
          "Gehen Sie geradeaus und nehmen Sie die zweite Straße links; Sie können es nicht verfehlen.",
          "Vada dritto e prenda la seconda strada a sinistra: non può sbagliare.",
          "Siga em frente e pegue a segunda rua à esquerda; não tem erro.",
        ),
      },
    },
    learner: {
      ask_way: {
        A: [l("Excuse me, I'm looking for {the_obj}.", "Perdona, busco {the}.", "Pardon, je cherche {the}.", "Entschuldigung, ich suche {the_obj}.", "Scusa, cerco {the}.", "Com licença, estou procurando {the}."), l("Do you know where {the} is?", "¿Sabes dónde está {the}?", "Tu sais où est {the} ?", "Weißt du, wo {the} ist?", "Sai dov'è {the}?", "Você sabe onde fica {the}?")],
        BC: [
          l("Excuse me, could you tell me where {the} is?", "Disculpe, ¿podría decirme dónde está {the}?", "Excusez-moi, pourriez-vous me dire où se trouve {the} ?", "Entschuldigen Sie, könnten Sie mir sagen, wo {the} ist?", "Mi scusi, potrebbe dirmi dov'è {the}?", "Com licença, você poderia me dizer onde fica {the}?"),
          l("I am trying to find {the_obj}; could you help me?", "Estoy buscando {the}; ¿podría ayudarme?", "Je cherche {the} ; pourriez-vous m'aider ?", "Ich suche {the_obj}. Könnten Sie mir helfen?", "Sto cercando {the}: potrebbe aiutarmi?", "Estou procurando {the}; você poderia me ajudar?"),
        ],
      },
      distance: {
        A: [l("Is it far?", "¿Está lejos?", "C'est loin ?", "Ist es weit?", "È lontano?", "É longe?"), l("How long does it take on foot?", "¿Cuánto se tarda a pie?", "Il faut combien de temps à pied ?", "Wie lange dauert es zu Fuß?", "Quanto ci vuole a piedi?", "Quanto tempo leva a pé?")],
        BC: [
          l("Is it far from here?", "¿Está lejos de aquí?", "Est-ce loin d'ici ?", "Ist es weit von hier?", "È lontano da qui?", "É longe daqui?"),
          l("How long would it take me on foot?", "¿Cuánto tardaría a pie?", "Combien de temps me faudrait-il à pied ?", "Wie lange würde ich zu Fuß brauchen?", "Quanto ci metterei a piedi?", "Quanto tempo eu levaria a pé?"),
        ],
      },
    },
  },
  check_in: {
    ask: {
      nights: {
        A: l("For how many nights?", "¿Para cuántas noches?", "Pour combien de nuits ?", "Für wie viele Nächte?", "Per quante notti?", "Para quantas noites?"),
        BC: l("How many nights will you be staying with us?", "¿Cuántas noches va a quedarse con nosotros?", "Combien de nuits allez-vous rester chez nous ?", "Wie viele Nächte bleiben Sie bei uns?", "Quante notti si fermerà da noi?", "Quantas noites você vai ficar com a gente?"),
      },
    },
    learner: {
      nights: {
        A: [l("Two nights, please.", "Dos noches, por favor.", "Deux nuits, s'il te plaît.", "Zwei Nächte, bitte.", "Due notti, per favore.", "Duas noites, por favor."), l("Just one night.", "Solo una noche.", "Juste une nuit.", "Nur eine Nacht.", "Solo una notte.", "Só uma noite.")],
        BC: [
          l("Three nights, if that is possible.", "Tres noches, si es posible.", "Trois nuits, si c'est possible.", "Drei Nächte, wenn das möglich ist.", "Tre notti, se possibile.", "Três noites, se for possível."),
          l("Only one night; I am leaving tomorrow.", "Solo una noche; me marcho mañana.", "Une seule nuit ; je pars demain.", "Nur eine Nacht, ich reise morgen ab.", "Solo una notte: parto domani.", "Só uma noite; vou embora amanhã."),
        ],
      },
    },
  },
  report_loss: {
    ask: {
      describe: {
        A: l("When did you last see {the_obj}?", "¿Cuándo viste {the} por última vez?", "Quand as-tu vu {the} pour la dernière fois ?", "Wann hast du {the_obj} zuletzt gesehen?", "Quando hai visto {the} l'ultima volta?", "Quando você viu {the} pela última vez?"),
        BC: l(
          "Could you tell me when and where you last saw {the_obj}?",
          "¿Podría decirme cuándo y dónde vio {the} por última vez?",
          "Pourriez-vous me dire quand et où vous avez vu {the} pour la dernière fois ?",
          "Könnten Sie mir sagen, wann und wo Sie {the_obj} zuletzt gesehen haben?",
          "Potrebbe dirmi quando e dove ha visto {the} l'ultima volta?",
          "Você poderia me dizer quando e onde viu {the} pela última vez?",
        ),
      },
    },
    learner: {
      describe: {
        A: [l("An hour ago{where}.", "Hace una hora{where}.", "Il y a une heure{where}.", "Vor einer Stunde{where}.", "Un'ora fa{where}.", "Há uma hora{where}."), l("This morning{where}.", "Esta mañana{where}.", "Ce matin{where}.", "Heute Morgen{where}.", "Stamattina{where}.", "Hoje de manhã{where}.")],
        BC: [
          l("About an hour ago{where}, I think.", "Hace más o menos una hora{where}, creo.", "Il y a environ une heure{where}, je crois.", "Vor ungefähr einer Stunde{where}, glaube ich.", "Circa un'ora fa{where}, credo.", "Há mais ou menos uma hora{where}, eu acho."),
          l("This morning{where}; I only noticed later.", "Esta mañana{where}; me di cuenta más tarde.", "Ce matin{where} ; je ne m'en suis rendu compte que plus tard.", "Heute Morgen{where}; ich habe es erst später gemerkt.", "Stamattina{where}; l'ho notato solo più tardi.", "Hoje de manhã{where}; só percebi mais tarde."),
        ],
      },
    },
  },
  doctor_appointment: {
    ask: { symptoms: whatIsWrong, duration: sinceWhen },
    learner: {
      symptoms: {
        A: [l("I have a headache.", "Me duele la cabeza.", "J'ai mal à la tête.", "Ich habe Kopfschmerzen.", "Ho mal di testa.", "Estou com dor de cabeça."), l("I have a fever.", "Tengo fiebre.", "J'ai de la fièvre.", "Ich habe Fieber.", "Ho la febbre.", "Estou com febre.")],
        BC: [
          l("I have a bad headache, and I can hardly sleep.", "Tengo un fuerte dolor de cabeza y casi no puedo dormir.", "J'ai très mal à la tête et j'ai du mal à dormir.", "Ich habe starke Kopfschmerzen und kann kaum schlafen.", "Ho un forte mal di testa e riesco a malapena a dormire.", "Estou com uma dor de cabeça forte e quase não consigo dormir."),
          l("I have a fever and a sore throat.", "Tengo fiebre y me duele la garganta.", "J'ai de la fièvre et mal à la gorge.", "Ich habe Fieber und Halsschmerzen.", "Ho la febbre e mal di gola.", "Estou com febre e dor de garganta."),
        ],
      },
      duration,
    },
  },
  dentist_appointment: {
    ask: { symptoms: whatIsWrong, duration: sinceWhen },
    learner: {
      symptoms: {
        A: [l("I have toothache.", "Me duele una muela.", "J'ai mal aux dents.", "Ich habe Zahnschmerzen.", "Ho mal di denti.", "Estou com dor de dente."), l("I have lost a filling.", "Se me ha caído un empaste.", "J'ai perdu un plombage.", "Ich habe eine Füllung verloren.", "Ho perso un'otturazione.", "Perdi uma obturação.")],
        BC: [
          l("A tooth hurts a lot when I eat.", "Me duele mucho una muela cuando como.", "J'ai très mal à une dent quand je mange.", "Ein Zahn tut mir beim Essen sehr weh.", "Mi fa molto male un dente quando mangio.", "Um dente dói muito quando eu como."),
          l("I have lost a filling, and the tooth is sensitive to cold.", "Se me ha caído un empaste y la muela me duele con el frío.", "J'ai perdu un plombage et la dent est sensible au froid.", "Ich habe eine Füllung verloren, und der Zahn ist kälteempfindlich.", "Ho perso un'otturazione e il dente è sensibile al freddo.", "Perdi uma obturação e o dente está sensível ao frio."),
        ],
      },
      duration,
    },
  },
};

/** Every learner row the frames say in their own words, for the tutor's spelling check (dialogue-text.ts). */
export function frameLearnerRows(): Row[] {
  return Object.values(FRAME_LINES).flatMap((lines) => Object.values(lines.learner ?? {}).flatMap((byRegister) => [...byRegister.A, ...byRegister.BC]));
}
