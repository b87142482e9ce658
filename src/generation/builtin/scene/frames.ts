// The catalogue of situations the built-in engine can teach (frames, in FrameNet's sense): who the
// learner talks to, what the conversation is for, the steps it goes through (each an intent the
// learner's line carries), the slots the scene may fill, the lexicon concepts and topics it draws
// words from, and the words that name it in each of the six languages. A cue with a space is a
// multi-word expression, matched before its words are read one by one ("train station" is a
// station, not a train, "publishing house" is not a home). Cues are lemmas: the scene's words
// are lemmatised by the morphology tables before they are compared.
import type { Lang } from "../../languages.ts";

import type { FrameId } from "./frame-ids.ts";

export type { FrameId } from "./frame-ids.ts";

/** What the learner does at a step; the NPC's line before it asks for this. */
export type Intent =
  | "greet"
  | "request"
  | "specify"
  | "ask_info"
  | "give_info"
  | "complication"
  | "resolve"
  | "agree"
  | "pay"
  | "opinion"
  | "close";

export type Slot = "item" | "quantity" | "price" | "place" | "time" | "person" | "document" | "date" | "problem";

export interface FrameStep {
  id: string;
  intent: Intent;
}

export interface Frame {
  id: FrameId;
  /** Lexicon topics, main first: the lesson's topics and the scenario's. */
  topics: string[];
  /** Who the learner talks to unless the scene or the request says otherwise. */
  npcRole: string;
  slots: Slot[];
  steps: FrameStep[];
  /** Lexicon concept ids the frame's conversation needs, before its topics' other words. */
  concepts: string[];
  cues: Record<Lang, string[]>;
}

const step = (id: string, intent: Intent): FrameStep => ({ id, intent });
const SERVICE = (task: string, detail: string, pay = true): FrameStep[] => [
  step("greet", "greet"),
  step(task, "request"),
  step(detail, "specify"),
  step("complication", "complication"),
  ...(pay ? [step("pay", "pay")] : [step("agree", "agree")]),
  step("close", "close"),
];

