// The facts of the scene the tutor's answers must agree with: what kind of place it is (so opening
// hours, departures and prices fit), its currency, and the lexicon items it sells or offers. The
// tutor needs only this small interface; it is read from the conversation's topic (the scenario
// it follows) and the scene understanding's currency for the place the scene names.
import type { Lang } from "../../languages.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import type { Concept } from "../lexicon-rules.ts";
import { HOME_CURRENCY } from "../scene/places.ts";
import type { Currency } from "../scene/understand-scene.ts";

export type SceneKind = "food" | "cafe" | "shop" | "lodging" | "travel" | "health" | "general";
export type { Currency };

export interface SceneFacts {
  kind: SceneKind;
  /** null: a general conversation, no scene. */
  topic: string | null;
  currency: Currency;
  /** Opening and closing hour (24 h), or null when open all day and night. */
  hours: [number, number] | null;
  /** Lexicon nouns of the scene's topic: what the place has. */
  items: Concept[];
}

const KIND_BY_TOPIC: Record<string, SceneKind> = {
  restaurant: "food", tavern: "food", food_drink: "food", kitchen_cooking: "food", celebrations: "food",
  cafe: "cafe",
  market: "shop", shopping: "shop", clothing: "shop", crafts_workshop: "shop", farm: "shop", post_communication: "shop", money_bank: "shop",
  lodging: "lodging",
  transport: "travel", travel: "travel", harbour: "travel", adventure_exploration: "travel",
  health: "health", emergency_safety: "health",
};

const HOURS: Record<SceneKind, [number, number] | null> = { food: [12, 23], cafe: [8, 20], shop: [9, 20], lodging: null, travel: [6, 23], health: [9, 21], general: [9, 18] };


/** `placeCurrency`: the currency of the place the scene names (scene understanding, builtin/scene/). */
export function sceneFacts(index: LexiconIndex, topic: string | null, placeCurrency: Currency | null, target: Lang): SceneFacts {
  const kind = (topic && KIND_BY_TOPIC[topic]) || "general";
  const currency = placeCurrency ?? HOME_CURRENCY[target];
  const items = topic ? (index.conceptsByTopic.get(topic) ?? []).filter((c) => c.pos === "noun") : [];
  return { kind, topic, currency, hours: HOURS[kind], items };
}

const SYMBOL: Record<Currency, string> = { EUR: "€", GBP: "£", USD: "$", BRL: "R$", CHF: "CHF", MXN: "$", ARS: "$", CAD: "$", COP: "$" };

/** A price as the target language writes it: 3,50 € in Europe, £3.50 in English, R$ 12,50 in Brazil. */
export function formatPrice(amount: number, currency: Currency, lang: Lang): string {
  const whole = currency === "COP" || currency === "ARS" || currency === "MXN";
  const digits = whole ? String(Math.round(amount)) : amount.toFixed(2);
  const local = lang === "en" ? digits : digits.replace(".", ",");
  const symbol = SYMBOL[currency];
  if (currency === "BRL") return `R$ ${local}`;
  if (currency === "CHF") return `${local} CHF`;
  if (lang === "en") return `${symbol}${local}`;
  if (whole) return `${local} pesos`;
  return `${local} ${symbol}`;
}

/** The same number for the same item in every turn: a price never changes between answers. */
export function stableNumber(key: string, min: number, max: number): number {
  let h = 2166136261;
  for (const ch of key) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619);
  return min + ((h >>> 0) % (max - min + 1));
}

const PRICE_RANGE: Record<SceneKind, [number, number]> = { food: [6, 18], cafe: [2, 6], shop: [1, 12], lodging: [60, 140], travel: [8, 45], health: [4, 15], general: [2, 20] };
const CURRENCY_FACTOR: Record<Currency, number> = { EUR: 1, GBP: 1, USD: 1, CHF: 1, CAD: 1, BRL: 5, MXN: 20, ARS: 1000, COP: 4000 };

// What one of a thing costs goes by the thing, not only by the place: a coffee is a café's price at a
// restaurant too, bread a market's, a shirt a clothes shop's. Items the classes do not know take the place's range.
type PriceClass = "drink" | "snack" | "produce" | "dish" | "clothes" | "room" | "ticket" | "post" | "medicine";
const CLASS_RANGE: Record<PriceClass, [number, number]> = { drink: [1.5, 4.5], snack: [1.5, 4], produce: [1, 4], dish: [7, 18], clothes: [15, 60], room: [60, 140], ticket: [8, 45], post: [1, 4], medicine: [4, 15] };
const DRINKS = new Set("coffee tea water juice beer wine milk lemonade soda cola hot_chocolate cappuccino espresso drink".split(" "));
const SNACKS = new Set("croissant cake sandwich pastry cookie biscuit ice_cream muffin toast".split(" "));
const CLASS_BY_TOPIC: [string, PriceClass][] = [["clothing", "clothes"], ["lodging", "room"], ["transport", "ticket"], ["travel", "ticket"], ["post_communication", "post"], ["health", "medicine"], ["market", "produce"], ["farm", "produce"], ["restaurant", "dish"], ["tavern", "dish"], ["cafe", "snack"]];

function priceClass(item: Concept | undefined): PriceClass | null {
  if (!item) return null;
  if (DRINKS.has(item.id)) return "drink";
  if (SNACKS.has(item.id)) return "snack";
  return CLASS_BY_TOPIC.find(([topic]) => item.topics.includes(topic))?.[1] ?? null;
}

export function priceOf(facts: SceneFacts, itemId: string, item?: Concept): number {
  const cls = priceClass(item);
  const [min, max] = cls ? CLASS_RANGE[cls] : PRICE_RANGE[facts.kind];
  const cents = stableNumber(`${facts.topic}:${itemId}`, Math.round(min * 2), Math.round(max * 2)) * 50;
  return (cents / 100) * CURRENCY_FACTOR[facts.currency];
}

/** What an order costs, each item at the price it is quoted at. */
export function orderTotal(facts: SceneFacts, order: readonly { id: string; qty: number }[], items: ReadonlyMap<string, Concept>): number {
  return order.reduce((sum, o) => sum + o.qty * priceOf(facts, o.id, items.get(o.id)), 0);
}
