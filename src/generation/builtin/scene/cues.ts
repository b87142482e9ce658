// Words that say what went wrong (the complication), who the NPC is (the role), settings whose
// words must not be read one by one ("publishing house" is a workplace, not a home), and the
// words of the night. Lemmas, in the six languages; matched after lemmatising the scene.
import type { Lang } from "../../languages.ts";

export type Complication = "delayed" | "cancelled" | "lost" | "stolen" | "full" | "broken" | "closed";

type Words = Record<Lang, string[]>;

export const COMPLICATION_CUES: Record<Complication, Words> = {
  delayed: {
    en: ["delayed", "delay", "late", "running late"],
    es: ["retrasado", "retraso", "con retraso", "atrasado"],
    fr: ["retardé", "retard", "en retard"],
    de: ["verspätet", "verspätung", "zu spät"],
    it: ["in ritardo", "ritardo", "ritardato"],
    "pt-BR": ["atrasado", "atraso", "com atraso"],
  },
  cancelled: {
    en: ["cancelled", "canceled", "cancellation", "strike"],
    es: ["cancelado", "cancelación", "anulado", "huelga"],
    fr: ["annulé", "annulation", "supprimé", "grève"],
    de: ["gestrichen", "abgesagt", "storniert", "annulliert", "ausgefallen", "streik"],
    it: ["cancellato", "annullato", "soppresso", "sciopero"],
    "pt-BR": ["cancelado", "cancelamento", "greve"],
  },
  lost: {
    en: ["lost", "lose", "missing", "left behind"],
    es: ["perdido", "perder", "extraviado", "perdí", "perdió", "perdimos"],
    fr: ["perdu", "perdre", "égaré"],
    de: ["verloren", "verlieren", "vergessen", "verlegt"],
    it: ["perso", "perdere", "smarrito"],
    "pt-BR": ["perdido", "perder", "extraviado", "perdi", "perdeu", "perdemos"],
  },
  stolen: {
    en: ["stolen", "steal", "robbed", "pickpocketed", "theft"],
    es: ["robado", "robada", "robar", "robo", "robaron", "hurto"],
    fr: ["volé", "voler", "cambriolé", "vol"],
    de: ["gestohlen", "stehlen", "geklaut", "diebstahl", "ausgeraubt"],
    it: ["rubato", "rubare", "furto", "scippo"],
    "pt-BR": ["roubado", "roubada", "roubar", "roubo", "roubaram", "furtado", "furto"],
  },
  full: {
    en: ["full", "fully booked", "sold out", "overbooked", "no vacancy"],
    es: ["completo", "lleno", "agotado", "sin plazas"],
    fr: ["complet", "plein", "épuisé", "surbooké"],
    de: ["ausgebucht", "voll", "ausverkauft", "überbucht"],
    it: ["pieno", "completo", "esaurito", "tutto esaurito"],
    "pt-BR": ["lotado", "cheio", "esgotado"],
  },
  broken: {
    en: ["broken", "break", "broken down", "out of order", "faulty", "damaged", "leaking", "does not work", "doesn't work"],
    es: ["roto", "romper", "averiado", "averiarse", "estropeado", "estropear", "rompió", "se rompió", "no funciona", "dañado"],
    fr: ["cassé", "casser", "en panne", "tomber en panne", "abîmé", "hors service", "endommagé", "ne marche pas"],
    de: ["kaputt", "kaputtgehen", "defekt", "beschädigt", "außer betrieb", "gebrochen", "funktioniert nicht"],
    it: ["rotto", "rompere", "rompersi", "guasto", "guastarsi", "fuori servizio", "danneggiato", "non funziona"],
    "pt-BR": ["quebrado", "quebrar", "estragado", "estragar", "com defeito", "danificado", "enguiçado", "enguiçar", "quebrou", "estragou", "enguiçou", "não funciona"],
  },
  closed: {
    en: ["closed", "shut"],
    es: ["cerrado"],
    fr: ["fermé"],
    de: ["geschlossen", "zu"],
    it: ["chiuso"],
    "pt-BR": ["fechado"],
  },
};

