// The plan's role-play as the script the tutor follows. The lesson generator builds the dialogue
// once (scene/frame-dialogue.ts, with the plan's frame, slots and band); the tutor does not build
// a second one, it reads the plan's steps: their intents, the learner's options and the NPC's lines,
// which already carry the place, currency, price, NPC name and band. A step is recognised by the
// words its options say: the whole option, and each word of it no other step's options share,
// matched on stems after correction like the scenario keywords (intent-match.ts).
import type { PlanLine, PlanRolePlay } from "../../engine-input.ts";
import { LANGS, type Lang } from "../../languages.ts";
import type { PerLang, Scenario } from "../data-rules.ts";
import type { IntentMatch } from "./intent-match.ts";
import type { LearnerIntent } from "./learner-intent.ts";
import { coreWords } from "./core-words.ts";
import { isNumberWord } from "./numbers.ts";
import { foldAccents, stem, words } from "../text-normalise.ts";

/** Words shorter than this ("un", "le", "der") say nothing about which step was answered. */
const MIN_WORD = 4;

function perLang<T>(target: Lang, source: Lang, inTarget: T, inSource: T, other: T): PerLang<T> {
  const out = {} as PerLang<T>;
  for (const lang of LANGS) out[lang] = lang === target ? inTarget : lang === source ? inSource : other;
  return out;
}

function stemsOf(text: string, lang: Lang): string[] {
  return words(foldAccents(text)).map((w) => stem(w, lang));
}

/** The plan's role-play as a scenario: one intent per step, the step's own intent; its lines as the plan says them. */
export function planScenario(rolePlay: PlanRolePlay, topic: string, source: Lang, target: Lang): Scenario {
  const stepStems = rolePlay.steps.map((s) => new Set(s.learner.flatMap((l) => stemsOf(l.text, target))));
  const name = new Set(stemsOf(rolePlay.npcName, target));
  const everyday = new Set([...coreWords(target)].map((w) => foldAccents(w)));
  return {
    topic,
    steps: rolePlay.steps.map((step, i) => {
      const others = new Set(stepStems.flatMap((set, j) => (j === i ? [] : [...set])));
      // A number word alone ("drei" of "drei Nächte") would be heard in any number, "ein Zimmer" too;
      // an everyday word ("bitte", "hier") is said at any step.
      const own = [...new Set(step.learner.flatMap((l) => words(foldAccents(l.text))))].filter((w) => {
        const s = stem(w, target);
        return w.length >= MIN_WORD && !others.has(s) && !name.has(s) && !isNumberWord(w, target) && !everyday.has(w);
      });
      const whole = step.learner.map((l) => words(l.text).join(" ")).filter((k) => k !== "");
      const next = rolePlay.steps[i + 1];
      return {
        id: step.id,
        npc: perLang(target, source, step.npc.text, step.npc.translation, step.npc.text),
        expects: next ? [next.intent] : [],
        intents: [{ id: step.intent, keywords: perLang(target, source, [...own, ...whole], [], []) }],
        learner: step.learner.map((l) => ({ intent: step.intent, text: perLang(target, source, l.text, l.translation, l.text) })),
      };
    }),
  };
}

/** What the learner does when saying a step's intent in words of their own (learner-intent.ts reads them). */
const SAID_AS: Partial<Record<string, LearnerIntent[]>> = {
  greet: ["greeting"],
  request: ["request"],
  specify: ["request"],
  complication: ["complaint"],
  close: ["goodbye"],
};

/**
 * The current step, when the learner does what it waits for in other words than its options
 * ("Ich möchte ein Zimmer" where the options say "Ich hätte gern ein Zimmer"): the role-play moves on.
 */
export function stepSaidOtherwise(scenario: Scenario, step: number, intent: LearnerIntent | null, namesThing: boolean): IntentMatch | null {
  const wanted = scenario.steps[step]?.intents[0]?.id;
  if (wanted === undefined) return null;
  // Asked what exactly, naming the thing is the answer ("le café").
  if (wanted === "specify" && namesThing && (intent === null || intent === "request")) return { step, intent: wanted };
  return intent !== null && (SAID_AS[wanted] ?? []).includes(intent) ? { step, intent: wanted } : null;
}

/** Sentences of a line, with their end marks. */
function sentences(line: string): string[] {
  return line.match(/[^.!?]*[^.!?\s][^.!?]*[.!?]+/gu) ?? [];
}

/**
 * The price the role-play states ("Son 18 euros." / "That's 18 euros."), the one amount its
 * lines name (scene/frame-dialogue.ts realises it from one slot): asked what it comes to, the
 * tutor says that sentence rather than a price of its own, so it never contradicts the plan.
 */
export function statedPrice(rolePlay: PlanRolePlay): PlanLine | null {
  for (const step of rolePlay.steps) {
    const inTarget = sentences(step.npc.text).filter((s) => /\d/.test(s));
    const inSource = sentences(step.npc.translation).filter((s) => /\d/.test(s));
    const [text, translation] = [inTarget.at(-1), inSource.at(-1)];
    if (text && translation && inTarget.length === inSource.length) return { text: text.trim(), translation: translation.trim() };
  }
  return null;
}
