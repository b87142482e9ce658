// What the learner's turn says, read from the message after correction (so "yo va" reads as
// "voy" and "¿Donde esta?" as "¿Dónde está?"): the intents a tutor answers (questions about price,
// time, place, the way, availability, quality, a recommendation; personal questions; the learner's
// own name, origin, work and likes; thanks, a complaint, goodbye) and the content it names (lexicon
// items, numbers, a name, a place). Patterns run over the case- and accent-folded text, so a
// missing accent never hides an intent.
import { ARTICLES } from "../scene/cues.ts";
import type { Lang } from "../../languages.ts";
import type { Concept } from "../lexicon-rules.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import { morphologyOf } from "../morphology/morph-index.ts";
import { foldAccents } from "../text-normalise.ts";
import { isKnownWord } from "./spelling.ts";

export type LearnerIntent =
  | "ask_price"
  | "ask_time"
  | "ask_way"
  | "ask_availability"
  | "ask_quality"
  | "ask_recommendation"
  | "ask_npc_name"
  | "ask_npc_origin"
  | "ask_npc_work"
  | "ask_npc_family"
  | "ask_npc_free_time"
  | "ask_npc_wellbeing"
  | "ask_my_name"
  | "ask_my_order"
  | "tell_name"
  | "tell_origin"
  | "tell_work"
  | "tell_likes"
  | "tell_week"
  | "tell_plans"
  | "request"
  | "thanks"
  | "complaint"
  | "tell_wellbeing"
  | "greeting"
  | "goodbye";

type Patterns = Partial<Record<LearnerIntent, RegExp>>;

// Apostrophes are spaces in the folded text (what's → what s), so they are in the patterns too.
const b = (source: string) => new RegExp(`(^|[^\\p{L}])(${source.replace(/'/g, " ")})($|[^\\p{L}])`, "u");

