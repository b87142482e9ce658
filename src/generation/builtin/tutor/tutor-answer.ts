// The NPC answering what the learner said, inside the scene's facts (scene-facts.ts) and the
// conversation's memory: a price in the scene's currency (the same price for the same item every
// time), opening hours or the next departure that fit the place, the way, whether something is
// available (the scene's own items are), a recommendation from the scene's items, its own name,
// origin, work, family and free time; it remembers the learner's name, origin and order and
// answers from them when asked. Each answer is a pair of texts (target and source language)
// built from answer-text.ts, so the translation always says the same thing.
import type { Lang } from "../../languages.ts";
import type { ConversationMemory } from "../../model.ts";
import type { Concept } from "../lexicon-rules.ts";
import { say } from "../ui-text/template.ts";
import { NPC_LINES } from "../ui-text/tutor-text.ts";
import { englishIndefinite, nounArticles, withArticle } from "../articles.ts";
import { displayTerm } from "../vocab-item.ts";
import { GENERAL_QUESTIONS_FORMAL } from "./band-voice.ts";
import { ANSWERS, DIRECTIONS, GENERAL_QUESTIONS, HOME_CITY, type GeneralTopic } from "./answer-text.ts";
import type { LearnerIntent, LearnerTurn } from "./learner-intent.ts";
import { formatPrice, orderTotal, priceOf, stableNumber, type SceneFacts } from "./scene-facts.ts";

export interface AnswerInput {
  source: Lang;
  target: Lang;
  facts: SceneFacts;
  turn: LearnerTurn;
  memory: ConversationMemory;
  npcName: string;
  /** In a scene the NPC is at work and polite; without one it chats informally. */
  inScene: boolean;
  /** The NPC says usted/Sie/vous/Lei: always in a scene, and in the general conversation at C1–C2 (band-voice.ts). */
  formal: boolean;
  /** The general question the NPC asked last, which a bare answer ("De Madrid.") replies to. */
  lastAsked: GeneralTopic | null;
  /** A key for what the learner named when the lexicon lacks it (its price stays the same). */
  unknownKey: string;
  /** The learner's yes/no question turned into its answer (¿Es muy picante? → Sí, es muy picante.), when every word is known. */
  echo: string | null;
}

// What a learner can order or buy: food and drink, goods, a room, a ticket — not the table, the menu or the bill.
const ORDERABLE_TOPICS = new Set(["food_drink", "clothing", "market", "shopping", "lodging", "transport", "travel", "farm", "crafts_workshop"]);
const NOT_ORDERED = new Set(["table", "bill_restaurant", "menu", "bathroom"]);
export const orderable = (c: Concept) => !NOT_ORDERED.has(c.id) && c.topics.some((tp) => ORDERABLE_TOPICS.has(tp));

// People, the place itself and its paperwork are in a scene's topics too, but nobody recommends them.
const NOT_RECOMMENDED = new Set(
  "reception receptionist innkeeper hotel_guest lobby lift concierge check_in reservation hotel inn hostel guesthouse campsite backpacker accommodation stay_noun amenities hotel_safe suitcase luggage vendor customer farmer market bakery butcher_shop stall price scale_weighing expiry_date wholesaler barter offal shop supermarket shop_assistant queue checkout receipt cash credit_card refund rip_off consumerism retail sales discount car_park city_centre pedestrian_zone travel_agency shopping_centre changing_room delivery driver passenger captain crew".split(" "),
);

const OUTDOOR_TOPICS = new Set(["city", "directions", "transport", "travel", "nature", "harbour", "shopping", "market", "health", "money_bank", "post_communication"]);
const INDOOR_KINDS = new Set(["food", "cafe", "lodging", "shop"]);

export interface Answer {
  intent: LearnerIntent;
  /** The answer's sentences in a language. */
  parts: (lang: Lang) => string[];
  /** The learner said goodbye: the conversation ends here. */
  closes: boolean;
  /** The answer ends by asking the learner the same question back ("¿Y tú?"). */
  asksBack?: boolean;
}

const QUESTIONS: LearnerIntent[] = ["ask_my_name", "ask_my_order", "ask_npc_name", "ask_npc_origin", "ask_npc_work", "ask_npc_family", "ask_npc_free_time", "ask_price", "ask_time", "ask_way", "ask_recommendation", "ask_npc_wellbeing", "ask_availability", "ask_quality"];
const STATEMENTS: LearnerIntent[] = ["goodbye", "tell_name", "tell_origin", "complaint", "request", "tell_work", "tell_likes", "tell_week", "tell_plans", "tell_wellbeing", "thanks", "greeting"];

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase("und") + s.slice(1);
const itemName = (item: Concept, lang: Lang) => displayTerm(lang, item);

