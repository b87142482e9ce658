// The slots a frame dialogue fills from what the scene was understood as: the thing talked about
// and the one something goes wrong with, the price in the place's currency, the state the
// complication puts the thing in. Chosen once per plan, so every line and every translation
// names the same thing, the same city and the same money.
import type { Lang } from "../../languages.ts";
import type { Concept } from "../lexicon-rules.ts";
import type { Complication } from "./cues.ts";
import { ROLE_CUES } from "./cues.ts";
import { FRAME_BY_ID, type FrameId } from "./frames.ts";
import { stateWord, type State } from "./noun-phrase.ts";
import type { Currency } from "./places.ts";

/** How the learner opens the business: asking for a thing, or bringing a problem with theirs. */
export type RequestKind = "want" | "problem";

interface FrameTalk {
  request: RequestKind;
  /** Concept ids of what the conversation is about, when the scene names nothing that fits. */
  things: string[];
  /** What is delayed, full or closed when the scene names no such thing. */
  venue: string;
  /**
   * When what is asked for is one kind of thing and what is specified another (a dish, then
   * the drink the waiter asks for): the concepts of each kind, and the details said when the
   * scene names none.
   */
  kinds?: { thing: ReadonlySet<string>; detail: ReadonlySet<string>; details: string[] };
}

const talk = (request: RequestKind, things: string[], venue: string, kinds?: FrameTalk["kinds"]): FrameTalk => ({ request, things, venue, ...(kinds ? { kinds } : {}) });

// What a guest orders to eat and to drink. Listed, because the lexicon's food topic also holds
// meals, tastes, the cellar and the table: "I would like a flavour" or "a table" is not an
// order, and "a dish, please" does not answer "and to drink?".
const FOODS = new Set(["tapa", "paella", "soup", "fish_food", "chicken", "meat", "beef", "pork", "lamb", "ham", "sausage", "cheese", "bread", "rice", "pasta", "salad", "stew", "seafood", "starter", "dessert", "sandwich", "bread_roll", "toast_bread", "croissant", "cake", "pastry", "cookie", "ice_cream"]);
const DRINKS = new Set(["water", "wine", "beer", "cider", "mead", "coffee", "tea", "hot_chocolate", "juice", "milk"]);

export const FRAME_TALK: Record<FrameId, FrameTalk> = {
  order_food: talk("want", ["soup", "fish_food", "sandwich", "cake", "stew"], "restaurant", { thing: FOODS, detail: DRINKS, details: ["water", "wine", "coffee", "tea", "beer"] }),
  buy_market: talk("want", ["fruit"], "market"),
  buy_shop: talk("want", ["shirt"], "shop"),
  ask_way: talk("want", ["station_train", "bus_stop"], "street"),
  check_in: talk("want", ["room_hotel"], "hotel"),
  travel_tickets: talk("want", ["ticket_travel", "train"], "train"),
  border_control: talk("problem", ["passport"], "border"),
  report_loss: talk("problem", ["wallet", "passport"], "police_station"),
  emergency: talk("want", ["ambulance"], "ambulance"),
  doctor_appointment: talk("want", ["appointment"], "doctor"),
  dentist_appointment: talk("want", ["appointment"], "dentist"),
  pharmacy: talk("want", ["medicine"], "pharmacy"),
  bank_appointment: talk("want", ["bank_account"], "bank_money"),
  job_interview: talk("want", ["job"], "company"),
  meet_introduce: talk("want", ["friend"], "party"),
  rent_home: talk("want", ["apartment"], "apartment"),
  return_complain: talk("problem", ["shirt", "receipt"], "shop"),
  negotiate: talk("want", ["price"], "shop"),
  debate: talk("want", ["debate"], "debate"),
  guided_visit: talk("want", ["guided_tour", "exhibition"], "exhibition"),
  plan_event: talk("want", ["party", "birthday"], "party"),
  post_office: talk("want", ["package_parcel"], "post_office"),
  tech_support: talk("problem", ["computer", "laptop"], "computer"),
  enrol_course: talk("want", ["course"], "course"),
  sports_club: talk("want", ["team", "gym"], "gym"),
  repair: talk("problem", ["phone", "computer"], "tool"),
  concert_tickets: talk("want", ["concert"], "concert"),
  farm_visit: talk("want", ["egg"], "farm"),
  cook_together: talk("want", ["recipe"], "kitchen"),
  expedition: talk("want", ["map", "path"], "path"),
};

