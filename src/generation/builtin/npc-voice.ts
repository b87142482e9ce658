// The NPC's voice in a given scene: the scenario's lines as written, with the greeting of the
// scene's time of day, a remark on its weather, and the persona's register (a grumpy NPC does not
// exclaim, opens curtly and sends you off with a grumble; a cheerful one is glad to see you; a
// formal one welcomes and takes leave formally). Scene and persona texts only choose among these
// written lines; nothing of them is echoed.
import { LANGS, type Lang } from "../languages.ts";
import type { Scenario } from "./data-rules.ts";
import { containsWords, keyWords } from "./keyword-match.ts";
import {
  LEADING_TIME_GREETING,
  PERSONA_LINES,
  PERSONA_WORDS,
  TIME_GREETING,
  TIME_WORDS,
  WEATHER_REMARK,
  WEATHER_WORDS,
  type Persona,
  type TimeOfDay,
  type Weather,
} from "./ui-text/scene-mood-text.ts";
import { FAREWELLS, NPC_LINES } from "./ui-text/tutor-text.ts";

export interface SceneMood {
  time: TimeOfDay | null;
  weather: Weather | null;
  persona: Persona | null;
}

export const NO_MOOD: SceneMood = { time: null, weather: null, persona: null };

// The tables' words, folded once.
const folded = new Map<string, string[]>();
function fold(word: string): string[] {
  let w = folded.get(word);
  if (!w) folded.set(word, (w = keyWords(word)));
  return w;
}

/** The first kind whose words (in any of the six languages) the text contains. */
function firstSaid<K extends string>(text: string, table: Record<K, Record<Lang, string[]>>): K | null {
  const said = keyWords(text);
  if (said.length === 0) return null;
  for (const kind of Object.keys(table) as K[]) {
    if (LANGS.some((lang) => table[kind][lang].some((w) => containsWords(said, fold(w))))) return kind;
  }
  return null;
}

/** Time of day and weather from the scene; the persona from the persona text, else the scene. */
export function readMood(scene: string | null, persona: string | null): SceneMood {
  const place = scene ?? "";
  return {
    time: firstSaid(place, TIME_WORDS),
    weather: firstSaid(place, WEATHER_WORDS),
    persona: (persona ? firstSaid(persona, PERSONA_WORDS) : null) ?? firstSaid(place, PERSONA_WORDS),
  };
}

/** The time of day a greeting names ("Buenas noches" → evening), for answering in kind. */
export function greetingTime(text: string, lang: Lang): TimeOfDay | null {
  const said = keyWords(text);
  for (const time of Object.keys(TIME_GREETING) as TimeOfDay[]) {
    // French "bonjour" serves morning and afternoon alike; only "bonsoir" says the time.
    if (lang === "fr" && time !== "evening") continue;
    if (containsWords(said, fold(TIME_GREETING[time][lang]))) return time;
  }
  return null;
}

/** A line whose opening greeting names a time of day, greeting for `time` instead. */
export function withTimeGreeting(line: string, lang: Lang, time: TimeOfDay | null): string {
  if (!time) return line;
  return line.replace(LEADING_TIME_GREETING[lang], (_, mark: string | undefined) => `${mark ?? ""}${TIME_GREETING[time][lang]}`);
}

/** A grumpy speaker does not exclaim: "¡Aquí tiene!" → "Aquí tiene.", "Voilà !" → "Voilà." */
function flat(line: string): string {
  return line.replace(/¡/g, "").replace(/\s*!/g, ".").replace(/\.\.+/g, ".");
}

function join(parts: string[]): string {
  return parts.filter((p) => p !== "").join(" ");
}

/**
 * What the NPC says at a step in this scene: the step's line for the weather when the data has
 * one (a calm sea is not promised in a storm), the opening greeting for the time of day, the
 * weather remark after the greeting, and the persona's opener and closer.
 */
export function voicedNpcLine(scenario: Scenario, step: number, lang: Lang, mood: SceneMood): string {
  const s = scenario.steps[step];
  if (!s) return "";
  const variant = (mood.weather && s.moods?.[mood.weather]) || (mood.persona && s.moods?.[mood.persona]) || null;
  let line = variant ? variant[lang] : s.npc[lang];
  const first = step === 0;
  const last = step === scenario.steps.length - 1;
  if (first) {
    line = withTimeGreeting(line, lang, mood.time);
    const remark = mood.weather && !variant ? WEATHER_REMARK[mood.weather][lang] : "";
    const [head, rest] = splitFirstSentence(line);
    const greets = opensWithGreeting(scenario, head, lang);
    const greeting = greets ? head : "";
    const body = greets ? rest : line;
    if (mood.persona === "grumpy") {
      // The curt opener takes the greeting's place; the rest of the line (the question) stays.
      line = join([PERSONA_LINES.grumpy.opener[lang], remark, body]);
    } else {
      line = join([greeting, mood.persona ? PERSONA_LINES[mood.persona].opener[lang] : "", remark, body]);
    }
  }
  if (last && mood.persona) line = join([line, PERSONA_LINES[mood.persona].closer[lang]]);
  return mood.persona === "grumpy" ? flat(line) : line;
}

