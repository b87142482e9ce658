// Places a scene may name: the city's name in each language (so lines and translations name it
// the same way), its country, the currency paid there and, where the variety spoken there is
// not the one Parla teaches, a regional note (Parla teaches pt-BR, Castilian Spanish, French of
// France, German of Germany, Italian and British English: see src/generation/README.md).
import type { Lang } from "../../languages.ts";
import { inSixLanguages as n } from "../ui-text/template.ts";

export type Currency = "EUR" | "GBP" | "USD" | "BRL" | "CHF" | "MXN" | "ARS" | "CAD" | "COP";

/** The money of the language taught, when the scene names no place (pt-BR: Brazil, en: the United Kingdom). */
export const HOME_CURRENCY: Record<Lang, Currency> = { en: "GBP", es: "EUR", fr: "EUR", de: "EUR", it: "EUR", "pt-BR": "BRL" };

export interface Place {
  id: string;
  country: string;
  currency: Currency;
  names: Record<Lang, string>;
  /** Other spellings a scene may use (folded, accents optional). */
  aliases?: string[];
}

const same = (name: string) => n(name, name, name, name, name, name);

export const PLACES: readonly Place[] = [
  { id: "london", country: "GB", currency: "GBP", names: n("London", "Londres", "Londres", "London", "Londra", "Londres") },
  { id: "edinburgh", country: "GB", currency: "GBP", names: n("Edinburgh", "Edimburgo", "Édimbourg", "Edinburgh", "Edimburgo", "Edimburgo") },
  { id: "manchester", country: "GB", currency: "GBP", names: same("Manchester") },
  { id: "dublin", country: "IE", currency: "EUR", names: n("Dublin", "Dublín", "Dublin", "Dublin", "Dublino", "Dublin") },
  { id: "new_york", country: "US", currency: "USD", names: n("New York", "Nueva York", "New York", "New York", "New York", "Nova York") },
  { id: "madrid", country: "ES", currency: "EUR", names: same("Madrid") },
  { id: "seville", country: "ES", currency: "EUR", names: n("Seville", "Sevilla", "Séville", "Sevilla", "Siviglia", "Sevilha") },
  { id: "barcelona", country: "ES", currency: "EUR", names: n("Barcelona", "Barcelona", "Barcelone", "Barcelona", "Barcellona", "Barcelona") },
  { id: "valencia", country: "ES", currency: "EUR", names: n("Valencia", "Valencia", "Valence", "Valencia", "Valencia", "Valência") },
  { id: "mexico_city", country: "MX", currency: "MXN", names: n("Mexico City", "Ciudad de México", "Mexico", "Mexiko-Stadt", "Città del Messico", "Cidade do México") },
  { id: "buenos_aires", country: "AR", currency: "ARS", names: same("Buenos Aires") },
  { id: "bogota", country: "CO", currency: "COP", names: n("Bogotá", "Bogotá", "Bogota", "Bogotá", "Bogotà", "Bogotá") },
  { id: "paris", country: "FR", currency: "EUR", names: n("Paris", "París", "Paris", "Paris", "Parigi", "Paris") },
  { id: "lyon", country: "FR", currency: "EUR", names: n("Lyon", "Lyon", "Lyon", "Lyon", "Lione", "Lyon") },
  { id: "marseille", country: "FR", currency: "EUR", names: n("Marseille", "Marsella", "Marseille", "Marseille", "Marsiglia", "Marselha"), aliases: ["marseilles"] },
  { id: "nice", country: "FR", currency: "EUR", names: n("Nice", "Niza", "Nice", "Nizza", "Nizza", "Nice") },
  { id: "brussels", country: "BE", currency: "EUR", names: n("Brussels", "Bruselas", "Bruxelles", "Brüssel", "Bruxelles", "Bruxelas") },
  { id: "geneva", country: "CH", currency: "CHF", names: n("Geneva", "Ginebra", "Genève", "Genf", "Ginevra", "Genebra") },
  { id: "zurich", country: "CH", currency: "CHF", names: n("Zurich", "Zúrich", "Zurich", "Zürich", "Zurigo", "Zurique") },
  { id: "montreal", country: "CA", currency: "CAD", names: n("Montreal", "Montreal", "Montréal", "Montreal", "Montréal", "Montreal") },
  { id: "berlin", country: "DE", currency: "EUR", names: n("Berlin", "Berlín", "Berlin", "Berlin", "Berlino", "Berlim") },
  { id: "munich", country: "DE", currency: "EUR", names: n("Munich", "Múnich", "Munich", "München", "Monaco di Baviera", "Munique") },
  { id: "hamburg", country: "DE", currency: "EUR", names: n("Hamburg", "Hamburgo", "Hambourg", "Hamburg", "Amburgo", "Hamburgo") },
  { id: "cologne", country: "DE", currency: "EUR", names: n("Cologne", "Colonia", "Cologne", "Köln", "Colonia", "Colônia") },
  { id: "vienna", country: "AT", currency: "EUR", names: n("Vienna", "Viena", "Vienne", "Wien", "Vienna", "Viena") },
  { id: "rome", country: "IT", currency: "EUR", names: n("Rome", "Roma", "Rome", "Rom", "Roma", "Roma") },
  { id: "milan", country: "IT", currency: "EUR", names: n("Milan", "Milán", "Milan", "Mailand", "Milano", "Milão") },
  { id: "florence", country: "IT", currency: "EUR", names: n("Florence", "Florencia", "Florence", "Florenz", "Firenze", "Florença") },
  { id: "venice", country: "IT", currency: "EUR", names: n("Venice", "Venecia", "Venise", "Venedig", "Venezia", "Veneza") },
  { id: "naples", country: "IT", currency: "EUR", names: n("Naples", "Nápoles", "Naples", "Neapel", "Napoli", "Nápoles") },
  { id: "lisbon", country: "PT", currency: "EUR", names: n("Lisbon", "Lisboa", "Lisbonne", "Lissabon", "Lisbona", "Lisboa") },
  { id: "porto", country: "PT", currency: "EUR", names: n("Porto", "Oporto", "Porto", "Porto", "Porto", "Porto") },
  { id: "rio", country: "BR", currency: "BRL", names: same("Rio de Janeiro"), aliases: ["rio"] },
  { id: "sao_paulo", country: "BR", currency: "BRL", names: n("São Paulo", "São Paulo", "São Paulo", "São Paulo", "San Paolo", "São Paulo"), aliases: ["sao paulo"] },
  { id: "salvador", country: "BR", currency: "BRL", names: same("Salvador") },
];

