// Golden tests: the whole output of each operation for a sample of language pairs, over the
// fixture data, compared with files reviewed by a person (test/generation/golden/). After an
// intended change, regenerate with `UPDATE_GOLDEN=1 bun test test/generation/golden.test.ts`
// and read the diff before committing it.
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Lang } from "../../src/generation/languages.ts";
import type { ConversationState, TutorTurnResult } from "../../src/generation/model.ts";
import { fixtureEngine } from "./fixture-engine.ts";

const engine = fixtureEngine();
const dir = join(import.meta.dir, "golden");

interface Sample {
  source: Lang;
  target: Lang;
  scene: string;
  npc?: { name: string; persona?: string };
  messages: string[];
}

const SAMPLES: Sample[] = [
  { source: "en", target: "es", scene: "A busy fruit stall at the market", npc: { name: "Marta", persona: "a cheerful fruit seller" }, messages: ["Hola", "Quiero dos mansanas", "el manzana", "Eso es todo", "Adiós"] },
  { source: "es", target: "en", scene: "Una cafetería tranquila con terraza", messages: ["Hello", "I want a apple, please", "The bill, please", "Goodbye"] },
  { source: "fr", target: "de", scene: "Un marché aux légumes le samedi", npc: { name: "Jonas" }, messages: ["Hallo", "Ich möchte zwei apfel", "das Apfel", "Das ist alles", "Tschüss"] },
  { source: "de", target: "it", scene: "Ein kleines Café mit Kellner", messages: ["Ciao", "Vorrei un caffè per favroe", "il zucchero", "Il conto", "Arrivederci"] },
  { source: "it", target: "pt-BR", scene: "Una bancarella di frutta al mercato", messages: ["Oi", "Eu quero duas maçãs", "o maçã", "É só isso", "Tchau"] },
  { source: "pt-BR", target: "fr", scene: "Encontro com um vizinho na rua", npc: { name: "Camille", persona: "une voisine bavarde" }, messages: ["Bonjour", "je suis faim", "Ça va bien", "Je m'appelle Léa", "Au revoir"] },
];

async function run(sample: Sample) {
  const pair = { source_lang: sample.source, target_lang: sample.target };
  const vocabulary = await Array.fromAsync(engine.vocabulary({ ...pair, level: 2, topic: sample.scene, count: 8 }));
  const plan = await Array.fromAsync(engine.lessonPlan({ ...pair, level: 3, scene: sample.scene, ...(sample.npc ? { npc: sample.npc } : {}) }));
  const tutor: TutorTurnResult[] = [];
  let conversation: ConversationState | null = null;
  for (const message of sample.messages) {
    const turn: TutorTurnResult = await engine.tutorTurn({ ...pair, level: 2, conversation, message, scene: sample.scene, ...(sample.npc ? { npc: sample.npc } : {}) });
    conversation = turn.conversation;
    tutor.push(turn);
  }
  return { vocabulary, plan, tutor };
}

describe("golden outputs over the fixture data", () => {
  for (const sample of SAMPLES) {
    test(`${sample.source} → ${sample.target}: vocabulary, lesson plan and tutor session`, async () => {
      const file = join(dir, `${sample.source}-${sample.target}.json`);
      const actual = await run(sample);
      if (process.env.UPDATE_GOLDEN === "1") {
        mkdirSync(dir, { recursive: true });
        writeFileSync(file, `${JSON.stringify(actual, null, 1)}\n`);
      }
      if (!existsSync(file)) throw new Error(`missing golden file ${file}; create it with UPDATE_GOLDEN=1 and review it`);
      expect(actual).toEqual(JSON.parse(readFileSync(file, "utf8")));
    });
  }
});
