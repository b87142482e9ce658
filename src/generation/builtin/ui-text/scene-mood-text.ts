// Words that say when a scene happens, what the weather is and how the NPC is disposed, in the
// six languages (lowercase, matched as whole words after folding accents), and the lines the NPC
// uses for each: a greeting for the time of day, a remark on the weather, an opener and a closer
// for the persona.
import type { Texts } from "./template.ts";

export type TimeOfDay = "morning" | "afternoon" | "evening";
export type Weather = "rain" | "storm" | "snow" | "sun" | "cold" | "heat";
export type Persona = "grumpy" | "cheerful" | "formal";

type Words = Record<keyof Texts, string[]>;

export const TIME_WORDS: Record<TimeOfDay, Words> = {
  morning: {
    en: ["morning", "dawn", "sunrise", "breakfast"],
    es: ["mañana", "madrugada", "amanecer", "desayuno", "buenos días"],
    fr: ["matin", "matinée", "aube", "petit-déjeuner"],
    de: ["morgen", "morgens", "früh", "frühstück", "sonnenaufgang", "vormittag"],
    it: ["mattina", "mattino", "alba", "colazione", "buongiorno"],
    "pt-BR": ["manhã", "madrugada", "amanhecer", "café da manhã", "bom dia"],
  },
  afternoon: {
    en: ["afternoon", "noon", "lunchtime"],
    es: ["tarde", "mediodía", "buenas tardes"],
    fr: ["après-midi", "midi"],
    de: ["nachmittag", "nachmittags", "mittag", "mittags"],
    it: ["pomeriggio", "mezzogiorno"],
    "pt-BR": ["tarde", "meio-dia", "boa tarde"],
  },
  evening: {
    en: ["evening", "night", "dusk", "sunset", "dinner", "midnight", "tonight"],
    es: ["noche", "anochecer", "atardecer", "cena", "medianoche", "buenas noches"],
    fr: ["soir", "soirée", "nuit", "crépuscule", "dîner", "minuit", "bonsoir"],
    de: ["abend", "abends", "nacht", "nachts", "dämmerung", "abendessen", "mitternacht"],
    it: ["sera", "serata", "notte", "tramonto", "cena", "mezzanotte", "buonasera"],
    "pt-BR": ["noite", "anoitecer", "pôr do sol", "jantar", "meia-noite", "boa noite"],
  },
};

/** The greeting of each time of day, as the NPC opens with it. */
export const TIME_GREETING: Record<TimeOfDay, Texts> = {
  morning: { en: "Good morning", es: "Buenos días", fr: "Bonjour", de: "Guten Morgen", it: "Buongiorno", "pt-BR": "Bom dia" },
  afternoon: { en: "Good afternoon", es: "Buenas tardes", fr: "Bonjour", de: "Guten Tag", it: "Buon pomeriggio", "pt-BR": "Boa tarde" },
  evening: { en: "Good evening", es: "Buenas noches", fr: "Bonsoir", de: "Guten Abend", it: "Buonasera", "pt-BR": "Boa noite" },
};

/** Greetings that name a time of day, at the start of a line (the NPC's or the learner's). */
export const LEADING_TIME_GREETING: Record<keyof Texts, RegExp> = {
  en: /^(¡)?(Good morning|Good afternoon|Good evening)(?=[!.,])/,
  es: /^(¡)?(Buenos días|Buenas tardes|Buenas noches)(?=[!.,])/,
  fr: /^()(Bonjour|Bonsoir)(?=[ !.,])/,
  de: /^()(Guten Morgen|Guten Tag|Guten Abend)(?=[!.,])/,
  it: /^()(Buongiorno|Buon pomeriggio|Buonasera)(?=[!.,])/,
  "pt-BR": /^()(Bom dia|Boa tarde|Boa noite)(?=[!.,])/,
};

