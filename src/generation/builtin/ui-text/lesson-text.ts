// The lesson plan's own words in the six source languages: titles, can-do statements and
// instructions. Written for Parla; es uses tú, fr vous, de du, it tu, pt-BR você throughout.
import type { Lang } from "../../languages.ts";
import type { Texts } from "./template.ts";

export const SET_TITLES: Record<"overview" | "grammar" | "exercises" | "role_play" | "exit_check", Texts> = {
  overview: { en: "Overview: {topic}", es: "Presentación: {topic}", fr: "Présentation : {topic}", de: "Überblick: {topic}", it: "Panoramica: {topic}", "pt-BR": "Visão geral: {topic}" },
  grammar: { en: "Grammar", es: "Gramática", fr: "Grammaire", de: "Grammatik", it: "Grammatica", "pt-BR": "Gramática" },
  exercises: { en: "Practice", es: "Práctica", fr: "Exercices", de: "Übungen", it: "Esercizi", "pt-BR": "Exercícios" },
  role_play: { en: "Role-play", es: "Juego de rol", fr: "Jeu de rôle", de: "Rollenspiel", it: "Gioco di ruolo", "pt-BR": "Dramatização" },
  exit_check: { en: "Exit check", es: "Evaluación final", fr: "Bilan final", de: "Abschlusstest", it: "Verifica finale", "pt-BR": "Avaliação final" },
};

/** How well the learner can do it, by CEFR band (A, B, C). */
export const MANNER: Record<"A" | "B" | "C", Texts> = {
  A: { en: "in simple, everyday exchanges", es: "en intercambios sencillos y cotidianos", fr: "dans des échanges simples et quotidiens", de: "in einfachen Alltagssituationen", it: "in scambi semplici e quotidiani", "pt-BR": "em situações simples do dia a dia" },
  B: { en: "in familiar situations", es: "en situaciones conocidas", fr: "dans des situations familières", de: "in vertrauten Situationen", it: "in situazioni familiari", "pt-BR": "em situações conhecidas" },
  C: { en: "fluently and precisely", es: "con fluidez y precisión", fr: "avec aisance et précision", de: "flüssig und präzise", it: "con scioltezza e precisione", "pt-BR": "com fluência e precisão" },
};

export const CAN_DO = {
  vocabulary: {
    en: "I can recognise and use {n} words about the topic {topic}.",
    es: "Puedo reconocer y usar {n} palabras sobre el tema {topic}.",
    fr: "Je peux reconnaître et utiliser {n} mots sur le thème {topic}.",
    de: "Ich kann {n} Wörter zum Thema {topic} erkennen und verwenden.",
    it: "So riconoscere e usare {n} parole sul tema {topic}.",
    "pt-BR": "Consigo reconhecer e usar {n} palavras sobre o tema {topic}.",
  },
  phrases: {
    en: "I can use key phrases such as {phrase} {manner}.",
    es: "Puedo usar frases clave como {phrase} {manner}.",
    fr: "Je peux utiliser des phrases clés comme {phrase} {manner}.",
    de: "Ich kann wichtige Sätze wie {phrase} {manner} verwenden.",
    it: "So usare frasi chiave come {phrase} {manner}.",
    "pt-BR": "Consigo usar frases-chave como {phrase} {manner}.",
  },
  grammar: {
    en: "I can understand and form sentences like {example}.",
    es: "Puedo entender y formar frases como {example}.",
    fr: "Je peux comprendre et former des phrases comme {example}.",
    de: "Ich kann Sätze wie {example} verstehen und bilden.",
    it: "So capire e formare frasi come {example}.",
    "pt-BR": "Consigo entender e formar frases como {example}.",
  },
  conversation: {
    en: "I can take part in a short conversation with {npc} {manner}.",
    es: "Puedo mantener una conversación breve con {npc} {manner}.",
    fr: "Je peux participer à une courte conversation avec {npc} {manner}.",
    de: "Ich kann mit {npc} {manner} ein kurzes Gespräch führen.",
    it: "So sostenere una breve conversazione con {npc} {manner}.",
    "pt-BR": "Consigo manter uma conversa curta com {npc} {manner}.",
  },
} satisfies Record<string, Texts>;

