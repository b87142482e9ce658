// English verb and adjective forms the English checks need (english-checks.ts): English has no
// inflection tables in builtin/morphology, and its irregular verbs and short adjectives are a
// closed list a learner meets at A1–B1. Regular forms follow the spelling rules (like → liked,
// study → studies, stop → stopped).

/** base past participle */
const IRREGULAR = `go went gone|buy bought bought|teach taught taught|think thought thought|catch caught caught|bring brought brought|eat ate eaten|drink drank drunk|swim swam swum|run ran run|write wrote written|speak spoke spoken|take took taken|give gave given|come came come|see saw seen|make made made|say said said|know knew known|get got got|leave left left|feel felt felt|sleep slept slept|meet met met|find found found|tell told told|sell sold sold|drive drove driven|fly flew flown|choose chose chosen|break broke broken|forget forgot forgotten|lose lost lost|pay paid paid|stand stood stood|understand understood understood|begin began begun|sit sat sat|win won won|spend spent spent|build built built|send sent sent|fall fell fallen|grow grew grown|throw threw thrown|wear wore worn|read read read|put put put|cut cut cut|hit hit hit|hurt hurt hurt|cost cost cost|keep kept kept|sing sang sung|ride rode ridden|wake woke woken|hear heard heard|hold held held|lend lent lent|become became become|feed fed fed|fight fought fought|lead led led|mean meant meant|shoot shot shot|steal stole stolen|have had had|do did done|swim swam swum|draw drew drawn|forgive forgave forgiven|hide hid hidden|lie lay lain|ring rang rung|show showed shown|sweep swept swept|bite bit bitten|blow blew blown|dig dug dug|freeze froze frozen|shake shook shaken|stick stuck stuck|understand understood understood`;

const REGULAR = "like love live work play want need watch walk talk cook study visit stay start finish help open close clean call ask answer arrive travel listen look wait wash try stop plan enjoy dance use move change rain smile prefer hate hope decide invite miss pass return kiss climb jump laugh learn remember relax rent shop cry carry marry worry hurry practise practice paint jog fix phone text order share wish" .split(" ");

export interface EnglishVerb {
  base: string;
  past: string;
  participle: string;
  third: string;
}

const DOUBLED = new Set(["stop", "plan", "shop", "jog", "travel"]);

function regularPast(base: string): string {
  if (base.endsWith("e")) return `${base}d`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied`;
  if (DOUBLED.has(base)) return `${base}${base.at(-1)}ed`;
  return `${base}ed`;
}

export function thirdPerson(base: string): string {
  if (base === "have") return "has";
  if (base === "do" || base === "go") return `${base}es`;
  if (/(s|sh|ch|x|z)$/.test(base)) return `${base}es`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ies`;
  return `${base}s`;
}

function buildVerbs(): Map<string, EnglishVerb> {
  const verbs = new Map<string, EnglishVerb>();
  for (const entry of IRREGULAR.split("|")) {
    const [base, past, participle] = entry.split(" ") as [string, string, string];
    verbs.set(base, { base, past, participle, third: thirdPerson(base) });
  }
  for (const base of REGULAR) {
    const past = regularPast(base);
    verbs.set(base, { base, past, participle: past, third: thirdPerson(base) });
  }
  return verbs;
}

export const EN_VERBS = buildVerbs();
/** Third-person forms → base (likes → like). */
export const EN_THIRD = new Map([...EN_VERBS.values()].map((v) => [v.third, v.base]));
/** Every past form → its verb. */
export const EN_PAST = new Map([...EN_VERBS.values()].map((v) => [v.past, v]));

/** Words a learner builds by the regular rule for an irregular verb (goed, teached) → the past. */
const REAL_WORDS = new Set(["singed", "hanged", "leaded", "learned", "seed", "spelled", "dreamed", "burned", "fitted", "lied", "showed", "readed"]);
function buildOverregular(): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of IRREGULAR.split("|")) {
    const [base, past] = entry.split(" ") as [string, string];
    const candidates = [`${base}ed`, base.endsWith("e") ? `${base}d` : "", /[^aeiou][aeiou][^aeiouwy]$/.test(base) ? `${base}${base.at(-1)}ed` : "", `${past}ed`];
    for (const wrong of candidates) if (wrong && wrong !== past && !REAL_WORDS.has(wrong) && !EN_PAST.has(wrong)) out.set(wrong, past);
  }
  return out;
}
export const EN_OVERREGULAR = buildOverregular();

const SHORT_ADJECTIVES: Record<string, [string, string]> = {
  good: ["better", "best"], bad: ["worse", "worst"],
};
for (const adj of "tall small old young fast cheap long short high low strong rich poor new near quick slow clean dark hard soft great kind loud smart cool calm thick weak light deep cold warm".split(" ")) SHORT_ADJECTIVES[adj] = [`${adj}er`, `${adj}est`];
for (const adj of "nice large late safe wide close fine brave".split(" ")) SHORT_ADJECTIVES[adj] = [`${adj}r`, `${adj}st`];
for (const adj of "big hot thin fat wet sad".split(" ")) SHORT_ADJECTIVES[adj] = [`${adj}${adj.at(-1)}er`, `${adj}${adj.at(-1)}est`];
for (const adj of "easy happy busy pretty funny early heavy dirty lazy angry healthy tasty noisy sunny ugly".split(" ")) SHORT_ADJECTIVES[adj] = [`${adj.slice(0, -1)}ier`, `${adj.slice(0, -1)}iest`];

/** Short adjectives → [comparative, superlative]: they do not take more/most. */
export const EN_COMPARATIVES = SHORT_ADJECTIVES;
/** Comparative and superlative forms (taller, best), to drop a "more" before them. */
export const EN_COMPARED = new Set(Object.values(SHORT_ADJECTIVES).flat());

/** Every verb and adjective form of these tables: words the spelling and language checks must know as English. */
export const ENGLISH_FORMS = new Set<string>([
  ...[...EN_VERBS.values()].flatMap((v) => [v.base, v.past, v.participle, v.third, `${v.base.replace(/e$/, "")}ing`]),
  ...Object.keys(SHORT_ADJECTIVES),
  ...EN_COMPARED,
]);