// Words that are not things one has or asks for: what goes wrong is the complication's turn
// ("I would like a delay", "my smoke" are never said), and an ailment is what a medicine is for
// ("I would like a headache" is never said at a pharmacy).
const NOT_THINGS = new Set(["smoke", "fire_emergency", "help_interj", "first_aid", "injured", "dangerous", "pain", "fever", "headache", "cold_illness", "flu", "side_effect", "disease", "infection", "sick", "delay", "steal", "theft", "thief", "report_crime", "breakdown", "leak", "crash_computer", "accident", "injury", "miss_train", "get_lost"]);

// Things that run to a timetable: what a delay or a cancellation happens to.
const SCHEDULED = new Set(["train", "flight", "bus", "concert", "appointment", "guided_tour", "course", "party", "job_interview"]);

/** A scene's noun that can be talked about: a singular noun of the lexicon (not a plural-only one). */
export function isThing(concept: Concept | undefined): concept is Concept {
  return concept !== undefined && concept.pos === "noun" && !["los", "las"].includes(concept.es.art ?? "") && !(concept.de.art === "die" && concept.de.g !== "f");
}

// Words that name a situation or a person ("tavern", "police station", "waitress") are what the
// scene is, not what the learner asks for: "I would like a tavern" is never said.
const PEOPLE = new Set(Object.values(ROLE_CUES).flatMap((w) => w.en));

function namesTheScene(frame: FrameId, concept: Concept): boolean {
  const word = concept.en.w.toLowerCase();
  return PEOPLE.has(word) || (FRAME_BY_ID.get(frame)?.cues.en ?? []).includes(word) || concept.id === FRAME_TALK[frame].venue;
}

/**
 * The thing the conversation is about and the one the complication befalls: the scene's own
 * nouns first (the frame's words among them before the rest), then the frame's defaults. A
 * delay or cancellation befalls something scheduled; a full or closed sign the venue.
 */
export function chooseThings(
  frame: FrameId,
  sceneConcepts: Concept[],
  complication: Complication | null,
  frameConcepts: ReadonlySet<string>,
  byId: (id: string) => Concept | undefined,
): { thing: Concept | null; detail: Concept | null; troubled: Concept | null } {
  const topics = new Set(FRAME_BY_ID.get(frame)?.topics ?? []);
  // A scene's noun from elsewhere (the captain of a harbour tavern) is not what is asked for.
  const own = sceneConcepts.filter(isThing).filter((c) => !namesTheScene(frame, c) && !NOT_THINGS.has(c.id) && (frameConcepts.has(c.id) || c.topics.some((t) => topics.has(t))));
  const venues = sceneConcepts.filter(isThing).filter((c) => namesTheScene(frame, c) && !PEOPLE.has(c.en.w.toLowerCase()));
  // The frame's own words after its defaults, for data sets that lack the defaults.
  const defaults = [...FRAME_TALK[frame].things.map(byId).filter(isThing), ...[...frameConcepts].map(byId).filter(isThing).filter((c) => !namesTheScene(frame, c) && !NOT_THINGS.has(c.id))];
  const ranked = [...own.filter((c) => frameConcepts.has(c.id)), ...own.filter((c) => !frameConcepts.has(c.id)), ...defaults];
  const { kinds } = FRAME_TALK[frame];
  // Of two kinds, each is the scene's own (the tapas, the wine), else the default nearest the scene (a café's cake and coffee).
  // The frame's own words of the kind come after its defaults, for data sets that lack the defaults.
  const ofKind = (allowed: ReadonlySet<string>, fallback: string[]) =>
    sceneConcepts.filter(isThing).find((c) => allowed.has(c.id)) ?? nearest([...fallback, ...[...frameConcepts].filter((id) => allowed.has(id))].map(byId).filter(isThing), sceneConcepts) ?? null;
  const thing = kinds ? ofKind(kinds.thing, FRAME_TALK[frame].things) : (ranked[0] ?? null);
  // What the learner specifies: the scene's next thing ("a table", then "the wine"), else the same.
  const detail = kinds ? (ofKind(kinds.detail, kinds.details) ?? thing) : (ranked.find((c) => c !== thing) ?? thing);
  const venue = [...venues.filter((c) => c.id === FRAME_TALK[frame].venue), byId(FRAME_TALK[frame].venue), ...venues].find(isThing) ?? thing;
  if (complication === "delayed" || complication === "cancelled") {
    // What runs late may be what names the scene ("the train is delayed" at a train station).
    const scheduled = [...sceneConcepts, ...FRAME_TALK[frame].things.map(byId)].filter(isThing).find((c) => SCHEDULED.has(c.id));
    return { thing, detail, troubled: scheduled ?? thing };
  }
  if (complication === "full" || complication === "closed") return { thing, detail, troubled: venue };
  return { thing, detail, troubled: thing };
}

