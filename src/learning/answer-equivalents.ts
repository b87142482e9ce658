// What a teacher accepts in place of the key's words: set phrases that say the same thing
// ("Encantado" for "Mucho gusto"), regional words for one thing (coche/carro) and the gender forms a
// speaker uses of themself (vegetariano/vegetariana). The lexicon (generation/builtin/data) writes
// one form per concept; these are the other forms a learner may rightly give. Lower case, as
// normaliseAnswer writes them.

/** Each group: phrases accepted for one another, per language. */
export const EQUIVALENT_PHRASES: Record<string, string[][]> = {
  en: [
    ["nice to meet you", "pleased to meet you", "nice meeting you", "good to meet you"],
    ["hello", "hi", "hey"],
    ["goodbye", "bye", "bye-bye"],
    ["thank you", "thanks"],
    ["thank you very much", "thanks a lot", "many thanks"],
    ["you are welcome", "no problem", "not at all"],
    ["excuse me", "pardon me"],
    ["ok", "okay", "all right", "alright"],
    ["see you later", "see you"],
  ],
  es: [
    ["mucho gusto", "encantado", "encantada", "un placer", "es un placer"],
    ["hola", "buenas"],
    ["adiós", "chao", "chau"],
    ["muchas gracias", "mil gracias"],
    ["de nada", "no hay de qué"],
    ["disculpe", "perdone", "disculpa", "perdona", "perdón"],
    ["vale", "de acuerdo", "ok"],
    ["hasta luego", "hasta pronto", "nos vemos"],
    ["coche", "carro", "auto"],
    ["ordenador", "computadora", "computador"],
    ["móvil", "celular"],
    ["zumo", "jugo"],
    ["patata", "papa"],
    ["patatas", "papas"],
  ],
  fr: [
    ["enchanté", "enchantée", "ravi de vous rencontrer", "ravie de vous rencontrer", "ravi de faire votre connaissance", "ravie de faire votre connaissance"],
    ["bonjour", "salut"],
    ["au revoir", "salut"],
    ["merci beaucoup", "merci bien", "mille mercis"],
    ["de rien", "je vous en prie", "je t'en prie", "il n'y a pas de quoi"],
    ["excusez-moi", "pardon", "excuse-moi"],
    ["d'accord", "ok", "entendu"],
    ["à plus tard", "à tout à l'heure", "à plus"],
    ["portable", "téléphone portable", "mobile"],
  ],
  de: [
    ["freut mich", "sehr erfreut", "angenehm", "schön, dich kennenzulernen", "schön, sie kennenzulernen", "freut mich, dich kennenzulernen", "freut mich, sie kennenzulernen"],
    ["hallo", "hi", "servus", "moin"],
    ["tschüss", "tschüs", "auf wiedersehen", "ciao"],
    ["danke schön", "vielen dank", "danke sehr"],
    ["gern geschehen", "bitte", "bitte schön", "gerne", "keine ursache"],
    ["entschuldigung", "entschuldigen sie", "verzeihung"],
    ["okay", "ok", "in ordnung", "einverstanden"],
    ["bis später", "bis dann", "bis nachher"],
    ["handy", "mobiltelefon"],
  ],
  it: [
    ["piacere", "molto piacere", "piacere di conoscerti", "piacere di conoscerla", "lieto di conoscerti", "lieta di conoscerti"],
    ["ciao", "salve"],
    ["arrivederci", "ciao"],
    ["grazie mille", "molte grazie", "grazie tante"],
    ["prego", "di niente", "di nulla"],
    ["scusi", "mi scusi", "scusa", "scusami"],
    ["va bene", "d'accordo", "ok"],
    ["a dopo", "a più tardi", "ci vediamo"],
    ["cellulare", "telefonino"],
  ],
  "pt-BR": [
    ["muito prazer", "prazer", "encantado", "encantada", "prazer em conhecer você", "prazer em te conhecer"],
    ["oi", "olá"],
    ["tchau", "até mais"],
    ["obrigado", "obrigada"],
    ["muito obrigado", "muito obrigada"],
    ["de nada", "por nada", "não há de quê"],
    ["com licença", "desculpe", "com licença, por favor"],
    ["tá bom", "está bem", "beleza", "ok"],
    ["até logo", "até mais tarde", "a gente se vê"],
    ["celular", "telefone celular"],
  ],
};

