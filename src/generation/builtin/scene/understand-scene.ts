// Scene understanding: what a scene or topic text (any of the six languages, source or target,
// or a mix) asks for — the situation (a frame), the lexicon concepts it names, the place and its
// currency, the time of day, what went wrong, and who the NPC is. Words are lemmatised by the
// morphology tables and stemmed; multi-word expressions are read first and their words are not
// read again one by one; a word with several senses takes the one that fits the scene's frame
// and other words. Nothing of the text is echoed: it only chooses among the engine's own data.
import { LANGS, type Lang } from "../../languages.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import { entryForms } from "../lexicon-index.ts";
import type { Concept } from "../lexicon-rules.ts";
import { readMood } from "../npc-voice.ts";
import { foldAccents, stem, words } from "../text-normalise.ts";
import { ARTICLES, NIGHT_WORDS, type Complication } from "./cues.ts";
import { readAsCue, readCues, STOP_WORDS, wordKeys, type Hit, type Payload } from "./cue-reader.ts";
import { npcNameOf } from "./npc-name.ts";
import { FRAME_BY_ID, FRAMES, TOPIC_FRAME, type Frame, type FrameId } from "./frames.ts";
import { regionNote, type Currency, type Place, type RegionNote } from "./places.ts";
import { SAYS_WHERE, WHERE_PHRASES } from "./problem-turns.ts";

export type { Complication } from "./cues.ts";
export type { Frame, FrameId } from "./frames.ts";
export type { Currency, Place, RegionNote } from "./places.ts";

export type SceneTime = "morning" | "afternoon" | "evening" | "night";

export interface SceneUnderstanding {
  frame: FrameId;
  /** Lexicon concept ids the text names, in the order it names them, each in the sense that fits. */
  concepts: string[];
  /** Those of them a setting implies rather than the text names (an airport's luggage): taught, not asked for. */
  implied: string[];
  /** The frame's words the setting makes wrong (an airport's railway words). */
  displaced: string[];
  /** Lexicon topics of the scene, best first (the frame's own first). */
  topics: string[];
  place: { id: string; country: string; names: Record<Lang, string> } | null;
  currency: Currency | null;
  /** Set when the place speaks another variety of the target language than the one taught. */
  regionNote: RegionNote | null;
  timeOfDay: SceneTime | null;
  complication: Complication | null;
  /** The NPC's role: the request's persona wins, then the scene's words, then the frame's. */
  npcRole: string;
  /** The NPC's name: the request's when one was given, else the one the scene gives its role ("waitress Lola"), else null. */
  npcName: string | null;
  /** 0..1: how much of the text was understood and how clearly it names its frame. */
  confidence: number;
}

export interface SceneInput {
  text: string;
  npc?: { name: string; persona: string | null } | null;
  /** The language taught, for the regional note. */
  target?: Lang;
  /** The learner's language: with the target, the languages the text is most likely in. */
  source?: Lang;
}

/** Below this, and with no place named, a scene counts as not understood. */
const MIN_CONFIDENCE = 0.35;

const LOCATIVES = new Set(
  "near at in on by to beside behind next outside inside por durante pendant während cerca junto sobre en frente près à au aux dans sur chez devant bei neben im am an auf vor hinter vicino nel nella nei sulla sul sui al all alla allo ai alle presso perto no na nos nas ao em".split(" "),
);
/**
 * A word that names both a situation and what went wrong (French "vol", a flight and a theft)
 * is the situation when another word of the text says what went wrong ("mon vol est annulé"):
 * one scene has one complication, and the unambiguous word names it. The other sense goes with
 * the frames and topics that only it brings (a theft is reported to the police).
 */
