// Role-plays are dialogues, over the real data: every topic × level 1–9 × six target languages.
// The role-play is generated per frame (scene/frame-dialogue.ts): every step has an NPC line and
// learner lines, and says the intent the NPC's line before it asked for (`npc_asks`). The tutor's
// conversations and the defects a teacher found are tested one by one below.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { buildLessonContext } from "../../src/generation/builtin/lesson/lesson-context.ts";
import { rolePlaySet } from "../../src/generation/builtin/lesson/role-play-set.ts";
import { farewellKind } from "../../src/generation/builtin/npc-voice.ts";
import { LANGS, type Lang } from "../../src/generation/languages.ts";
import type { ConversationState, LessonSet, RolePlaySet, TutorTurnResult } from "../../src/generation/model.ts";

const engine = createBuiltinEngine();
const index = engine.index();

async function plan(source: Lang, target: Lang, level: number, subject: { topic: string } | { scene: string }, npc?: { name: string; persona?: string }): Promise<LessonSet[]> {
  return Array.fromAsync(engine.lessonPlan({ source_lang: source, target_lang: target, level, ...subject, ...(npc ? { npc } : {}) }));
}

function rolePlayOf(sets: LessonSet[]): RolePlaySet {
  const set = sets.find((s): s is RolePlaySet => s.kind === "role_play");
  if (!set) throw new Error("no role-play set");
  return set;
}

async function talk(target: Lang, messages: string[], options: { source?: Lang; level?: number; scene?: string; npc?: { name: string; persona?: string } } = {}): Promise<TutorTurnResult[]> {
  let conversation: ConversationState | null = null;
  const turns: TutorTurnResult[] = [];
  for (const message of messages) {
    const turn: TutorTurnResult = await engine.tutorTurn({
      source_lang: options.source ?? "en",
      target_lang: target,
      level: options.level ?? 2,
      conversation,
      message,
      ...(options.scene ? { scene: options.scene } : {}),
      ...(options.npc ? { npc: options.npc } : {}),
    });
    conversation = turn.conversation;
    turns.push(turn);
  }
  return turns;
}

