// Word patterns for the error families learners make in every language (common-errors.ts runs
// them): comparatives with their own form (más bueno → mejor, plus bon que → meilleur que, mehr
// groß → größer), prepositions that go with a verb or a place (a la playa, à Paris, in Italia,
// warten auf, married to), the partitive after a quantity (beaucoup de), and false friends in the
// context that makes them false (muy embarazada, emprunter à la librairie, work in a fabric).
// Each pattern is narrow: the words around it must show the mistake, so a right sentence with the
// same words is left alone.
import type { Lang } from "../../languages.ts";
import { frenchElides } from "../articles.ts";
import type { ErrorRule } from "./common-errors.ts";

const keepCase = (model: string, word: string) => (model[0] && model[0] !== model[0].toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word);
const mapWord = (table: Record<string, string>, at = 1) => (w: string[]) => keepCase(w[0] ?? "", table[(w[at] ?? "").toLowerCase()] ?? w[at] ?? "");

const ES_MOTION = "voy|vas|va|vamos|vais|van|ir|fui|fuiste|fue|fuimos|fueron|iba|íbamos|iban|llego|llegas|llega|llegamos|llegan|llegué|llegó|llegamos|viajo|viajas|viaja|viajamos|viajan|viajé|viajó|vuelvo|vuelves|vuelve|volvemos|vuelven";
const ES_VEHICLES = "coche|carro|auto|tren|autobús|bus|avión|bici|bicicleta|moto|barco|metro|taxi|mañana|tarde|noche|semana|época";
const ES_CITIES = "madrid|barcelona|sevilla|valencia|granada|málaga|bilbao|toledo|salamanca|parís|londres|roma|lima|bogotá|méxico|cuzco|santiago|quito";

const FR_CITIES = "paris|londres|rome|madrid|berlin|lyon|marseille|montréal|bruxelles|genève|lisbonne|tokyo|barcelone|nice|bordeaux|toulouse|lille|nantes|strasbourg|venise|milan|vienne|dakar|alger|tunis";
const FR_FEMININE_COUNTRIES = "france|espagne|italie|allemagne|angleterre|suisse|belgique|chine|russie|grèce|irlande|autriche|australie|inde|argentine|colombie|suède|norvège|pologne|turquie|europe|afrique|amérique|asie|algérie|tunisie|égypte|corée|bretagne|normandie|provence";
const FR_MASCULINE_COUNTRIES = "canada|japon|portugal|brésil|mexique|maroc|pérou|chili|danemark|sénégal|vietnam|liban|québec";
const FR_QUANTITIES = "beaucoup|trop|assez|combien|peu|tellement|autant|kilo|litre|verre|paquet|bouteille|tasse|morceau|tranche|boîte|pot|sac|douzaine";
const frDe = (next: string) => (frenchElides(next) ? `d'${next}` : `de ${next}`);

const IT_COUNTRIES = "italia|francia|spagna|germania|inghilterra|svizzera|austria|grecia|cina|russia|irlanda|america|portogallo|brasile|giappone|messico|olanda|belgio|sicilia|sardegna|toscana|puglia|calabria|europa|africa|asia|argentina|india|australia|canada";
const IT_CITIES = "roma|milano|firenze|venezia|napoli|torino|bologna|genova|palermo|verona|pisa|siena|parigi|londra|berlino|madrid|vienna|lisbona|barcellona|atene|mosca";

const DE_PLACES = "berlin|münchen|hamburg|köln|frankfurt|wien|zürich|paris|london|rom|madrid|spanien|italien|frankreich|deutschland|österreich|england|amerika|japan|china|portugal|griechenland|polen|brasilien|mexiko|leipzig|dresden|bremen|stuttgart|düsseldorf";
const DE_MOTION = "gehe|gehst|geht|gehen|ging|gingen|fahre|fährst|fährt|fahren|fuhr|komme|kommst|kommt|kommen|kam|laufe|läufst|läuft|laufen|fliege|fliegst|fliegt|fliegen|flog|reise|reist|reisen";
const DE_WARTEN = "warte|wartest|wartet|warten|wartete|wartetest|warteten|gewartet";
const DE_COMPARATIVE: Record<string, string> = {
  groß: "größer", gross: "größer", alt: "älter", jung: "jünger", gut: "besser", klein: "kleiner", schnell: "schneller", billig: "billiger", teuer: "teurer",
  schön: "schöner", interessant: "interessanter", lang: "länger", kurz: "kürzer", warm: "wärmer", kalt: "kälter", hoch: "höher", stark: "stärker", reich: "reicher",
  arm: "ärmer", schwer: "schwerer", leicht: "leichter", einfach: "einfacher", laut: "lauter", leise: "leiser", nett: "netter", freundlich: "freundlicher",
  glücklich: "glücklicher", wichtig: "wichtiger", langsam: "langsamer", dunkel: "dunkler", hell: "heller", klug: "klüger", nah: "näher", dumm: "dümmer",
  schlecht: "schlechter", gesund: "gesünder", müde: "müder", ruhig: "ruhiger", lecker: "leckerer", bequem: "bequemer", weit: "weiter", spät: "später", früh: "früher",
};

