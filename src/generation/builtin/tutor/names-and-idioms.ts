// Two things the correction stages must treat as whole units, before any word is looked at alone:
// place names written with their accents and capitals (México, São Paulo, München), and idioms,
// whose words look like mistakes one by one (pisar na bola is not "picar na bola"). A name
// written without its accent is corrected; the words of an idiom are claimed so no later stage
// rewrites them.
import type { Lang } from "../../languages.ts";
import { foldAccents } from "../text-normalise.ts";
import { type Context } from "./correction-context.ts";

const NAMES: Record<Lang, string> = {
  en: "Mexico|Peru|Japan|Germany|France|Spain|Italy|Brazil|Portugal|England|Canada|London|Paris|Rome|Madrid|Berlin|Lisbon|Munich|Zurich|Vienna|Mexico City|New York|Sao Paulo|Rio de Janeiro|Bogota|Quebec|Montreal|Seville|Barcelona",
  es: "México|Perú|Panamá|Japón|Canadá|Bogotá|Málaga|Córdoba|Cádiz|España|Bélgica|Berlín|París|Múnich|Ámsterdam|Irán|Pakistán|Túnez|Sudáfrica|Nueva York|Ciudad de México|Mérida|Medellín|Asunción|Perú|Brasil|Sevilla",
  fr: "Québec|Montréal|États-Unis|Sénégal|Pérou|Brésil|Mexique|Équateur|Éthiopie|Égypte|Algérie|Grèce|Suède|Norvège|Genève|Séville|Bogotá|São Paulo|Côte d'Ivoire",
  de: "Österreich|München|Köln|Zürich|Düsseldorf|Nürnberg|Türkei|Dänemark|Göttingen|Lübeck|Saarbrücken|Würzburg|Tübingen|Gießen|Südafrika|Großbritannien",
  it: "Perù|Città del Messico|Forlì|Cantù|Canicattì|Panamá|Mérida",
  "pt-BR": "São Paulo|Brasília|Belém|Maceió|Paraná|Amapá|Goiânia|Piauí|Ceará|Maranhão|Japão|França|Alemanha|México|Canadá|Itália|Espanha|Inglaterra|Rio de Janeiro|Florianópolis|Cuiabá|Macapá|Jundiaí|Paraíba|Londres|Bogotá",
};

/** Names that are also common words when written in lower case (para, china): only their accent is checked. */
const COMMON_WORDS = new Set(["para", "china", "turkey", "jordan"]);

interface Name {
  words: string[];
  folded: string[];
}

const NAME_TABLE = new Map<Lang, Name[]>(
  (Object.keys(NAMES) as Lang[]).map((lang) => [
    lang,
    NAMES[lang]
      .split("|")
      .map((n) => ({ words: n.split(/\s+/), folded: n.split(/\s+/).map((w) => foldAccents(w)) }))
      .sort((a, b) => b.words.length - a.words.length),
  ]),
);

/** A place name written without its accent or capital: the name as it is written. */
export function nameStage(ctx: Context): void {
  const names = NAME_TABLE.get(ctx.lang) ?? [];
  const folded = ctx.words.map((w) => foldAccents(w.original));
  for (let i = 0; i < ctx.words.length; i++) {
    const name = names.find((n) => n.folded.every((f, k) => folded[i + k] === f));
    if (!name) continue;
    const span = name.words.map((_, k) => i + k);
    const written = span.map((k) => ctx.words[k]?.original ?? "");
    // The name's own accents kept where the table writes it without them (English "São Paulo" and "Sao Paulo" are both right).
    const right = name.words.map((w, k) => (!/\p{M}/u.test(w.normalize("NFD")) && /\p{M}/u.test((written[k] ?? "").normalize("NFD")) && (written[k] ?? "").normalize("NFD").replace(/\p{M}/gu, "") === w ? (written[k] as string) : w));
    const wrong = written.some((w, k) => w !== right[k]);
    // A name that is also a word of the language (para, china) is a name only when capitalised.
    const first = written[0] as string;
    if (name.words.length === 1 && first === first.toLowerCase() && (COMMON_WORDS.has(folded[i] as string) || ctx.language.knownWords.has(first))) continue;
    for (const [k, index] of span.entries()) {
      const word = ctx.words[index];
      if (word) word.fixed = right[k] as string;
      ctx.claimed.add(index);
    }
    if (wrong) ctx.found.push({ from: i, to: i + span.length - 1, category: "accent", note: "proper_noun", params: {} });
    i += span.length - 1;
  }
}

/** Idioms as patterns over the case- and accent-folded words (any tense of the verb). */
const IDIOMS: Record<Lang, RegExp[]> = {
  en: [/\bbreak a leg\b/, /\bpiece of cake\b/, /\bunder the weather\b/, /\bcost an arm and a leg\b/, /\bmarried with children\b/],
  es: [/\b(meti|mete|meto|metio|meter|metiste|metimos)\w* la pata\b/, /\btom\w* el pelo\b/, /\bpan comido\b/, /\bmas bueno que el pan\b/, /\bcost\w* un ojo de la cara\b/, /\ben las nubes\b/],
  fr: [/\bpos\w* un lapin\b/, /\bavoir le cafard\b/, /\ba le cafard\b/, /\bles yeux de la tete\b/, /\bla flemme\b/, /\bcoup de foudre\b/],
  de: [/\bdaumen drucken\b/, /\bdruck\w* (dir|euch|ihm|ihr|ihnen|dich) die daumen\b/, /\btomaten auf den augen\b/, /\bnur bahnhof\b/, /\bschwein gehabt\b/, /\bauf dem schlauch\b/],
  it: [/\bin bocca al lupo\b/, /\bcrepi\b/, /\bal verde\b/, /\bnon vedo l ora\b/, /\bmani in pasta\b/],
  "pt-BR": [/\bpis\w* na bola\b/, /\bchut\w* o balde\b/, /\bench\w* o saco\b/, /\bquebr\w* o galho\b/, /\bpag\w* o pato\b/, /\bdeu um jeito\b/, /\bcara de pau\b/],
};

/** Claims the words of every idiom in the message. */
export function idiomStage(ctx: Context): void {
  const folded = ctx.words.map((w) => foldAccents(w.original).replace(/['’]/g, " ").trim());
  let position = 0;
  const starts = folded.map((w) => {
    const start = position;
    position += w.length + 1;
    return start;
  });
  const text = folded.join(" ");
  for (const idiom of IDIOMS[ctx.lang]) {
    const re = new RegExp(idiom.source, "g");
    for (const m of text.matchAll(re)) {
      const end = (m.index ?? 0) + m[0].length;
      starts.forEach((s, k) => {
        if (s >= (m.index ?? 0) && s < end) ctx.claimed.add(k);
      });
    }
  }
}