/** Hours as each language says them on a sign: 9:00 / 9 h / 9 Uhr / 9 / 9h / 9 am. */
function hour(h: number, lang: Lang): string {
  if (lang === "en") return h === 0 || h === 24 ? "midnight" : h < 12 ? `${h} am` : h === 12 ? "noon" : `${h - 12} pm`;
  if (lang === "fr") return `${h} h`;
  if (lang === "pt-BR") return `${h}h`;
  if (lang === "es") return `${h}:00`;
  return String(h);
}

function departure(facts: SceneFacts, key: string, lang: Lang): string {
  const h = stableNumber(`dep:${key}`, 8, 20);
  const m = stableNumber(`min:${key}`, 0, 11) * 5;
  const mm = String(m).padStart(2, "0");
  return lang === "en" ? `${h}:${mm}` : lang === "fr" ? `${h} h ${mm}` : lang === "de" ? `${h}:${mm}` : `${h}:${mm}`;
}

function orderText(memory: ConversationMemory, items: ReadonlyMap<string, Concept>, lang: Lang): string {
  const parts = memory.order.map((o) => {
    const c = items.get(o.id);
    if (!c) return "";
    const entry = c[lang];
    // One of a thing is said with its article (un café, um pão, a coffee), not the digit.
    if (o.qty === 1) {
      const article = lang === "en" ? englishIndefinite(entry.w) : c.pos === "noun" ? nounArticles(lang, entry)?.indefinite : undefined;
      if (article) return withArticle(article, entry.w);
    }
    return `${o.qty} ${o.qty > 1 && entry.pl ? entry.pl : entry.w}`;
  }).filter((p) => p !== "");
  if (parts.length <= 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} ${say(ANSWERS.and, lang)} ${parts.at(-1)}`;
}

export function mainIntent(turn: LearnerTurn, opening: boolean): LearnerIntent | null {
  const has = (i: LearnerIntent) => turn.intents.includes(i);
  // "Buenas noches", "Boa noite" open a conversation as often as they close one.
  if (opening && has("greeting") && has("goodbye")) return "greeting";
  if (turn.question || has("ask_way")) {
    const question = QUESTIONS.find(has);
    if (question) return question;
  }
  return STATEMENTS.find(has) ?? null;
}

const PRO_DROP_OPENING = /^\s*(?:Soy|Vengo|Vivo|Sono|Abito|Sou|Venho|Moro)\s+/u;

/**
 * A bare capitalised word answering "what's your name?" or "where are you from?". Answering the
 * name, a capitalised word the tables know is no name inside a sentence (German writes every noun
 * so: "Ich besuche meine Familie"), though alone it is ("Rose."); a place or a nationality may well
 * be a known word.
 */
export function bareAnswer(text: string, lastAsked: GeneralTopic | null, isWord: (word: string) => boolean): { intent: LearnerIntent; value: string } | null {
  // Spanish, Italian and Portuguese drop the pronoun: "Sono Italiano" opens with its verb, not a place.
  const words: string[] = text.replace(PRO_DROP_OPENING, "").match(/\p{Lu}[\p{L}-]+(?:\s\p{Lu}[\p{L}-]+)?/gu) ?? [];
  const tokens: string[] = text.match(/\p{L}+/gu) ?? [];
  const named = (w: string) => lastAsked !== "name" || tokens.length === 1 || !w.split(" ").every(isWord);
  // The message's first word is capitalised anyway: there it is the answer only as the whole message ("New York").
  const value = words.find((w) => (tokens.indexOf(w.split(" ")[0] as string) > 0 || w.split(" ").length === tokens.length) && named(w));
  if (!value || tokens.length > 4) return null;
  if (lastAsked === "name") return { intent: "tell_name", value };
  if (lastAsked === "origin") return { intent: "tell_origin", value };
  return null;
}

export function answerTurn(input: AnswerInput, intent: LearnerIntent, items: ReadonlyMap<string, Concept>): Answer {
  const { facts, memory, turn } = input;
  const item = turn.content.items.find((c) => facts.items.some((i) => i.id === c.id)) ?? turn.content.items[0] ?? null;
  // "¿Y tú?" only about what the learner has not told yet.
  const back = (fact: string) => !memory.told.includes(fact);
  const andYou = (l: Lang) => say(input.formal ? ANSWERS.and_you_formal : ANSWERS.and_you, l);
  const one = (text: (l: Lang) => string): Answer => ({ intent, parts: (l) => [text(l)], closes: false });
  switch (intent) {
    case "ask_my_name":
      return one((l) => (memory.name ? say(input.formal ? ANSWERS.your_name_formal : ANSWERS.your_name, l, { name: memory.name }) : say(input.formal ? ANSWERS.no_name_yet_formal : ANSWERS.no_name_yet, l)));
    case "ask_my_order":
      return one((l) => (memory.order.length > 0 ? say(ANSWERS.your_order, l, { order: orderText(memory, items, l) }) : say(ANSWERS.no_order_yet, l)));
    case "ask_price": {
      // An item the lexicon lacks (la paella) gets its own stable price, said without its name.
      const priced = item;
      // "¿Cuánto es?" after an order is the order's total, each item at the price it was quoted.
      if (!priced && memory.order.length > 0) {
        const total = orderTotal(facts, memory.order, items);
        return one((l) => say(ANSWERS.price, l, { price: formatPrice(total, facts.currency, l) }));
      }
      if (!priced) return one((l) => say(ANSWERS.price, l, { price: formatPrice(priceOf(facts, input.unknownKey), facts.currency, l) }));
      return one((l) => say(ANSWERS.price_item, l, { item: capitalise(itemName(priced, l)), price: formatPrice(priceOf(facts, priced.id, priced), facts.currency, l) }));
    }
    case "ask_time":
      if (facts.kind === "travel") return one((l) => say(ANSWERS.departure, l, { time: departure(facts, item?.id ?? "next", l) }));
      if (!facts.hours) return one((l) => say(ANSWERS.hours_always, l));
      return one((l) => say(ANSWERS.hours, l, { open: hour((facts.hours as [number, number])[0], l), close: hour((facts.hours as [number, number])[1], l) }));
    case "ask_way": {
      const key = item?.id ?? "way";
      // Inside a restaurant, hotel or shop, the way to what the place has (el baño) is indoors.
      const outdoors = !item || item.topics.some((tp) => OUTDOOR_TOPICS.has(tp));
      if (!outdoors && INDOOR_KINDS.has(facts.kind)) return one((l) => say(ANSWERS.way_inside, l, { dir: say(stableNumber(`dir:${key}`, 0, 1) === 0 ? DIRECTIONS.right : DIRECTIONS.left, l) }));
      const dir = stableNumber(`dir:${key}`, 0, 1) === 0 ? DIRECTIONS.right : DIRECTIONS.left;
      const min = stableNumber(`walk:${key}`, 3, 10);
      return one((l) => say(ANSWERS.way, l, { dir: say(dir, l), min }));
    }
    case "ask_availability":
      if (!item || facts.items.length === 0 || facts.items.some((i) => i.id === item.id)) return one((l) => say(ANSWERS.available, l));
      return one((l) => say(ANSWERS.unavailable, l));
    case "ask_quality": {
      const echo = input.echo;
      return one((l) => (l === input.target && echo ? echo : say(input.formal ? ANSWERS.quality : ANSWERS.quality_informal, l)));
    }
    case "ask_recommendation": {
      // Only what the place sells or serves is recommended (a dish, a room), never the reception or the bill.
      const offered = facts.items.filter((c) => orderable(c) && !NOT_RECOMMENDED.has(c.id));
      const pick = offered.length > 0 ? offered[stableNumber(`rec:${facts.topic}`, 0, Math.min(offered.length, 8) - 1)] : null;
      return one((l) => (pick ? say(input.formal ? ANSWERS.recommend : ANSWERS.recommend_informal, l, { item: itemName(pick, l) }) : say(ANSWERS.recommend_any, l)));
    }
    case "ask_npc_name":
      return { intent, parts: (l) => [say(NPC_LINES.my_name, l, { name: input.npcName }), ...(input.inScene || !back("name") ? [] : [andYou(l)])], closes: false, asksBack: !input.inScene && back("name") };
    case "ask_npc_origin":
      return { intent, parts: (l) => [say(ANSWERS.origin, l, { city: HOME_CITY[input.target] }), ...(back("origin") ? [andYou(l)] : [])], closes: false, asksBack: back("origin") };
    case "ask_npc_work":
      return { intent, parts: (l) => [input.inScene ? say(ANSWERS.work_here, l, { years: stableNumber(`years:${input.npcName}`, 2, 12) }) : say(ANSWERS.work, l), ...(back("work") ? [andYou(l)] : [])], closes: false, asksBack: back("work") };
    case "ask_npc_family":
      return { intent, parts: (l) => [say(ANSWERS.family, l), ...(back("family") ? [andYou(l)] : [])], closes: false, asksBack: back("family") };
    case "ask_npc_free_time":
      return { intent, parts: (l) => [say(ANSWERS.free_time, l), ...(back("free_time") ? [andYou(l)] : [])], closes: false, asksBack: back("free_time") };
    case "ask_npc_wellbeing":
      return { intent, parts: (l) => [say(ANSWERS.wellbeing, l), andYou(l)], closes: false, asksBack: true };
    case "tell_name": {
      const name = turn.content.name;
      if (name) memory.name = name;
      if (!memory.told.includes("name")) memory.told.push("name");
      return one((l) => (memory.name ? say(ANSWERS.nice_to_meet, l, { name: memory.name }) : say(ANSWERS.ok, l)));
    }
    case "tell_origin": {
      const place = turn.content.place;
      if (place) memory.origin = place;
      if (!memory.told.includes("origin")) memory.told.push("origin");
      return one((l) => (place ? say(ANSWERS.place_nice, l, { place }) : say(ANSWERS.interesting, l)));
    }
    case "tell_work":
      if (!memory.told.includes("work")) memory.told.push("work");
      return one((l) => say(ANSWERS.interesting, l));
    case "tell_likes":
      if (!memory.told.includes("free_time")) memory.told.push("free_time");
      if (turn.content.items.length > 0 && !memory.told.includes("food")) memory.told.push("food");
      return one((l) => say(ANSWERS.me_too, l));
    case "tell_week":
      if (!memory.told.includes("week")) memory.told.push("week");
      return one((l) => say(input.formal ? ANSWERS.thanks_for_telling_formal : ANSWERS.thanks_for_telling, l));
    case "tell_plans":
      if (!memory.told.includes("plans")) memory.told.push("plans");
      return one((l) => say(ANSWERS.good_plan, l));
    case "complaint":
      return one((l) => say(ANSWERS.sorry_fix, l));
    case "request": {
      // People named in an order ("para mi mujer") are who it is for, not what is ordered.
      const ordered = turn.content.items.filter(orderable);
      const anyQty = turn.content.numbers.find((n) => n > 0) ?? 1;
      const qtyOf = (c: Concept) => turn.content.quantities[c.id] ?? (ordered.length === 1 ? anyQty : 1);
      for (const c of ordered) {
        const existing = memory.order.find((o) => o.id === c.id);
        if (existing) existing.qty += qtyOf(c);
        else memory.order.push({ id: c.id, qty: qtyOf(c) });
      }
      if (ordered.length === 0) return one((l) => say(ANSWERS.ok, l));
      const now: ConversationMemory = { ...memory, order: ordered.map((c) => ({ id: c.id, qty: qtyOf(c) })) };
      return one((l) => say(ANSWERS.order_noted, l, { order: orderText(now, items, l) }));
    }
    case "thanks":
      return one((l) => say(ANSWERS.welcome, l));
    case "goodbye":
      return { intent, parts: (l) => [memory.name ? say(ANSWERS.goodbye_name, l, { name: memory.name }) : say(ANSWERS.goodbye, l)], closes: true };
    case "greeting":
      return one((l) => say(input.inScene ? ANSWERS.hello : ANSWERS.hi, l));
    case "tell_wellbeing":
      return one((l) => say(turn.content.unwell ? ANSWERS.sorry_unwell : ANSWERS.glad, l));
    default:
      return one((l) => say(ANSWERS.ok, l));
  }
}

/** The next general question: the first whose answer the learner has not given yet. */
export function nextGeneralQuestion(memory: ConversationMemory): GeneralTopic {
  const order: GeneralTopic[] = ["name", "origin", "work", "free_time", "week", "plans", "food"];
  return order.find((q) => !memory.told.includes(q) && !memory.asked.includes(q)) ?? "more";
}

export const generalQuestion = (topic: GeneralTopic, lang: Lang, formal = false) => say((formal ? GENERAL_QUESTIONS_FORMAL : GENERAL_QUESTIONS)[topic], lang);

export const emptyMemory = (): ConversationMemory => ({ order: [], asked: [], told: [] });

/** The stored memory, or a fresh one for a conversation that began before the tutor kept one. */
export function memoryOf(value: unknown): ConversationMemory {
  const m = value as Partial<ConversationMemory> | null | undefined;
  if (!m || typeof m !== "object") return emptyMemory();
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : []);
  const order = Array.isArray(m.order) ? m.order.filter((o) => o && typeof o.id === "string" && Number.isInteger(o.qty) && o.qty > 0).map((o) => ({ id: o.id, qty: o.qty })) : [];
  return {
    ...(typeof m.name === "string" ? { name: m.name } : {}),
    ...(typeof m.origin === "string" ? { origin: m.origin } : {}),
    order,
    asked: strings(m.asked),
    told: strings(m.told),
    ...(m.mode === "scene" || m.mode === "general" ? { mode: m.mode } : {}),
  };
}