/** Per language, in the order they are tried: the first match is the turn's main intent. */
const PATTERNS: Record<Lang, Patterns> = {
  en: {
    ask_my_name: b("what is my name|what's my name|do you remember my name"),
    ask_my_order: b("what did i order|what have i ordered"),
    ask_price: b("how much|what does it cost|what do they cost|the price|how expensive"),
    ask_time: b("what time|how long|when do you open|when do you close|opening hours|when does|when is|are you open|is it open"),
    ask_way: b("where is|where are|where's|how do i get|how can i get|the way to|far|nearest"),
    ask_recommendation: b("what do you recommend|can you recommend|what would you recommend|recommend|what is good|what's good"),
    ask_availability: b("do you have|have you got|is there|are there|any .* left"),
    ask_npc_name: b("what is your name|what's your name|who are you"),
    ask_npc_origin: b("where are you from|where do you come from"),
    ask_npc_work: b("what do you do|where do you work|what is your job|what's your job"),
    ask_npc_family: b("do you have (children|kids|brothers|sisters|a family)|are you married"),
    ask_npc_free_time: b("free time|hobbies|at the weekend|on weekends"),
    ask_npc_wellbeing: b("how are you|how is it going|how's it going"),
    ask_quality: b("is it|is the|are they|are the|is this"),
    tell_name: b("my name is|i am called|i'm called|call me"),
    tell_origin: b("i am from|i'm from|i come from"),
    tell_work: b("i work|i am a|i'm a|i study|i am a student"),
    tell_likes: b("i like|i love|i enjoy|my favourite|my favorite"),
    tell_week: b("my week|this week|last week"),
    tell_plans: b("i am going to|i'm going to|i will|this weekend|tomorrow i|next week"),
    complaint: b("doesn't work|does not work|is broken|a problem|is dirty|is cold|too noisy|i want to complain|not working"),
    request: b("i would like|i'd like|i want|can i have|could i have|i'll have|i will have|i'll take|please|give me"),
    tell_wellbeing: b("i am fine|i'm fine|fine thanks|very well|i am good|i'm good|not bad|great thanks|i am tired|i'm tired"),
    thanks: b("thank you|thanks|cheers"),
    goodbye: b("goodbye|bye|see you|good night|have a nice day"),
    greeting: b("hello|hi|good morning|good afternoon|good evening|hey"),
  },
  es: {
    ask_my_name: b("como me llamo|sabes mi nombre|recuerdas mi nombre"),
    ask_my_order: b("que he pedido|que pedi"),
    ask_price: b("cuanto(?! tiempo) cuesta|cuanto cuestan|cuanto es|cuanto vale|cuanto valen|que precio|el precio|es caro"),
    ask_time: b("a que hora|cuanto tiempo|que horario|cuando abre|cuando abren|cuando cierra|cuando cierran|esta abiert[oa]|hasta que hora|cuando sale|cuando llega"),
    ask_way: b("donde esta|donde estan|donde hay|donde queda|como llego|como se llega|por donde|esta lejos|esta cerca|el camino"),
    ask_recommendation: b("que me recomienda|que recomienda|me recomienda|que me aconseja|recomiendas|que es lo mejor"),
    ask_availability: b("tiene[ns]?|tienes|hay|queda[n]?|se puede"),
    ask_npc_name: b("como te llamas|como se llama usted|cual es su nombre|cual es tu nombre"),
    ask_npc_origin: b("de donde eres|de donde es usted"),
    ask_npc_work: b("a que te dedicas|a que se dedica|en que trabajas|en que trabaja usted|donde trabajas"),
    ask_npc_family: b("tienes hermanos|tienes hijos|tiene hijos|tiene hermanos|estas casad[oa]|tu familia"),
    ask_npc_free_time: b("tiempo libre|fin de semana|que te gusta hacer|tus aficiones|tus hobbies"),
    ask_npc_wellbeing: b("que tal estas|como estas|como esta usted|que tal"),
    ask_quality: b("es muy|es bueno|es buena|esta bueno|esta buena|es picante|es fresco|es grande|es tranquil[oa]|esta fresc[oa]|son buenos|son frescos|es dulce"),
    tell_name: b("me llamo|mi nombre es|soy [A-Z]"),
    tell_origin: b("soy de|vengo de|vivo en"),
    tell_work: b("trabajo (en|de|como)|soy (cociner[oa]|abogad[oa]|dependient[ea])|soy (profesor|profesora|estudiante|medico|medica|enfermer[oa]|ingenier[oa]|camarer[oa])|estudio"),
    tell_likes: b("me gusta|me gustan|me encanta|me encantan|prefiero"),
    tell_week: b("mi semana|esta semana|la semana pasada"),
    tell_plans: b("voy a|este fin de semana|manana voy|la semana que viene|quiero ir"),
    complaint: b("no funciona|esta roto|esta rota|un problema|esta sucio|esta sucia|esta fri[oa]|hay ruido|quiero quejarme|una queja"),
    request: b("quiero|quisiera|me pone|me da|me trae|para mi|querria|me gustaria|deme|pongame|necesito|por favor"),
    tell_wellbeing: b("estoy bien|muy bien|bien gracias|genial|fenomenal|regular|estoy cansad[oa]|todo bien"),
    thanks: b("gracias|muchas gracias"),
    goodbye: b("adios|hasta luego|hasta manana|hasta pronto|chao|nos vemos|buenas noches"),
    greeting: b("hola|buenos dias|buenas tardes|buenas noches|buenas"),
  },
  fr: {
    ask_my_name: b("comment je m appelle|vous vous souvenez de mon nom|tu te souviens de mon nom"),
    ask_my_order: b("qu est ce que j ai commande|j ai commande quoi"),
    ask_price: b("combien(?! de temps)|quel est le prix|le prix|ca coute|c est cher"),
    ask_time: b("a quelle heure|combien de temps|quand ouvre|quand ferme|quand est ce que|les horaires|c est ouvert|vous etes ouvert|jusqu a quelle heure|quand part|quand arrive"),
    ask_way: b("ou est|ou sont|ou se trouve|ou il y a|comment aller|comment je vais|le chemin|c est loin|c est pres|pour aller|je suis perdue?"),
    ask_recommendation: b("que me conseillez vous|qu est ce que vous me conseillez|vous me conseillez|vous recommandez|tu recommandes|qu est ce qui est bon"),
    ask_availability: b("avez vous|vous avez|il y a|il reste|est ce qu il y a|as tu"),
    ask_npc_name: b("comment vous appelez vous|comment tu t appelles|vous vous appelez comment|quel est votre nom|quel est ton nom"),
    ask_npc_origin: b("d ou venez vous|d ou viens tu|vous venez d ou|tu viens d ou"),
    ask_npc_work: b("que faites vous dans la vie|qu est ce que vous faites|tu fais quoi|quel est votre metier|ou travaillez vous"),
    ask_npc_family: b("avez vous des enfants|as tu des enfants|des freres|des soeurs|etes vous marie|ta famille|votre famille"),
    ask_npc_free_time: b("temps libre|le week end|vos loisirs|tes loisirs|qu aimez vous faire|qu est ce que tu aimes faire"),
    ask_npc_wellbeing: b("comment allez vous|comment ca va|ca va|comment vas tu"),
    ask_quality: b("c est bon|est ce que c est|c est epice|c est frais|est elle calme|est il calme|est calme|c est calme|ils sont frais|est bonne?|est fraiche?|est epicee?"),
    tell_name: b("je m appelle|mon nom est|moi c est"),
    tell_origin: b("je viens de|je suis de|j habite a|j habite en"),
    tell_work: b("je travaille|je suis (professeur|etudiante?|medecin|infirmiere?|ingenieure?|serveur|serveuse)|j etudie"),
    tell_likes: b("j aime|j adore|je prefere"),
    tell_week: b("ma semaine|cette semaine|la semaine derniere"),
    tell_plans: b("je vais|ce week end|demain je|la semaine prochaine"),
    complaint: b("ne marche pas|ne fonctionne pas|est casse|est cassee|un probleme|est sale|est froide?|trop de bruit|je veux me plaindre"),
    request: b("je voudrais|je veux|je prends|je vais prendre|j aimerais|donnez moi|il me faut|s il vous plait|s il te plait"),
    tell_wellbeing: b("ca va bien|tres bien|je vais bien|pas mal|bien merci|je suis fatiguee?"),
    thanks: b("merci|merci beaucoup"),
    goodbye: b("au revoir|a bientot|a demain|bonne journee|bonne soiree|salut"),
    greeting: b("bonjour|bonsoir|coucou|salut"),
  },
  de: {
    ask_my_name: b("wie heisse ich|weisst du meinen namen|wissen sie meinen namen"),
    ask_my_order: b("was habe ich bestellt"),
    ask_price: b("wie viel kostet|wie viel kosten|wieviel kostet|was kostet|was kosten|der preis|ist das teuer"),
    ask_time: b("um wie viel uhr|wie lange|wann offnen|wann schliessen|wann hat|offnungszeiten|haben sie geoffnet|ist .* geoffnet|bis wann|wann fahrt|wann kommt|wann geht"),
    ask_way: b("wo ist|wo sind|wo finde ich|wo gibt es|wie komme ich|wie kommt man|der weg|ist es weit|ist das weit"),
    ask_recommendation: b("was empfehlen sie|was empfiehlst du|konnen sie .* empfehlen|was ist gut|empfehlen"),
    ask_availability: b("haben sie|hast du|gibt es|habt ihr"),
    ask_npc_name: b("wie heissen sie|wie heisst du|wie ist ihr name|wie ist dein name"),
    ask_npc_origin: b("woher kommen sie|woher kommst du|wo kommen sie her|wo kommst du her"),
    ask_npc_work: b("was machen sie beruflich|was machst du beruflich|wo arbeiten sie|wo arbeitest du|was sind sie von beruf"),
    ask_npc_family: b("haben sie kinder|hast du kinder|hast du geschwister|haben sie geschwister|sind sie verheiratet|deine familie"),
    ask_npc_free_time: b("freizeit|am wochenende|hobbys|hobbies|was machst du gern|was machen sie gern"),
    ask_npc_wellbeing: b("wie geht es ihnen|wie geht es dir|wie gehts|wie geht s"),
    ask_quality: b("ist (das|der|die|es) .*(ruhig|gut|frisch|scharf|gross|sauber|warm|lecker|billig|teuer)|sind (die|sie) .*(frisch|gut|reif)"),
    tell_name: b("ich heisse|mein name ist|ich bin [A-Z]"),
    tell_origin: b("ich komme aus|ich wohne in|ich bin aus"),
    tell_work: b("ich arbeite|ich bin (lehrer|lehrerin|student|studentin|arzt|arztin|ingenieur|ingenieurin|kellner|kellnerin)|ich studiere"),
    tell_likes: b("ich mag|ich liebe|mag ich|gern|gerne|mein lieblings"),
    tell_week: b("meine woche|diese woche|letzte woche"),
    tell_plans: b("ich werde|am wochenende|morgen .* ich|nachste woche|ich will .* fahren"),
    complaint: b("funktioniert nicht|ist kaputt|ein problem|ist schmutzig|ist kalt|zu laut|ich mochte mich beschweren|geht nicht"),
    request: b("ich mochte|ich hatte gern|ich nehme|ich will|ich brauche|geben sie mir|bitte"),
    tell_wellbeing: b("mir geht es gut|mir geht s gut|es geht mir gut|sehr gut|gut danke|nicht schlecht|ich bin mude|es geht"),
    thanks: b("danke|vielen dank|danke schon"),
    goodbye: b("auf wiedersehen|tschuss|bis bald|bis morgen|bis spater|gute nacht|schonen tag"),
    greeting: b("hallo|guten morgen|guten tag|guten abend|gruss gott|servus|moin"),
  },
  it: {
    ask_my_name: b("come mi chiamo|ricordi il mio nome|si ricorda il mio nome"),
    ask_my_order: b("cosa ho ordinato|che cosa ho ordinato"),
    ask_price: b("quanto costa|quanto costano|quanto viene|quanto vengono|il prezzo|e caro|quant e"),
    ask_time: b("a che ora|quanto tempo|quando apre|quando aprite|quando chiude|quando chiudete|l orario|gli orari|e aperto|siete aperti|fino a che ora|quando parte|quando arriva"),
    ask_way: b("dov e|dove sono|dove si trova|dove trovo|come arrivo|come si arriva|la strada per|e lontano|e vicino|per andare"),
    ask_recommendation: b("cosa mi consiglia|che cosa mi consiglia|mi consiglia|cosa consigli|mi consigli|cosa c e di buono"),
    ask_availability: b("avete|ha|hai|c e|ci sono|e possibile"),
    ask_npc_name: b("come ti chiami|come si chiama|qual e il tuo nome|qual e il suo nome"),
    ask_npc_origin: b("di dove sei|di dov e|da dove vieni|da dove viene"),
    ask_npc_work: b("che lavoro fai|che lavoro fa|cosa fai nella vita|dove lavori|dove lavora"),
    ask_npc_family: b("hai figli|ha figli|hai fratelli|ha fratelli|sei sposat[oa]|e sposat[oa]|la tua famiglia"),
    ask_npc_free_time: b("tempo libero|fine settimana|weekend|cosa ti piace fare|i tuoi hobby"),
    ask_npc_wellbeing: b("come stai|come sta|come va"),
    ask_quality: b("e buono|e buona|e piccante|e fresco|e fresca|e tranquill[oa]|e grande|sono freschi|sono buoni|e dolce"),
    tell_name: b("mi chiamo|il mio nome e|sono [A-Z]"),
    tell_origin: b("sono di|vengo da|abito a|abito in|vivo a|vivo in"),
    tell_work: b("lavoro (in|come|a)|faccio (il|la|l )|sono (insegnante|studente|studentessa|medico|infermier[ea]|ingegnere|cameriere|cameriera)|studio"),
    tell_likes: b("mi piace|mi piacciono|adoro|preferisco"),
    tell_week: b("la mia settimana|questa settimana|la settimana scorsa"),
    tell_plans: b("vado a|questo fine settimana|domani vado|la settimana prossima|andro"),
    complaint: b("non funziona|e rott[oa]|un problema|e sporc[oa]|e fredd[oa]|troppo rumore|voglio lamentarmi|un reclamo"),
    request: b("vorrei|voglio|prendo|mi da|mi porta|per me|mi serve|per favore|per piacere"),
    tell_wellbeing: b("sto bene|molto bene|bene grazie|benissimo|non c e male|cosi cosi|sono stanc[oa]"),
    thanks: b("grazie|grazie mille"),
    goodbye: b("arrivederci|arrivederla|a presto|a domani|ciao ciao|buona giornata|buona serata|buonanotte"),
    greeting: b("ciao|buongiorno|buonasera|buonanotte|salve"),
  },
  "pt-BR": {
    ask_my_name: b("qual e o meu nome|como eu me chamo|lembra o meu nome|lembra do meu nome"),
    ask_my_order: b("o que eu pedi"),
    ask_price: b("quanto custa|quanto custam|quanto e|qual e o preco|o preco|e caro"),
    ask_time: b("que horas|quanto tempo|a que horas|quando abre|quando fecha|o horario|esta aberto|ate que horas|quando sai|quando chega"),
    ask_way: b("onde fica|onde e|onde esta|onde tem|como chego|como faco para chegar|o caminho|e longe|e perto|estou perdid[oa]"),
    ask_recommendation: b("o que voce recomenda|o que o senhor recomenda|o que a senhora recomenda|recomenda|o que e bom|me indica"),
    ask_availability: b("tem|voces tem|o senhor tem|a senhora tem|ha"),
    ask_npc_name: b("como voce se chama|qual e o seu nome|qual e seu nome|como se chama"),
    ask_npc_origin: b("de onde voce e|de onde o senhor e|de onde a senhora e|voce e de onde|voce de onde e"),
    ask_npc_work: b("o que voce faz|onde voce trabalha|qual e a sua profissao|voce trabalha"),
    ask_npc_family: b("voce tem filhos|voce tem irmaos|e casad[oa]|sua familia"),
    ask_npc_free_time: b("tempo livre|fim de semana|o que voce gosta de fazer|seus hobbies"),
    ask_npc_wellbeing: b("tudo bem|como vai|como voce esta|como esta"),
    ask_quality: b("e bom|e boa|e picante|e fresco|e fresca|e tranquil[oa]|e grande|sao frescos|sao bons|e doce|e apimentad[oa]"),
    tell_name: b("me chamo|meu nome e|eu sou [A-Z]"),
    tell_origin: b("sou de|eu sou de|venho de|moro em|moro no|moro na"),
    tell_work: b("trabalho (em|como|no|na)|sou (professor|professora|estudante|medico|medica|enfermeir[oa]|engenheir[oa]|garcom|garconete)|estudo"),
    tell_likes: b("eu gosto|gosto de|gosto do|gosto da|eu adoro|adoro|prefiro"),
    tell_week: b("minha semana|esta semana|essa semana|semana passada"),
    tell_plans: b("vou|neste fim de semana|amanha eu|semana que vem"),
    complaint: b("nao funciona|esta quebrad[oa]|um problema|esta suj[oa]|esta fri[oa]|muito barulho|quero reclamar|uma reclamacao"),
    request: b("eu quero|quero|queria|eu queria|gostaria|me ve|me da|me traz|para mim|preciso|por favor"),
    tell_wellbeing: b("estou bem|tudo bem|muito bem|tudo otimo|bem obrigad[oa]|mais ou menos|estou cansad[oa]"),
    thanks: b("obrigad[oa]|muito obrigad[oa]|valeu"),
    goodbye: b("tchau|ate logo|ate amanha|ate mais|ate breve|boa noite"),
    greeting: b("oi|ola|bom dia|boa tarde|boa noite"),
  },
};