describe("every topic × level 1–9 × six target languages", () => {
  test("every step has an NPC line and learner lines, and says the intent the NPC's line before it asked for", async () => {
    const problems: string[] = [];
    let steps = 0;
    let lines = 0;
    for (const topic of index.data.topics) {
      for (let level = 1; level <= 9; level++) {
        for (const [n, target] of LANGS.entries()) {
          const source = LANGS[(n + level) % LANGS.length] === target ? (LANGS[(n + level + 1) % LANGS.length] as Lang) : (LANGS[(n + level) % LANGS.length] as Lang);
          const rolePlay = rolePlaySet(buildLessonContext(index, { source, target, level, subject: { kind: "topic", text: topic.id }, npc: null }), 4);
          if (!rolePlay) throw new Error(`${topic.id}: no role-play`);
          const at = `${topic.id} L${level} ${source}→${target}`;
          rolePlay.steps.forEach((step, k) => {
            steps++;
            if (step.npc.text.trim() === "" || step.npc.translation.trim() === "") problems.push(`${at} ${step.id}: no NPC line`);
            if (step.learner_options.length === 0) problems.push(`${at} ${step.id}: no learner line`);
            if (k > 0 && rolePlay.steps[k - 1]?.npc_asks !== step.intent) problems.push(`${at} ${step.id}: says ${step.intent}, the NPC asked for ${rolePlay.steps[k - 1]?.npc_asks}`);
            const until = farewellKind(step.npc.text, target);
            for (const option of step.learner_options) {
              lines++;
              const leave = farewellKind(option.text, target);
              if (leave !== null && until !== null && leave !== until) problems.push(`${at} ${step.id}: ${JSON.stringify(option.text)} is answered ${JSON.stringify(step.npc.text)}`);
            }
          });
        }
      }
    }
    expect(steps).toBeGreaterThanOrEqual(index.data.topics.length * 9 * 6 * 5);
    expect(lines).toBeGreaterThanOrEqual(2 * steps);
    expect(problems.slice(0, 10)).toEqual([]);
  }, 60_000);

  test("the practice dialogue alternates learner and NPC, never two NPC lines back to back", async () => {
    const problems: string[] = [];
    for (const topic of index.data.topics) {
      for (const level of [1, 5, 9]) {
        for (const target of LANGS) {
          const sets = await plan(target === "en" ? "fr" : "en", target, level, { topic: topic.id });
          const exercises = sets.find((s) => s.kind === "exercises");
          const dialogue = exercises?.kind === "exercises" ? exercises.exercises.find((e) => e.type === "dialogue_order") : undefined;
          if (dialogue?.type !== "dialogue_order") {
            problems.push(`${topic.id} L${level} ${target}: no dialogue`);
            continue;
          }
          const inOrder = dialogue.answer.map((key) => dialogue.lines.find((l) => l.key === key)?.speaker);
          if (inOrder.some((speaker, i) => speaker !== (i % 2 === 0 ? "learner" : "npc"))) problems.push(`${topic.id} L${level} ${target}: ${inOrder.join(" ")}`);
        }
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
  }, 60_000);
});

describe("role-plays that hold together", () => {
  test("at the market the learner pays the price the vendor named, after the complication's own turn", async () => {
    const rolePlay = rolePlayOf(await plan("en", "es", 1, { topic: "market" }));
    expect(rolePlay.steps.map((s) => s.intent)).toEqual(["greet", "request", "specify", "complication", "pay", "close"]);
    const pay = rolePlay.steps.findIndex((s) => s.intent === "pay");
    const price = rolePlay.steps[pay - 1]?.npc.text.match(/Son (\d+) euros\./)?.[1];
    expect(price).toBeDefined();
    expect(rolePlay.steps[pay]?.learner_options[0]?.text).toBe(`Aquí tienes: ${price} euros.`);
    expect(rolePlay.steps[pay - 2]?.npc.text).toContain("Lo siento, hay un problema:");
    expect(rolePlay.steps.every((s) => s.learner_options.length >= 2)).toBe(true);
  });

  test("“¡Adiós, hasta mañana!” is answered “¡Hasta mañana!”, not “¡Hasta la semana que viene!”", async () => {
    const turns = await talk("es", ["¡Hola!", "Quiero un kilo de fresas", "Nada más, gracias. ¿Cuánto es?", "Aquí tiene diez euros", "¡Adiós, hasta mañana!"], { scene: "un mercado" });
    const last = turns.at(-1);
    expect(last?.progress.completed).toBe(true);
    expect(last?.reply).toBe("¡Gracias a usted! ¡Hasta mañana!");
    expect(last?.reply).not.toContain("semana");
    // A farewell that agrees with the vendor's keeps the vendor's line.
    const [, , , , plain] = await talk("es", ["¡Hola!", "Quiero un kilo de fresas", "Nada más, gracias. ¿Cuánto es?", "Aquí tiene diez euros", "¡Adiós, hasta la semana que viene!"], { scene: "un mercado" });
    expect(plain?.reply).toBe(index.scenarioByTopic.get("market")?.steps.at(-1)?.npc.es ?? "—");
  });

  test("job interview: the learner gives information where the interviewer asks for it", async () => {
    const rolePlay = rolePlayOf(await plan("es", "en", 4, { scene: "a job interview in Manchester" }));
    expect(rolePlay.steps.map((s) => s.intent)).toEqual(["greet", "give_info", "give_info", "complication", "ask_info", "close"]);
    expect(rolePlay.steps[0]?.npc.text).toContain("here in Manchester");
    expect(rolePlay.steps[0]?.npc.text).toContain("Could you tell me a little more about it, please?");
  });

  test("hotel: three nights said at the desk are not asked for again", async () => {
    const turns = await talk("pt-BR", ["Boa noite", "Tenho uma reserva de um quarto para três noites"], { scene: "um hotel" });
    expect(turns[1]?.reply).not.toContain("Para quantas noites");
    expect(turns[1]?.reply).toBe("Perfeito. Quarto doze, no segundo andar. Aqui está a sua chave. Tem alguma pergunta?");
    expect(turns[1]?.progress.step_id).toBe("info");
    // Said in two turns, the question comes once.
    const two = await talk("pt-BR", ["Boa noite", "Tenho uma reserva", "Três noites"], { scene: "um hotel" });
    expect(two.map((t) => t.reply.includes("Para quantas noites"))).toEqual([false, true, false]);
  });

  test("a restaurant table for two said with the greeting is not asked for again", async () => {
    const [first] = await talk("fr", ["Bonsoir, une table pour deux, s'il vous plaît"], { scene: "un restaurant" });
    expect(first?.reply).not.toContain("pour combien");
    expect(first?.progress.step_id).toBe("order");
    // Greeted, the waiter greets back before showing the table.
    expect(first?.reply).toStartWith("Bonsoir !");
  });

  test("not understood: one clarifying question offering two replies, never the previous line again", async () => {
    const turns = await talk("de", ["Hallo", "Blorp zing", "Quux"], { scene: "Markt" });
    const [greeted, miss, again] = turns;
    const [a, b] = (miss?.suggested_replies ?? []).map((r) => r.text.replace(/\.$/, ""));
    expect(miss?.reply).toBe("Entschuldigung, ich habe „Blorp zing“ nicht verstanden. Können Sie das anders sagen?");
    expect([a, b].every((s) => s !== undefined && s.length > 0)).toBe(true);
    expect(miss?.suggested_replies).toHaveLength(2);
    expect(miss?.reply).not.toContain(greeted?.reply ?? "—");
    expect(again?.reply).not.toBe(miss?.reply);
    expect((again?.reply.match(/\?/g) ?? []).length).toBe(1);
    // The replies offered are understood.
    const [, , understood] = await talk("de", ["Hallo", "Blorp zing", miss?.suggested_replies[0]?.text ?? ""], { scene: "Markt" });
    expect(understood?.progress.understood).toBe(true);
  });

  test("greetings pair: a greeting naming the time of day is answered with the same one", async () => {
    const [evening] = await talk("es", ["¡Buenas noches!"], { scene: "un mercado" });
    expect(evening?.reply.startsWith("¡Buenas noches!")).toBe(true);
    const rolePlay = rolePlayOf(await plan("en", "es", 2, { scene: "a hotel reception in the afternoon" }));
    const [greet] = rolePlay.steps;
    // The learner's greeting and the receptionist's name the same time of day.
    expect(greet?.npc.text.startsWith("¡Buenas tardes!")).toBe(true);
    expect(greet?.learner_options.map((o) => o.text)).toContain("¡Buenas tardes!");
  });
});

describe("scene and persona", () => {
  test("“A rainy harbour tavern, the captain is grumpy”: the tavern, in the rain, with a grumpy host", async () => {
    const sets = await plan("en", "fr", 3, { scene: "A rainy harbour tavern, the captain is grumpy" });
    const overview = sets[0];
    expect(overview?.kind === "overview" && overview.topics.map((t) => t.id).slice(0, 2)).toEqual(["tavern", "harbour"]);
    const rolePlay = rolePlayOf(sets);
    const [greet] = rolePlay.steps;
    expect(greet?.npc.text).toStartWith("Hmm. Oui ? Quel temps pluvieux.");
    expect(rolePlay.steps.every((s) => !s.npc.text.includes("!"))).toBe(true);
    expect(JSON.stringify(rolePlay)).not.toContain("La mer est calme");
    expect(rolePlay.steps.at(-1)?.npc.text).toEndWith("Et ferme la porte en sortant.");
  });

  test("a captain persona does not move the scene out of the tavern", async () => {
    const sets = await plan("en", "fr", 3, { scene: "A rainy harbour tavern, the captain is grumpy" }, { name: "Yann", persona: "a grumpy old captain" });
    expect(rolePlayOf(sets).steps.map((s) => s.id)).toEqual(["greet", "order", "drink", "complication", "pay", "close"]);
  });

  test("the harbour in a storm does not promise a calm sea", async () => {
    const rolePlay = rolePlayOf(await plan("en", "fr", 3, { scene: "a harbour in a storm" }));
    expect(rolePlay.steps[0]?.npc.text).toContain("tempête");
    for (const step of rolePlay.steps) expect(step.npc.text).not.toContain("calme");
  });

  test("“viagem de trem” is a train lesson: train words, the ticket office, no passport control", async () => {
    const sets = await plan("en", "pt-BR", 3, { scene: "viagem de trem" });
    const overview = sets[0];
    if (overview?.kind !== "overview") throw new Error("no overview");
    expect(overview.topics[0]?.id).toBe("transport");
    expect(overview.vocabulary.map((v) => v.id)).toContain("train");
    expect(rolePlayOf(sets).steps.map((s) => s.id)).not.toContain("passport");
  });

  test("a bakery scene brings its own words into the lesson", async () => {
    const sets = await plan("en", "es", 5, { scene: "Una panadería española con pasteles y tartas" });
    const overview = sets[0];
    if (overview?.kind !== "overview") throw new Error("no overview");
    expect(overview.vocabulary.map((v) => v.id)).toEqual(expect.arrayContaining(["bakery", "cake", "pastry"]));
  });

  test("persona registers: cheerful and formal NPCs open and close in their own way", async () => {
    const cheerful = rolePlayOf(await plan("en", "it", 2, { topic: "cafe" }, { name: "Gianni", persona: "cheerful barista" }));
    // At A2 the dialogue says tu, and so does the cheerful barista; the formal receptionist does not.
    expect(cheerful.steps[0]?.npc.text).toContain("Che piacere vederti!");
    expect(cheerful.steps.at(-1)?.npc.text).toEndWith("Torna presto!");
    const formal = rolePlayOf(await plan("en", "de", 2, { topic: "lodging" }, { name: "Herr Weber", persona: "formal receptionist" }));
    expect(formal.steps[0]?.npc.text).toContain("Herzlich willkommen.");
    expect(formal.steps.at(-1)?.npc.text).toEndWith("Es war mir eine Ehre, Ihnen behilflich zu sein.");
  });

  test("time of day and weather reach the greeting and the small talk", async () => {
    const morning = rolePlayOf(await plan("en", "es", 2, { scene: "un restaurante por la mañana, hace mucho frío" }));
    expect(morning.steps[0]?.npc.text).toStartWith("¡Buenos días! ¡Qué frío hace hoy!");
    expect(morning.steps[0]?.learner_options.map((o) => o.text)).toContain("¡Buenos días!");
    const [tutor] = await talk("en", ["Hello"], { source: "fr", scene: "a snowy mountain hut in the evening" });
    expect(tutor?.reply).toContain("Look at all this snow!");
  });
});
