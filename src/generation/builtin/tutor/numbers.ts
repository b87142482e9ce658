// Numbers a learner may type, in digits or words, in each language. The tutor only needs to know
// that a number was said (a scenario keyword that is a number accepts any number), so compounds
// are recognised by their parts rather than parsed to a value.
import type { Lang } from "../../languages.ts";
import { foldAccents } from "../text-normalise.ts";

const WORDS: Record<Lang, string> = {
  en: "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand dozen half",
  es: "cero uno una dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciseis diecisiete dieciocho diecinueve veinte veintiuno veintidos veintitres veinticuatro veinticinco veintiseis veintisiete veintiocho veintinueve treinta cuarenta cincuenta sesenta setenta ochenta noventa cien ciento mil docena medio media",
  fr: "zero un une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize vingt trente quarante cinquante soixante cent mille douzaine demi demie",
  de: "null ein eins eine einen zwei drei vier funf sechs sieben acht neun zehn elf zwolf dreizehn vierzehn funfzehn sechzehn siebzehn achtzehn neunzehn zwanzig dreissig vierzig funfzig sechzig siebzig achtzig neunzig hundert tausend dutzend halb halbe",
  it: "zero uno una un due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici quindici sedici diciassette diciotto diciannove venti trenta quaranta cinquanta sessanta settanta ottanta novanta cento mille dozzina mezzo mezza",
  "pt-BR": "zero um uma dois duas tres quatro cinco seis sete oito nove dez onze doze treze quatorze catorze quinze dezesseis dezessete dezoito dezenove vinte trinta quarenta cinquenta sessenta setenta oitenta noventa cem cento mil duzia meio meia",
};

const TABLE = new Map<Lang, Set<string>>((Object.keys(WORDS) as Lang[]).map((lang) => [lang, new Set(WORDS[lang].split(" "))]));

// German and Italian write compounds as one word (dreiundzwanzig, ventitré): a word made only of
// number words is a number.
const COMPOUND: Partial<Record<Lang, RegExp>> = {
  de: /^(ein|zwei|drei|vier|funf|sechs|sieben|acht|neun)und(zwanzig|dreissig|vierzig|funfzig|sechzig|siebzig|achtzig|neunzig)$/,
  it: /^(venti|vent|trenta|trent|quaranta|quarant|cinquanta|cinquant|sessanta|sessant|settanta|settant|ottanta|ottant|novanta|novant)(uno|due|tre|quattro|cinque|sei|sette|otto|nove)$/,
};

export function isNumberWord(word: string, lang: Lang): boolean {
  if (/^\d+([.,]\d+)?$/.test(word)) return true;
  const folded = foldAccents(word);
  return (TABLE.get(lang)?.has(folded) ?? false) || (COMPOUND[lang]?.test(folded) ?? false);
}

/** Does any word name a number? ("un"/"one" count too: "un café" is a quantity of one.) */
export function mentionsNumber(words: readonly string[], lang: Lang): boolean {
  return words.some((w) => isNumberWord(w, lang));
}
