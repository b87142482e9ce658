// A conversation without a scene, followed through its own suggested replies in every target
// language, informal (level 2) and formal (level 9): each suggestion answers the question the NPC
// just asked, so each is understood and moves the conversation on, and the last one says goodbye.
import { expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { LANGS, type Lang } from "../../src/generation/languages.ts";
import type { ConversationState } from "../../src/generation/model.ts";

const engine = createBuiltinEngine();
const HELLO: Record<Lang, string> = { en: "Hello", es: "Hola", fr: "Bonjour", de: "Hallo", it: "Ciao", "pt-BR": "Oi" };

for (const target of LANGS) {
  test(`${target}: every suggested reply is understood and the conversation ends at the goodbye`, async () => {
    const source: Lang = target === "en" ? "es" : "en";
    for (const level of [2, 9])
      for (const pick of [0, 1]) {
        let conversation: ConversationState | null = null;
        let message = HELLO[target];
        let completed = false;
        const replies = new Set<string>();
        for (let turn = 0; turn < 12 && !completed; turn++) {
          const r = await engine.tutorTurn({ conversation, message, source_lang: source, target_lang: target, level });
          expect(r.progress.understood, `${level} ${message}`).toBe(true);
          expect(replies.has(r.reply), `${level} the NPC repeats itself after ${message}`).toBe(false);
          replies.add(r.reply);
          conversation = r.conversation;
          completed = r.progress.completed;
          if (!completed) {
            expect(r.suggested_replies.length).toBeGreaterThan(pick);
            message = r.suggested_replies[pick]!.text;
          }
        }
        expect(completed, `${target} ${level} pick ${pick}`).toBe(true);
      }
  });
}

test("a bare 'Soy Sam.' tells the name, not 'Soy Sam'", async () => {
  const first = await engine.tutorTurn({ conversation: null, message: "Hola", source_lang: "en", target_lang: "es", level: 2 });
  const r = await engine.tutorTurn({ conversation: first.conversation, message: "Soy Sam.", source_lang: "en", target_lang: "es", level: 2 });
  expect(r.reply).toStartWith("Mucho gusto, Sam.");
});

/** Follows `messages` from a greeting; returns every turn. */
async function talk(target: Lang, messages: string[], level = 3) {
  let conversation: ConversationState | null = null;
  const turns = [];
  for (const message of messages) {
    const r = await engine.tutorTurn({ conversation, message, source_lang: target === "en" ? "es" : "en", target_lang: target, level });
    conversation = r.conversation;
    turns.push(r);
  }
  return turns;
}

test("contractions and elisions are read as their words: I'm, don't, it's, j'ai, c'était", async () => {
  const en = await talk("en", ["Hello", "I'm Anna, nice to meet you.", "I'm from Leeds.", "I don't know.", "It's a nice day."]);
  expect(en[1]!.reply).toStartWith("Nice to meet you, Anna.");
  expect(en.map((t) => t.progress.understood)).toEqual([true, true, true, true, true]);
  const fr = await talk("fr", ["Bonjour", "Je m'appelle Sam.", "Je viens de Lyon.", "J'ai un travail dans un bureau.", "J'aime lire.", "C'était une bonne semaine."]);
  expect(fr.map((t) => t.progress.understood)).toEqual([true, true, true, true, true, true]);
});

test("'I'm English' tells where the learner is from, not a name; 'I'm Anna' after the name question tells the name", async () => {
  const turns = await talk("en", ["Hello", "I'm Anna.", "I'm English."]);
  expect(turns[1]!.reply).toStartWith("Nice to meet you, Anna.");
  expect(turns[2]!.reply).toStartWith("English!");
});

test("a capitalised German noun in a sentence is no name, and a message not understood leaves the same question waiting", async () => {
  const turns = await talk("de", ["Hallo", "Ich besuche meine Familie", "Anna"]);
  expect(turns[1]!.progress.understood).toBe(false);
  expect(turns[1]!.reply).not.toContain("Familie!");
  expect(turns[1]!.reply).toEndWith("Wie heißt du?");
  expect(turns[2]!.reply).toStartWith("Freut mich, Anna.");
});

test("without a scene, progress.step_id names the question waiting for an answer", async () => {
  const turns = await talk("es", ["Hola", "Me llamo Sam.", "Soy de Madrid."]);
  expect(turns.map((t) => t.progress.step_id)).toEqual(["name", "origin", "work"]);
});

test("'I am …' after another question tells that answer, not a name: a job, a nationality", async () => {
  const de = await talk("de", ["Hallo", "Ich heiße Sam.", "Ich bin Deutscher.", "Ich bin Bäcker."]);
  expect(de[2]!.reply).toStartWith("Deutscher!");
  expect(de[3]!.reply).not.toContain("Bäcker");
  expect(de[3]!.progress.understood).toBe(true);
  const it = await talk("it", ["Ciao", "Mi chiamo Sam.", "Sono Italiano."]);
  expect(it[2]!.reply).toStartWith("Italiano!");
});

test("French 'Salut' opens a conversation, in a scene and without one, and still closes one", async () => {
  const chat = await talk("fr", ["Salut"]);
  expect(chat[0]!.progress.completed).toBe(false);
  let conversation: ConversationState | null = null;
  const replies = [];
  for (const message of ["Salut", "Un café, s'il vous plaît.", "Non merci.", "Merci, salut !"]) {
    const r = await engine.tutorTurn({ conversation, message, source_lang: "en", target_lang: "fr", level: 3, scene: "A café in Paris" });
    conversation = r.conversation;
    replies.push(r);
  }
  expect(replies.map((r) => r.progress.completed)).toEqual([false, false, false, true]);
});

test("a learner who says they are tired is not told 'I'm glad'; 'not bad' still is good news", async () => {
  for (const [target, greeting, unwell] of [["es", "Hola", "Estoy cansado."], ["it", "Ciao", "Sono stanco."], ["de", "Hallo", "Ich bin müde."]] as const) {
    const turns = await talk(target, [greeting, unwell]);
    expect(turns[1]!.reply_translation).toStartWith("Oh, I'm sorry to hear that.");
  }
  const fine = await talk("fr", ["Bonjour", "Pas mal, merci."]);
  expect(fine[1]!.reply).toStartWith("Tant mieux.");
});

test.each([
  ["es", "no sé", "¡Buenas noches!"],
  ["pt-BR", "não sei", "Boa noite!"],
] as const)("%s: 'good night' after a first message not understood opens the conversation, it does not end it", async (target, first, greeting) => {
  const opening = await engine.tutorTurn({ conversation: null, message: first, source_lang: "en", target_lang: target, level: 3 });
  expect(opening.progress.understood).toBe(false);
  const next = await engine.tutorTurn({ conversation: opening.conversation, message: greeting, source_lang: "en", target_lang: target, level: 3 });
  expect(next.progress.completed).toBe(false);
  expect(next.progress.intent).toBe("greeting");
});