function senseOfComplications(hits: Hit[]): Hit[] {
  const wrong = (h: Hit) => h.payloads.flatMap((p) => (p.kind === "complication" ? [p.complication] : []));
  const both = (h: Hit) => wrong(h).length > 0 && h.payloads.some((p) => p.kind === "frame");
  const plain = new Set(hits.filter((h) => !both(h)).flatMap(wrong));
  if (plain.size === 0) return hits;
  return hits.map((h) => {
    if (!both(h) || wrong(h).some((c) => plain.has(c))) return h;
    const dropped = new Set(wrong(h).flatMap((c) => COMPLICATION_FRAMES[c].map(([f]) => f)));
    const kept = h.payloads.filter((p) => p.kind === "frame" && !dropped.has(p.frame));
    if (kept.length === 0) return h;
    const situations = new Set(kept.flatMap((p) => (p.kind === "frame" ? (FRAME_BY_ID.get(p.frame)?.topics ?? []) : [])));
    return { ...h, payloads: h.payloads.filter((p) => p.kind !== "complication" && !(p.kind === "frame" && dropped.has(p.frame)) && (p.kind !== "topic" || situations.has(p.topic))) };
  });
}

// Romance "a" is a locative before an article ("a la catedral", "a os"), an article in English.
const ROMANCE_ARTICLES = new Set(["la", "las", "los", "el", "lo", "os", "as", "o", "le", "les"]);

function afterLocative(tokens: string[], i: number): boolean {
  const prev = tokens[i - 1];
  const before = tokens[i - 2];
  if (prev === undefined) return false;
  if (LOCATIVES.has(prev)) return true;
  return ARTICLES.has(prev) && before !== undefined && (LOCATIVES.has(before) || (before === "a" && ROMANCE_ARTICLES.has(prev)));
}

function uniqueConcepts(payloads: Payload[]): Concept[] {
  const out: Concept[] = [];
  for (const p of payloads) if (p.kind === "concept" && !out.includes(p.concept)) out.push(p.concept);
  return out;
}

const FRAME_CUE = 3;
const MULTI_WORD_BONUS = 1;
const ROLE_VOTE = 2;
const TOPIC_VOTE = 1.5;
const COMPLICATION_FRAMES: Record<Complication, [FrameId, number][]> = {
  lost: [["report_loss", 4]],
  stolen: [["report_loss", 4]],
  delayed: [["travel_tickets", 1]],
  cancelled: [["travel_tickets", 1]],
  broken: [["repair", 1], ["return_complain", 1]],
  full: [["check_in", 0.5]],
  closed: [],
};

/** Does a concept fit a frame: listed by it, or one of its topics is the frame's? */
function fit(concept: Concept, frame: Frame): number {
  if (frame.concepts.includes(concept.id)) return 2;
  if (concept.topics[0] === frame.topics[0]) return 1.5;
  return concept.topics.some((t) => frame.topics.includes(t)) ? 1 : 0;
}

function conceptVotes(votes: Map<FrameId, number>, concept: Concept, weight: number): void {
  for (const frame of FRAMES) {
    const f = fit(concept, frame);
    if (f > 0) votes.set(frame.id, (votes.get(frame.id) ?? 0) + (weight * f) / 2);
  }
}

function add(votes: Map<FrameId, number>, frame: FrameId, w: number): void {
  votes.set(frame, (votes.get(frame) ?? 0) + w);
}

/**
 * What the text asks for, or null when nothing in it is understood (no frame, no concept, no
 * topic): the caller then says so instead of teaching a substitute.
 */
