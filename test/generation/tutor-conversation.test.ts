// Ten-turn conversations in every target language, without a scene (introductions, work, likes,
// plans) and inside one (test/generation/conversations/ten-turns.json): every reply answers its
// message (the intent it was written for, never the fallback), facts stated earlier are remembered
// (the learner's name, the order), nothing contradicts an earlier turn (the same price twice), the
// conversation ends only at the goodbye, and no reply holds a word Debian's Hunspell rejects.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import type { Lang } from "../../src/generation/languages.ts";
import type { ConversationState, TutorTurnResult } from "../../src/generation/model.ts";
import { DEFAULT_NPC_NAME } from "../../src/generation/builtin/ui-text/lesson-text.ts";
import table from "./conversations/ten-turns.json";
import { hunspellAvailable, rejectedWords } from "./oracle/hunspell.ts";

const engine = createBuiltinEngine();

interface Script {
  name: string;
  general: [string, string][];
  scene: string;
  item: string;
  turns: [string, string][];
}

async function run(lang: Lang, turns: [string, string][], scene?: string): Promise<TutorTurnResult[]> {
  let conversation: ConversationState | null = null;
  const out: TutorTurnResult[] = [];
  for (const [message] of turns) {
    const result = await engine.tutorTurn({ conversation, message, source_lang: lang === "en" ? "es" : "en", target_lang: lang, level: 3, ...(scene ? { scene } : {}) });
    conversation = result.conversation;
    out.push(result);
  }
  return out;
}

/** The reply's own words: quoted learner words (a clarifying question) are not the tutor's spelling. */
const replyWords = (reply: string) => reply.replace(/[«“„"][^»”“"]*[»”“"]/g, " ").match(/\p{L}+(?:['’-]\p{L}+)*/gu) ?? [];

function checkTurns(lang: Lang, script: [string, string][], results: TutorTurnResult[]): void {
  results.forEach((r, i) => {
    const [message, intent] = script[i] as [string, string];
    expect({ message, understood: r.progress.understood }).toEqual({ message, understood: true });
    if (intent !== "*") expect({ message, intent: r.progress.intent }).toEqual({ message, intent });
    // No premature end: only the goodbye closes the conversation.
    expect({ message, completed: r.progress.completed }).toEqual({ message, completed: i === results.length - 1 });
    expect(r.reply.length).toBeGreaterThan(0);
  });
}

for (const [lang, script] of Object.entries(table as unknown as Record<string, Script>) as [Lang, Script][]) {
  describe(`${lang}: ten turns`, () => {
    test("without a scene: every reply answers, the name is remembered, the goodbye ends it", async () => {
      const results = await run(lang, script.general);
      checkTurns(lang, script.general, results);
      const recall = results[script.general.findIndex(([, i]) => i === "ask_my_name")] as TutorTurnResult;
      expect(recall.reply).toContain(script.name);
      expect(results.at(-1)?.reply).toContain(script.name);
      // Never the same general question twice in a row.
      results.slice(1).forEach((r, i) => expect(r.reply).not.toBe(results[i]?.reply));
    });

    test(`in a scene (${script.scene}): answers in role, remembers the order, the same price twice`, async () => {
      const results = await run(lang, script.turns, script.scene);
      checkTurns(lang, script.turns, results);
      const prices = results.filter((_, i) => script.turns[i]?.[1] === "ask_price").map((r) => r.reply.match(/[\d,.]+\s?(€|£|\$|R\$)|(€|£|\$|R\$)\s?[\d,.]+/u)?.[0]);
      expect(prices.length).toBe(2);
      expect(prices[0]).toBeDefined();
      expect(prices[1]).toBe(prices[0]);
      // A name the learner gives in the scene is said back ("Freut mich, Paul."), whichever way it is written.
      const named = script.turns.findIndex(([m]) => m.includes(script.name));
      if (named >= 0) expect(results[named]?.reply).toContain(script.name);
      const order = results[script.turns.findIndex(([, i]) => i === "ask_my_order")] as TutorTurnResult;
      expect(order.reply.toLowerCase()).toContain(script.item.toLowerCase());
    });

    test.if(hunspellAvailable())("no reply holds a word Hunspell rejects", async () => {
      const results = [...(await run(lang, script.general)), ...(await run(lang, script.turns, script.scene))];
      const words = results.flatMap((r) => [...replyWords(r.reply)]);
      // Names: the learner's, the NPC's, and the hotel the lodging script names.
      const names = new Set([script.name, ...Object.values(DEFAULT_NPC_NAME), "Sol"]);
      const rejected = [...rejectedWords(lang, words)].filter((w) => !names.has(w));
      expect(rejected).toEqual([]);
    }, 60_000);
  });
}

describe("glosses in the sense used", () => {
  test("a fixed expression is glossed whole, never word by word (mucho gusto, piacere, claro)", async () => {
    const glossed = async (lang: Lang, messages: string[]) => (await run(lang, messages.map((m) => [m, "*"]))).flatMap((r) => r.new_vocabulary.map((v) => `${v.display.toLowerCase()} = ${v.translation}`));
    const es = await glossed("es", ["Hola", "Me llamo Ana"]);
    expect(es).toContain("mucho gusto = nice to meet you");
    expect(es.some((g) => g.startsWith("mucho ="))).toBe(false);
    const it = await glossed("it", ["Ciao", "Mi chiamo Marco"]);
    expect(it).toContain("piacere = nice to meet you");
    expect(it).not.toContain("piacere = like");
    expect(await glossed("es", ["¿Tiene pan?"])).not.toContain("claro = light");
  });
});

describe("the frame's next step", () => {
  test("after the meal is served, an answered question is followed by the move the frame waits for (the bill), not a generic line", async () => {
    const results = await run("es", [["Buenas tardes", "*"], ["Una mesa para dos, por favor", "*"], ["Quiero una sopa y un zumo", "*"], ["¿A qué hora cierran?", "ask_time"]], "Un restaurante en Sevilla");
    expect(results.at(-1)?.reply).toEndWith("¿Le traigo la cuenta?");
    expect(results.at(-1)?.progress.completed).toBe(false);
  });
});
