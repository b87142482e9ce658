// A role-play generated for the scene's frame, its slots, the NPC and the level band, as a
// rule-based generator does it (a situation catalogue, slots filled from the request, sentences
// realised with agreement). Each step carries the intent the learner's options say, and the
// NPC's answer asks for the next step's intent, so every option answers the line before it.
// The step before the complication has the NPC announce what went wrong; the complication's own
// step has the learner react and the NPC put it right. Every line and its translation are
// realised from the same row with the same slots: one thing, one city, one price, one time.
import type { Lang } from "../../languages.ts";
import type { Concept } from "../lexicon-rules.ts";
import { TIME_GREETING } from "../ui-text/scene-mood-text.ts";
import type { Band } from "./band-lines.ts";
import { bandLine } from "./band-lines.ts";
import { ANNOUNCE, ANNOUNCE_PLAIN, ASK_AGAIN, WITHOUT_THING, ASK, AT_PLACE, BYE, FAREWELL, GREET_BACK, LEARNER, PLAIN_GREETING, RESOLVE, TAKE_UP, TAKE_UP_PROBLEM, type Register, type Row } from "./dialogue-text.ts";
import { FRAME_TALK, priceText, statePhrase, stateOf } from "./dialogue-slots.ts";
import { FRAME_LINES, type FrameLines } from "./frame-lines.ts";
import type { Complication } from "./cues.ts";
import type { Frame, Intent } from "./frames.ts";
import type { GrammarLine } from "./grammar-lines.ts";
import { nounPhrase } from "./noun-phrase.ts";
import { PROBLEM_TURNS, WHERE_PHRASES } from "./problem-turns.ts";
import type { Currency } from "./places.ts";
import type { SceneTime } from "./understand-scene.ts";

export interface DialogueLine {
  text: string;
  translation: string;
}

export interface DialogueStep {
  id: string;
  /** What the learner's options do; the NPC's line before asked for it. */
  intent: Intent;
  learner: DialogueLine[];
  npc: DialogueLine;
  /** The intent the NPC's line asks for next (null on the last step). */
  asks: Intent | null;
}

export interface DialogueSlots {
  frame: Frame;
  band: Band;
  npcName: string;
  /** The place's name in each language, or null. */
  place: Record<Lang, string> | null;
  currency: Currency;
  time: SceneTime | null;
  complication: Complication | null;
  thing: Concept | null;
  /** What the learner names when asked to be more exact. */
  detail: Concept | null;
  troubled: Concept | null;
  /** The scene's place or vehicle where something happened (a WHERE_PHRASES id), or null. */
  where: string | null;
  amount: number;
  /** Two sentences using the lesson's grammar point, said in two NPC turns; null when none fits. */
  grammar: [GrammarLine, GrammarLine] | null;
}

function register(band: Band): Register {
  return band === "A" ? "A" : "BC";
}

// Portuguese says "no Rio de Janeiro": Rio takes the article, as a river's name does.
function atPlace(name: string, lang: Lang): string {
  if (lang === "pt-BR" && name.startsWith("Rio ")) return ` no ${name}`;
  return AT_PLACE[lang].replace("{name}", name);
}

/** Everything a row's slots can ask for, in one language. */
function slotValues(slots: DialogueSlots, lang: Lang): Record<string, string> {
  const reg = register(slots.band);
  const time = slots.time === "night" ? "evening" : slots.time;
  const values: Record<string, string> = {
    G: time ? TIME_GREETING[time][lang] : PLAIN_GREETING[reg][lang],
    npc: slots.npcName,
    at_place: slots.place ? atPlace(slots.place[lang], lang) : "",
    price: priceText(slots.amount, slots.currency, lang),
    bye: BYE[time === "evening" ? "evening" : "day"][reg][lang],
    where: slots.where ? (WHERE_PHRASES[slots.where]?.[lang] ?? "") : "",
  };
  if (slots.thing) {
    const np = nounPhrase(slots.thing, lang);
    Object.assign(values, { the: np.the, the_obj: np.theObject, an_obj: np.anObject, my_obj: np.myObject, my_dat: np.myDative, another_obj: np.anotherObject, an_order: np.anOrder });
  }
  const troubled = slots.troubled ?? slots.thing;
  if (troubled) {
    const np = nounPhrase(troubled, lang);
    values.trouble = np.the;
    values.state = statePhrase(stateOf(slots.complication, slots.frame.id), lang, np.gender);
  }
  return values;
}