export const INSTRUCTIONS = {
  matching: {
    en: "Match each {target} word with its translation.",
    es: "Relaciona cada palabra en {target} con su traducción.",
    fr: "Associez chaque mot en {target} à sa traduction.",
    de: "Ordne jedem Wort auf {target} seine Übersetzung zu.",
    it: "Abbina ogni parola in {target} alla sua traduzione.",
    "pt-BR": "Relacione cada palavra em {target} com a sua tradução.",
  },
  gap_fill: {
    en: "Complete each sentence with a word from the box.",
    es: "Completa cada frase con una palabra del recuadro.",
    fr: "Complétez chaque phrase avec un mot de la liste.",
    de: "Ergänze jeden Satz mit einem Wort aus dem Kasten.",
    it: "Completa ogni frase con una parola del riquadro.",
    "pt-BR": "Complete cada frase com uma palavra do quadro.",
  },
  translate_into: {
    en: "Translate into {lang}.",
    es: "Traduce al {lang}.",
    fr: "Traduisez en {lang}.",
    de: "Übersetze auf {lang}.",
    it: "Traduci in {lang}.",
    "pt-BR": "Traduza para o {lang}.",
  },
  grammar_gap: {
    en: "Complete each sentence with the right form from the box ({point}).",
    es: "Completa cada frase con la forma correcta del recuadro ({point}).",
    fr: "Complétez chaque phrase avec la bonne forme de la liste ({point}).",
    de: "Ergänze jeden Satz mit der richtigen Form aus dem Kasten ({point}).",
    it: "Completa ogni frase con la forma giusta del riquadro ({point}).",
    "pt-BR": "Complete cada frase com a forma certa do quadro ({point}).",
  },
  choose_correct: {
    en: "Which sentence is correct? ({point})",
    es: "¿Qué frase es correcta? ({point})",
    fr: "Quelle phrase est correcte ? ({point})",
    de: "Welcher Satz ist richtig? ({point})",
    it: "Quale frase è corretta? ({point})",
    "pt-BR": "Qual frase está correta? ({point})",
  },
  dialogue_order: {
    en: "Put the lines of the dialogue in the right order.",
    es: "Ordena las frases del diálogo.",
    fr: "Remettez les répliques du dialogue dans l'ordre.",
    de: "Bring die Sätze des Dialogs in die richtige Reihenfolge.",
    it: "Metti in ordine le battute del dialogo.",
    "pt-BR": "Coloque as falas do diálogo na ordem certa.",
  },
} satisfies Record<string, Texts>;

export const ROLE_PLAY = {
  setting: {
    en: "Scene: {topic}. You are talking with {npc}.",
    es: "Escena: {topic}. Hablas con {npc}.",
    fr: "Scène : {topic}. Vous parlez avec {npc}.",
    de: "Szene: {topic}. Du sprichst mit {npc}.",
    it: "Scena: {topic}. Parli con {npc}.",
    "pt-BR": "Cena: {topic}. Você está falando com {npc}.",
  },
  goal: {
    en: "Go through the whole conversation in {target}, from the greeting to the goodbye.",
    es: "Haz toda la conversación en {target}, del saludo a la despedida.",
    fr: "Menez toute la conversation en {target}, des salutations à l'au revoir.",
    de: "Führe das ganze Gespräch auf {target}, von der Begrüßung bis zum Abschied.",
    it: "Porta avanti tutta la conversazione in {target}, dal saluto al congedo.",
    "pt-BR": "Faça toda a conversa em {target}, da saudação à despedida.",
  },
} satisfies Record<string, Texts>;

export const EXIT_CHECK = {
  meaning: { en: "What does {term} mean?", es: "¿Qué significa {term}?", fr: "Que signifie {term} ?", de: "Was bedeutet {term}?", it: "Che cosa significa {term}?", "pt-BR": "O que significa {term}?" },
  choose_correct: {
    en: "Spot the error: which sentence is correct?",
    es: "Encuentra el error: ¿qué frase es correcta?",
    fr: "Trouvez l'erreur : quelle phrase est correcte ?",
    de: "Finde den Fehler: Welcher Satz ist richtig?",
    it: "Trova l'errore: quale frase è corretta?",
    "pt-BR": "Encontre o erro: qual frase está correta?",
  },
  say_it: { en: "Say it in {target}: {text}", es: "Dilo en {target}: {text}", fr: "Dites-le en {target} : {text}", de: "Sag es auf {target}: {text}", it: "Dillo in {target}: {text}", "pt-BR": "Diga em {target}: {text}" },
} satisfies Record<string, Texts>;

/** The role-play partner when the caller names none: a common first name in the target language. */
export const DEFAULT_NPC_NAME: Record<Lang, string> = { en: "Sam", es: "Lucía", fr: "Camille", de: "Jonas", it: "Giulia", "pt-BR": "Ana" };