export interface TurnContent {
  /** Lexicon concepts the message names, in order (nouns first). */
  items: Concept[];
  numbers: number[];
  /** How many of an item the message asks for, by concept id: the number right before it (una sopa y dos cafés). */
  quantities: Record<string, number>;
  /** A name the learner gave for themselves (after "me llamo", "je m'appelle"…). */
  name: string | null;
  /** A capitalised place the learner named after "soy de", "I'm from"… */
  place: string | null;
  /** The learner says they are not well: tired, ill, sad ("estoy cansado", "ich bin müde"). */
  unwell: boolean;
  /** The learner tells an ailment: a pain, a cough, a fever ("me duele la cabeza", "j'ai mal à la tête"). */
  ailment: boolean;
}

export interface LearnerTurn {
  intents: LearnerIntent[];
  content: TurnContent;
  question: boolean;
}

const NUMBER_VALUES: Record<Lang, string> = {
  en: "zero one two three four five six seven eight nine ten eleven twelve",
  es: "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce",
  fr: "zero un deux trois quatre cinq six sept huit neuf dix onze douze",
  de: "null eins zwei drei vier funf sechs sieben acht neun zehn elf zwolf",
  it: "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici",
  "pt-BR": "zero um dois tres quatro cinco seis sete oito nove dez onze doze",
};
const EXTRA_NUMBERS: Partial<Record<Lang, Record<string, number>>> = {
  es: { una: 1, un: 1 },
  fr: { une: 1 },
  de: { ein: 1, eine: 1, einen: 1 },
  it: { una: 1, un: 1 },
  "pt-BR": { uma: 1, duas: 2 },
  en: { a: 1, an: 1 },
};

