// The complication and its way out in the frames where the learner brings the problem (a lost
// wallet, a toothache, a broken jacket): the NPC cannot announce that problem back as news, so
// the complication turn is the next difficulty in handling it, and the resolution is the frame's
// own (a report form and a call, a test and a follow-up, an appointment, a refund). And where a
// loss happened: the scene's own place or vehicle when it names one ("on the bus"), else nothing.
// Written for Parla in the six languages, each row the same sentence, in the two registers of
// dialogue-text.ts (A informal, B/C formal).
import type { Register, Row } from "./dialogue-text.ts";
import type { FrameId } from "./frames.ts";
import { inSixLanguages as l } from "../ui-text/template.ts";


export interface ProblemTurn {
  /** The NPC taking up the learner's problem, saying back what the learner brought (not as news). */
  takeUp?: Record<Register, Row>;
  /** The NPC's next difficulty, said instead of announcing the learner's own problem. */
  announce: Record<Register, Row>;
  /** The NPC's way out that fits the frame, said after the learner reacts. */
  resolve: Record<Register, Row>;
}

/** Saying back what the learner brought, with sympathy: a loss and a faulty thing take it up alike. */
const SAYS_BACK: Record<Register, Row> = {
  A: l("So {trouble} {state}? I'm sorry. Let's see what we can do.", "¿Así que {trouble} {state}? Lo siento. Vamos a ver qué podemos hacer.", "Donc {trouble} {state} ? Je suis désolé. Voyons ce qu'on peut faire.", "Also, {trouble} {state}? Das tut mir leid. Mal sehen, was wir tun können.", "Quindi {trouble} {state}? Mi dispiace. Vediamo che cosa possiamo fare.", "Então {trouble} {state}? Sinto muito. Vamos ver o que a gente pode fazer."),
  BC: l(
    "So {trouble} {state}? I am sorry to hear that; we will do everything we can.",
    "¿Así que {trouble} {state}? Lamento oírlo; haremos todo lo posible.",
    "Donc {trouble} {state} ? Je suis navré de l'apprendre ; nous ferons tout notre possible.",
    "Also, {trouble} {state}? Das tut mir sehr leid; wir tun, was wir können.",
    "Quindi {trouble} {state}? Mi dispiace sentirlo; faremo tutto il possibile.",
    "Então {trouble} {state}? Lamento ouvir isso; vamos fazer todo o possível.",
  ),
};