const EN_DETERMINERS = "a|an|the|my|his|her|their|our|your|this|that|someone|somebody";

export const FAMILY_RULES: Record<Lang, ErrorRule[]> = {
  en: [
    { pattern: ["married", "with"], replace: "married to", note: "preposition", before: EN_DETERMINERS },
    { pattern: ["work|works|worked|working", "in|at", "a|the", "fabric"], replace: "$1 $2 $3 factory", note: "false_friend" },
    { pattern: ["fabric"], replace: "factory", note: "false_friend", when: /\b(work|works|worked|working|job|workers?)\b/, exceptBefore: "softener|shop|store" },
    { pattern: ["can|could|may", "i|we", "become"], replace: "$1 $2 get", note: "false_friend", before: "a|an|the|some|two|three|more" },
    { pattern: ["explain|explained", "me"], replace: "$1 to me", note: "preposition" },
    { pattern: ["interested", "for|on|about"], replace: "interested in", note: "preposition" },
    { pattern: ["good", "in"], replace: "good at", note: "preposition", before: "math|maths|sports|football|tennis|chess|cooking|singing|drawing|english|spanish|french|german|italian|languages" },
  ],
  es: [
    { pattern: ["más|mas", "bueno|buena"], replace: "mejor", note: "comparative", before: "que" },
    { pattern: ["más|mas", "buenos|buenas"], replace: "mejores", note: "comparative", before: "que" },
    { pattern: ["más|mas", "malo|mala"], replace: "peor", note: "comparative", before: "que" },
    { pattern: ["más|mas", "malos|malas"], replace: "peores", note: "comparative", before: "que" },
    { pattern: ["más|mas", "mejor|peor|mejores|peores|mayor|menor"], replace: "$2", note: "comparative" },
    { pattern: [ES_MOTION, "en", "el"], replace: "$1 al", note: "preposition", exceptBefore: ES_VEHICLES },
    { pattern: [ES_MOTION, "en", "la|los|las"], replace: "$1 a $3", note: "preposition", exceptBefore: ES_VEHICLES },
    { pattern: [ES_MOTION, "en", ES_CITIES], replace: "$1 a $3", note: "preposition" },
    { pattern: ["muy|tan|bastante|poco|algo|súper", "embarazada"], replace: "$1 avergonzada", note: "false_friend" },
    { pattern: ["muy|tan|bastante|poco|algo|súper", "embarazadas"], replace: "$1 avergonzadas", note: "false_friend" },
    { pattern: ["siento|sentí|sentía", "embarazada"], replace: "$1 avergonzada", note: "false_friend" },
    // "Estoy embarazada porque olvidé…": what follows is a cause of embarrassment, not of a pregnancy.
    { pattern: ["estoy|estaba|estuve|quedé|quedó|está|estás", "embarazada|embarazadas"], replace: (w) => `${w[0]} ${(w[1] ?? "").replace(/embarazad/i, "avergonzad")}`, note: "false_friend", when: /\b(olvid\p{L}*|no s[ée]|no sab\p{L}*|error|equivoqu\p{L}*|tarde|respuesta|dije|ca[ií]|nombre)\b/u },
    { pattern: ["embarazado"], replace: "avergonzado", note: "false_friend" },
    { pattern: ["realicé|realizé", "que"], replace: "me di cuenta de que", note: "false_friend" },
    { pattern: ["excitado|excitada|excitados|excitadas"], replace: (w) => (w[0] ?? "").replace(/excitad/i, "emocionad"), note: "false_friend", when: /\b(viaje|vacaciones|fiesta|concierto|partido|mañana|cumpleaños)\b/ },
    { pattern: ["casado|casada|casados|casadas", "a|de"], replace: "$1 con", note: "preposition", exceptBefore: "los|las|la|el|nuevo|nueva" },
  ],
  fr: [
    { pattern: [FR_QUANTITIES, "des|du", "#any"], replace: (w) => `${w[0]} ${frDe(w[2] ?? "")}`, note: "partitive" },
    { pattern: [FR_QUANTITIES, "de", "la|l'", "#any"], replace: (w) => `${w[0]} ${frDe(w[3] ?? "")}`, note: "partitive" },
    { pattern: ["en|au", FR_CITIES], replace: (w) => `${keepCase(w[0] ?? "", "à")} ${w[1]}`, note: "preposition", exceptBefore: "même|entier|centre" },
    { pattern: ["à|au", FR_FEMININE_COUNTRIES], replace: (w) => `${keepCase(w[0] ?? "", "en")} ${w[1]}`, note: "preposition" },
    { pattern: ["à|en", FR_MASCULINE_COUNTRIES], replace: (w) => `${keepCase(w[0] ?? "", "au")} ${w[1]}`, note: "preposition" },
    { pattern: ["plus", "bon|bonne|bons|bonnes"], replace: (w) => ({ bon: "meilleur", bonne: "meilleure", bons: "meilleurs", bonnes: "meilleures" })[(w[1] ?? "").toLowerCase()] ?? "", note: "comparative", before: "que|qu" },
    { pattern: ["plus", "meilleur|meilleure|meilleurs|meilleures|mieux|pire"], replace: "$2", note: "comparative" },
    { pattern: ["librairie|librairies"], replace: (w) => ((w[0] ?? "").endsWith("s") ? "bibliothèques" : "bibliothèque"), note: "false_friend", when: /\b(emprunt\p{L}*|prêt\p{L}*|rendre|étudier|réviser)\b/u },
    { pattern: ["je", "suis", "excité|excitée"], replace: "j'ai hâte", note: "false_friend", when: /\b(voyage|vacances|fête|concert|demain)\b/ },
    { pattern: ["marié|mariée|mariés|mariées", "avec"], replace: "$1 à", note: "preposition", before: "un|une|mon|ma|son|sa|ton|ta" },
  ],
  de: [
    { pattern: [DE_WARTEN, "für"], replace: "$1 auf", note: "preposition" },
    { pattern: [DE_WARTEN, "schon|hier|dort|lange|noch|immer", "für"], replace: "$1 $2 auf", note: "preposition" },
    { pattern: ["angst", "von"], replace: "$1 vor", note: "preposition" },
    { pattern: ["interessiere|interessierst|interessiert|interessieren", "mich|dich|sich|uns|euch", "in|an|über"], replace: "$1 $2 für", note: "preposition" },
    { pattern: ["zu", DE_PLACES], replace: "nach $2", note: "preposition" },
    { pattern: [DE_MOTION, "zu", "hause"], replace: "$1 nach Hause", note: "preposition" },
    { pattern: [DE_MOTION, "jetzt|heute|dann|morgen|später|gleich|schnell", "zu", "hause"], replace: "$1 $2 nach Hause", note: "preposition" },
    { pattern: ["verheiratet", "zu"], replace: "verheiratet mit", note: "preposition" },
    { pattern: ["ich", "bin", "langweilig"], replace: (w) => keepCase(w[0] ?? "", "mir ist langweilig"), note: "false_friend" },
    { pattern: ["mehr", Object.keys(DE_COMPARATIVE).join("|")], replace: mapWord(DE_COMPARATIVE), note: "comparative", endsOrBefore: "als|und|," },
  ],
  it: [
    { pattern: ["a", IT_COUNTRIES], replace: (w) => `${keepCase(w[0] ?? "", "in")} ${w[1]}`, note: "preposition" },
    { pattern: ["in", IT_CITIES], replace: (w) => `${keepCase(w[0] ?? "", "a")} ${w[1]}`, note: "preposition", exceptBefore: "centro" },
    { pattern: ["più", "migliore|migliori|peggiore|peggiori|meglio|peggio|maggiore|minore"], replace: "$2", note: "comparative" },
    { pattern: ["libreria|librerie"], replace: (w) => ((w[0] ?? "").endsWith("e") ? "biblioteche" : "biblioteca"), note: "false_friend", when: /\b(prestito|prestare|studiare|restituire)\b/ },
    { pattern: ["eccitato|eccitata|eccitati|eccitate"], replace: (w) => (w[0] ?? "").replace(/eccitat/i, "emozionat"), note: "false_friend", when: /\b(viaggio|vacanze|festa|concerto|partita|domani)\b/ },
    { pattern: ["sposato|sposata|sposati|sposate", "a"], replace: "$1 con", note: "preposition" },
  ],
  "pt-BR": [
    { pattern: ["mais", "bom|boa"], replace: "melhor", note: "comparative", before: "que|do|da|dos|das|de" },
    { pattern: ["mais", "bons|boas"], replace: "melhores", note: "comparative", before: "que|do|da|dos|das|de" },
    { pattern: ["mais", "mau|má|ruim"], replace: "pior", note: "comparative", before: "que|do|da|dos|das|de" },
    { pattern: ["mais", "grande"], replace: "maior", note: "comparative", before: "que|do|da|dos|das|de" },
    { pattern: ["mais", "grandes"], replace: "maiores", note: "comparative", before: "que|do|da|dos|das|de" },
    { pattern: ["mais", "melhor|pior|melhores|piores|maior|menor"], replace: "$2", note: "comparative" },
    { pattern: ["realizei|realizou|realizamos|realizaram", "que"], replace: (w) => `${mapWord({ realizei: "percebi", realizou: "percebeu", realizamos: "percebemos", realizaram: "perceberam" }, 0)(w)} que`, note: "false_friend" },
    { pattern: ["excitado|excitada|excitados|excitadas"], replace: (w) => (w[0] ?? "").replace(/excitad/i, "animad"), note: "false_friend", when: /\b(viagem|férias|ferias|festa|show|jogo|amanhã|amanha|aniversário|aniversario)\b/u },
    { pattern: ["livraria|livrarias"], replace: (w) => ((w[0] ?? "").endsWith("s") ? "bibliotecas" : "biblioteca"), note: "false_friend", when: /\b(emprest\p{L}*|estudar|devolver)\b/u },
    { pattern: ["casado|casada|casados|casadas", "de|a"], replace: "$1 com", note: "preposition", exceptBefore: "novo|nova" },
  ],
};
