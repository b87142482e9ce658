// The tutor's corrections over the real data: valid forms are never "corrected", each grammar
// rule fixes the learner error it is written for (the sentences quoted in the teaching-quality
// report among them), unknown words get "did you mean …?" only when close and unambiguous, and a
// message in another language gets a hint instead of corrections.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import type { Lang } from "../../src/generation/languages.ts";
import type { CorrectionCategory } from "../../src/generation/model.ts";

const engine = createBuiltinEngine();
const turn = (target: Lang, message: string, source: Lang = target === "en" ? "de" : "en") => engine.tutorTurn({ conversation: null, message, source_lang: source, target_lang: target, level: 3 });
const fixed = async (target: Lang, message: string) => (await turn(target, message)).corrected_message;

describe("valid forms are never corrected", () => {
  const cases: [Lang, string][] = [
    ["es", "¿Cuánto cuestan estas manzanas?"],
    ["es", "Estoy contenta porque llueve."],
    ["fr", "Les magasins ferment à huit heures."],
    ["fr", "Mes sœurs sont fatiguées."],
    ["de", "Sie ist heute früh abgefahren."],
    ["de", "Die Kinder spielten im Garten, als es anfing zu regnen."],
    ["de", "Ich weiß, dass du morgen anrufst."],
    ["it", "I negozi chiudono alle otto."],
    ["it", "Penso che sia vero."],
    ["pt-BR", "Quanto custam essas maçãs?"],
    ["pt-BR", "Quando eu falar com ele, te conto."],
    // "have … years" is an age said with the wrong verb only when nothing follows the years.
    ["en", "I have five years of experience."],
    ["de", "Ich habe fünf Jahre Erfahrung."],
    ["de", "Ich habe fünf Jahre gearbeitet."],
  ];
  for (const [lang, message] of cases) test(`${lang}: ${message}`, async () => expect((await turn(lang, message)).corrections).toEqual([]));
});

describe("grammar rules", () => {
  const cases: [Lang, string, string, CorrectionCategory][] = [
    ["de", "Ich habe ein Bruder.", "Ich habe einen Bruder.", "article"],
    ["de", "Ich habe zwanzig Jahre.", "Ich bin zwanzig Jahre alt.", "word_choice"],
    ["en", "I have twenty years.", "I am twenty years old.", "word_choice"],
    ["de", "Ich möchte ein Kaffee.", "Ich möchte einen Kaffee.", "article"],
    ["de", "Ich anrufe meine Mutter.", "Ich rufe meine Mutter an.", "verb_form"],
    ["de", "Ich habe gegangen.", "Ich bin gegangen.", "verb_form"],
    ["de", "Ich habe gegangt.", "Ich bin gegangen.", "verb_form"],
    ["de", "Halo, wie geht's?", "Hallo, wie geht's?", "word_choice"],
    ["it", "Penso che è una buona idea.", "Penso che sia una buona idea.", "verb_form"],
    ["it", "Ho andato al mercato.", "Sono andato al mercato.", "verb_form"],
    ["fr", "Je veux mangé une pomme.", "Je veux manger une pomme.", "verb_form"],
    ["fr", "Je suis 20 ans.", "J'ai 20 ans.", "word_choice"],
    ["fr", "J'ai allé au cinéma.", "Je suis allé au cinéma.", "verb_form"],
    ["pt-BR", "Eles falou com o gerente.", "Eles falaram com o gerente.", "agreement"],
    ["es", "Ola, ¿qué tal?", "Hola, ¿qué tal?", "word_choice"],
    ["es", "Yo soy cansado.", "Yo estoy cansado.", "word_choice"],
    ["es", "Las manzanas son rojo.", "Las manzanas son rojas.", "agreement"],
    ["es", "Quiero dos mansanas.", "Quiero dos manzanas.", "spelling"],
  ];
  for (const [lang, wrong, right, category] of cases) {
    test(`${lang}: ${wrong}`, async () => {
      const result = await turn(lang, wrong);
      expect(result.corrected_message).toBe(right);
      expect(result.corrections.map((c) => c.category)).toContain(category);
    });
  }
  test("explanations name the rule, in the learner's language", async () => {
    const [it] = (await turn("it", "Ho andato al mercato.", "fr")).corrections;
    expect(it?.explanation).toBe("Ce verbe se conjugue avec « essere » au passé composé : « Sono andato ».");
    const [es] = (await turn("es", "Quiero dos mansanas.", "de")).corrections;
    expect(es?.explanation).toBe("Meintest du „manzanas“?");
  });
});

describe("unknown words", () => {
  test("a suggestion only when close and unambiguous, never at the ending or between vowels", async () => {
    expect(await fixed("it", "Vorrei un caffe.")).toBe("Vorrei un caffè.");
    // pizza is not in the lexicon: it must not become piazza.
    expect(await fixed("it", "Mangio una pizza.")).toBeNull();
    expect(await fixed("es", "Mi novio trabaja de camarero.")).toBeNull();
  });
});

describe("another language than the target", () => {
  test("a Spanish word in a German lesson gets a hint, not a correction", async () => {
    const result = await turn("de", "Ich möchte pagar, bitte.");
    expect(result.corrections).toEqual([]);
    expect(result.hints[0]).toBe("That looks like Spanish. Try to write in German.");
  });
  test("a whole message in a third language is not corrected", async () => {
    const result = await turn("de", "Quiero pagar la cuenta, por favor.", "fr");
    expect(result.corrections).toEqual([]);
    expect(result.hints[0]).toBe("On dirait que c'est en espagnol. Essayez d'écrire en allemand.");
  });
});

test.each([
  ["es", "Voy a la hotel.", "Voy al hotel."],
  ["es", "Vengo de la aeropuerto.", "Vengo del aeropuerto."],
  ["es", "Voy a el hotel.", "Voy al hotel."],
] as const)("%s: an article put right contracts with its preposition (%s)", async (target, message, right) => {
  expect(await fixed(target, message)).toBe(right);
});

test.each([
  ["de", "Guten Tag, Frau Berger"],
  ["de", "Ich arbeite mit Herrn Blanc"],
] as const)("%s: a name after a title is no word of another language (%s)", async (target, message) => {
  const result = await turn(target, message);
  expect(result.hints.join(" ")).not.toMatch(/French|Französisch/);
  expect(result.corrections).toEqual([]);
});

test("de: an umlaut the learner wrote is kept (ä, ö, ü are letters of their own), one left out is added", async () => {
  expect((await turn("de", "Meine Stärken sind Geduld und Ruhe.")).corrections).toEqual([]);
  expect(await fixed("de", "Ich bin mude.")).toBe("Ich bin müde.");
});