function numberValue(word: string, lang: Lang): number | null {
  if (/^\d+$/.test(word)) return Number(word);
  const i = NUMBER_VALUES[lang].split(" ").indexOf(word);
  return i >= 0 ? i : null;
}

/** Phrases that can only be followed by a name ("me llamo Ana"). */
const NAME_AFTER: Record<Lang, RegExp> = {
  en: /\b(?:my name is|[Ii] am called|[Ii]['’]m called|call me)\s+(\p{Lu}[\p{L}-]+)/u,
  es: /\b(?:me llamo|mi nombre es)\s+(\p{Lu}[\p{L}-]+)/u,
  fr: /\b(?:je m'appelle|mon nom est|moi c'est)\s+(\p{Lu}[\p{L}-]+)/u,
  // German writes the noun with its capital: "mein Name ist Paul".
  de: /\b(?:ich heiße|ich heisse|mein [Nn]ame ist)\s+(\p{Lu}[\p{L}-]+)/u,
  it: /\b(?:mi chiamo|il mio nome è)\s+(\p{Lu}[\p{L}-]+)/u,
  "pt-BR": /\b(?:me chamo|meu nome é)\s+(\p{Lu}[\p{L}-]+)/u,
};
/**
 * "I am …": a name, or a job, a nationality, a feeling. German capitalises every noun ("Ich bin
 * Bäcker"), English nationalities ("I'm English"), and learners capitalise what they like ("Soy
 * Feliz"): the capitalised word is a name when the name was just asked ("I'm Anna, nice to meet
 * you"), never when another question was ("Ich bin Bäcker" after "Was machst du beruflich?"), and
 * otherwise only when it is no word the tables know.
 */
const NAME_AFTER_BE: Record<Lang, RegExp> = {
  en: /\b[Ii](?: am|['’]m)\s+(\p{Lu}[\p{L}-]+)/u,
  es: /\b(?:yo soy|soy)\s+(\p{Lu}[\p{L}-]+)/u,
  fr: /\bje suis\s+(\p{Lu}[\p{L}-]+)/u,
  de: /\bich bin\s+(\p{Lu}[\p{L}-]+)/u,
  it: /\b(?:io sono|sono)\s+(\p{Lu}[\p{L}-]+)/u,
  "pt-BR": /\b(?:eu sou|sou)\s+(\p{Lu}[\p{L}-]+)/u,
};
const PLACE_AFTER: Record<Lang, RegExp> = {
  en: /\b(?:from|in|to)\s+(\p{Lu}[\p{L}-]+(?:\s\p{Lu}[\p{L}-]+)?)/u,
  es: /\b(?:de|en|a)\s+(\p{Lu}[\p{L}-]+(?:\s\p{Lu}[\p{L}-]+)?)/u,
  fr: /\b(?:de|d'|à|en|au)\s*(\p{Lu}[\p{L}-]+(?:\s\p{Lu}[\p{L}-]+)?)/u,
  de: /\b(?:aus|in|nach)\s+(\p{Lu}[\p{L}-]+(?:\s\p{Lu}[\p{L}-]+)?)/u,
  it: /\b(?:di|da|a|in)\s+(\p{Lu}[\p{L}-]+(?:\s\p{Lu}[\p{L}-]+)?)/u,
  "pt-BR": /\b(?:de|em|do|da|no|na)\s+(\p{Lu}[\p{L}-]+(?:\s\p{Lu}[\p{L}-]+)?)/u,
};

// An ailment told, on the folded text: what brings a patient to a pharmacy or a doctor's.
const AILMENT: Record<Lang, RegExp> = {
  en: /\b(?:hurts?|pain|aches?|headache|toothache|stomach ache|sore|cough(?:ing)?|fever|a cold|flu)\b/,
  es: /\b(?:me duele|me duelen|dolor|tos|fiebre|resfriad[oa]|gripe)\b/,
  fr: /\b(?:j ai mal|mal (?:a|au|aux)|douleur|tousse|toux|fievre|rhume|grippe)\b/,
  de: /\b(?:tut (?:mir )?weh|tun (?:mir )?weh|schmerz(?:en)?|kopfschmerzen|halsschmerzen|husten|fieber|erkaltet|erkaltung|grippe)\b/,
  it: /\b(?:mi fa male|mi fanno male|mal di|dolore|tosse|febbre|raffreddore|influenza)\b/,
  "pt-BR": /\b(?:doi|doem|dor|tosse|febre|resfriad[oa]|gripe)\b/,
};

// Feeling unwell, on the folded text ("not bad", "pas mal", "nicht schlecht" are good news).
const UNWELL: Record<Lang, RegExp> = {
  en: /\b(?:tired|sick|ill|sad|exhausted|not (?:so |very |too )?(?:good|well|great)|(?<!not )bad)\b/,
  es: /\b(?:cansad[oa]s?|enferm[oa]s?|triste|agotad[oa]|(?<!no esta )mal|no (?:muy |tan )?bien)\b/,
  fr: /\b(?:fatigue(?:e|s|es)?|malade|triste|epuise(?:e)?|pas (?:tres |trop )?bien|(?<!pas )mal)\b/,
  de: /\b(?:mude|krank|traurig|erschopft|(?<!nicht )schlecht|nicht (?:so |sehr )?gut)\b/,
  it: /\b(?:stanc[oaih]e?|malat[oaie]|triste|(?<!non c e )male|non (?:molto |tanto )?bene)\b/,
  "pt-BR": /\b(?:cansad[oa]s?|doente|triste|(?<!nao )mal|nao (?:muito |tao )?bem)\b/,
};

/** Words that are capitalised at the start of a name phrase but are not names. */
const NOT_NAMES = /^(Sie|Ihnen|Herr|Frau|Madame|Monsieur|Senhor|Senhora|Señor|Señora|Signor|Signora|Mister|Miss)$/;

/** What the learner's message says; `asked`: the question the NPC is waiting on, in a conversation without a scene. */
export function understandLearner(index: LexiconIndex, text: string, lang: Lang, asked: string | null = null): LearnerTurn {
  const folded = foldAccents(text).replace(/['’-]/g, " ").replace(/[¿?¡!.,;:«»"()]/g, " ").replace(/\s+/g, " ").trim();
  const caseKept = text.normalize("NFD").replace(/\p{M}/gu, "").replace(/['’-]/g, " ").replace(/[¿?¡!.,;:«»"()]/g, " ");
  const intents: LearnerIntent[] = [];
  for (const [intent, re] of Object.entries(PATTERNS[lang]) as [LearnerIntent, RegExp][]) {
    // Name patterns with a capital ("soy Ana") run over the text as written.
    if (re.test(folded) || (/\[A-Z\]/.test(re.source) && re.test(caseKept))) intents.push(intent);
  }
  const language = index.language(lang);
  const items: Concept[] = [];
  const numbers: number[] = [];
  const wordsOf = folded.split(" ").filter((w) => w !== "");
  const rawWords = text.toLowerCase().normalize("NFC").replace(/['’]/g, " ").match(/[\p{L}\p{N}]+/gu) ?? [];
  const morph = morphologyOf(language);
  const quantities: Record<string, number> = {};
  for (const [k, w] of rawWords.entries()) {
    // A word that is also a verb form is not an item: "c'est" holds "est", not the east. After an
    // article it is the noun ("el baño", though "baño" is also "I bathe").
    if (!ARTICLES.has(rawWords[k - 1] ?? "") && morph?.read(w).some((r) => r.pos === "verb")) continue;
    const forms = (language.forms.get(w) ?? []).filter((f) => f.concept.pos === "noun");
    const first = forms[0];
    if (first && w.length > 2 && !items.some((c) => c.id === first.concept.id)) {
      items.push(first.concept);
      const before = foldAccents(rawWords[k - 1] ?? "");
      const n = numberValue(before, lang) ?? EXTRA_NUMBERS[lang]?.[before] ?? null;
      if (n !== null && n > 0) quantities[first.concept.id] = n;
    }
  }
  for (const w of wordsOf) {
    const n = numberValue(w, lang) ?? EXTRA_NUMBERS[lang]?.[w] ?? null;
    if (n !== null) numbers.push(n);
  }
  // The phrase before a name may open the sentence ("Me llamo Ana"): sentence capitals are lowered, names keep theirs.
  const lowered = text.replace(/(^|[.!?¡¿,]\s*)(\p{Lu})(?=\p{Ll}+\s+\p{L})/gu, (_, p: string, c: string) => p + c.toLowerCase());
  const called = NAME_AFTER[lang].exec(lowered)?.[1];
  const being = called ? undefined : NAME_AFTER_BE[lang].exec(lowered)?.[1];
  const beingNoName = being !== undefined && asked !== "name" && (asked !== null || isKnownWord(being, language));
  const toldName = intents.indexOf("tell_name");
  if (beingNoName && toldName >= 0) intents.splice(toldName, 1);
  const candidate = called ?? (beingNoName ? undefined : being);
  const name = candidate && !NOT_NAMES.test(candidate) ? candidate : null;
  // "Soy Sam." opens the sentence with the capital the name pattern does not expect: a name found
  // in a message that says nothing else is the learner telling it.
  if (name && intents.length === 0) intents.push("tell_name");
  const placeMatch = PLACE_AFTER[lang].exec(text);
  const place = placeMatch?.[1] && placeMatch.index > 0 ? placeMatch[1] : null;
  const question = /\?/.test(text) || /^(where|what|how|when|do|does|is|are|can|could|donde|que|como|cuando|cuanto|ou|quand|comment|combien|est ce|wo|was|wie|wann|dove|cosa|come|quando|quanto|onde|o que|qual|quando|quanto)\b/.test(folded);
  return { intents, content: { items, numbers, quantities, name, place, unwell: UNWELL[lang].test(folded), ailment: AILMENT[lang].test(folded) }, question };
}