export const ROLE_CUES: Record<string, Words> = {
  waiter: {
    en: ["waiter", "waitress", "server", "barman", "barmaid", "bartender", "innkeeper", "barista", "landlord of the pub"],
    es: ["camarero", "camarera", "mesero", "mesera", "barman", "tabernero", "tabernera"],
    fr: ["serveur", "serveuse", "barman", "aubergiste", "tavernier"],
    de: ["kellner", "kellnerin", "wirt", "wirtin", "barkeeper", "bedienung"],
    it: ["cameriere", "cameriera", "barista", "oste", "locandiere"],
    "pt-BR": ["garçom", "garçonete", "atendente", "barman", "taberneiro"],
  },
  vendor: {
    en: ["vendor", "stallholder", "trader", "baker", "butcher", "fishmonger", "greengrocer"],
    es: ["vendedor", "vendedora", "tendero", "tendera", "panadero", "panadera", "carnicero", "frutero"],
    fr: ["marchand", "marchande", "commerçant", "commerçante", "boulanger", "boulangère", "boucher", "bouchère"],
    de: ["händler", "händlerin", "marktfrau", "bäcker", "bäckerin", "metzger", "metzgerin"],
    it: ["venditore", "venditrice", "bancarellaro", "fornaio", "fornaia", "macellaio", "fruttivendolo"],
    "pt-BR": ["feirante", "vendedor", "vendedora", "padeiro", "padeira", "açougueiro"],
  },
  shop_assistant: {
    en: ["shop assistant", "sales assistant", "shopkeeper", "cashier", "clerk"],
    es: ["dependiente", "dependienta", "cajero", "cajera"],
    fr: ["vendeur", "vendeuse", "caissier", "caissière"],
    de: ["verkäufer", "verkäuferin", "kassierer", "kassiererin"],
    it: ["commesso", "commessa", "cassiere", "cassiera"],
    "pt-BR": ["vendedor de loja", "vendedora de loja", "caixa", "balconista"],
  },
  receptionist: {
    en: ["receptionist", "concierge", "hotel clerk", "night porter"],
    es: ["recepcionista", "conserje"],
    fr: ["réceptionniste", "concierge", "portier de nuit"],
    de: ["rezeptionist", "rezeptionistin", "portier", "concierge"],
    it: ["receptionist", "portiere", "concierge"],
    "pt-BR": ["recepcionista", "porteiro", "concierge"],
  },
  ticket_clerk: {
    en: ["ticket clerk", "ticket seller", "conductor", "ticket inspector", "station agent"],
    es: ["taquillero", "taquillera", "revisor", "revisora"],
    fr: ["guichetier", "guichetière", "contrôleur", "contrôleuse"],
    de: ["schalterbeamter", "schalterbeamtin", "schaffner", "schaffnerin", "zugbegleiter"],
    it: ["bigliettaio", "bigliettaia", "controllore"],
    "pt-BR": ["bilheteiro", "bilheteira", "cobrador", "cobradora", "fiscal"],
  },
  border_officer: {
    en: ["border officer", "border guard", "customs officer", "immigration officer"],
    es: ["agente de aduanas", "aduanero", "aduanera", "guardia fronterizo"],
    fr: ["douanier", "douanière", "garde-frontière"],
    de: ["zollbeamter", "zollbeamtin", "grenzbeamter", "grenzbeamtin"],
    it: ["doganiere", "doganiera", "agente di frontiera"],
    "pt-BR": ["agente da alfândega", "fiscal da alfândega", "agente de imigração"],
  },
  police_officer: {
    en: ["police officer", "officer", "policeman", "policewoman", "constable", "detective", "sergeant"],
    es: ["policía", "agente", "guardia", "inspector", "inspectora"],
    fr: ["policier", "policière", "agent de police", "gendarme", "inspecteur", "inspectrice"],
    de: ["polizist", "polizistin", "beamter", "beamtin", "kommissar", "kommissarin"],
    it: ["poliziotto", "poliziotta", "agente", "carabiniere", "ispettore", "ispettrice"],
    "pt-BR": ["policial", "delegado", "delegada", "agente", "investigador"],
  },
  doctor: {
    en: ["doctor", "gp", "physician", "nurse"],
    es: ["médico", "médica", "doctor", "doctora", "enfermero", "enfermera"],
    fr: ["médecin", "docteur", "infirmier", "infirmière"],
    de: ["arzt", "ärztin", "doktor", "krankenpfleger", "krankenschwester"],
    it: ["medico", "dottore", "dottoressa", "infermiere", "infermiera"],
    "pt-BR": ["médico", "médica", "doutor", "doutora", "enfermeiro", "enfermeira"],
  },
  dentist: { en: ["dentist"], es: ["dentista"], fr: ["dentiste"], de: ["zahnarzt", "zahnärztin"], it: ["dentista"], "pt-BR": ["dentista"] },
  pharmacist: { en: ["pharmacist", "chemist"], es: ["farmacéutico", "farmacéutica"], fr: ["pharmacien", "pharmacienne"], de: ["apotheker", "apothekerin"], it: ["farmacista"], "pt-BR": ["farmacêutico", "farmacêutica"] },
  bank_clerk: {
    en: ["bank clerk", "cashier", "teller", "bank manager", "banker"],
    es: ["empleado del banco", "empleada del banco", "banquero", "director del banco"],
    fr: ["employé de banque", "employée de banque", "banquier", "banquière", "conseiller bancaire"],
    de: ["bankangestellter", "bankangestellte", "bankberater", "bankberaterin", "bankier"],
    it: ["impiegato di banca", "impiegata di banca", "bancario", "direttore di banca"],
    "pt-BR": ["bancário", "bancária", "gerente do banco", "caixa do banco"],
  },
  interviewer: {
    en: ["interviewer", "recruiter", "hiring manager", "editor", "manager", "boss", "director"],
    es: ["entrevistador", "entrevistadora", "reclutador", "reclutadora", "jefe", "jefa", "director", "directora"],
    fr: ["recruteur", "recruteuse", "éditeur", "éditrice", "directeur", "directrice", "patron", "patronne"],
    de: ["personaler", "personalerin", "personalchef", "personalchefin", "chef", "chefin", "verleger", "verlegerin", "direktor"],
    it: ["selezionatore", "selezionatrice", "editore", "editrice", "direttore", "direttrice", "capo"],
    "pt-BR": ["entrevistador", "entrevistadora", "recrutador", "recrutadora", "editor", "editora", "chefe", "diretor", "diretora"],
  },
  landlord: {
    en: ["landlord", "landlady", "owner", "estate agent", "letting agent"],
    es: ["casero", "casera", "arrendador", "arrendadora", "propietario", "propietaria"],
    fr: ["propriétaire", "bailleur", "bailleuse", "agent immobilier"],
    de: ["vermieter", "vermieterin", "eigentümer", "eigentümerin", "makler", "maklerin"],
    it: ["padrone di casa", "proprietario", "proprietaria", "agente immobiliare"],
    "pt-BR": ["senhorio", "senhoria", "proprietário", "proprietária", "corretor", "corretora"],
  },
  guide: {
    en: ["guide", "tour guide", "curator", "mountain guide"],
    es: ["guía", "guía turístico", "guía turística", "conservador"],
    fr: ["guide", "guide touristique", "conservateur", "conservatrice"],
    de: ["führer", "führerin", "fremdenführer", "fremdenführerin", "reiseleiter", "reiseleiterin", "kurator"],
    it: ["guida", "guida turistica", "curatore", "curatrice"],
    "pt-BR": ["guia", "guia turístico", "guia turística", "curador", "curadora"],
  },
  technician: { en: ["technician", "engineer", "it support"], es: ["técnico", "técnica"], fr: ["technicien", "technicienne"], de: ["techniker", "technikerin"], it: ["tecnico", "tecnica"], "pt-BR": ["técnico", "técnica"] },
  craftsman: {
    en: ["mechanic", "plumber", "carpenter", "blacksmith", "locksmith", "craftsman", "tailor"],
    es: ["mecánico", "fontanero", "carpintero", "herrero", "cerrajero", "artesano", "sastre"],
    fr: ["mécanicien", "plombier", "menuisier", "forgeron", "serrurier", "artisan", "tailleur"],
    de: ["mechaniker", "klempner", "tischler", "schreiner", "schmied", "handwerker", "schneider"],
    it: ["meccanico", "idraulico", "falegname", "fabbro", "artigiano", "sarto"],
    "pt-BR": ["mecânico", "encanador", "carpinteiro", "ferreiro", "chaveiro", "artesão", "alfaiate"],
  },
  coach: { en: ["coach", "trainer", "instructor"], es: ["entrenador", "entrenadora", "monitor", "monitora"], fr: ["entraîneur", "entraîneuse", "moniteur", "monitrice"], de: ["trainer", "trainerin"], it: ["allenatore", "allenatrice", "istruttore", "istruttrice"], "pt-BR": ["treinador", "treinadora", "instrutor", "instrutora"] },
  secretary: { en: ["secretary", "teacher", "registrar"], es: ["secretario", "secretaria", "profesor", "profesora"], fr: ["secrétaire", "professeur", "professeure"], de: ["sekretär", "sekretärin", "lehrer", "lehrerin"], it: ["segretario", "segretaria", "insegnante"], "pt-BR": ["secretário", "secretária", "professor", "professora"] },
  farmer: { en: ["farmer", "shepherd"], es: ["granjero", "granjera", "agricultor", "pastor"], fr: ["fermier", "fermière", "agriculteur", "berger"], de: ["bauer", "bäuerin", "landwirt", "schäfer"], it: ["contadino", "contadina", "agricoltore", "pastore"], "pt-BR": ["fazendeiro", "fazendeira", "agricultor", "pastor"] },
  cook: { en: ["cook", "chef"], es: ["cocinero", "cocinera", "chef"], fr: ["cuisinier", "cuisinière", "chef"], de: ["koch", "köchin"], it: ["cuoco", "cuoca", "chef"], "pt-BR": ["cozinheiro", "cozinheira", "chef"] },
  postal_clerk: { en: ["postal clerk", "postman", "postwoman"], es: ["cartero", "empleado de correos"], fr: ["postier", "postière", "facteur", "factrice"], de: ["postbeamter", "postbeamtin", "briefträger", "briefträgerin"], it: ["postino", "postina", "impiegato postale"], "pt-BR": ["carteiro", "atendente dos correios"] },
  emergency_operator: { en: ["operator", "paramedic", "firefighter"], es: ["operador", "operadora", "paramédico", "bombero"], fr: ["opérateur", "opératrice", "ambulancier", "pompier"], de: ["sanitäter", "sanitäterin", "feuerwehrmann"], it: ["operatore", "operatrice", "paramedico", "pompiere"], "pt-BR": ["atendente", "paramédico", "socorrista", "bombeiro"] },
  opponent: { en: ["opponent", "politician", "candidate", "journalist", "activist"], es: ["adversario", "adversaria", "político", "política", "candidato", "candidata", "periodista"], fr: ["adversaire", "politicien", "politicienne", "candidat", "candidate", "journaliste"], de: ["gegner", "gegnerin", "politiker", "politikerin", "kandidat", "kandidatin", "journalist"], it: ["avversario", "avversaria", "politico", "candidato", "candidata", "giornalista"], "pt-BR": ["adversário", "adversária", "político", "política", "candidato", "candidata", "jornalista"] },
};