export const FRAMES: readonly Frame[] = [
  {
    id: "order_food",
    topics: ["restaurant", "cafe", "food_drink", "tavern"],
    npcRole: "waiter",
    slots: ["item", "quantity", "price", "time", "person"],
    steps: SERVICE("order", "drink"),
    concepts: ["menu", "waiter", "table", "bill_restaurant", "order_meal", "dish", "dessert", "drinking_glass", "starter", "tip", "wine", "water", "bread"],
    cues: {
      en: ["restaurant", "café", "cafe", "bar", "pub", "tapas", "tapas bar", "bistro", "pizzeria", "trattoria", "diner", "tavern", "inn", "order food", "menu", "waiter", "waitress", "dinner", "lunch", "brunch", "canteen", "snack bar"],
      es: ["restaurante", "cafetería", "bar", "tapas", "tasca", "taberna", "comedor", "camarero", "camarera", "mesero", "mesera", "menú", "carta", "cena", "almuerzo", "pedir comida"],
      fr: ["restaurant", "café", "bistrot", "brasserie", "taverne", "crêperie", "pizzeria", "serveur", "serveuse", "menu", "dîner", "déjeuner", "commander"],
      de: ["restaurant", "café", "kneipe", "lokal", "gasthaus", "gaststätte", "wirtshaus", "taverne", "bistro", "pizzeria", "kellner", "kellnerin", "speisekarte", "abendessen", "mittagessen", "bestellen"],
      it: ["ristorante", "bar", "trattoria", "osteria", "taverna", "pizzeria", "caffè", "cameriere", "cameriera", "menù", "cena", "pranzo", "ordinare"],
      "pt-BR": ["restaurante", "bar", "lanchonete", "taverna", "boteco", "botequim", "cafeteria", "pastelaria", "garçom", "garçonete", "empregado de mesa", "cardápio", "jantar", "almoço", "petiscos"],
    },
  },
  {
    id: "buy_market",
    topics: ["market", "food_drink", "shopping"],
    npcRole: "vendor",
    slots: ["item", "quantity", "price"],
    steps: SERVICE("ask_item", "quantity"),
    concepts: ["market", "stall", "vendor", "price", "fresh", "fruit", "vegetable", "basket", "weigh", "ripe", "customer", "sell"],
    cues: {
      en: ["market", "night market", "street market", "flea market", "farmers market", "stall", "market stall", "vendor", "bakery", "butcher", "greengrocer", "fishmonger", "street food"],
      es: ["mercado", "mercadillo", "mercado nocturno", "puesto", "tendero", "vendedor", "vendedora", "panadería", "carnicería", "frutería", "pescadería", "rastro"],
      fr: ["marché", "marché de nuit", "marché aux puces", "étal", "marchand", "marchande", "boulangerie", "boucherie", "primeur", "poissonnerie"],
      de: ["markt", "wochenmarkt", "nachtmarkt", "flohmarkt", "marktstand", "stand", "händler", "händlerin", "bäckerei", "metzgerei", "fleischerei"],
      it: ["mercato", "mercatino", "mercato notturno", "bancarella", "venditore", "venditrice", "panetteria", "forno", "macelleria", "fruttivendolo", "pescheria"],
      "pt-BR": ["mercado", "feira", "feira noturna", "mercado noturno", "barraca", "banca", "feirante", "vendedor", "vendedora", "padaria", "açougue", "peixaria", "hortifruti"],
    },
  },
  {
    id: "buy_shop",
    topics: ["shopping", "clothing"],
    npcRole: "shop_assistant",
    slots: ["item", "quantity", "price"],
    steps: SERVICE("ask_item", "size"),
    concepts: ["shop", "buy", "price", "size_clothing", "try_on", "changing_room", "shop_assistant", "receipt", "discount", "checkout", "cheap", "expensive"],
    cues: {
      en: ["shop", "store", "boutique", "shopping", "shopping centre", "shopping mall", "department store", "supermarket", "bookshop", "clothes shop", "shoe shop", "buy clothes", "shop assistant", "shopkeeper", "try on"],
      es: ["tienda", "boutique", "compras", "centro comercial", "grandes almacenes", "supermercado", "librería", "zapatería", "dependiente", "dependienta", "probador", "comprar ropa"],
      fr: ["magasin", "boutique", "courses", "centre commercial", "grand magasin", "supermarché", "librairie", "vendeur", "vendeuse", "cabine d'essayage", "acheter des vêtements"],
      de: ["laden", "geschäft", "boutique", "einkaufen", "einkaufszentrum", "kaufhaus", "supermarkt", "buchhandlung", "schuhgeschäft", "verkäufer", "verkäuferin", "umkleidekabine", "anprobieren"],
      it: ["negozio", "boutique", "shopping", "centro commerciale", "supermercato", "libreria", "commesso", "commessa", "camerino", "provare"],
      "pt-BR": ["loja", "butique", "compras", "shopping", "centro comercial", "supermercado", "livraria", "sapataria", "vendedor de loja", "provador", "experimentar roupa"],
    },
  },
  {
    id: "ask_way",
    topics: ["directions", "city"],
    npcRole: "passer_by",
    slots: ["place", "time"],
    steps: [step("greet", "greet"), step("ask_way", "request"), step("distance", "ask_info"), step("complication", "complication"), step("check", "agree"), step("close", "close")],
    concepts: ["street", "map", "left", "right_direction", "straight_ahead", "corner", "crossroads", "far", "near", "on_foot", "turn", "address"],
    cues: {
      en: ["directions", "ask the way", "ask for directions", "the way", "the way to", "how to get", "map", "lost tourist", "get lost", "i am lost", "i'm lost", "we are lost", "tourist lost", "asks the way", "asks for directions", "crossroads", "street corner", "passer-by", "passerby"],
      es: ["direcciones", "preguntar el camino", "cómo llegar", "indicaciones", "plano", "mapa", "perderse", "estoy perdido", "estoy perdida", "nos hemos perdido", "cruce", "transeúnte", "esquina"],
      fr: ["itinéraire", "demander son chemin", "demander le chemin", "plan de la ville", "carte", "se perdre", "je suis perdu", "je suis perdue", "nous sommes perdus", "carrefour", "passant", "passante"],
      de: ["wegbeschreibung", "nach dem weg fragen", "weg", "stadtplan", "karte", "verlaufen", "verirrt", "kreuzung", "passant", "passantin"],
      it: ["indicazioni", "chiedere la strada", "come arrivare", "piantina", "mappa", "perdersi", "mi sono perso", "mi sono persa", "ci siamo persi", "incrocio", "passante"],
      "pt-BR": ["direções", "pedir informação", "como chegar", "mapa", "se perder", "estou perdido", "estou perdida", "estamos perdidos", "cruzamento", "esquina", "pedestre", "transeunte"],
    },
  },
  {
    id: "check_in",
    topics: ["lodging", "travel"],
    npcRole: "receptionist",
    slots: ["time", "person", "price", "date"],
    steps: SERVICE("booking", "nights"),
    concepts: ["hotel", "reception", "room_hotel", "book_reserve", "single_room", "double_room", "key", "breakfast_included", "per_night", "receptionist", "lift", "check_out"],
    cues: {
      en: ["hotel", "hostel", "guesthouse", "bed and breakfast", "check in", "check-in", "reception", "receptionist", "hotel room", "booking", "reservation", "campsite", "inn"],
      es: ["hotel", "hostal", "albergue", "pensión", "recepción", "recepcionista", "habitación", "reserva", "registrarse", "camping", "posada"],
      fr: ["hôtel", "auberge", "auberge de jeunesse", "chambre d'hôtes", "réception", "réceptionniste", "chambre", "réservation", "enregistrement", "camping"],
      de: ["hotel", "hostel", "jugendherberge", "pension", "rezeption", "empfang", "zimmer", "hotelzimmer", "reservierung", "einchecken", "campingplatz"],
      it: ["albergo", "hotel", "ostello", "pensione", "reception", "receptionist", "camera", "prenotazione", "check-in", "campeggio", "locanda"],
      "pt-BR": ["hotel", "hostel", "albergue", "pousada", "recepção", "recepcionista", "quarto", "reserva", "fazer check-in", "camping"],
    },
  },
  {
    id: "travel_tickets",
    topics: ["transport", "travel", "harbour"],
    npcRole: "ticket_clerk",
    slots: ["place", "time", "quantity", "price"],
    steps: SERVICE("ticket", "ticket_type"),
    concepts: ["ticket_travel", "station_train", "platform", "train", "timetable_transport", "return_ticket", "delay", "passenger", "fare", "connection_transfer", "depart", "change_trains"],
    cues: {
      en: ["train station", "railway station", "bus station", "coach station", "ticket office", "ticket", "tickets", "train ticket", "platform", "timetable", "train", "bus", "coach", "tram", "metro", "underground", "tube", "ferry", "airport", "flight", "boarding", "central station"],
      es: ["estación de tren", "estación de autobuses", "estación", "taquilla", "billete", "boleto", "andén", "horario", "tren", "autobús", "metro", "ferri", "aeropuerto", "vuelo"],
      fr: ["gare", "gare routière", "guichet", "billet", "quai", "horaires", "train", "bus", "autocar", "métro", "tramway", "ferry", "aéroport", "vol", "tgv"],
      de: ["bahnhof", "hauptbahnhof", "busbahnhof", "fahrkarte", "fahrkartenschalter", "ticket", "bahnsteig", "gleis", "fahrplan", "zug", "bus", "straßenbahn", "u-bahn", "fähre", "flughafen", "flug"],
      it: ["stazione", "stazione ferroviaria", "stazione centrale", "biglietteria", "biglietto", "binario", "orario", "treno", "autobus", "tram", "metropolitana", "traghetto", "aeroporto", "volo"],
      "pt-BR": ["estação", "estação de trem", "rodoviária", "bilheteria", "passagem", "bilhete", "plataforma", "horário", "trem", "ônibus", "metrô", "balsa", "aeroporto", "voo"],
    },
  },
  {
    id: "border_control",
    topics: ["travel"],
    npcRole: "border_officer",
    slots: ["document", "time", "place"],
    steps: [step("greet", "greet"), step("passport", "give_info"), step("purpose", "give_info"), step("complication", "complication"), step("length", "give_info"), step("close", "close")],
    concepts: ["passport", "border", "customs", "visa", "arrival", "luggage", "suitcase", "foreigner", "abroad", "destination", "boarding_pass", "stay_noun"],
    cues: {
      en: ["border", "border control", "passport control", "customs", "customs officer", "immigration", "visa"],
      es: ["frontera", "control de pasaportes", "aduana", "aduanero", "inmigración", "visado", "visa"],
      fr: ["frontière", "contrôle des passeports", "douane", "douanier", "douanière", "immigration", "visa"],
      de: ["grenze", "grenzkontrolle", "passkontrolle", "zoll", "zollbeamter", "zollbeamtin", "einreise", "visum"],
      it: ["frontiera", "confine", "controllo passaporti", "dogana", "doganiere", "immigrazione", "visto"],
      "pt-BR": ["fronteira", "controle de passaporte", "alfândega", "imigração", "visto"],
    },
  },
  {
    id: "report_loss",
    topics: ["emergency_safety", "travel"],
    npcRole: "police_officer",
    slots: ["item", "place", "time", "document"],
    steps: [step("greet", "greet"), step("report", "request"), step("describe", "give_info"), step("complication", "complication"), step("form", "agree"), step("close", "close")],
    concepts: ["police_station", "police_officer", "thief", "steal", "report_crime", "witness", "wallet", "passport", "handbag", "form_document", "sign", "address"],
    cues: {
      en: ["police station", "police", "police officer", "policeman", "policewoman", "lost property", "lost and found", "theft", "thief", "pickpocket", "robbery", "report a theft", "report a loss", "stolen", "lost"],
      es: ["comisaría", "policía", "objetos perdidos", "robo", "ladrón", "carterista", "denuncia", "denunciar", "robado", "perdido"],
      fr: ["commissariat", "poste de police", "police", "policier", "policière", "objets trouvés", "vol", "voleur", "pickpocket", "plainte", "porter plainte", "volé", "perdu"],
      de: ["polizeiwache", "polizeirevier", "polizei", "polizist", "polizistin", "fundbüro", "diebstahl", "dieb", "taschendieb", "anzeige", "gestohlen", "verloren"],
      it: ["commissariato", "questura", "polizia", "poliziotto", "poliziotta", "carabinieri", "oggetti smarriti", "furto", "ladro", "borseggiatore", "denuncia", "denunciare", "rubato", "smarrito", "perso"],
      "pt-BR": ["delegacia", "polícia", "policial", "achados e perdidos", "roubo", "furto", "ladrão", "batedor de carteira", "boletim de ocorrência", "roubado", "perdido"],
    },
  },
  {
    id: "emergency",
    topics: ["emergency_safety", "health"],
    npcRole: "emergency_operator",
    slots: ["place", "person", "problem"],
    steps: [step("greet", "greet"), step("report", "request"), step("location", "give_info"), step("complication", "complication"), step("injured", "give_info"), step("close", "close")],
    concepts: ["emergency", "ambulance", "accident", "injured", "fire_emergency", "firefighter", "help_interj", "first_aid", "dangerous", "smoke", "alarm", "hospital"],
    cues: {
      en: ["emergency", "accident", "car accident", "fire", "ambulance", "injured", "injury", "firefighter", "fire brigade", "emergency call", "first aid", "help"],
      es: ["emergencia", "urgencia", "accidente", "incendio", "fuego", "ambulancia", "herido", "herida", "bombero", "bomberos", "primeros auxilios", "socorro"],
      fr: ["urgence", "accident", "incendie", "feu", "ambulance", "blessé", "blessée", "pompier", "pompiers", "premiers secours", "secours", "au secours"],
      de: ["notfall", "notruf", "unfall", "brand", "feuer", "krankenwagen", "verletzt", "verletzte", "feuerwehr", "erste hilfe", "hilfe"],
      it: ["emergenza", "incidente", "incendio", "fuoco", "ambulanza", "ferito", "ferita", "pompiere", "vigili del fuoco", "pronto soccorso", "aiuto"],
      "pt-BR": ["emergência", "acidente", "incêndio", "fogo", "ambulância", "ferido", "ferida", "bombeiro", "bombeiros", "primeiros socorros", "socorro"],
    },
  },
  {
    id: "doctor_appointment",
    topics: ["health", "body"],
    npcRole: "doctor",
    slots: ["problem", "time", "date"],
    steps: [step("greet", "greet"), step("symptoms", "give_info"), step("duration", "give_info"), step("complication", "complication"), step("treatment", "agree"), step("close", "close")],
    concepts: ["doctor", "appointment", "pain", "fever", "headache", "symptom", "medicine", "prescription", "sick", "treatment", "nurse", "feel_better"],
    cues: {
      en: ["doctor", "gp", "surgery", "clinic", "doctor's appointment", "medical appointment", "hospital", "nurse", "check-up"],
      es: ["médico", "médica", "doctor", "doctora", "consulta", "consultorio", "clínica", "cita médica", "centro de salud", "hospital", "enfermero", "enfermera"],
      fr: ["médecin", "docteur", "cabinet médical", "clinique", "rendez-vous médical", "hôpital", "infirmier", "infirmière"],
      de: ["arzt", "ärztin", "arztpraxis", "praxis", "klinik", "arzttermin", "krankenhaus", "krankenpfleger", "krankenschwester"],
      it: ["medico", "dottore", "dottoressa", "ambulatorio", "studio medico", "clinica", "visita medica", "ospedale", "infermiere", "infermiera"],
      "pt-BR": ["médico", "médica", "doutor", "doutora", "consultório", "clínica", "consulta médica", "posto de saúde", "hospital", "enfermeiro", "enfermeira"],
    },
  },
  {
    id: "dentist_appointment",
    topics: ["health", "body"],
    npcRole: "dentist",
    slots: ["problem", "time", "date"],
    steps: [step("greet", "greet"), step("symptoms", "give_info"), step("duration", "give_info"), step("complication", "complication"), step("treatment", "agree"), step("close", "close")],
    concepts: ["dentist", "tooth", "appointment", "pain", "mouth", "treatment", "hurt", "injury"],
    cues: {
      en: ["dentist", "dental", "toothache", "dental appointment", "teeth", "tooth"],
      es: ["dentista", "odontólogo", "dolor de muelas", "muela", "diente", "dientes"],
      fr: ["dentiste", "cabinet dentaire", "mal aux dents", "mal de dents", "dent", "dents"],
      de: ["zahnarzt", "zahnärztin", "zahnarztpraxis", "zahnschmerzen", "zahn", "zähne"],
      it: ["dentista", "mal di denti", "dente", "denti"],
      "pt-BR": ["dentista", "dor de dente", "dente", "dentes"],
    },
  },
  {
    id: "pharmacy",
    topics: ["health"],
    npcRole: "pharmacist",
    slots: ["item", "problem", "price"],
    steps: SERVICE("request", "dosage"),
    concepts: ["pharmacy", "medicine", "prescription", "headache", "cold_illness", "flu", "side_effect", "pain", "fever"],
    cues: {
      en: ["pharmacy", "chemist", "chemist's", "pharmacist", "drugstore", "medicine", "prescription"],
      es: ["farmacia", "farmacéutico", "farmacéutica", "medicamento", "medicina", "receta médica"],
      fr: ["pharmacie", "pharmacien", "pharmacienne", "médicament", "ordonnance"],
      de: ["apotheke", "apotheker", "apothekerin", "medikament", "rezept vom arzt"],
      it: ["farmacia", "farmacista", "medicina", "medicinale", "ricetta medica"],
      "pt-BR": ["farmácia", "drogaria", "farmacêutico", "farmacêutica", "remédio", "receita médica"],
    },
  },
  {
    id: "bank_appointment",
    topics: ["money_bank"],
    npcRole: "bank_clerk",
    slots: ["price", "document", "date"],
    steps: [step("greet", "greet"), step("request", "request"), step("amount", "specify"), step("complication", "complication"), step("passport", "give_info"), step("close", "close")],
    concepts: ["bank_money", "bank_account", "money", "cash", "credit_card", "withdraw", "transfer", "loan", "exchange_rate", "currency", "atm", "savings"],
    cues: {
      en: ["bank", "bank clerk", "bank account", "open an account", "cash machine", "atm", "loan", "mortgage", "exchange money", "bureau de change", "currency exchange"],
      es: ["banco", "cuenta bancaria", "abrir una cuenta", "cajero", "cajero automático", "préstamo", "hipoteca", "cambiar dinero", "casa de cambio"],
      fr: ["banque", "compte bancaire", "ouvrir un compte", "distributeur", "guichet automatique", "prêt", "crédit", "bureau de change", "changer de l'argent"],
      de: ["bank", "bankkonto", "konto", "konto eröffnen", "geldautomat", "kredit", "darlehen", "wechselstube", "geld wechseln", "bankangestellte", "bankangestellter"],
      it: ["banca", "conto corrente", "conto in banca", "aprire un conto", "bancomat", "prestito", "mutuo", "cambiavalute", "cambiare soldi"],
      "pt-BR": ["banco", "conta bancária", "abrir uma conta", "caixa eletrônico", "empréstimo", "financiamento", "casa de câmbio", "trocar dinheiro"],
    },
  },
  {
    id: "job_interview",
    topics: ["work", "office_technology"],
    npcRole: "interviewer",
    slots: ["person", "time", "place"],
    steps: [step("greet", "greet"), step("introduce", "give_info"), step("experience", "give_info"), step("complication", "complication"), step("questions", "ask_info"), step("close", "close")],
    concepts: ["job_interview", "job", "company", "skill", "salary", "colleague", "boss", "resume_cv", "apply_job", "applicant", "internship"],
    cues: {
      en: ["job interview", "interview", "job", "job application", "recruiter", "recruitment", "hiring", "hiring manager", "cv", "résumé", "internship", "apply for a job"],
      es: ["entrevista de trabajo", "entrevista", "trabajo", "empleo", "puesto de trabajo", "reclutador", "reclutadora", "currículum", "candidatura", "prácticas"],
      fr: ["entretien d'embauche", "entretien", "emploi", "poste", "recruteur", "recruteuse", "recrutement", "cv", "candidature", "stage"],
      de: ["vorstellungsgespräch", "bewerbungsgespräch", "bewerbung", "stelle", "job", "personaler", "personalerin", "lebenslauf", "praktikum"],
      it: ["colloquio di lavoro", "colloquio", "lavoro", "posto di lavoro", "selezionatore", "selezionatrice", "curriculum", "candidatura", "tirocinio", "stage"],
      "pt-BR": ["entrevista de emprego", "entrevista de trabalho", "entrevista", "emprego", "vaga", "recrutador", "recrutadora", "currículo", "candidatura", "estágio"],
    },
  },
  {
    id: "meet_introduce",
    topics: ["greetings", "everyday", "family"],
    npcRole: "new_acquaintance",
    slots: ["person", "place", "time"],
    steps: [step("greet", "greet"), step("name", "give_info"), step("origin", "give_info"), step("complication", "complication"), step("plans", "agree"), step("close", "close")],
    concepts: ["nice_to_meet_you", "my_name_is", "friend", "neighbor", "meet", "name", "family", "colleague", "welcome", "hello"],
    cues: {
      en: ["meet", "meeting someone", "meeting people", "meet people", "meeting new people", "introduce", "introductions", "introduce yourself", "new neighbour", "new neighbor", "first day", "new colleague", "get to know", "small talk", "greet", "greetings"],
      es: ["conocer", "presentarse", "presentación", "presentaciones", "vecino nuevo", "nueva vecina", "primer día", "saludar", "saludos"],
      fr: ["rencontrer", "faire connaissance", "se présenter", "présentations", "nouveau voisin", "nouvelle voisine", "premier jour", "saluer", "salutations"],
      de: ["kennenlernen", "sich vorstellen", "vorstellung", "neuer nachbar", "neue nachbarin", "erster tag", "begrüßen", "begrüßung"],
      it: ["conoscere", "presentarsi", "presentazioni", "nuovo vicino", "nuova vicina", "primo giorno", "salutare", "saluti"],
      "pt-BR": ["conhecer", "se apresentar", "apresentação", "apresentações", "vizinho novo", "vizinha nova", "primeiro dia", "cumprimentar", "cumprimentos"],
    },
  },
  {
    id: "rent_home",
    topics: ["home"],
    npcRole: "landlord",
    slots: ["price", "date", "place"],
    steps: [step("greet", "greet"), step("rooms", "ask_info"), step("see", "request"), step("complication", "complication"), step("rent", "agree"), step("close", "close")],
    concepts: ["rent", "rent_verb", "apartment", "landlord", "tenant", "lease", "room", "kitchen", "heating", "furniture", "key", "neighbor"],
    cues: {
      en: ["rent", "rent a flat", "flat", "apartment", "landlord", "landlady", "tenant", "lease", "viewing", "flat viewing", "flatshare", "estate agent", "room to rent"],
      es: ["alquiler", "alquilar", "piso", "apartamento", "casero", "casera", "arrendador", "inquilino", "inquilina", "contrato de alquiler", "inmobiliaria"],
      fr: ["location", "louer", "appartement", "propriétaire", "locataire", "bail", "visite d'appartement", "colocation", "agence immobilière"],
      de: ["miete", "mieten", "wohnung", "vermieter", "vermieterin", "mieter", "mieterin", "mietvertrag", "wohnungsbesichtigung", "besichtigung", "wg", "makler"],
      it: ["affitto", "affittare", "appartamento", "padrone di casa", "proprietario", "inquilino", "inquilina", "contratto d'affitto", "agenzia immobiliare"],
      "pt-BR": ["aluguel", "alugar", "apartamento", "proprietário", "proprietária", "senhorio", "locatário", "inquilino", "inquilina", "contrato de aluguel", "imobiliária"],
    },
  },
  {
    id: "return_complain",
    topics: ["shopping", "clothing", "office_technology"],
    npcRole: "customer_service",
    slots: ["item", "problem", "price", "date"],
    steps: [step("greet", "greet"), step("complain", "request"), step("describe", "give_info"), step("complication", "complication"), step("resolve", "resolve"), step("close", "close")],
    concepts: ["refund", "receipt", "shop", "shop_assistant", "bargain", "price", "buy", "size_clothing"],
    cues: {
      en: ["return", "refund", "complaint", "complain", "faulty", "exchange", "customer service", "wrong size", "receipt"],
      es: ["devolver", "devolución", "reembolso", "reclamación", "queja", "quejarse", "defectuoso", "cambiar", "atención al cliente"],
      fr: ["rendre", "retour", "rembourser", "remboursement", "réclamation", "plainte", "se plaindre", "défectueux", "échanger", "service client"],
      de: ["zurückgeben", "umtausch", "umtauschen", "rückerstattung", "beschwerde", "beschweren", "reklamation", "reklamieren", "defekt", "kundendienst", "kundenservice"],
      it: ["restituire", "reso", "rimborso", "reclamo", "lamentarsi", "difettoso", "cambiare", "servizio clienti"],
      "pt-BR": ["devolver", "devolução", "reembolso", "reclamação", "reclamar", "defeito", "com defeito", "trocar", "atendimento ao cliente"],
    },
  },
  {
    id: "negotiate",
    topics: ["work", "market", "money_bank"],
    npcRole: "counterpart",
    slots: ["price", "item", "date"],
    steps: [step("greet", "greet"), step("offer", "request"), step("counter", "opinion"), step("complication", "complication"), step("deal", "agree"), step("close", "close")],
    concepts: ["negotiate", "haggle", "price", "bargain", "discount", "salary", "pay_raise", "cheap", "expensive"],
    cues: {
      en: ["negotiate", "negotiation", "haggle", "haggling", "bargain", "bargaining", "deal", "pay rise", "pay raise", "salary negotiation", "contract"],
      es: ["negociar", "negociación", "regatear", "regateo", "trato", "acuerdo", "aumento de sueldo", "contrato"],
      fr: ["négocier", "négociation", "marchander", "marchandage", "accord", "augmentation de salaire", "contrat"],
      de: ["verhandeln", "verhandlung", "feilschen", "handeln", "abmachung", "gehaltserhöhung", "gehaltsverhandlung", "vertrag"],
      it: ["negoziare", "negoziazione", "trattativa", "contrattare", "mercanteggiare", "accordo", "aumento di stipendio", "contratto"],
      "pt-BR": ["negociar", "negociação", "pechinchar", "barganhar", "acordo", "aumento de salário", "contrato"],
    },
  },
  {
    id: "debate",
    topics: ["society_politics", "science_environment", "media_news"],
    npcRole: "opponent",
    slots: ["problem", "person"],
    steps: [step("greet", "greet"), step("position", "opinion"), step("argument", "opinion"), step("complication", "complication"), step("concede", "agree"), step("close", "close")],
    concepts: ["debate", "opinion_poll", "politics", "government", "election", "vote", "law", "society", "reform", "policy", "democracy", "citizen"],
    cues: {
      en: ["debate", "discussion", "argue", "argument", "panel", "town hall meeting", "election", "politics", "controversy", "opinion"],
      es: ["debate", "debatir", "discusión", "discutir", "mesa redonda", "elecciones", "política", "polémica", "opinión"],
      fr: ["débat", "débattre", "discussion", "discuter", "table ronde", "élections", "politique", "polémique", "opinion"],
      de: ["debatte", "debattieren", "diskussion", "diskutieren", "podiumsdiskussion", "wahl", "politik", "streitgespräch", "meinung"],
      it: ["dibattito", "dibattere", "discussione", "discutere", "tavola rotonda", "elezioni", "politica", "polemica", "opinione"],
      "pt-BR": ["debate", "debater", "discussão", "discutir", "mesa-redonda", "eleições", "política", "polêmica", "opinião"],
    },
  },
  {
    id: "guided_visit",
    topics: ["art_culture", "castle_history", "city"],
    npcRole: "guide",
    slots: ["place", "time", "price", "quantity"],
    steps: [step("greet", "greet"), step("tickets", "request"), step("where", "ask_info"), step("complication", "complication"), step("rules", "agree"), step("close", "close")],
    concepts: ["guided_tour", "exhibition", "painting", "gallery", "castle", "cathedral", "monument", "century", "ticket_travel", "tourist", "famous"],
    cues: {
      en: ["museum", "guided tour", "tour guide", "guide", "gallery", "art gallery", "exhibition", "castle", "cathedral", "palace", "monument", "ruins", "sightseeing", "visit"],
      es: ["museo", "visita guiada", "guía", "galería", "exposición", "castillo", "catedral", "palacio", "monumento", "ruinas", "turismo"],
      fr: ["musée", "visite guidée", "guide", "galerie", "exposition", "château", "cathédrale", "palais", "monument", "ruines", "tourisme"],
      de: ["museum", "führung", "stadtführung", "fremdenführer", "fremdenführerin", "galerie", "ausstellung", "burg", "schloss", "dom", "kathedrale", "palast", "denkmal", "ruine", "besichtigung"],
      it: ["museo", "visita guidata", "guida", "galleria", "mostra", "castello", "cattedrale", "duomo", "palazzo", "monumento", "rovine"],
      "pt-BR": ["museu", "visita guiada", "guia", "galeria", "exposição", "castelo", "catedral", "palácio", "monumento", "ruínas", "passeio turístico"],
    },
  },
  {
    id: "plan_event",
    topics: ["celebrations", "time_calendar"],
    npcRole: "organiser",
    slots: ["date", "time", "place", "quantity", "person"],
    steps: [step("greet", "greet"), step("idea", "request"), step("details", "specify"), step("complication", "complication"), step("agree", "agree"), step("close", "close")],
    concepts: ["party", "birthday", "wedding", "invite", "invitation", "guest_party", "celebrate", "gift", "festival", "cake", "music", "weekend"],
    cues: {
      en: ["plan a party", "party", "birthday", "birthday party", "wedding", "celebration", "festival", "organise", "organize", "event", "anniversary", "surprise party"],
      es: ["organizar", "fiesta", "cumpleaños", "boda", "celebración", "festival", "evento", "aniversario", "fiesta sorpresa"],
      fr: ["organiser", "fête", "anniversaire", "mariage", "célébration", "festival", "événement", "fête surprise"],
      de: ["organisieren", "planen", "party", "feier", "geburtstag", "geburtstagsfeier", "hochzeit", "fest", "festival", "veranstaltung", "jubiläum"],
      it: ["organizzare", "festa", "compleanno", "matrimonio", "celebrazione", "festival", "evento", "anniversario", "festa a sorpresa"],
      "pt-BR": ["organizar", "festa", "aniversário", "casamento", "comemoração", "festival", "evento", "festa surpresa"],
    },
  },
  {
    id: "post_office",
    topics: ["post_communication"],
    npcRole: "postal_clerk",
    slots: ["item", "place", "price"],
    steps: SERVICE("send", "service"),
    concepts: ["post_office", "package_parcel", "letter_mail", "stamp", "envelope", "send", "postage", "address", "tracking_number", "delivery", "registered_letter"],
    cues: {
      en: ["post office", "parcel", "package", "letter", "stamp", "send a parcel", "postcard", "courier", "postal"],
      es: ["correos", "oficina de correos", "paquete", "carta", "sello", "enviar un paquete", "postal"],
      fr: ["bureau de poste", "la poste", "poste", "colis", "lettre", "timbre", "envoyer un colis", "carte postale"],
      de: ["post", "postamt", "postfiliale", "paket", "päckchen", "brief", "briefmarke", "postkarte"],
      it: ["ufficio postale", "posta", "pacco", "lettera", "francobollo", "cartolina", "spedire"],
      "pt-BR": ["correio", "correios", "agência dos correios", "pacote", "encomenda", "carta", "selo", "cartão-postal"],
    },
  },
  {
    id: "tech_support",
    topics: ["office_technology", "work"],
    npcRole: "technician",
    slots: ["item", "problem", "time"],
    steps: [step("greet", "greet"), step("problem", "request"), step("number", "give_info"), step("complication", "complication"), step("result", "agree"), step("close", "close")],
    concepts: ["computer", "laptop", "password", "internet", "screen", "email", "printer", "software", "install", "update", "crash_computer", "network"],
    cues: {
      en: ["help desk", "helpdesk", "it support", "tech support", "technical support", "it department", "wifi", "internet connection", "password", "phone repair shop"],
      es: ["ordenador", "computadora", "portátil", "soporte técnico", "servicio técnico", "impresora", "wifi", "internet", "contraseña"],
      fr: ["ordinateur", "ordinateur portable", "assistance technique", "support technique", "service informatique", "imprimante", "wifi", "internet", "mot de passe"],
      de: ["computer", "rechner", "laptop", "technischer support", "it-support", "drucker", "wlan", "internet", "passwort"],
      it: ["computer", "portatile", "assistenza tecnica", "supporto tecnico", "stampante", "wifi", "internet", "password"],
      "pt-BR": ["computador", "notebook", "suporte técnico", "assistência técnica", "impressora", "wi-fi", "internet", "senha"],
    },
  },
  {
    id: "enrol_course",
    topics: ["school"],
    npcRole: "secretary",
    slots: ["date", "price", "person"],
    steps: [step("greet", "greet"), step("enrol", "request"), step("level", "give_info"), step("complication", "complication"), step("info", "ask_info"), step("close", "close")],
    concepts: ["school", "course", "class", "teacher", "student", "university", "enroll", "lesson", "exam", "tuition_fee", "semester", "timetable_transport"],
    cues: {
      en: ["school", "language school", "university", "course", "enrol", "enroll", "enrolment", "registration", "class", "lesson", "teacher", "student"],
      es: ["escuela", "academia", "colegio", "universidad", "curso", "matricularse", "matrícula", "inscripción", "clase", "profesor", "profesora", "estudiante"],
      fr: ["école", "école de langues", "université", "fac", "cours", "s'inscrire", "inscription", "classe", "professeur", "professeure", "étudiant", "étudiante"],
      de: ["schule", "sprachschule", "universität", "uni", "kurs", "anmelden", "anmeldung", "einschreibung", "unterricht", "lehrer", "lehrerin", "student", "studentin"],
      it: ["scuola", "scuola di lingue", "università", "corso", "iscriversi", "iscrizione", "classe", "lezione", "insegnante", "professore", "professoressa", "studente", "studentessa"],
      "pt-BR": ["escola", "escola de idiomas", "faculdade", "universidade", "curso", "matricular", "matrícula", "inscrição", "aula", "professor", "professora", "aluno", "aluna", "estudante"],
    },
  },
  {
    id: "sports_club",
    topics: ["sports", "hobbies_leisure"],
    npcRole: "coach",
    slots: ["time", "price", "date"],
    steps: [step("greet", "greet"), step("activity", "request"), step("price", "ask_info"), step("complication", "complication"), step("sign_up", "agree"), step("close", "close")],
    concepts: ["sport", "team", "coach_sport", "train_sport", "gym", "match", "player", "swim", "tennis", "football", "competition", "stadium"],
    cues: {
      en: ["gym", "sports club", "football club", "tennis club", "swimming pool", "training", "training session", "coach", "trainer", "match", "football", "tennis", "stadium", "yoga class"],
      es: ["gimnasio", "club deportivo", "club de fútbol", "club de tenis", "piscina", "entrenamiento", "entrenador", "entrenadora", "partido", "fútbol", "tenis", "estadio"],
      fr: ["salle de sport", "club de sport", "club de foot", "club de tennis", "piscine", "entraînement", "entraîneur", "entraîneuse", "match", "football", "tennis", "stade"],
      de: ["fitnessstudio", "sportverein", "fußballverein", "tennisverein", "schwimmbad", "training", "trainer", "trainerin", "spiel", "fußball", "tennis", "stadion"],
      it: ["palestra", "società sportiva", "squadra di calcio", "circolo del tennis", "piscina", "allenamento", "allenatore", "allenatrice", "partita", "calcio", "tennis", "stadio"],
      "pt-BR": ["academia de ginástica", "clube", "clube de futebol", "clube de tênis", "piscina", "treino", "treinador", "treinadora", "partida", "jogo de futebol", "futebol", "tênis", "estádio"],
    },
  },
  {
    id: "repair",
    topics: ["crafts_workshop", "transport", "home"],
    npcRole: "craftsman",
    slots: ["item", "problem", "price", "date"],
    steps: [step("greet", "greet"), step("repair", "request"), step("when", "ask_info"), step("complication", "complication"), step("price", "pay"), step("close", "close")],
    concepts: ["repair", "workshop", "tool", "craftsman", "carpenter", "blacksmith", "plumber", "leak", "breakdown", "glue", "hammer"],
    cues: {
      en: ["repair", "repair shop", "workshop", "garage", "mechanic", "plumber", "carpenter", "blacksmith", "locksmith", "breakdown", "fix", "forge"],
      es: ["reparar", "arreglar", "taller", "mecánico", "fontanero", "carpintero", "herrero", "cerrajero", "avería"],
      fr: ["réparer", "réparation", "atelier", "garagiste", "mécanicien", "plombier", "menuisier", "forgeron", "serrurier", "panne"],
      de: ["reparieren", "reparatur", "werkstatt", "autowerkstatt", "mechaniker", "klempner", "tischler", "schreiner", "schmied", "schlüsseldienst", "panne"],
      it: ["riparare", "riparazione", "officina", "bottega", "meccanico", "idraulico", "falegname", "fabbro", "guasto"],
      "pt-BR": ["consertar", "conserto", "oficina", "mecânico", "encanador", "carpinteiro", "ferreiro", "chaveiro", "pane"],
    },
  },
  {
    id: "concert_tickets",
    topics: ["music", "art_culture", "hobbies_leisure"],
    npcRole: "box_office_clerk",
    slots: ["quantity", "price", "date", "time"],
    steps: SERVICE("tickets", "quantity"),
    concepts: ["concert", "band_music", "singer", "song", "music", "orchestra", "opera", "audience", "stage", "ticket_travel", "musician", "festival"],
    cues: {
      en: ["concert", "gig", "opera", "theatre", "theater", "cinema", "box office", "concert tickets", "show", "orchestra", "band"],
      es: ["concierto", "ópera", "teatro", "cine", "taquilla del teatro", "entradas", "espectáculo", "orquesta", "grupo de música"],
      fr: ["concert", "opéra", "théâtre", "cinéma", "billetterie", "places de concert", "spectacle", "orchestre", "groupe de musique"],
      de: ["konzert", "oper", "theater", "kino", "theaterkasse", "konzertkarten", "eintrittskarte", "vorstellung", "orchester", "band"],
      it: ["concerto", "opera lirica", "teatro", "cinema", "botteghino", "biglietti del concerto", "spettacolo", "orchestra", "gruppo musicale"],
      "pt-BR": ["show", "concerto", "ópera", "teatro", "cinema", "ingressos", "bilheteria do teatro", "espetáculo", "orquestra", "banda"],
    },
  },
  {
    id: "farm_visit",
    topics: ["farm", "animals", "nature"],
    npcRole: "farmer",
    slots: ["item", "quantity", "price"],
    steps: [step("greet", "greet"), step("eggs", "request"), step("animals", "ask_info"), step("complication", "complication"), step("help", "agree"), step("close", "close")],
    concepts: ["farm", "farmer", "cow", "hen", "egg", "field_farm", "harvest", "crop", "barn", "tractor", "vegetable_garden", "milk"],
    cues: {
      en: ["farm", "farmer", "barn", "harvest", "vineyard", "orchard", "field", "crops", "countryside"],
      es: ["granja", "finca", "granjero", "granjera", "agricultor", "establo", "cosecha", "viñedo", "huerto", "campo", "cultivos"],
      fr: ["ferme", "fermier", "fermière", "agriculteur", "grange", "récolte", "vignoble", "verger", "champ", "campagne", "cultures"],
      de: ["bauernhof", "hof", "bauer", "bäuerin", "landwirt", "scheune", "ernte", "weinberg", "obstgarten", "feld", "land"],
      it: ["fattoria", "cascina", "contadino", "contadina", "agricoltore", "fienile", "raccolto", "vigneto", "frutteto", "campo", "campagna"],
      "pt-BR": ["fazenda", "sítio", "chácara", "fazendeiro", "fazendeira", "agricultor", "celeiro", "colheita", "vinhedo", "pomar", "campo", "lavoura"],
    },
  },
  {
    id: "cook_together",
    topics: ["kitchen_cooking", "food_drink"],
    npcRole: "cook",
    slots: ["item", "quantity", "time"],
    steps: [step("greet", "greet"), step("recipe", "ask_info"), step("ingredients", "specify"), step("complication", "complication"), step("cooking_time", "agree"), step("close", "close")],
    concepts: ["kitchen", "cook", "recipe", "ingredient", "oven", "pan", "knife", "salt", "onion", "boil", "bake", "cut"],
    cues: {
      en: ["cooking", "cooking class", "cook", "kitchen", "recipe", "bake", "baking", "chef"],
      es: ["cocinar", "clase de cocina", "cocina", "receta", "hornear", "cocinero", "cocinera", "chef"],
      fr: ["cuisiner", "cours de cuisine", "cuisine", "recette", "pâtisserie", "cuisinier", "cuisinière", "chef"],
      de: ["kochen", "kochkurs", "küche", "backen", "koch", "köchin", "kochrezept"],
      it: ["cucinare", "corso di cucina", "cucina", "ricetta", "cuocere", "cuoco", "cuoca", "chef"],
      "pt-BR": ["cozinhar", "aula de culinária", "cozinha", "receita", "assar", "cozinheiro", "cozinheira", "chef"],
    },
  },
  {
    id: "expedition",
    topics: ["adventure_exploration", "nature", "weather"],
    npcRole: "guide",
    slots: ["place", "time", "item"],
    steps: [step("greet", "greet"), step("destination", "ask_info"), step("equipment", "specify"), step("complication", "complication"), step("ready", "agree"), step("close", "close")],
    concepts: ["expedition", "path", "compass", "map", "mountain", "forest", "cave", "climb", "explore", "campfire", "backpack", "summit"],
    cues: {
      en: ["hike", "hiking", "trek", "trekking", "expedition", "mountain guide", "trail", "climbing", "camping trip", "adventure", "explore", "jungle", "cave"],
      es: ["excursión", "senderismo", "caminata", "expedición", "guía de montaña", "sendero", "escalada", "aventura", "explorar", "selva", "cueva"],
      fr: ["randonnée", "trek", "expédition", "guide de montagne", "sentier", "escalade", "aventure", "explorer", "jungle", "grotte"],
      de: ["wanderung", "wandern", "trekking", "expedition", "bergführer", "bergführerin", "wanderweg", "klettern", "abenteuer", "erkunden", "dschungel", "höhle"],
      it: ["escursione", "trekking", "spedizione", "guida alpina", "sentiero", "arrampicata", "avventura", "esplorare", "giungla", "grotta"],
      "pt-BR": ["trilha", "caminhada", "expedição", "guia de montanha", "escalada", "aventura", "explorar", "selva", "caverna"],
    },
  },
];

