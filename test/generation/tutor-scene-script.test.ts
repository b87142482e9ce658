// The tutor plays the scene's situation: of the topics a scene touches, the script it follows is
// one whose situation is the scene's (a café scene that mentions breakfast is ordered at the
// counter), and the scene's head is in its first clause, where it says where it is.
import { expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";

const engine = createBuiltinEngine();
const opening = (scene: string) => engine.tutorTurn({ conversation: null, message: "Hola", source_lang: "en", target_lang: "es", level: 3, scene });

test.each([
  ["A small café in Madrid; the learner orders breakfast", "cafe"],
  ["A small café", "cafe"],
  ["Buying bread at the bakery", "market"],
  ["A harbour tavern", "tavern"],
  ["A restaurant", "restaurant"],
  ["A clothes shop in Madrid", "shopping"],
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
