// Reading a scene's words as the engine's cues: its own scene words (frames, roles, complications,
// settings, places, the night) and the lexicon's concepts and topic keywords, matched by stem in
// every language — the longest cue first at each position, the text's own language first
// (understand-scene.ts weighs what was read).
import { LANGS, type Lang } from "../../languages.ts";
import type { LexiconIndex } from "../lexicon-index.ts";
import { entryForms } from "../lexicon-index.ts";
import type { Concept } from "../lexicon-rules.ts";
import { guessLanguage } from "../language-guess.ts";
import { coreWords } from "../tutor/core-words.ts";
import { morphologyOf } from "../morphology/morph-index.ts";
import { stem, words } from "../text-normalise.ts";
import { COMPLICATION_CUES, NIGHT_WORDS, ROLE_CUES, SETTINGS, type Complication } from "./cues.ts";
import { FRAMES, type FrameId } from "./frames.ts";
import { PLACES, type Place } from "./places.ts";

export type Payload =
  | { kind: "frame"; frame: FrameId }
  | { kind: "concept"; concept: Concept }
  | { kind: "topic"; topic: string }
  | { kind: "role"; role: string }
  | { kind: "complication"; complication: Complication }
  | { kind: "setting"; setting: (typeof SETTINGS)[number] }
  | { kind: "place"; place: Place }
  | { kind: "night" };

interface Cue {
  /** Stems of the cue's words in its language. */
  stems: string[];
  /** The words themselves, to prefer a word written exactly over one with its stem only. */
  words: string[];
  lang: Lang;
  payload: Payload;
  /** A place that is also a common word ("Nice", "Porto") must be written with a capital. */
  capital?: boolean;
}

type CueMap = Map<string, Cue[]>;

interface CueTables {
  /** The engine's own scene words (frames, roles, complications, places …) in every language: small. */
  small: Map<Lang, CueMap>;
  /** Lexicon concepts and topic keywords, built per language on first need: large. */
  lexicon: Map<Lang, CueMap>;
}

const CONTENT_POS = new Set(["noun", "verb", "adj", "adv", "phrase"]);
export const STOP_WORDS = new Set(
  "the and with for from into this that there der die das und mit von den dem des ein eine einen les une des dans avec pour sur los las una con del por para che per nel nella uma com dos das pelo pela est une ist sind are was who".split(" "),
);
const AMBIGUOUS_PLACES = new Set(["nice", "porto", "rio", "salvador", "valencia"]);

const tables = new WeakMap<LexiconIndex, CueTables>();

function addCue(map: CueMap, lang: Lang, text: string, payload: Payload, capital = false): void {
  const ws = words(text);
  if (ws.length === 0) return;
  if (ws.length === 1 && ((ws[0] as string).length < 3 || STOP_WORDS.has(ws[0] as string))) return;
  const stems = ws.map((w) => stem(w, lang));
  const list = map.get(stems[0] as string) ?? [];
  list.push({ stems, words: ws, lang, payload, capital });
  map.set(stems[0] as string, list);
}

function smallTable(lang: Lang): CueMap {
  const map: CueMap = new Map();
  for (const frame of FRAMES) for (const cue of frame.cues[lang]) addCue(map, lang, cue, { kind: "frame", frame: frame.id });
  for (const [complication, cues] of Object.entries(COMPLICATION_CUES)) for (const cue of cues[lang]) addCue(map, lang, cue, { kind: "complication", complication: complication as Complication });
  for (const [role, cues] of Object.entries(ROLE_CUES)) for (const cue of cues[lang]) addCue(map, lang, cue, { kind: "role", role });
  for (const setting of SETTINGS) for (const cue of setting.cues[lang]) addCue(map, lang, cue, { kind: "setting", setting });
  for (const cue of NIGHT_WORDS[lang]) addCue(map, lang, cue, { kind: "night" });
  for (const place of PLACES) {
    for (const name of new Set([place.names[lang], ...(place.aliases ?? [])])) addCue(map, lang, name, { kind: "place", place }, AMBIGUOUS_PLACES.has(place.id));
  }
  return map;
}

function lexiconTable(index: LexiconIndex, lang: Lang): CueMap {
  const map: CueMap = new Map();
  for (const topic of index.data.topics) {
    for (const k of topic.keywords[lang]) addCue(map, lang, k, { kind: "topic", topic: topic.id });
    addCue(map, lang, topic.names[lang], { kind: "topic", topic: topic.id });
  }
  for (const concept of index.data.concepts) {
    if (!CONTENT_POS.has(concept.pos)) continue;
    for (const form of entryForms(concept[lang])) addCue(map, lang, form, { kind: "concept", concept });
  }
  return map;
}

function cueTables(index: LexiconIndex): CueTables {
  let t = tables.get(index);
  if (!t) {
    t = { small: new Map(LANGS.map((lang) => [lang, smallTable(lang)])), lexicon: new Map() };
    tables.set(index, t);
  }
  return t;
}

function lexiconCues(index: LexiconIndex, lang: Lang): CueMap {
  const t = cueTables(index);
  let map = t.lexicon.get(lang);
  if (!map) t.lexicon.set(lang, (map = lexiconTable(index, lang)));
  return map;
}

