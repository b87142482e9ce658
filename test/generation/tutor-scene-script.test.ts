// The tutor plays the scene's situation: of the topics a scene touches, the script it follows is
// one whose situation is the scene's (a café scene that mentions breakfast is ordered at the
// counter), and the scene's head is in its first clause, where it says where it is.
import { expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import type { Lang } from "../../src/generation/languages.ts";
import type { ConversationState, TutorTurnResult } from "../../src/generation/model.ts";

const engine = createBuiltinEngine();
/** The scene played with `messages` (from English, or Spanish into English); its last turn. */
async function play(target: Lang, scene: string, messages: readonly string[], level: number) {
  const source: Lang = target === "en" ? "es" : "en";
  let conversation: ConversationState | null = null;
  let last: TutorTurnResult | null = null;
  for (const message of messages) {
    last = await engine.tutorTurn({ conversation, message, source_lang: source, target_lang: target, level, scene });
    conversation = last.conversation;
  }
  if (!last) throw new Error("no messages");
  return last;
}

const opening = (scene: string) => engine.tutorTurn({ conversation: null, message: "Hola", source_lang: "en", target_lang: "es", level: 3, scene });

test.each([
  ["A small café in Madrid; the learner orders breakfast", "cafe"],
  ["A small café", "cafe"],
  ["Buying bread at the bakery", "market"],
  ["A harbour tavern", "tavern"],
  ["A restaurant", "restaurant"],
  ["A clothes shop in Madrid", "shopping"],
  ["Passport control at the airport", "travel"],
  ["Buying a train ticket", "transport"],
  ["Dinner at a friend's home", "food_drink"],
  // A topic's script is chosen by the situation it plays, not by the topic's name: the travel
  // script is passport control, the body script a gym class.
  ["Taking a taxi from the airport to the hotel", "transport"],
  ["At the doctor, my head hurts", "health"],
])("%s: the tutor plays the %s script", async (scene, topic) => {
  expect((await opening(scene)).progress.topic).toBe(topic);
});

test("asking the way to the station is not played at the ticket office", async () => {
  const turn = await opening("Asking the way to the station");
  expect(turn.progress.topic).not.toBe("transport");
  expect(turn.reply).not.toContain("¿Adónde quiere ir?");
});

test("a café scene that mentions breakfast is not a dinner at someone's home", async () => {
  const turn = await opening("A small café in Madrid; the learner orders breakfast");
  expect(turn.reply).not.toContain("cena");
  expect(turn.reply).toContain("¿Qué le pongo?");
});

test.each([
  ["es", "Un restaurante", ["Hola", "Mesa para dos", "El pescado", "No, gracias"]],
  ["fr", "Un restaurant", ["Bonjour", "Une table pour deux", "Le poisson", "Non merci"]],
  ["de", "Ein Restaurant", ["Hallo", "Ein Tisch für zwei", "Den Fisch, bitte", "Nein, danke"]],
  ["it", "Un ristorante", ["Buonasera", "Un tavolo per due", "Il pesce", "No, grazie"]],
] as const)("%s: 'no, thanks' to the drink goes on to the bill instead of ending the meal", async (target, scene, messages) => {
  const last = await play(target, scene, messages, 3);
  expect(last.progress.understood).toBe(true);
  expect(last.progress.completed).toBe(false);
  expect(last.progress.step_id).toBe("bill");
});

test("a message in the learner's own language is not taken for a third one", async () => {
  const turn = await engine.tutorTurn({ conversation: null, message: "How much is it?", source_lang: "en", target_lang: "es", level: 2, scene: "A café" });
  expect(turn.hints.join(" ")).not.toContain("German");
  expect(turn.hints).toContain("Try to write in Spanish.");
  expect(new Set(turn.hints).size).toBe(turn.hints.length);
});

test("a message mostly not understood is quoted whole, as written, not as picked-out words", async () => {
  const turn = await engine.tutorTurn({ conversation: null, message: "I would like a coffee please", source_lang: "en", target_lang: "es", level: 2, scene: "A café" });
  expect(turn.reply).toContain("«I would like a coffee please»");
  const question = await engine.tutorTurn({ conversation: null, message: "¿Qué?", source_lang: "en", target_lang: "es", level: 2, scene: "A café" });
  expect(question.reply).not.toContain("«¿");
});

test.each([
  ["es", "A fruit stall at the market", ["Hola", "Un kilo de manzanas", "Y medio kilo de fresas"]],
  ["fr", "Une boulangerie", ["Bonjour", "Une baguette", "Et deux croissants"]],
] as const)("%s: a second item after 'anything else?' is a second order, not the payment", async (target, scene, messages) => {
  const last = await play(target, scene, messages, 2);
  expect(last.progress.step_id).toBe("price");
  expect(last.progress.completed).toBe(false);
});

test("a suggestion the learner already said is not offered again (a question the NPC answered stays off the list)", async () => {
  const first = await engine.tutorTurn({ conversation: null, message: "Buongiorno", source_lang: "en", target_lang: "it", level: 5, scene: "Un bar a Roma" });
  const question = first.suggested_replies.find((s) => s.text.endsWith("?"));
  expect(question).toBeDefined();
  const asked = await engine.tutorTurn({ conversation: first.conversation, message: question!.text, source_lang: "en", target_lang: "it", level: 5, scene: "Un bar a Roma" });
  expect(asked.suggested_replies.map((s) => s.text)).not.toContain(question!.text);
  expect(asked.suggested_replies.length).toBeGreaterThan(0);
});

test("a question about paying before the end is answered, and the scene waits for what the NPC asked", async () => {
  const turn = await play("en", "A café", ["Hello", "A coffee, please", "Can I pay with card?"], 3);
  expect(turn.progress.completed).toBe(false);
  expect(turn.reply).toStartWith("Yes, of course.");
  expect(turn.reply).toContain("Would you like something to eat?");
});

test.each([
  ["es", ["Hola", "Barcelona"]],
  ["es", ["Hola", "A Sevilla, por favor"]],
  ["en", ["Hello", "To London, please."]],
] as const)("%s: a place named in answer to 'where would you like to go?' answers it (%j)", async (target, messages) => {
  const turn = await play(target, "A train station ticket office", messages, 3);
  expect(turn.progress.understood).toBe(true);
  expect(turn.progress.step_id).toBe("ticket_type");
});

/** The role-play set of the lesson plan the built-in engine makes for the same request (from English). */
async function lessonRolePlay(target: Lang, scene: string, level: number) {
  for await (const set of engine.lessonPlan({ source_lang: "en", target_lang: target, level, scene })) if (set.kind === "role_play") return set;
  throw new Error("the plan has no role-play");
}

test.each([
  ["es", "A pharmacy in Lyon; the learner needs something for a headache", 3],
  ["fr", "Buying medicine at the chemist", 5],
  ["de", "At the dentist", 2],
  ["it", "Returning a faulty phone to a shop", 7],
] as const)("%s: a scene no tutor script plays (%s) is played as its lesson role-plays it", async (target, scene, level) => {
  const rolePlay = await lessonRolePlay(target, scene, level);
  const steps = rolePlay.steps;
  // Each step: the learner says the lesson's first option and the NPC answers with the lesson's line.
  const messages = steps.map((s) => s.learner_options[0]!.text);
  let conversation: ConversationState | null = null;
  for (const [i, message] of messages.entries()) {
    const turn: TutorTurnResult = await engine.tutorTurn({ conversation, message, source_lang: "en", target_lang: target, level, scene });
    expect(turn.progress.understood).toBe(true);
    expect(turn.reply).toContain(steps[i]!.npc.text.split(/[.!?]/)[0]!);
    conversation = turn.conversation;
    if (i === steps.length - 1) expect(turn.progress.completed).toBe(true);
  }
});

test("a pharmacy is not played as the doctor's, and the learner does not ask for the ailment", async () => {
  const turn = await opening("A pharmacy in Lyon; the learner needs something for a headache");
  expect(turn.reply).not.toContain("¿Qué le pasa?");
  expect(turn.suggested_replies.map((s) => s.text).join(" ")).not.toContain("dolor de cabeza");
  const later = await play("es", "A pharmacy in Lyon; the learner needs something for a headache", ["Hola", "Quiero un medicamento, por favor."], 3);
  expect(later.reply).toMatch(/receta/);
});

test.each([
  ["es", "Sí"],
  ["es", "No"],
  ["fr", "Non, merci"],
  ["de", "Ja"],
] as const)("%s: a bare '%s' answers a yes-or-no step of the scene's role-play", async (target, answer) => {
  const scene = "A pharmacy in Lyon";
  const steps = (await lessonRolePlay(target, scene, 3)).steps;
  const asked = steps.findIndex((s) => s.learner_options.some((o) => /^(Sí|No|Oui|Non|Ja|Nein)\b/u.test(o.text)));
  expect(asked).toBeGreaterThan(0);
  const upTo = steps.slice(0, asked).map((s) => s.learner_options[0]!.text);
  const before = await play(target, scene, upTo, 3);
  const after = await play(target, scene, [...upTo, answer], 3);
  expect(after.progress.understood).toBe(true);
  expect(after.progress.step).toBe(before.progress.step + 1);
  // What is no answer ("I don't understand") does not move the scene on.
  const unclear = await play(target, scene, [...upTo, target === "es" ? "No entiendo" : target === "fr" ? "Je ne comprends pas" : "Ich verstehe nicht"], 3);
  expect(unclear.progress.step).toBe(before.progress.step);
});

test("asked in a restaurant where the toilet is, the waiter points indoors, not down the street", async () => {
  const turn = await play("es", "A restaurant in Madrid", ["Buenas noches", "Para dos", "¿Dónde está el baño?"], 3);
  expect(turn.reply).toContain("Al fondo");
  expect(turn.reply).not.toContain("calle");
});

test.each([
  ["es", "Me duele la cabeza.", "Hola"],
  ["fr", "J'ai mal à la tête.", "Bonjour"],
  ["de", "Ich habe Kopfschmerzen.", "Hallo"],
] as const)("%s: at the pharmacy, telling what hurts (%s) asks for a medicine", async (target, ailment, hello) => {
  const scene = "A pharmacy in Lyon; the learner needs something for a headache";
  const before = await play(target, scene, [hello], 3);
  const after = await play(target, scene, [hello, ailment], 3);
  expect(after.progress.understood).toBe(true);
  expect(after.progress.step).toBe(before.progress.step + 1);
});