/** The candidate sharing the most topics with the scene's words, the first among equals. */
function nearest(candidates: Concept[], sceneConcepts: Concept[]): Concept | undefined {
  const shared = (c: Concept) => sceneConcepts.reduce((n, s) => n + s.topics.filter((t) => c.topics.includes(t)).length, 0);
  return candidates.map((c, i) => ({ c, i, n: shared(c) })).sort((a, b) => b.n - a.n || a.i - b.i)[0]?.c;
}

/**
 * The state a scene's complication puts the thing in; a scene naming none makes it unavailable,
 * or closed where the thing is a place one is looking for (a cathedral is not "unavailable").
 */
export function stateOf(complication: Complication | null, frame: FrameId): State | "unavailable" {
  return complication ?? (frame === "ask_way" ? "closed" : "unavailable");
}

/**
 * "is delayed", "ha sido robada", "è stata rubata": the copula the state takes in each language
 * (a theft is said in the passive, Italian agrees its "stato" too) and the state's agreeing word.
 */
export function statePhrase(state: State | "unavailable", lang: Lang, gender: "m" | "f" | "n"): string {
  if (state === "unavailable") {
    const word = stateWord("available", lang, gender);
    return { en: `is not ${word} right now`, es: `no está ${word} ahora mismo`, fr: `n'est pas ${word} pour le moment`, de: `ist gerade nicht ${word}`, it: `non è ${word} in questo momento`, "pt-BR": `não está ${word} agora` }[lang];
  }
  const word = stateWord(state, lang, gender);
  const passive = state === "stolen" || state === "cancelled";
  const f = gender === "f";
  switch (lang) {
    case "en":
      return passive ? `has been ${word}` : `is ${word}`;
    case "es":
      return passive ? `ha sido ${word}` : `está ${word}`;
    case "fr":
      return passive ? `a été ${word}` : `est ${word}`;
    case "de":
      return state === "stolen" ? `wurde ${word}` : `ist ${word}`;
    case "it":
      return passive ? `è ${f ? "stata" : "stato"} ${word}` : `è ${word}`;
    case "pt-BR":
      return passive ? `foi ${word}` : `está ${word}`;
  }
}

// The money's name in each language, in the plural: prices in a dialogue are never one unit.
const CURRENCY_NAMES: Record<Currency, Record<Lang, string>> = {
  EUR: { en: "euros", es: "euros", fr: "euros", de: "Euro", it: "euro", "pt-BR": "euros" },
  GBP: { en: "pounds", es: "libras", fr: "livres", de: "Pfund", it: "sterline", "pt-BR": "libras" },
  USD: { en: "dollars", es: "dólares", fr: "dollars", de: "Dollar", it: "dollari", "pt-BR": "dólares" },
  BRL: { en: "reais", es: "reales", fr: "reais", de: "Real", it: "real", "pt-BR": "reais" },
  CHF: { en: "Swiss francs", es: "francos suizos", fr: "francs suisses", de: "Franken", it: "franchi svizzeri", "pt-BR": "francos suíços" },
  MXN: { en: "pesos", es: "pesos", fr: "pesos", de: "Pesos", it: "pesos", "pt-BR": "pesos" },
  ARS: { en: "pesos", es: "pesos", fr: "pesos", de: "Pesos", it: "pesos", "pt-BR": "pesos" },
  COP: { en: "pesos", es: "pesos", fr: "pesos", de: "Pesos", it: "pesos", "pt-BR": "pesos" },
  CAD: { en: "Canadian dollars", es: "dólares canadienses", fr: "dollars canadiens", de: "kanadische Dollar", it: "dollari canadesi", "pt-BR": "dólares canadenses" },
};


export function currencyName(currency: Currency, lang: Lang): string {
  return CURRENCY_NAMES[currency][lang];
}

/** "24 euros": the amount in digits, so the line and its translation say the same number. */
export function priceText(amount: number, currency: Currency, lang: Lang): string {
  return `${amount} ${currencyName(currency, lang)}`;
}
