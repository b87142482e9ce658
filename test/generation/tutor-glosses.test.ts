// New-word glosses in the sense the reply uses (tutor/new-vocabulary.ts, tutor/glossed-senses.ts):
// an expression is glossed whole (Piacere = nice to meet you, Claro = of course), and a word whose
// lexicon entry names another sense gets the sense of its context (mucho = a lot, claro = clear,
// elección = choice outside a conversation about politics). Also through whole tutor turns.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { newVocabulary } from "../../src/generation/builtin/tutor/new-vocabulary.ts";
import type { Lang } from "../../src/generation/languages.ts";

const engine = createBuiltinEngine();
const index = engine.index();
const request = (target: Lang, source: Lang) => ({ source, target, level: 9, message: "", conversation: null, scene: null, npc: null, planTopics: [], planRolePlay: null });
const glosses = (target: Lang, reply: string, topic: string | null = null, source: Lang = "en") =>
  Object.fromEntries(newVocabulary(index, reply, request(target, source), [], topic).map((v) => [v.display, v.translation]));

describe("glosses in the sense used", () => {
  test("mucho is a lot, muchos many", () => {
    expect(glosses("es", "Me gusta mucho.")).toMatchObject({ mucho: "a lot" });
    expect(glosses("es", "Hay muchos turistas.")).toMatchObject({ mucho: "many" });
  });
  test("piacere and mucho gusto are nice to meet you, never like or much", () => {
    expect(glosses("it", "Piacere, Luca.")).toMatchObject({ Piacere: "nice to meet you" });
    expect(glosses("es", "Mucho gusto, Ana.")).toEqual({ "Mucho gusto": "nice to meet you" });
  });
  test("claro is of course alone, clear after está, light after a colour", () => {
    expect(glosses("es", "Claro. Son cuarenta euros.")).toMatchObject({ Claro: "of course" });
    expect(glosses("es", "Está claro.")).toMatchObject({ claro: "clear" });
    expect(glosses("es", "Tiene un coche azul claro.")).toMatchObject({ claro: "light" });
    expect(glosses("pt-BR", "Claro. Deu vinte reais.", null, "es")).toMatchObject({ Claro: "claro" });
  });
  test("la elección is a choice at the restaurant, an election in politics", () => {
    expect(glosses("es", "Excelente elección.")).toMatchObject({ "la elección": "choice" });
    expect(glosses("es", "Excelente elección.", null, "fr")).toMatchObject({ "la elección": "choix" });
    expect(glosses("es", "La elección es en mayo.", "society_politics")).toMatchObject({ "la elección": "election" });
  });
  test("a tutor turn glosses its expressions whole", async () => {
    const turn = await engine.tutorTurn({ conversation: null, message: "Mi chiamo Luca", source_lang: "en", target_lang: "it", level: 3 });
    expect(turn.new_vocabulary.find((v) => v.display === "Piacere")?.translation).toBe("nice to meet you");
    expect(turn.new_vocabulary.some((v) => v.translation === "like")).toBe(false);
  });
});
