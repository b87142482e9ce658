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