export function understandScene(index: LexiconIndex, input: SceneInput): SceneUnderstanding | null {
  const direct = index.topicById.get(foldAccents(input.text).trim().replace(/[\s-]+/g, "_"));
  const raw = input.text.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];
  const tokens = raw.map((w) => words(w)[0] ?? w.toLowerCase());
  const hint = [input.source, input.target].filter((l): l is Lang => l !== undefined);
  const hits = senseOfComplications(readCues(index, tokens, raw, hint));
  const votes = new Map<FrameId, number>();
  const topicVotes = new Map<string, number>();
  const topicOnly = new Map<string, number>();
  // The scene's last topic word is its head ("a harbour tavern" is a tavern, "viagem de trem" a
  // train journey), in the first sentence or clause that names one: the scene says where it is
  // first, then what happens there ("A small café in Madrid; the learner orders breakfast").
  const clauseOf = clauseIndexes(input.text);
  let headClause: number | null = null;
  let frameClause: number | null = null;
  let lastTopic: string | null = null;
  let complication: Complication | null = null;
  let sceneRole: string | null = null;
  let place: Place | null = null;
  let night = false;
  let lastFrameCue: FrameId[] = [];
  const ambiguous: Concept[][] = [];
  const named: Concept[] = [];
  // Concepts read from a word that also names a frame, role or complication ("lost" is also a
  // lost match): kept only when they fit the frame.
  const shared: Concept[] = [];
  const settingConcepts: string[] = [];
  const displaced: string[] = [];
  let framed = false;
  for (const hit of hits) {
    const names = hit.payloads.some((p) => p.kind === "frame");
    // A place after a locative says where the scene is, not what it is ("a café near the
    // harbour"), unless it is the first thing the scene names ("en la farmacia").
    const where = afterLocative(tokens, hit.start) && !(names && !framed) ? 0.5 : 1;
    framed ||= names;
    const multi = hit.length > 1 ? MULTI_WORD_BONUS : 0;
    const frames = new Set<FrameId>();
    // A topic counts once per word, however many of its names and keywords the word is.
    const hitTopics = new Set<string>();
    for (const p of hit.payloads) {
      if (p.kind === "frame") frames.add(p.frame);
      else if (p.kind === "complication") complication ??= p.complication;
      else if (p.kind === "role") sceneRole ??= p.role;
      else if (p.kind === "place") place ??= p.place;
      else if (p.kind === "night") night = true;
      // A word that names a frame votes for it; its topic only adds to the lesson's topics.
      else if (p.kind === "topic") hitTopics.add(p.topic);
      else if (p.kind === "setting") {
        for (const t of p.setting.topics) topicVotes.set(t, (topicVotes.get(t) ?? 0) + where);
        settingConcepts.push(...p.setting.concepts);
        displaced.push(...(p.setting.insteadOf ?? []));
        // The setting's word itself names one of its concepts ("Flughafen" the airport, "avión" the plane).
        const said = tokens.slice(hit.start, hit.start + hit.length).join(" ");
        for (const id of p.setting.concepts) {
          const c = index.conceptById.get(id);
          if (c && !named.includes(c) && LANGS.some((lang) => entryForms(c[lang]).some((f) => f.toLowerCase() === said))) named.push(c);
        }
      }
    }
    // A word that names a frame votes for it; its topic only adds to the lesson's topics.
    const clause = clauseOf[hit.start] ?? 0;
    for (const topic of hitTopics) {
      const into = names ? topicOnly : topicVotes;
      into.set(topic, (into.get(topic) ?? 0) + where);
      headClause ??= clause;
      if (clause === headClause) lastTopic = topic;
    }
    // A word that names the NPC ("police officer") votes for its frame once, as the role below: who
    // the NPC is does not say what the learner came for ("asking a police officer the way").
    const roles = new Set(hit.payloads.flatMap((p) => (p.kind === "role" ? [p.role] : [])));
    for (const f of frames) if (!roles.has(FRAME_BY_ID.get(f)?.npcRole ?? "")) add(votes, f, (FRAME_CUE + multi) * where);
    if (frames.size > 0 && where === 1) {
      frameClause ??= clause;
      if (clause === frameClause) lastFrameCue = [...frames];
    }
    for (const p of hit.payloads) {
      if (p.kind === "role") for (const frame of FRAMES) if (frame.npcRole === p.role) add(votes, frame.id, ROLE_VOTE * where);
      if (p.kind === "complication") for (const [f, w] of COMPLICATION_FRAMES[p.complication]) add(votes, f, w);
    }
    const concepts = uniqueConcepts(hit.payloads);
    if (hit.length > 1 && concepts.length === 0) for (const c of innerConcepts(index, tokens, raw, hit, frames, hint)) if (!named.includes(c)) named.push(c);
    if (concepts.length === 1 && hit.payloads.some((p) => p.kind !== "concept" && p.kind !== "topic")) shared.push(concepts[0] as Concept);
    if (concepts.length === 1) {
      named.push(concepts[0] as Concept);
      conceptVotes(votes, concepts[0] as Concept, where);
    } else if (concepts.length > 1) ambiguous.push(concepts);
  }
  for (const [topic, w] of topicVotes) {
    // Weather is the scene's mood, not its situation (unless it is all the scene says).
    if (topic === "weather" && topicVotes.size > 1) continue;
    const f = TOPIC_FRAME[topic];
    if (f) add(votes, f, TOPIC_VOTE * w);
  }
  // The head of the scene (its last frame cue, "a harbour tavern" is a tavern) gets a bonus.
  for (const f of lastFrameCue) add(votes, f, 1 / lastFrameCue.length);
  if (direct) add(votes, TOPIC_FRAME[direct.id] ?? "meet_introduce", 10);
  // Ambiguous words only vote when nothing else chose a frame, each sense at a share.
  if (votes.size === 0) for (const senses of ambiguous) for (const c of senses) conceptVotes(votes, c, 1 / senses.length);
  const npcRoleFromPersona = input.npc?.persona ? personaRole(index, input.npc.persona) : null;
  if (votes.size === 0 && npcRoleFromPersona) for (const frame of FRAMES) if (frame.npcRole === npcRoleFromPersona) add(votes, frame.id, 1);
  // A scene that says nothing of its own: the persona says who the NPC is, and so where ("a ferry captain").
  if (votes.size === 0 && input.npc?.persona) {
    const fromPersona = understandScene(index, { text: input.npc.persona, ...(input.target ? { target: input.target } : {}), ...(input.source ? { source: input.source } : {}) });
    if (fromPersona) return { ...fromPersona, npcName: input.npc.name, confidence: Math.round(fromPersona.confidence * 50) / 100 };
  }
  const ranked = [...votes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const best = ranked[0];
  if (!best || best[1] <= 0) return null;
  const frame = FRAME_BY_ID.get(best[0]) as Frame;
  // Senses: the one that fits the frame, else the one that shares a topic with the words already
  // understood; a word whose senses nothing tells apart is left out.
  // A frame whose dialogue says where something happened keeps the place or vehicle the scene
  // names, though it is another frame's word ("perdi minha carteira no ônibus": the bus).
  for (const c of shared) if (fit(c, frame) === 0 && !(SAYS_WHERE.has(frame.id) && c.id in WHERE_PHRASES)) named.splice(named.indexOf(c), 1);
  // Everyday words (be, have, go) say nothing about the scene unless the scene is everyday talk.
  for (const c of [...named]) if (c.topics[0] === "everyday" && fit(c, frame) === 0) named.splice(named.indexOf(c), 1);
  const context = new Set(named.flatMap((c) => c.topics));
  for (const senses of ambiguous) {
    const byFrame = senses.filter((c) => fit(c, frame) > 0).sort((a, b) => fit(b, frame) - fit(a, frame));
    const byContext = senses.filter((c) => c.topics.some((t) => context.has(t)));
    const chosen = byFrame[0] ?? (byContext.length === 1 ? byContext[0] : undefined);
    if (chosen) named.push(chosen);
  }
  const conceptIds = [...new Set([...named.map((c) => c.id), ...settingConcepts.filter((id) => index.conceptById.has(id))])];
  for (const [t, w] of topicOnly) topicVotes.set(t, (topicVotes.get(t) ?? 0) + w);
  if (lastTopic) topicVotes.set(lastTopic, (topicVotes.get(lastTopic) ?? 0) + 1);
  const topics = rankTopics(frame, named, topicVotes, direct?.id ?? null).filter((t) => index.topicById.has(t)).slice(0, 3);
  const mood = readMood(input.text, null);
  night ||= saysNight(index, tokens);
  const understoodWords = hits.reduce((n, h) => n + h.length, 0);
  const contentWords = tokens.filter((w) => w.length >= 3 && !STOP_WORDS.has(w) && !ARTICLES.has(w) && !LOCATIVES.has(w) && !/^\p{N}+$/u.test(w)).length;
  const coverage = contentWords === 0 ? 1 : Math.min(1, understoodWords / contentWords);
  const clarity = Math.min(1, best[1] / 5);
  const confidence = direct ? 1 : Math.round((0.5 * coverage + 0.5 * clarity) * 100) / 100;
  const p = place as Place | null;
  // A faint vote with no place behind it ("ich weiß nicht": weiß as a colour) is not a scene: the
  // caller is told what the engine teaches rather than charged for a guess.
  if (confidence < MIN_CONFIDENCE && !p) return null;
  return {
    frame: frame.id,
    concepts: conceptIds,
    implied: conceptIds.filter((id) => settingConcepts.includes(id) && !named.some((c) => c.id === id)),
    displaced: [...new Set(displaced)],
    topics,
    place: p ? { id: p.id, country: p.country, names: p.names } : null,
    currency: p?.currency ?? null,
    regionNote: p && input.target ? regionNote(p, input.target) : null,
    timeOfDay: night ? "night" : mood.time,
    complication,
    npcRole: npcRoleFromPersona ?? sceneRole ?? frame.npcRole,
    npcName: input.npc?.name ?? npcNameOf(index, input.text, raw, readAsCue(hits), hits.filter((h) => h.payloads.some((p) => p.kind === "role"))) ?? null,
    confidence,
  };
}