/**
 * Settings named by several words that must be read together: they add their topics to the
 * scene and keep their words from being read one by one. A setting's concepts are taught after
 * the frame's own words, and take the place of those the setting makes wrong (`insteadOf`).
 */
export const SETTINGS: { id: string; topics: string[]; concepts: string[]; cues: Words; insteadOf?: string[] }[] = [
  {
    id: "publisher",
    topics: ["media_news", "work"],
    concepts: ["publish", "company", "book", "writer"],
    cues: {
      en: ["publishing house", "publisher", "publishing company", "publishing"],
      es: ["editorial", "casa editorial"],
      fr: ["maison d'édition", "éditeur", "édition"],
      de: ["verlag", "verlagshaus", "buchverlag"],
      it: ["casa editrice", "editore", "editoria"],
      "pt-BR": ["editora", "casa editorial"],
    },
  },
  {
    id: "newsroom",
    topics: ["media_news", "work"],
    concepts: ["newspaper", "journalist", "news"],
    cues: { en: ["newsroom", "newspaper office"], es: ["redacción"], fr: ["rédaction"], de: ["redaktion"], it: ["redazione"], "pt-BR": ["redação"] },
  },
  {
    // At an airport the tickets are a flight's: its words take the place of the railway's.
    id: "airport",
    topics: ["travel", "transport"],
    concepts: ["airport", "flight", "plane", "passport", "luggage", "suitcase", "boarding_pass", "check_in", "passenger"],
    insteadOf: ["station_train", "platform", "train", "change_trains", "timetable_transport", "connection_transfer"],
    cues: { en: ["airport", "plane", "aeroplane", "airplane"], es: ["aeropuerto", "avión"], fr: ["aéroport", "avion"], de: ["flughafen", "flugzeug"], it: ["aeroporto", "aereo"], "pt-BR": ["aeroporto", "avião"] },
  },
  {
    id: "town_hall",
    topics: ["city", "society_politics"],
    concepts: ["town_hall", "mayor", "form_document"],
    cues: { en: ["town hall", "city hall"], es: ["ayuntamiento"], fr: ["mairie", "hôtel de ville"], de: ["rathaus"], it: ["municipio", "comune"], "pt-BR": ["prefeitura", "câmara municipal"] },
  },
];

export const NIGHT_WORDS: Words = {
  en: ["night", "midnight", "tonight", "late at night"],
  es: ["noche", "medianoche", "nocturno", "nocturna", "esta noche"],
  fr: ["nuit", "minuit", "nocturne", "ce soir"],
  de: ["nacht", "mitternacht", "nachts", "nächtlich", "heute nacht"],
  it: ["notte", "mezzanotte", "notturno", "notturna", "stanotte", "stasera"],
  "pt-BR": ["noite", "meia-noite", "noturno", "noturna", "esta noite"],
};

/** Articles of the six languages, which stand between a locative or a role and its word. */
export const ARTICLES = new Set("the a an el la los las le les l du des del della dello dei der die das dem den des o os as il lo gli i do da".split(" "));