/** A row realised: slots filled, a sentence's first letter capitalised ("{The}" at the start). */
function realise(row: Row, lang: Lang, values: Record<string, string>): string {
  return row[lang]
    .replace(/\{(\w+)\}/g, (whole, name: string) => {
      const key = name in values ? name : name.charAt(0).toLowerCase() + name.slice(1);
      const value = values[key];
      if (value === undefined) return whole;
      return name !== key ? value.charAt(0).toLocaleUpperCase(lang) + value.slice(1) : value;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** A row needs the scene's thing; without one it is not said. */
function needsThing(row: Row): boolean {
  return /\{(the|the_obj|an_obj|an_order|my_obj|my_dat|another_obj)\}/i.test(row.en + row.de);
}

function lines(rows: Row[], slots: DialogueSlots, pair: { source: Lang; target: Lang }, target: Record<string, string>, source: Record<string, string>, fallback: Row | undefined): DialogueLine[] {
  const sayable = rows.filter((r) => slots.thing !== null || !needsThing(r));
  return (sayable.length > 0 ? sayable : fallback ? [fallback] : []).map((r) => ({ text: realise(r, pair.target, target), translation: realise(r, pair.source, source) }));
}

/** The frame's own lines, when they fit the scene's thing (a size is a garment's). */
function frameLines(frame: Frame, thing: Concept | null): FrameLines | undefined {
  const own = FRAME_LINES[frame.id];
  return own?.thingTopic && !thing?.topics.includes(own.thingTopic) ? undefined : own;
}

/** The steps whose NPC turn carries a grammar sentence: the first two mid-dialogue turns that do not announce the complication. */
function grammarSteps(frame: Frame): number[] {
  return frame.steps.map((_, i) => i).filter((i) => i >= 1 && i < frame.steps.length - 1 && frame.steps[i + 1]?.intent !== "complication").slice(0, 2);
}

/** The NPC's rows at step i: answer what the learner did, then ask for the next intent. */
function npcRows(frame: Frame, i: number, reg: Register, thing: Concept | null, grammar: Row | null): Row[] {
  const hasThing = thing !== null;
  const own = frameLines(frame, thing);
  const step = frame.steps[i];
  const next = frame.steps[i + 1];
  if (!step) return [];
  if (!next) return [FAREWELL[reg]];
  // Where the learner brought the problem, the take-up, the next difficulty and the way out are the frame's own (problem-turns.ts).
  const problem = PROBLEM_TURNS[frame.id];
  const rows: Row[] = [];
  if (step.intent === "greet") rows.push(own?.greetBack?.[reg] ?? GREET_BACK[reg]);
  if (step.intent === "request" && hasThing) rows.push(own?.takeUp?.[reg] ?? problem?.takeUp?.[reg] ?? (FRAME_TALK[frame.id].request === "problem" ? TAKE_UP_PROBLEM : TAKE_UP)[reg]);
  if (step.intent === "complication") rows.push(problem?.resolve[reg] ?? RESOLVE[reg]);
  if (grammar) rows.push(grammar);
  // The frame's own question for the next step, when it has one the scene can fill.
  const ask = own?.ask?.[next.id]?.[reg];
  if (next.intent === "complication") rows.push(problem?.announce[reg] ?? (hasThing ? ANNOUNCE[reg] : ANNOUNCE_PLAIN[reg]));
  else if (ask && (hasThing || !needsThing(ask))) rows.push(ask);
  else if (next.intent === step.intent) rows.push(ASK_AGAIN[reg]);
  else if (next.intent !== "greet") rows.push(ASK[next.intent][reg]);
  return rows;
}

/** The whole dialogue of the frame for these slots, in the target with its translation. */
export function frameDialogue(slots: DialogueSlots, pair: { source: Lang; target: Lang }): DialogueStep[] {
  const reg = register(slots.band);
  const target = slotValues(slots, pair.target);
  const source = slotValues(slots, pair.source);
  // Asked to be more exact, the learner names the detail in the thing's slots.
  const exact = { ...slots, thing: slots.detail ?? slots.thing };
  const [targetExact, sourceExact] = [slotValues(exact, pair.target), slotValues(exact, pair.source)];
  const { frame } = slots;
  const count = frame.steps.length;
  const withGrammar = grammarSteps(frame);
  return frame.steps.map((step, i) => {
    const grammar = slots.grammar?.[withGrammar.indexOf(i)]?.text ?? null;
    const rows = frameLines(frame, slots.thing)?.learner?.[step.id]?.[reg] ?? (step.intent === "request" ? LEARNER.request[FRAME_TALK[frame.id].request][reg] : LEARNER[step.intent][reg]);
    // Said a second time (a second symptom), the intent's options come the other way round, about the detail.
    const again = frame.steps.slice(0, i).some((s) => s.intent === step.intent);
    const learnerRows = again ? [...rows].reverse() : rows;
    const exactly = step.intent === "specify" || again;
    const npc = npcRows(frame, i, reg, slots.thing, grammar).map((row) => ({ text: realise(row, pair.target, target), translation: realise(row, pair.source, source) }));
    const text = npc.map((n) => n.text).join(" ");
    const translation = npc.map((n) => n.translation).join(" ");
    // B and C add their own sentence (band-lines.ts), the same one in the line and its translation.
    return {
      id: step.id,
      intent: step.intent,
      learner: lines(learnerRows, slots, pair, exactly ? targetExact : target, exactly ? sourceExact : source, step.intent === "request" || step.intent === "specify" ? WITHOUT_THING[step.intent][reg] : undefined),
      npc: { text: bandLine(text, slots.band, pair.target, i, count), translation: bandLine(translation, slots.band, pair.source, i, count) },
      asks: frame.steps[i + 1]?.intent ?? null,
    };
  });
}