/** The variety each target language is taught in, by country; a place elsewhere gets a note. */
const TAUGHT_IN: Record<Lang, readonly string[]> = {
  en: ["GB", "IE"],
  es: ["ES"],
  fr: ["FR"],
  de: ["DE"],
  it: ["IT", "CH"],
  "pt-BR": ["BR"],
};

/** Countries where each target language is spoken (a note only makes sense there). */
const SPOKEN_IN: Record<Lang, readonly string[]> = {
  en: ["GB", "IE", "US", "CA"],
  es: ["ES", "MX", "AR", "CO"],
  fr: ["FR", "BE", "CH", "CA"],
  de: ["DE", "AT", "CH"],
  it: ["IT", "CH"],
  "pt-BR": ["BR", "PT"],
};

export interface RegionNote {
  /** Country code of the place. */
  region: string;
  /** The note in each language (the learner reads it in their own). */
  text: Record<Lang, string>;
}

// Short notes on the differences a learner meets first; written for Parla.
const NOTES: Record<string, Record<Lang, string>> = {
  "pt-BR:PT": n(
    "In Portugal people say 'tu' to friends, 'comboio' for train and 'pequeno-almoço' for breakfast; this lesson teaches Brazilian Portuguese.",
    "En Portugal se dice «tu» entre amigos, «comboio» para el tren y «pequeno-almoço» para el desayuno; esta lección enseña el portugués de Brasil.",
    "Au Portugal, on dit « tu » entre amis, « comboio » pour le train et « pequeno-almoço » pour le petit-déjeuner ; cette leçon enseigne le portugais du Brésil.",
    "In Portugal sagt man unter Freunden „tu“, „comboio“ für den Zug und „pequeno-almoço“ für das Frühstück; diese Lektion lehrt brasilianisches Portugiesisch.",
    "In Portogallo si dice «tu» tra amici, «comboio» per il treno e «pequeno-almoço» per la colazione; questa lezione insegna il portoghese del Brasile.",
    "Em Portugal se diz «tu» entre amigos, «comboio» para trem e «pequeno-almoço» para café da manhã; esta lição ensina o português do Brasil.",
  ),
  "es:LATAM": n(
    "In Latin America 'ustedes' replaces 'vosotros', and many everyday words differ (carro, celular, computadora); this lesson teaches the Spanish of Spain.",
    "En América Latina se usa «ustedes» en lugar de «vosotros», y muchas palabras cotidianas cambian (carro, celular, computadora); esta lección enseña el español de España.",
    "En Amérique latine, « ustedes » remplace « vosotros » et beaucoup de mots courants changent (carro, celular, computadora) ; cette leçon enseigne l'espagnol d'Espagne.",
    "In Lateinamerika ersetzt „ustedes“ das „vosotros“, und viele Alltagswörter sind anders (carro, celular, computadora); diese Lektion lehrt das Spanisch Spaniens.",
    "In America Latina si usa «ustedes» al posto di «vosotros» e molte parole quotidiane cambiano (carro, celular, computadora); questa lezione insegna lo spagnolo di Spagna.",
    "Na América Latina se usa «ustedes» no lugar de «vosotros», e muitas palavras do dia a dia mudam (carro, celular, computadora); esta lição ensina o espanhol da Espanha.",
  ),
  "fr:OTHER": n(
    "In Belgium and Switzerland people count 'septante' and 'nonante' (70, 90); this lesson teaches the French of France.",
    "En Bélgica y Suiza se cuenta «septante» y «nonante» (70, 90); esta lección enseña el francés de Francia.",
    "En Belgique et en Suisse, on compte « septante » et « nonante » ; cette leçon enseigne le français de France.",
    "In Belgien und der Schweiz zählt man „septante“ und „nonante“ (70, 90); diese Lektion lehrt das Französisch Frankreichs.",
    "In Belgio e in Svizzera si conta «septante» e «nonante» (70, 90); questa lezione insegna il francese di Francia.",
    "Na Bélgica e na Suíça se conta «septante» e «nonante» (70, 90); esta lição ensina o francês da França.",
  ),
  "fr:CA": n(
    "In Quebec people often say 'déjeuner' for breakfast and 'dîner' for lunch; this lesson teaches the French of France.",
    "En Quebec se dice a menudo «déjeuner» para el desayuno y «dîner» para el almuerzo; esta lección enseña el francés de Francia.",
    "Au Québec, on dit souvent « déjeuner » pour le petit-déjeuner et « dîner » pour le déjeuner ; cette leçon enseigne le français de France.",
    "In Quebec sagt man oft „déjeuner“ zum Frühstück und „dîner“ zum Mittagessen; diese Lektion lehrt das Französisch Frankreichs.",
    "In Québec si dice spesso «déjeuner» per la colazione e «dîner» per il pranzo; questa lezione insegna il francese di Francia.",
    "No Quebec se diz muitas vezes «déjeuner» para o café da manhã e «dîner» para o almoço; esta lição ensina o francês da França.",
  ),
  "de:AT": n(
    "In Austria people greet with 'Grüß Gott' or 'Servus' and say 'Jänner' for January; this lesson teaches the German of Germany.",
    "En Austria se saluda con «Grüß Gott» o «Servus» y se dice «Jänner» para enero; esta lección enseña el alemán de Alemania.",
    "En Autriche, on salue par « Grüß Gott » ou « Servus » et on dit « Jänner » pour janvier ; cette leçon enseigne l'allemand d'Allemagne.",
    "In Österreich grüßt man mit „Grüß Gott“ oder „Servus“ und sagt „Jänner“; diese Lektion lehrt das Deutsch Deutschlands.",
    "In Austria si saluta con «Grüß Gott» o «Servus» e si dice «Jänner» per gennaio; questa lezione insegna il tedesco della Germania.",
    "Na Áustria se cumprimenta com «Grüß Gott» ou «Servus» e se diz «Jänner» para janeiro; esta lição ensina o alemão da Alemanha.",
  ),
  "de:CH": n(
    "In Switzerland people speak Swiss German dialects and write 'ss' for 'ß'; this lesson teaches the German of Germany.",
    "En Suiza se hablan dialectos suizos y se escribe «ss» en lugar de «ß»; esta lección enseña el alemán de Alemania.",
    "En Suisse, on parle des dialectes suisses et on écrit « ss » au lieu de « ß » ; cette leçon enseigne l'allemand d'Allemagne.",
    "In der Schweiz spricht man Schweizerdeutsch und schreibt „ss“ statt „ß“; diese Lektion lehrt das Deutsch Deutschlands.",
    "In Svizzera si parlano dialetti svizzeri e si scrive «ss» invece di «ß»; questa lezione insegna il tedesco della Germania.",
    "Na Suíça se falam dialetos suíços e se escreve «ss» em vez de «ß»; esta lição ensina o alemão da Alemanha.",
  ),
  "en:US": n(
    "In the United States people say 'check' for the bill, 'subway' for the underground and 'apartment' for a flat; this lesson teaches British English.",
    "En Estados Unidos se dice «check» para la cuenta, «subway» para el metro y «apartment» para el piso; esta lección enseña el inglés británico.",
    "Aux États-Unis, on dit « check » pour l'addition, « subway » pour le métro et « apartment » pour l'appartement ; cette leçon enseigne l'anglais britannique.",
    "In den USA sagt man „check“ für die Rechnung, „subway“ für die U-Bahn und „apartment“ für die Wohnung; diese Lektion lehrt britisches Englisch.",
    "Negli Stati Uniti si dice «check» per il conto, «subway» per la metropolitana e «apartment» per l'appartamento; questa lezione insegna l'inglese britannico.",
    "Nos Estados Unidos se diz «check» para a conta, «subway» para o metrô e «apartment» para o apartamento; esta lição ensina o inglês britânico.",
  ),
};

function noteKey(target: Lang, country: string): string {
  if (target === "es") return "es:LATAM";
  if (target === "fr") return country === "CA" ? "fr:CA" : "fr:OTHER";
  return `${target}:${country}`;
}

/** The note for a place when the variety spoken there differs from the one taught, else null. */
export function regionNote(place: Place, target: Lang): RegionNote | null {
  if (!SPOKEN_IN[target].includes(place.country) || TAUGHT_IN[target].includes(place.country)) return null;
  const text = NOTES[noteKey(target, place.country)];
  return text ? { region: place.country, text } : null;
}