/** For each word of the text (as `understandScene` splits it), the index of its sentence or clause. */
function clauseIndexes(text: string): number[] {
  const out: number[] = [];
  let clause = 0;
  for (const m of text.normalize("NFC").matchAll(/[\p{L}\p{N}]+|[;.:!?…—–]/gu)) {
    if (/^[\p{L}\p{N}]/u.test(m[0])) out.push(clause);
    else clause += 1;
  }
  return out;
}

const nightStems = new Map<Lang, string[][]>(LANGS.map((lang) => [lang, NIGHT_WORDS[lang].map((w) => words(w).map((x) => stem(x, lang)))]));

/** Night words anywhere, also inside a longer expression ("a night market"). */
function saysNight(index: LexiconIndex, tokens: string[]): boolean {
  return LANGS.some((lang) =>
    (nightStems.get(lang) ?? []).some((cue) => tokens.some((_, i) => cue.every((s, j) => tokens[i + j] !== undefined && wordKeys(index, tokens[i + j] as string, lang, false).has(s)))),
  );
}

/**
 * Concepts named inside a frame's multi-word cue that belong to that frame ("birthday" in
 * "birthday party"), so the words are taught; other words inside it stay unread ("house" in
 * "publishing house" is a setting, "station" in "police station" is not a railway station).
 */