export const PROBLEM_TURNS: Partial<Record<FrameId, ProblemTurn>> = {
  report_loss: {
    takeUp: SAYS_BACK,
    announce: {
      A: l("Nobody has handed anything in yet. Let me take your details.", "Todavía nadie ha entregado nada. Voy a tomar tus datos.", "Personne n'a encore rien rapporté. Je prends tes coordonnées.", "Bis jetzt hat niemand etwas abgegeben. Ich nehme deine Daten auf.", "Finora nessuno ha consegnato niente. Prendo i tuoi dati.", "Ninguém entregou nada ainda. Vou anotar os seus dados."),
      BC: l(
        "I'm afraid nobody has handed anything in so far, so I will need to take down a few details.",
        "Me temo que hasta ahora nadie ha entregado nada, así que necesitaré anotar algunos datos.",
        "Je crains que personne n'ait rien rapporté pour l'instant ; je vais donc devoir noter quelques informations.",
        "Ich fürchte, bisher hat niemand etwas abgegeben, deshalb muss ich ein paar Angaben aufnehmen.",
        "Temo che finora nessuno abbia consegnato niente, quindi dovrò annotare alcuni dati.",
        "Receio que ninguém tenha entregado nada até agora, então vou precisar anotar alguns dados.",
      ),
    },
    resolve: {
      A: l("Fill in this form, and we will call you as soon as we hear anything.", "Rellena este formulario y te llamamos en cuanto sepamos algo.", "Remplis ce formulaire, et on t'appelle dès qu'on a des nouvelles.", "Füll dieses Formular aus, dann rufen wir dich an, sobald wir etwas hören.", "Compila questo modulo e ti chiamiamo appena sappiamo qualcosa.", "Preencha este formulário, e a gente liga para você assim que souber de alguma coisa."),
      BC: l(
        "If you fill in this report form, we will phone you as soon as we have any news.",
        "Si rellena este formulario de denuncia, le llamaremos en cuanto tengamos noticias.",
        "Si vous remplissez ce formulaire de déclaration, nous vous appellerons dès que nous aurons des nouvelles.",
        "Wenn Sie dieses Formular für die Verlustmeldung ausfüllen, rufen wir Sie an, sobald wir etwas wissen.",
        "Se compila questo modulo di denuncia, la chiameremo appena avremo notizie.",
        "Se você preencher este formulário de ocorrência, vamos ligar assim que tivermos notícias.",
      ),
    },
  },
  doctor_appointment: {
    announce: {
      A: l("I want to do a blood test first.", "Primero quiero hacer un análisis de sangre.", "Je veux d'abord faire une prise de sang.", "Ich möchte zuerst eine Blutuntersuchung machen.", "Prima voglio fare un esame del sangue.", "Primeiro quero fazer um exame de sangue."),
      BC: l(
        "Before I prescribe anything, I would like to do a blood test.",
        "Antes de recetarle nada, me gustaría hacerle un análisis de sangre.",
        "Avant de vous prescrire quoi que ce soit, j'aimerais faire une prise de sang.",
        "Bevor ich Ihnen etwas verschreibe, möchte ich eine Blutuntersuchung machen.",
        "Prima di prescriverle qualcosa, vorrei fare un esame del sangue.",
        "Antes de receitar qualquer coisa, eu gostaria de fazer um exame de sangue.",
      ),
    },
    resolve: {
      A: l("Take this medicine for now, and come back on Friday for the results.", "Toma este medicamento por ahora y vuelve el viernes por los resultados.", "Prends ce médicament pour l'instant, et reviens vendredi pour les résultats.", "Nimm vorerst dieses Medikament und komm am Freitag wegen der Ergebnisse wieder.", "Per ora prendi questa medicina e torna venerdì per i risultati.", "Por enquanto, tome este remédio e volte na sexta para ver os resultados."),
      BC: l(
        "I will prescribe something to help you now, and we will look at the results together on Friday.",
        "Ahora le receto algo que le ayude, y el viernes vemos juntos los resultados.",
        "Je vous prescris quelque chose pour vous soulager, et nous verrons les résultats ensemble vendredi.",
        "Ich verschreibe Ihnen jetzt etwas, das Ihnen hilft, und am Freitag besprechen wir die Ergebnisse.",
        "Ora le prescrivo qualcosa che la aiuti, e venerdì vediamo insieme i risultati.",
        "Agora vou receitar algo para aliviar, e na sexta vemos os resultados juntos.",
      ),
    },
  },
  dentist_appointment: {
    announce: {
      A: l("The tooth needs a filling, but I am fully booked today.", "La muela necesita un empaste, pero hoy tengo la agenda llena.", "La dent a besoin d'un plombage, mais mon planning est complet aujourd'hui.", "Der Zahn braucht eine Füllung, aber heute bin ich ausgebucht.", "Il dente ha bisogno di un'otturazione, ma oggi ho l'agenda piena.", "O dente precisa de uma obturação, mas hoje a minha agenda está cheia."),
      BC: l(
        "The tooth will need a new filling, but unfortunately I am fully booked today.",
        "La muela necesitará un empaste nuevo, pero por desgracia hoy tengo la agenda llena.",
        "La dent aura besoin d'un nouveau plombage, mais malheureusement mon planning est complet aujourd'hui.",
        "Der Zahn braucht eine neue Füllung, aber leider bin ich heute ausgebucht.",
        "Il dente avrà bisogno di una nuova otturazione, ma purtroppo oggi ho l'agenda piena.",
        "O dente vai precisar de uma obturação nova, mas infelizmente hoje a minha agenda está cheia.",
      ),
    },
    resolve: {
      A: l("Take this for the pain and come back tomorrow at four.", "Toma esto para el dolor y vuelve mañana a las cuatro.", "Prends ça contre la douleur et reviens demain à seize heures.", "Nimm das gegen die Schmerzen und komm morgen um vier wieder.", "Prendi questo per il dolore e torna domani alle quattro.", "Tome isto para a dor e volte amanhã às quatro."),
      BC: l(
        "I can give you something for the pain now and an appointment tomorrow at four o'clock.",
        "Puedo darle algo para el dolor ahora y una cita mañana a las cuatro.",
        "Je peux vous donner quelque chose contre la douleur et un rendez-vous demain à seize heures.",
        "Ich kann Ihnen jetzt etwas gegen die Schmerzen geben und einen Termin morgen um vier Uhr.",
        "Posso darle qualcosa per il dolore adesso e un appuntamento domani alle quattro.",
        "Posso dar algo para a dor agora e marcar uma consulta amanhã às quatro.",
      ),
    },
  },
  pharmacy: {
    announce: {
      A: l("We don't have this brand at the moment, but there is a similar one.", "Ahora mismo no tenemos esta marca, pero hay una parecida.", "Nous n'avons pas cette marque en ce moment, mais il y en a une semblable.", "Diese Marke haben wir gerade nicht, aber es gibt eine ähnliche.", "Al momento non abbiamo questa marca, ma ce n'è una simile.", "No momento não temos essa marca, mas tem uma parecida."),
      BC: l(
        "I'm afraid this brand is out of stock at the moment, but we have one that works the same way.",
        "Me temo que esta marca está agotada en este momento, pero tenemos una que funciona igual.",
        "Je crains que cette marque ne soit épuisée en ce moment, mais nous en avons une qui agit de la même façon.",
        "Ich fürchte, diese Marke ist gerade nicht vorrätig, aber wir haben eine, die genauso wirkt.",
        "Temo che questa marca sia esaurita al momento, ma ne abbiamo una che funziona allo stesso modo.",
        "Receio que essa marca esteja esgotada no momento, mas temos uma que funciona do mesmo jeito.",
      ),
    },
    resolve: {
      A: l("Take this medicine: one tablet three times a day, after meals.", "Toma este medicamento: una pastilla tres veces al día, después de las comidas.", "Prends ce médicament : un comprimé trois fois par jour, après les repas.", "Nimm dieses Medikament: dreimal täglich eine Tablette, nach dem Essen.", "Prendi questa medicina: una compressa tre volte al giorno, dopo i pasti.", "Tome este remédio: um comprimido três vezes por dia, depois das refeições."),
      BC: l(
        "This one has the same active ingredient: take one tablet three times a day, after meals.",
        "Este tiene el mismo principio activo: tome una pastilla tres veces al día, después de las comidas.",
        "Celui-ci contient le même principe actif : prenez un comprimé trois fois par jour, après les repas.",
        "Dieses hat denselben Wirkstoff: Nehmen Sie dreimal täglich eine Tablette nach dem Essen.",
        "Questo ha lo stesso principio attivo: prenda una compressa tre volte al giorno, dopo i pasti.",
        "Este tem o mesmo princípio ativo: tome um comprimido três vezes por dia, depois das refeições.",
      ),
    },
  },
  emergency: {
    announce: {
      A: l("The ambulance is on its way, but the traffic is bad.", "La ambulancia está en camino, pero hay mucho tráfico.", "L'ambulance est en route, mais il y a beaucoup de circulation.", "Der Krankenwagen ist unterwegs, aber es gibt viel Verkehr.", "L'ambulanza sta arrivando, ma c'è molto traffico.", "A ambulância está a caminho, mas o trânsito está ruim."),
      BC: l(
        "The ambulance is on its way, but with this traffic it may take a little longer.",
        "La ambulancia ya está en camino, pero con este tráfico puede tardar un poco más.",
        "L'ambulance est en route, mais avec cette circulation, elle risque de mettre un peu plus de temps.",
        "Der Krankenwagen ist unterwegs, aber bei diesem Verkehr kann es etwas länger dauern.",
        "L'ambulanza è già in viaggio, ma con questo traffico potrebbe metterci un po' di più.",
        "A ambulância já está a caminho, mas com esse trânsito pode demorar um pouco mais.",
      ),
    },
    resolve: {
      A: l("Stay where you are; I will stay on the phone with you until it arrives.", "Quédate donde estás; me quedo al teléfono contigo hasta que llegue.", "Reste où tu es ; je reste au téléphone avec toi jusqu'à son arrivée.", "Bleib, wo du bist; ich bleibe am Telefon, bis er da ist.", "Resta dove sei; rimango al telefono con te finché non arriva.", "Fique onde você está; eu fico no telefone com você até ela chegar."),
      BC: l(
        "Please stay where you are; I will stay on the line with you until the ambulance arrives.",
        "Por favor, quédese donde está; seguiré al teléfono con usted hasta que llegue la ambulancia.",
        "Restez où vous êtes, s'il vous plaît ; je reste en ligne avec vous jusqu'à l'arrivée de l'ambulance.",
        "Bitte bleiben Sie, wo Sie sind; ich bleibe am Telefon, bis der Krankenwagen da ist.",
        "Per favore, resti dove si trova; rimango in linea con lei finché non arriva l'ambulanza.",
        "Por favor, fique onde está; vou ficar na linha com você até a ambulância chegar.",
      ),
    },
  },
  return_complain: {
    takeUp: SAYS_BACK,
    announce: {
      A: l("I'm sorry, we have no more of these, so an exchange is not possible.", "Lo siento, ya no nos quedan más, así que no es posible un cambio.", "Désolé, nous n'en avons plus, donc un échange n'est pas possible.", "Tut mir leid, wir haben keine mehr, also ist ein Umtausch nicht möglich.", "Mi dispiace, non ne abbiamo più, quindi non è possibile un cambio.", "Sinto muito, não temos mais, então não dá para trocar."),
      BC: l(
        "I am sorry, but we have none left in stock, so an exchange is not possible.",
        "Lo siento, pero ya no nos quedan existencias, así que no es posible hacer un cambio.",
        "Je suis désolé, mais nous n'en avons plus en stock ; un échange n'est donc pas possible.",
        "Es tut mir leid, aber wir haben keine mehr auf Lager, deshalb ist ein Umtausch nicht möglich.",
        "Mi dispiace, ma non ne abbiamo più in magazzino, quindi non è possibile fare un cambio.",
        "Sinto muito, mas não temos mais no estoque, então não é possível fazer uma troca.",
      ),
    },
    resolve: {
      A: l("No problem: we will give you your money back.", "No pasa nada: te devolvemos el dinero.", "Pas de problème : on te rembourse.", "Kein Problem: Du bekommst dein Geld zurück.", "Nessun problema: ti rimborsiamo.", "Sem problema: a gente devolve o seu dinheiro."),
      BC: l(
        "In that case we will give you a full refund, or a voucher if you prefer.",
        "En ese caso le devolvemos el importe completo, o un vale si lo prefiere.",
        "Dans ce cas, nous vous remboursons intégralement, ou nous vous faisons un avoir si vous préférez.",
        "In diesem Fall erstatten wir Ihnen den vollen Betrag oder geben Ihnen einen Gutschein, wenn Ihnen das lieber ist.",
        "In questo caso la rimborsiamo per intero, oppure le diamo un buono se preferisce.",
        "Nesse caso, devolvemos o valor inteiro, ou damos um vale, se você preferir.",
      ),
    },
  },
};