export const WEATHER_WORDS: Record<Weather, Words> = {
  rain: {
    en: ["rain", "rainy", "raining", "drizzle", "wet"],
    es: ["lluvia", "lluvioso", "lluviosa", "llueve", "lloviendo"],
    fr: ["pluie", "pluvieux", "pluvieuse", "pleut", "bruine"],
    de: ["regen", "regnerisch", "regnet", "verregnet", "nieselregen"],
    it: ["pioggia", "piovoso", "piovosa", "piove", "pioviggina"],
    "pt-BR": ["chuva", "chuvoso", "chuvosa", "chove", "chovendo"],
  },
  storm: {
    en: ["storm", "stormy", "thunder", "gale"],
    es: ["tormenta", "tempestad", "temporal", "trueno"],
    fr: ["tempête", "orage", "orageux", "tonnerre"],
    de: ["sturm", "stürmisch", "gewitter", "donner"],
    it: ["tempesta", "temporale", "burrasca", "tuono"],
    "pt-BR": ["tempestade", "temporal", "trovão", "trovoada"],
  },
  snow: {
    en: ["snow", "snowy", "snowing", "blizzard"],
    es: ["nieve", "nevado", "nevada", "nieva", "nevando"],
    fr: ["neige", "enneigé", "enneigée", "neigeux"],
    de: ["schnee", "verschneit", "schneit", "schneesturm"],
    it: ["neve", "innevato", "innevata", "nevica"],
    "pt-BR": ["neve", "nevando", "nevasca", "neva"],
  },
  sun: {
    en: ["sunny", "sunshine", "sun"],
    es: ["soleado", "soleada", "sol"],
    fr: ["ensoleillé", "ensoleillée", "soleil"],
    de: ["sonnig", "sonne", "sonnenschein"],
    it: ["soleggiato", "soleggiata", "sole", "assolato"],
    "pt-BR": ["ensolarado", "ensolarada", "sol"],
  },
  cold: {
    en: ["cold", "freezing", "frosty", "icy", "winter"],
    es: ["frío", "fría", "helado", "helada", "invierno"],
    fr: ["froid", "froide", "glacial", "gel", "hiver"],
    de: ["kalt", "eisig", "frost", "winter"],
    it: ["freddo", "fredda", "gelido", "gelo", "inverno"],
    "pt-BR": ["frio", "fria", "gelado", "gelada", "inverno"],
  },
  heat: {
    en: ["hot", "heat", "heatwave", "scorching", "summer"],
    es: ["calor", "caluroso", "calurosa", "verano"],
    fr: ["chaud", "chaude", "chaleur", "canicule"],
    de: ["heiß", "hitze", "sommer"],
    it: ["caldo", "calda", "afa", "estate"],
    "pt-BR": ["calor", "quente", "verão"],
  },
};

/** The NPC's remark on the weather, said after the greeting. */
export const WEATHER_REMARK: Record<Weather, Texts> = {
  rain: { en: "What a rainy day!", es: "¡Qué día de lluvia!", fr: "Quel temps pluvieux !", de: "Was für ein Regenwetter!", it: "Che giornata di pioggia!", "pt-BR": "Que dia chuvoso!" },
  storm: { en: "What a storm out there!", es: "¡Qué tormenta hace fuera!", fr: "Quelle tempête dehors !", de: "Was für ein Sturm draußen!", it: "Che tempesta là fuori!", "pt-BR": "Que tempestade lá fora!" },
  snow: { en: "Look at all this snow!", es: "¡Mire cuánta nieve!", fr: "Regardez toute cette neige !", de: "Schauen Sie, so viel Schnee!", it: "Guardi quanta neve!", "pt-BR": "Olha quanta neve!" },
  sun: { en: "What a lovely sunny day!", es: "¡Qué día de sol tan bonito!", fr: "Quelle belle journée ensoleillée !", de: "Was für ein schöner, sonniger Tag!", it: "Che bella giornata di sole!", "pt-BR": "Que dia de sol lindo!" },
  cold: { en: "It's so cold today!", es: "¡Qué frío hace hoy!", fr: "Qu'il fait froid aujourd'hui !", de: "Heute ist es so kalt!", it: "Che freddo fa oggi!", "pt-BR": "Que frio está hoje!" },
  heat: { en: "It's so hot today!", es: "¡Qué calor hace hoy!", fr: "Qu'il fait chaud aujourd'hui !", de: "Heute ist es so heiß!", it: "Che caldo fa oggi!", "pt-BR": "Que calor está hoje!" },
};