/** The greeting sentence the NPC opens with in this scene ("¡Buenos días!"), or "" if none. */
export function npcGreeting(scenario: Scenario, lang: Lang, mood: SceneMood): string {
  const [head] = splitFirstSentence(voicedNpcLine(scenario, 0, lang, { ...mood, weather: null }));
  return opensWithGreeting(scenario, head, lang) ? head : "";
}

/**
 * A learner's line in this scene: an opening greeting names the time of day the NPC's greeting
 * names (the scene's, else the one written), so "Buenas noches" is not met with "Buenas tardes".
 */
export function voicedLearnerLine(scenario: Scenario, text: string, step: number, lang: Lang, mood: SceneMood): string {
  if (step !== 0) return text;
  // The written greeting's time counts even when a grumpy NPC skips the greeting.
  return withTimeGreeting(text, lang, mood.time ?? greetingTime(voicedNpcLine(scenario, 0, lang, { ...mood, persona: null }), lang));
}

const FAREWELL_ENTRIES = Object.entries(FAREWELLS);

/** The kind of dated farewell a text says ("hasta mañana" → tomorrow), if any. */
export function farewellKind(text: string, lang: Lang): string | null {
  const said = keyWords(text);
  for (const [kind, farewell] of FAREWELL_ENTRIES) {
    if (farewell.keywords[lang].some((k) => containsWords(said, fold(k)))) return kind;
  }
  return null;
}

/**
 * The NPC's closing line answering the learner's farewell in kind: kept when it says the same
 * farewell or the learner named none, extended with the learner's when it says none, and
 * replaced by thanks and the learner's farewell when it names another time ("see you next week"
 * to "see you tomorrow").
 */
export function answeredInKind(line: string, learner: string, lang: Lang): string {
  const said = farewellKind(learner, lang);
  if (!said) return line;
  const own = farewellKind(line, lang);
  const reply = FAREWELLS[said]?.reply[lang] ?? "";
  if (own === said) return line;
  if (own === null) return `${line} ${reply}`;
  return `${NPC_LINES.thanks_back[lang]} ${reply}`;
}

/** The first sentence and the rest ("Bonjour !" stays whole: the space before "!" is French). */
function splitFirstSentence(line: string): [string, string] {
  const m = /^[^.!?]*[.!?](\s+|$)/u.exec(line);
  if (!m) return [line, ""];
  return [m[0].trim(), line.slice(m[0].length)];
}

/** Does the sentence greet? Judged by the greeting keywords of the scenario's opening step. */
function opensWithGreeting(scenario: Scenario, sentence: string, lang: Lang): boolean {
  const said = keyWords(sentence);
  return (scenario.steps[0]?.intents ?? []).some((intent) => intent.keywords[lang].some((k) => containsWords(said, fold(k))));
}

/**
 * A generated NPC line in the scene's mood (frame dialogues, scene/frame-dialogue.ts): the first
 * line keeps its greeting sentence and adds the persona's opener and the weather remark after it
 * (a grumpy NPC's curt opener takes the greeting's place), the last line ends with the persona's
 * closer, and a grumpy NPC never exclaims. The same is done to the translation, so they agree.
 */
export function moodedLine(line: string, lang: Lang, mood: SceneMood, first: boolean, last: boolean, informal = false): string {
  let out = line;
  // An A1–A2 dialogue says tú, du, tu: so do its cheerful and grumpy NPCs (a formal one stays formal).
  const persona = mood.persona ? (informal && mood.persona !== "formal" ? INFORMAL_PERSONA_LINES[mood.persona] : PERSONA_LINES[mood.persona]) : null;
  if (first) {
    const remark = mood.weather ? WEATHER_REMARK[mood.weather][lang] : "";
    const [head, rest] = splitFirstSentence(out);
    if (mood.persona === "grumpy") out = join([PERSONA_LINES.grumpy.opener[lang], remark, rest]);
    else out = join([head, persona ? persona.opener[lang] : "", remark, rest]);
  }
  if (last && persona) out = join([out, persona.closer[lang]]);
  return mood.persona === "grumpy" ? flat(out) : out;
}

const INFORMAL_PERSONA_LINES: Record<"cheerful" | "grumpy", { opener: Record<Lang, string>; closer: Record<Lang, string> }> = {
  cheerful: {
    opener: { en: "What a pleasure to see you!", es: "¡Qué alegría verte!", fr: "Quel plaisir de te voir !", de: "Wie schön, dich zu sehen!", it: "Che piacere vederti!", "pt-BR": "Que alegria ver você!" },
    closer: { en: "Come back soon!", es: "¡Vuelve pronto!", fr: "Reviens vite !", de: "Komm bald wieder!", it: "Torna presto!", "pt-BR": "Volte logo!" },
  },
  grumpy: {
    opener: PERSONA_LINES.grumpy.opener,
    closer: { en: "And shut the door behind you.", es: "Y cierra la puerta al salir.", fr: "Et ferme la porte en sortant.", de: "Und mach die Tür zu.", it: "E chiudi la porta quando esci.", "pt-BR": "E feche a porta ao sair." },
  },
};