/** Where something happened, after a time ("An hour ago, on the bus."): the scene's place or vehicle, by concept id. */
export const WHERE_PHRASES: Record<string, Row> = {
  bus: l(", on the bus", ", en el autobús", ", dans le bus", ", im Bus", ", sull'autobus", ", no ônibus"),
  train: l(", on the train", ", en el tren", ", dans le train", ", im Zug", ", sul treno", ", no trem"),
  taxi: l(", in the taxi", ", en el taxi", ", dans le taxi", ", im Taxi", ", in taxi", ", no táxi"),
  metro: l(", on the metro", ", en el metro", ", dans le métro", ", in der U-Bahn", ", in metropolitana", ", no metrô"),
  plane: l(", on the plane", ", en el avión", ", dans l'avion", ", im Flugzeug", ", in aereo", ", no avião"),
  airport: l(", at the airport", ", en el aeropuerto", ", à l'aéroport", ", am Flughafen", ", all'aeroporto", ", no aeroporto"),
  station_train: l(", at the station", ", en la estación", ", à la gare", ", am Bahnhof", ", alla stazione", ", na estação"),
  hotel: l(", at the hotel", ", en el hotel", ", à l'hôtel", ", im Hotel", ", in albergo", ", no hotel"),
  restaurant: l(", at the restaurant", ", en el restaurante", ", au restaurant", ", im Restaurant", ", al ristorante", ", no restaurante"),
  beach: l(", on the beach", ", en la playa", ", à la plage", ", am Strand", ", in spiaggia", ", na praia"),
  park: l(", in the park", ", en el parque", ", au parc", ", im Park", ", al parco", ", no parque"),
};

/** The frames whose learner says where it happened ({where} in frame-lines.ts). */
export const SAYS_WHERE: ReadonlySet<FrameId> = new Set(["report_loss"]);

/** The scene's first place or vehicle a loss can happen in, when it names one. */
export function whereOf(conceptIds: readonly string[]): string | null {
  return conceptIds.find((id) => id in WHERE_PHRASES) ?? null;
}