export const PERSONA_WORDS: Record<Persona, Words> = {
  grumpy: {
    en: ["grumpy", "grouchy", "gruff", "rude", "unfriendly", "moody", "cranky", "surly", "bad-tempered"],
    es: ["gruñón", "gruñona", "malhumorado", "malhumorada", "antipático", "antipática", "borde", "cascarrabias"],
    fr: ["bougon", "bougonne", "grincheux", "grincheuse", "bourru", "bourrue", "ronchon", "désagréable"],
    de: ["mürrisch", "grummelig", "brummig", "unfreundlich", "griesgrämig", "grantig", "übellaunig"],
    it: ["scontroso", "scontrosa", "burbero", "burbera", "brontolone", "brontolona", "antipatico", "antipatica"],
    "pt-BR": ["rabugento", "rabugenta", "ranzinza", "mal-humorado", "mal-humorada", "antipático", "antipática"],
  },
  cheerful: {
    en: ["cheerful", "jolly", "friendly", "happy", "merry", "bubbly"],
    es: ["alegre", "simpático", "simpática", "amable", "risueño", "risueña", "feliz"],
    fr: ["joyeux", "joyeuse", "gai", "gaie", "souriant", "souriante", "aimable", "jovial", "joviale"],
    de: ["fröhlich", "freundlich", "heiter", "gut gelaunt", "lustig", "herzlich"],
    it: ["allegro", "allegra", "simpatico", "simpatica", "gentile", "gioviale", "sorridente"],
    "pt-BR": ["alegre", "simpático", "simpática", "animado", "animada", "sorridente", "gentil"],
  },
  formal: {
    en: ["formal", "polite", "strict", "serious", "stiff", "official"],
    es: ["formal", "educado", "educada", "serio", "seria", "estricto", "estricta"],
    fr: ["formel", "formelle", "poli", "polie", "sérieux", "sérieuse", "strict", "stricte"],
    de: ["förmlich", "höflich", "streng", "ernst", "steif", "formell"],
    it: ["formale", "cortese", "serio", "seria", "severo", "severa", "educato", "educata"],
    "pt-BR": ["formal", "educado", "educada", "sério", "séria", "rigoroso", "rigorosa"],
  },
};

/** How the persona opens (in place of a cheerful greeting) and what it adds when it takes leave. */
export const PERSONA_LINES: Record<Persona, { opener: Texts; closer: Texts }> = {
  grumpy: {
    opener: { en: "Hmph. Yes?", es: "Mmm. ¿Sí?", fr: "Hmm. Oui ?", de: "Hm. Ja?", it: "Mah. Sì?", "pt-BR": "Hum. Pois não?" },
    closer: { en: "And shut the door behind you.", es: "Y cierre la puerta al salir.", fr: "Et fermez la porte en sortant.", de: "Und machen Sie die Tür zu.", it: "E chiuda la porta quando esce.", "pt-BR": "E feche a porta ao sair." },
  },
  cheerful: {
    opener: { en: "What a pleasure to see you!", es: "¡Qué alegría verle!", fr: "Quel plaisir de vous voir !", de: "Wie schön, Sie zu sehen!", it: "Che piacere vederla!", "pt-BR": "Que alegria ver você!" },
    closer: { en: "Come back soon!", es: "¡Vuelva pronto!", fr: "Revenez vite !", de: "Kommen Sie bald wieder!", it: "Torni presto!", "pt-BR": "Volte logo!" },
  },
  formal: {
    opener: { en: "Welcome.", es: "Bienvenido.", fr: "Soyez le bienvenu.", de: "Herzlich willkommen.", it: "Benvenuto.", "pt-BR": "Seja bem-vindo." },
    closer: { en: "It has been a pleasure to serve you.", es: "Ha sido un placer atenderle.", fr: "Ce fut un plaisir de vous servir.", de: "Es war mir eine Ehre, Ihnen behilflich zu sein.", it: "È stato un piacere servirla.", "pt-BR": "Foi um prazer atendê-lo." },
  },
};
