// Prices the tutor quotes (tutor/scene-facts.ts, tutor/script-prices.ts): in the scene's currency,
// in the range of the thing itself (a coffee costs a café's price at a restaurant too, a dish more),
// and the bill the script states is the order's total at the prices quoted before.
import { expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import type { Lang } from "../../src/generation/languages.ts";
import type { ConversationState } from "../../src/generation/model.ts";

const engine = createBuiltinEngine();

async function run(lang: Lang, scene: string, messages: string[]): Promise<string[]> {
  let conversation: ConversationState | null = null;
  const out: string[] = [];
  for (const message of messages) {
    const r = await engine.tutorTurn({ conversation, message, source_lang: lang === "en" ? "es" : "en", target_lang: lang, level: 3, scene });
    conversation = r.conversation;
    out.push(r.reply);
  }
  return out;
}

const amount = (reply: string) => Number((/(\d+)(?:[,.](\d\d))?/.exec(reply) ?? ["", "NaN"]).slice(1, 3).join(".").replace(/\.$/, ""));

test("a coffee at a restaurant costs a café's price, a soup a dish's, and the bill is their total", async () => {
  const [, coffee, soup, , bill] = await run("es", "Un restaurante en Sevilla", ["Buenas tardes", "¿Cuánto cuesta un café?", "¿Cuánto cuesta la sopa?", "Quiero una sopa y dos cafés", "¿Cuánto es?"]);
  expect(coffee).toContain("€");
  expect(amount(coffee ?? "")).toBeLessThanOrEqual(4.5);
  expect(amount(soup ?? "")).toBeGreaterThanOrEqual(7);
  expect(amount(bill ?? "")).toBeCloseTo(amount(soup ?? "") + 2 * amount(coffee ?? ""), 2);
});

test("the scene's currency: reais in São Paulo, pesos in Mexico", async () => {
  const [, bread, , total] = await run("pt-BR", "Uma padaria em São Paulo", ["Bom dia", "Quanto custa o pão?", "Quero dois pães", "Quanto é?"]);
  expect(bread).toContain("R$");
  expect(amount(total ?? "")).toBeCloseTo(2 * amount(bread ?? ""), 2);
  const [, apples] = await run("es", "Un mercado en México", ["Hola", "¿Cuánto cuestan las manzanas?"]);
  expect(apples).toContain("pesos");
});
