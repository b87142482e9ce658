// The correction tables (test/generation/corrections/families.json): per language and error
// family, learner sentences the tutor must correct to exactly the expected sentence, and correct
// twins (right forms, idioms, coordinated auxiliaries, proper nouns) that must get no correction.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import type { Lang } from "../../src/generation/languages.ts";
import tables from "./corrections/families.json";

const engine = createBuiltinEngine();
const turn = (target: Lang, message: string) => engine.tutorTurn({ conversation: null, message, source_lang: target === "en" ? "es" : "en", target_lang: target, level: 3 });

type Table = Record<string, [string, string][] | string[]>;

for (const [lang, families] of Object.entries(tables as unknown as Record<string, Table>)) {
  describe(`${lang} corrections by family`, () => {
    for (const [family, rows] of Object.entries(families)) {
      if (family === "twins") continue;
      for (const [wrong, right] of rows as [string, string][]) {
        test(`${family}: ${wrong}`, async () => expect((await turn(lang as Lang, wrong)).corrected_message).toBe(right));
      }
    }
    for (const sentence of families.twins as string[]) {
      test(`twin left alone: ${sentence}`, async () => expect((await turn(lang as Lang, sentence)).corrections).toEqual([]));
    }
  });
}