/**
 * The keys a word may match in a language: its stem, and in the text's own language the stems
 * of the lemmas the morphology tables read it as (built for that language alone: a table costs
 * a few hundred milliseconds the first time).
 */
export function wordKeys(index: LexiconIndex, word: string, lang: Lang, lemmatise: boolean): Set<string> {
  const keys = new Set([stem(word, lang)]);
  if (lemmatise && lang !== "en") {
    const morph = morphologyOf(index.language(lang));
    for (const r of morph?.read(word) ?? []) keys.add(stem(r.lemma, lang));
  }
  return keys;
}

export interface Hit {
  start: number;
  length: number;
  payloads: Payload[];
}

/**
 * The language the text is written in: among the request's languages when it gives them (their
 * tables are built for the plan anyway), else among all six.
 */
function textLanguage(index: LexiconIndex, raw: string[], hint: readonly Lang[]): Lang | null {
  if (hint.length === 0) return guessLanguage(index, raw.join(" "));
  const tokens = raw.map((w) => words(w)[0] ?? "").filter((w) => w.length >= 2);
  const score = (lang: Lang) => tokens.filter((w) => index.language(lang).knownWords.has(w) || coreWords(lang).has(w)).length;
  const ranked = [...new Set(hint)].map((lang) => ({ lang, n: score(lang) })).sort((a, b) => b.n - a.n);
  const [first, second] = ranked;
  return first && first.n > 0 && (!second || first.n > second.n) ? first.lang : null;
}

/** Longest cues first at each position; the words of a cue are not read again. */
export function readCues(index: LexiconIndex, tokens: string[], raw: string[], hint: readonly Lang[] = []): Hit[] {
  const tables = cueTables(index);
  // In a text of one language, a word of that language means what it means there: German "hat"
  // is not an English hat, Italian "bar" is a bar. Other languages' readings count only where the
  // text's own language has none (a mixed text, a cognate, a name).
  const own = textLanguage(index, raw, hint);
  const ownKnows = (w: string) => own !== null && (index.language(own).knownWords.has(w) || coreWords(own).has(w));
  // The lexicon is read in the text's own language and the languages of the request (the
  // scene is written in the learner's language or the one learnt); the engine's scene words in all.
  const deep = new Set<Lang>([...(own ? [own] : []), ...hint]);
  if (deep.size === 0) deep.add("en");
  const keys = tokens.map((w) => new Map(LANGS.map((lang) => [lang, wordKeys(index, w, lang, lang === own)])));
  const hits: Hit[] = [];
  let i = 0;
  while (i < tokens.length) {
    let best: { length: number; payloads: { lang: Lang; payload: Payload; exact: boolean }[] } = { length: 0, payloads: [] };
    for (const lang of LANGS) {
      const maps = deep.has(lang) ? [tables.small.get(lang) as CueMap, lexiconCues(index, lang)] : [tables.small.get(lang) as CueMap];
      for (const key of keys[i]?.get(lang) ?? []) {
        for (const cue of maps.flatMap((m) => m.get(key) ?? [])) {
          const n = cue.stems.length;
          if (n < best.length || i + n > tokens.length) continue;
          if (n === 1 && ((tokens[i] as string).length < 3 || STOP_WORDS.has(tokens[i] as string))) continue;
          if (cue.capital && !/^\p{Lu}/u.test(raw[i] ?? "")) continue;
          let ok = true;
          for (let j = 1; j < n && ok; j++) ok = keys[i + j]?.get(lang)?.has(cue.stems[j] as string) ?? false;
          if (!ok) continue;
          if (n > best.length) best = { length: n, payloads: [] };
          best.payloads.push({ lang: cue.lang, payload: cue.payload, exact: cue.words.every((w, j) => w === tokens[i + j]) });
        }
      }
    }
    // Two words with one stem (Portuguese carteira, a wallet, and carteiro, a mail carrier): the
    // one written exactly wins.
    if (best.payloads.some((p) => p.exact)) best.payloads = best.payloads.filter((p) => p.exact);
    // An everyday word of the text's language is itself, not another word with its stem (Spanish
    // "está" is not "este", the east); a place's name stays one, written with its accent or not (México).
    else if (best.length === 1 && own !== null && coreWords(own).has(tokens[i] as string)) best = { length: 1, payloads: best.payloads.filter((p) => p.payload.kind === "place") };
    const ownCue = best.payloads.some((p) => p.lang === own);
    const keep = best.payloads.filter((p) => p.payload.kind === "place" || p.lang === own || (!ownCue && !(best.length === 1 && ownKnows(tokens[i] as string))));
    if (best.length > 0 && keep.length > 0) {
      hits.push({ start: i, length: best.length, payloads: [...new Set(keep.map((p) => p.payload))] });
      i += best.length;
    } else i++;
  }
  return hits;
}

/** The positions of the words read as one of the engine's scene cues (a place, a role, a frame), not as a lexicon word. */
export function readAsCue(hits: Hit[]): Set<number> {
  return new Set(hits.filter((h) => h.payloads.some((p) => p.kind !== "concept" && p.kind !== "topic")).flatMap((h) => Array.from({ length: h.length }, (_, j) => h.start + j)));
}