/**
 * Endings whose masculine and feminine forms a speaker chooses by who they are (es/it/pt: -ado/-ada,
 * -ano/-ana…; fr: -é/-ée, -eux/-euse…). Nouns whose gender changes the person meant are left out.
 */
export const GENDER_ENDINGS: Record<string, [string, string][]> = {
  es: [["ado", "ada"], ["ido", "ida"], ["ano", "ana"], ["ino", "ina"], ["ero", "era"], ["oso", "osa"], ["ico", "ica"], ["ivo", "iva"], ["ento", "enta"], ["eto", "eta"], ["isto", "ista"], ["uto", "uta"]],
  it: [["ato", "ata"], ["ito", "ita"], ["uto", "uta"], ["ano", "ana"], ["ino", "ina"], ["oso", "osa"], ["ico", "ica"], ["ivo", "iva"], ["ento", "enta"], ["eto", "eta"], ["anco", "anca"]],
  "pt-BR": [["ado", "ada"], ["ido", "ida"], ["ano", "ana"], ["ino", "ina"], ["eiro", "eira"], ["oso", "osa"], ["ico", "ica"], ["ivo", "iva"], ["ento", "enta"], ["eto", "eta"], ["uto", "uta"]],
  fr: [["é", "ée"], ["eux", "euse"], ["ien", "ienne"], ["if", "ive"], ["ent", "ente"], ["ain", "aine"], ["ais", "aise"], ["avi", "avie"], ["rêt", "rête"]],
};

/** Words that end like an adjective but name a different person in the other gender. */
export const GENDER_EXCEPTIONS = new Set(["hermano", "hermana", "hermanos", "hermanas", "fratello", "sorella", "irmão", "irmã", "marido", "esposo", "esposa", "mari", "ciento", "cuento", "momento", "cento", "mento", "vento", "tempo", "bien", "rien", "chien", "ent", "dent", "vent", "lent", "ais", "mais", "pain", "main", "demain", "train", "bain"]);

/** Articles that, before a noun given alone, do not change what is meant. */
export const ARTICLES: Record<string, string[]> = {
  en: ["the", "a", "an"],
  es: ["el", "la", "los", "las", "un", "una", "unos", "unas"],
  fr: ["le", "la", "les", "l'", "un", "une", "des"],
  de: ["der", "die", "das", "ein", "eine"],
  it: ["il", "lo", "la", "i", "gli", "le", "l'", "un", "uno", "una", "un'"],
  "pt-BR": ["o", "a", "os", "as", "um", "uma"],
};

/** English contractions, written out on both sides before comparing. */
export const EN_CONTRACTIONS: [RegExp, string][] = [
  [/\bi'm\b/g, "i am"],
  [/\byou're\b/g, "you are"],
  [/\bwe're\b/g, "we are"],
  [/\bthey're\b/g, "they are"],
  [/\b(it|he|she|that|what|there|where)'s\b/g, "$1 is"],
  [/\bcan't\b/g, "cannot"],
  [/\bcan not\b/g, "cannot"],
  [/\bwon't\b/g, "will not"],
  [/\b(do|does|did|is|are|was|were|have|has|would|should|could)n't\b/g, "$1 not"],
  [/\b(i|you|we|they)'ve\b/g, "$1 have"],
  [/\b(i|you|we|they|he|she|it)'ll\b/g, "$1 will"],
  [/\b(i|you|we|they|he|she)'d\b/g, "$1 would"],
  [/\blet's\b/g, "let us"],
];
