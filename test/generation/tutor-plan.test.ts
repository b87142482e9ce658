// The tutor given a lesson plan plays the plan's own role-play (tutor/plan-script.ts): its steps,
// its NPC lines and slots, while it still answers questions in role, remembers, and ends only at
// the goal or a farewell. The walk through every topic is in properties.test.ts.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import type { Lang } from "../../src/generation/languages.ts";
import type { ConversationState, LessonSet, TutorTurnResult } from "../../src/generation/model.ts";

const engine = createBuiltinEngine();

async function planFor(source: Lang, target: Lang, level: number, scene: string): Promise<LessonSet[]> {
  return Array.fromAsync(engine.lessonPlan({ source_lang: source, target_lang: target, level, scene, npc: { name: "Lola" } }));
}

function rolePlayOf(sets: LessonSet[]) {
  const set = sets.find((s) => s.kind === "role_play");
  if (set?.kind !== "role_play") throw new Error("the plan has no role-play");
  return set;
}

async function talk(source: Lang, target: Lang, level: number, sets: LessonSet[] | null, messages: string[], scene?: string): Promise<TutorTurnResult[]> {
  let conversation: ConversationState | null = null;
  const out: TutorTurnResult[] = [];
  for (const message of messages) {
    const turn = await engine.tutorTurn({ source_lang: source, target_lang: target, level, conversation, message, ...(sets ? { plan: { sets } } : {}), ...(scene ? { scene } : {}) });
    conversation = turn.conversation;
    out.push(turn);
  }
  return out;
}

describe("the tutor follows the plan's role-play", () => {
  test("a question off the script is answered in role, in the plan's currency, and the role-play goes on where it was", async () => {
    const sets = await planFor("es", "en", 2, "a café in London");
    const steps = rolePlayOf(sets).steps;
    const [greet, price, name, order, askName] = await talk("es", "en", 2, sets, ["Hello", "How much is a coffee?", "My name is Ana", steps[1]?.learner_options[0]?.text ?? "", "What is my name?"]);
    expect(greet?.reply).toBe(steps[0]?.npc.text as string);
    expect(price?.reply).toContain("£");
    expect(price?.progress.step).toBe(greet?.progress.step as number);
    expect(name?.reply).toContain("Ana");
    expect(order?.reply).toBe(steps[1]?.npc.text as string);
    expect(askName?.reply).toContain("Ana");
    expect([greet, price, name, order, askName].some((t) => t?.progress.completed)).toBe(false);
  });

  test("the step's intent said in other words, or with a spelling slip, moves the role-play on", async () => {
    const sets = await planFor("fr", "de", 7, "Hotel in Leipzig, Rezeption");
    const steps = rolePlayOf(sets).steps;
    const [, quality, order] = await talk("fr", "de", 7, sets, ["Guten Abend", "Ist das Zimmer ruhig?", "Ich möchte ein Zimer, bitte"]);
    // A question about the room is not the request the step waits for: it is answered, the step stays.
    expect(quality?.progress.intent).toBe("ask_quality");
    expect(order?.reply).toBe(steps[1]?.npc.text as string);
    expect(order?.progress.intent).toBe("request");
  });

  test("what it all comes to is the price the role-play states, in each language", async () => {
    for (const [source, target, scene, question] of [["en", "es", "un bar de tapas en Sevilla", "¿Cuánto es?"], ["es", "en", "a café in London", "How much is it?"], ["en", "pt-BR", "uma padaria em São Paulo", "Quanto é?"]] as const) {
      const sets = await planFor(source, target, 3, scene);
      const stated = rolePlayOf(sets).steps.flatMap((s) => s.npc.text.match(/[^.!?]*\d[^.!?]*[.!?]/gu) ?? []);
      expect(stated.length).toBeGreaterThan(0);
      const [, bill] = await talk(source, target, 3, sets, ["Hola", question]);
      expect(bill?.reply).toContain((stated.at(-1) as string).trim());
    }
  });

  test("asked what exactly, naming the thing moves on instead of repeating the line of the order", async () => {
    const sets = await planFor("en", "fr", 2, "un petit café près du port");
    const steps = rolePlayOf(sets).steps;
    // At a café the learner orders something to eat, then the coffee the waiter asks about.
    const turns = await talk("en", "fr", 2, sets, ["bonjour", "je voudrai un sandwich s'il vous plait", "le cafe"]);
    expect(turns[1]?.reply).toBe(steps[1]?.npc.text as string);
    expect(turns[2]?.reply).toBe(steps[2]?.npc.text as string);
    expect(turns[2]?.progress.intent).toBe("specify");
  });

  test("a farewell in the middle ends the conversation; the plan's NPC name is the tutor's", async () => {
    const sets = await planFor("en", "it", 3, "un bar a Roma");
    const turns = await talk("en", "it", 3, sets, ["Ciao!", "Come ti chiami?", "Arrivederci!"]);
    expect(turns[1]?.reply).toContain("Lola");
    expect(turns[1]?.progress.completed).toBe(false);
    expect(turns[2]?.progress.completed).toBe(true);
  });

  test("without a plan the tutor keeps its topic scenarios", async () => {
    const sets = await planFor("en", "es", 3, "un restaurante en Sevilla");
    const [withPlan] = await talk("en", "es", 3, sets, ["Hola"]);
    const [without] = await talk("en", "es", 3, null, ["Hola"], "un restaurante en Sevilla");
    expect(withPlan?.progress.steps).toBe(rolePlayOf(sets).steps.length);
    expect(without?.reply).not.toBe(withPlan?.reply as string);
  });

  test("a role-play without step intents (optional in the plan's shape, as a model may write it) is still followed", async () => {
    const sets = (await planFor("de", "fr", 4, "un petit café près du port")).map((s) =>
      s.kind === "role_play" ? { ...s, steps: s.steps.map(({ intent: _intent, npc_asks: _asks, ...step }) => step) } : s,
    );
    const steps = rolePlayOf(sets).steps;
    const turns = await talk("de", "fr", 4, sets, steps.map((s) => s.learner_options[0]?.text ?? ""));
    expect(turns.map((t) => t.reply)).toEqual(steps.map((s) => s.npc.text));
    expect(turns.at(-1)?.progress.completed).toBe(true);
  });

  test("a plan whose role-play is not the engine's shape is refused", async () => {
    const sets = [{ index: 1, kind: "role_play", steps: [{ id: "x" }] }] as unknown as LessonSet[];
    await expect(engine.tutorTurn({ source_lang: "en", target_lang: "es", level: 3, conversation: null, message: "Hola", plan: { sets } })).rejects.toMatchObject({ code: "invalid_request", param: "plan" });
  });
});