function innerConcepts(index: LexiconIndex, tokens: string[], raw: string[], hit: Hit, frames: Set<FrameId>, hint: readonly Lang[]): Concept[] {
  const out: Concept[] = [];
  for (let j = hit.start; j < hit.start + hit.length; j++) {
    for (const h of readCues(index, [tokens[j] as string], [raw[j] as string], hint)) {
      for (const c of uniqueConcepts(h.payloads)) {
        if ([...frames].some((f) => fit(c, FRAME_BY_ID.get(f) as Frame) >= 1.5)) out.push(c);
      }
    }
  }
  return out;
}

/** The role a persona names ("a grumpy old waiter"), if any. */
function personaRole(index: LexiconIndex, persona: string): string | null {
  const raw = persona.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];
  const tokens = raw.map((w) => words(w)[0] ?? w.toLowerCase());
  for (const hit of readCues(index, tokens, raw)) for (const p of hit.payloads) if (p.kind === "role") return p.role;
  return null;
}

function rankTopics(frame: Frame, named: Concept[], topicVotes: Map<string, number>, direct: string | null): string[] {
  const score = new Map<string, number>();
  const bump = (t: string, w: number) => score.set(t, (score.get(t) ?? 0) + w);
  // The frame's topics, then the topics the scene names outright, then those of its words.
  frame.topics.forEach((t, i) => bump(t, 2 - i * 0.25));
  for (const c of named) c.topics.forEach((t, i) => bump(t, i === 0 ? 1 : 0.5));
  for (const [t, w] of topicVotes) bump(t, w * 2.5);
  if (direct) bump(direct, 100);
  // Weather in a scene is its mood (npc-voice.ts reads it for the lines), not what it teaches,
  // unless the situation is about the weather.
  if (!frame.topics.includes("weather") && direct !== "weather") score.delete("weather");
  return [...score].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
}