export const FRAME_BY_ID: ReadonlyMap<FrameId, Frame> = new Map(FRAMES.map((f) => [f.id, f]));

/** The frame a lesson on a topic alone follows (a topic named without a scene). */
export const TOPIC_FRAME: Readonly<Record<string, FrameId>> = {
  everyday: "meet_introduce",
  greetings: "meet_introduce",
  family: "meet_introduce",
  emotions_personality: "meet_introduce",
  time_calendar: "plan_event",
  numbers_quantities: "buy_market",
  colors_shapes: "buy_shop",
  body: "doctor_appointment",
  food_drink: "order_food",
  restaurant: "order_food",
  cafe: "order_food",
  market: "buy_market",
  kitchen_cooking: "cook_together",
  tavern: "order_food",
  farm: "farm_visit",
  city: "ask_way",
  directions: "ask_way",
  transport: "travel_tickets",
  travel: "travel_tickets",
  lodging: "check_in",
  harbour: "travel_tickets",
  shopping: "buy_shop",
  clothing: "buy_shop",
  home: "rent_home",
  school: "enrol_course",
  work: "job_interview",
  office_technology: "tech_support",
  money_bank: "bank_appointment",
  health: "doctor_appointment",
  emergency_safety: "emergency",
  post_communication: "post_office",
  weather: "expedition",
  nature: "expedition",
  animals: "farm_visit",
  science_environment: "debate",
  adventure_exploration: "expedition",
  castle_history: "guided_visit",
  crafts_workshop: "repair",
  sports: "sports_club",
  music: "concert_tickets",
  hobbies_leisure: "sports_club",
  celebrations: "plan_event",
  art_culture: "guided_visit",
  media_news: "debate",
  society_politics: "debate",
};
