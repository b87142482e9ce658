// Role-plays that use what the scene says: the NPC's name the scene gives, the food and drink
// a restaurant scene names, and the words of an airport scene. Over the real data.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { ASK, ASK_AGAIN, LEARNER } from "../../src/generation/builtin/scene/dialogue-text.ts";
import { understandScene, type FrameId } from "../../src/generation/builtin/scene/understand-scene.ts";
import { LANGS, type Lang } from "../../src/generation/languages.ts";
import type { LessonSet, OverviewSet, RolePlaySet } from "../../src/generation/model.ts";

const engine = createBuiltinEngine();
const index = engine.index();

async function plan(source: Lang, target: Lang, level: number, scene: string, npc?: { name: string; persona?: string }): Promise<LessonSet[]> {
  return Array.fromAsync(engine.lessonPlan({ source_lang: source, target_lang: target, level, scene, ...(npc ? { npc } : {}) }));
}

function rolePlayOf(sets: LessonSet[]): RolePlaySet {
  const set = sets.find((s): s is RolePlaySet => s.kind === "role_play");
  if (!set) throw new Error("no role-play set");
  return set;
}

describe("the NPC's name the scene gives", () => {
  const named: [Lang, Lang, string, string][] = [
    ["en", "es", "a rainy tapas bar in Seville, waitress Lola", "Lola"],
    ["es", "en", "un bar de tapas en Sevilla, la camarera Lola", "Lola"],
    ["de", "fr", "ein Lokal in Berlin, der Kellner Hans", "Hans"],
    ["fr", "it", "un hôtel à Lyon, le réceptionniste Marc", "Marc"],
    ["en", "pt-BR", "a hotel in Porto with a receptionist called Inês", "Inês"],
    ["en", "de", "a bar where Lola, the waitress, is very busy", "Lola"],
    ["de", "it", "ein Café in Wien, die Kellnerin Anna", "Anna"],
    ["en", "es", "a pharmacy in York, the pharmacist Mr Brown", "Mr Brown"],
    ["es", "fr", "una taberna en Madrid con el camarero don Pepe", "don Pepe"],
  ];
  for (const [source, target, scene, name] of named) {
    test(`${scene} (${source}→${target}): the partner is ${name}`, async () => {
      const rolePlay = rolePlayOf(await plan(source, target, 2, scene));
      expect(rolePlay.npc.name).toBe(name);
      expect(rolePlay.npc.given).toBe(true);
      // The NPC introduces itself by that name.
      expect(rolePlay.steps[0]?.npc.text).toContain(name);
    });
  }

  test("the request's NPC name wins over the scene's", async () => {
    const rolePlay = rolePlayOf(await plan("en", "es", 2, "a rainy tapas bar in Seville, waitress Lola", { name: "Marisol" }));
    expect(rolePlay.npc.name).toBe("Marisol");
    expect(rolePlay.steps.map((s) => s.npc.text).join(" ")).not.toContain("Lola");
  });

  test("places, sentence starts, things and German nouns are not names", () => {
    const scenes = ["the waitress Rosa in a bar", "the waiter Mr", "a waitress in Seville", "the waiter Seville", "a busy bar. Waitress Madrid", "a tapas bar, the waiter. Paris is lovely", "Lola the waitress in a bar", "der Kellner Bier in der Kneipe", "a waitress in a bar"];
    for (const text of scenes) expect({ text, name: understandScene(index, { text, source: "en", target: "es" })?.npcName ?? null }).toEqual({ text, name: null });
  });

  test("a scene naming no one keeps the engine's partner", async () => {
    const rolePlay = rolePlayOf(await plan("en", "es", 2, "a rainy tapas bar in Seville"));
    expect(rolePlay.npc.given).toBe(false);
  });
});

describe("an airport scene", () => {
  test("an airport's words come with it, and take the place of the railway's", async () => {
    for (const [source, scene] of [["en", "at the airport, my flight is cancelled"], ["de", "am Flughafen, mein Flug ist gestrichen"], ["fr", "à l'aéroport, mon vol est annulé"]] as [Lang, string][]) {
      const sets = await plan(source, "es", 2, scene);
      const ids = (sets[0] as OverviewSet).vocabulary.map((v) => v.id);
      expect({ scene, airport: ids.slice(0, 5).includes("airport"), flight: ids.slice(0, 5).includes("flight") }).toEqual({ scene, airport: true, flight: true });
      for (const railway of ["train", "station_train", "platform"]) expect({ scene, railway, listed: ids.includes(railway) }).toEqual({ scene, railway, listed: false });
      // The role-play is about the flight's ticket, not about an implied suitcase.
      const rolePlay = rolePlayOf(sets);
      expect(rolePlay.steps[1]?.learner_options[0]?.text).toContain(index.conceptById.get("ticket_travel")?.es.w ?? "billete");
    }
  });

  for (const target of ["en", "es", "de", "it", "pt-BR"] as Lang[]) {
    test(`à l'aéroport, mon vol est annulé (fr→${target}): a cancelled flight, and the airport words lead the list`, async () => {
      const sets = await plan("fr", target, 2, "à l'aéroport, mon vol est annulé");
      const overview = sets[0] as OverviewSet;
      expect(overview.understood?.frame).toBe("travel_tickets");
      expect(overview.understood?.complication).toBe("cancelled");
      expect(overview.vocabulary.slice(0, 2).map((v) => v.id).sort()).toEqual(["airport", "flight"]);
      expect(overview.topics.map((t) => t.id)).not.toContain("emergency_safety");
    });
  }
});

describe("ordering food", () => {
  const scenes: [string, string | null, string | null][] = [
    // scene, the food it names, the drink it names
    ["a rainy tapas bar in Seville, waitress Lola", "tapa", null],
    ["a paella and a glass of wine in Valencia", "paella", "wine"],
    ["a restaurant in London", null, null],
    ["un café à Lyon le matin", null, null],
    ["a coffee and a cake in a café in Lyon", "cake", "coffee"],
    ["a tavern by the harbour, beer and stew", "stew", "beer"],
  ];
  const targets: Lang[] = ["en", "es", "fr", "de", "it", "pt-BR"];
  for (const [scene, food, drink] of scenes) {
    test(`${scene}: the learner orders food, then answers the drink question with a drink`, async () => {
      for (const target of targets) {
        for (const level of [1, 5, 9]) {
          const source: Lang = target === "en" ? "fr" : "en";
          const sets = await plan(source, target, level, scene);
          const overview = sets[0] as OverviewSet;
          expect(overview.understood?.frame).toBe("order_food");
          const rolePlay = rolePlayOf(sets);
          const order = rolePlay.steps.find((s) => s.id === "order");
          const drinkStep = rolePlay.steps.find((s) => s.id === "drink");
          if (!order || !drinkStep) throw new Error("no order or drink step");
          // The waiter's line after the order asks for the drink step.
          expect(order.npc_asks).toBe(drinkStep.intent);
          const at = `${target} L${level}`;
          const ordered = (id: string) => index.conceptById.get(id)?.[target].w.toLowerCase() ?? id;
          const said = (lines: { text: string }[]) => lines.map((l) => l.text.toLowerCase()).join(" ");
          // What is ordered is something to eat: the scene's own food when it names one, never a table or "a dish".
          const orderText = said(order.learner_options);
          for (const notFood of ["table", "dish", "menu"]) expect({ at, orderText, has: orderText.includes(` ${ordered(notFood)}`) }).toEqual({ at, orderText, has: false });
          if (food) expect({ at, orderText, has: orderText.includes(ordered(food)) }).toEqual({ at, orderText, has: true });
          // The answer to "and to drink?" names a drink (the scene's when it names one) and not the food again.
          const drinkText = said(drinkStep.learner_options);
          const drinks = ["water", "wine", "beer", "coffee", "tea", "juice", "milk", "cider"].map(ordered);
          expect({ at, drinkText, drink: drinks.some((d) => drinkText.includes(d)) }).toEqual({ at, drinkText, drink: true });
          if (drink) expect({ at, drinkText, has: drinkText.includes(ordered(drink)) }).toEqual({ at, drinkText, has: true });
          if (food) expect({ at, drinkText, has: drinkText.includes(ordered(food)) }).toEqual({ at, drinkText, has: false });
          // The waiter takes up the dish by its name.
          expect({ at, npc: order.npc.text.toLowerCase().includes(food ? ordered(food) : "") }).toEqual({ at, npc: true });
        }
      }
    }, 60_000);
  }
});

describe("the most used frames say their own lines", () => {
  // scene, frame, the thing the NPC names when it takes up the request (null: the frame opens otherwise)
  const scenes: [string, FrameId, string | null][] = [
    ["a rainy tapas bar in Seville", "order_food", "tapa"],
    ["a night market in Lisbon", "buy_market", null],
    ["train tickets at Milano Centrale, the train is delayed", "travel_tickets", "ticket_travel"],
    ["checking in at a hotel in Rio", "check_in", null],
    ["my wallet was stolen in Rome", "report_loss", "wallet"],
    ["asking the way to the cathedral in Seville", "ask_way", "cathedral"],
    ["a doctor's appointment in Madrid", "doctor_appointment", null],
    ["un rendez-vous chez le dentiste à Lyon le matin", "dentist_appointment", null],
    ["buying a shirt in a clothes shop in Madrid", "buy_shop", "shirt"],
    ["at the pharmacy, I need medicine", "pharmacy", "medicine"],
    ["sending a parcel at the post office", "post_office", null],
    ["opening a bank account", "bank_appointment", "bank_account"],
  ];
  // The intents' generic questions and the give-info answer that names nothing ("It's about the appointment").
  const generic = (lang: Lang) => [
    ...(["specify", "give_info", "ask_info"] as const).flatMap((i) => [ASK[i].A[lang], ASK[i].BC[lang]]),
    ASK_AGAIN.A[lang],
    ASK_AGAIN.BC[lang],
  ];
  const genericAnswers = (lang: Lang) => [...LEARNER.give_info.A, ...LEARNER.give_info.BC].filter((row) => row[lang].includes("{")).map((row) => (row[lang].split("{")[0] ?? "").trim()).filter((t) => t.length > 3);
  for (const [scene, frame, thing] of scenes) {
    test(`${frame} (${scene}): no generic question or answer, and the NPC names the thing it takes up`, async () => {
      for (const target of LANGS) {
        for (const level of [1, 5, 9]) {
          const source: Lang = target === "en" ? "es" : "en";
          const sets = await plan(source, target, level, scene);
          expect((sets[0] as OverviewSet).understood?.frame).toBe(frame);
          const rolePlay = rolePlayOf(sets);
          const at = `${target} L${level}`;
          for (const step of rolePlay.steps) {
            for (const line of generic(target)) expect({ at, step: step.id, npc: step.npc.text.includes(line) }).toEqual({ at, step: step.id, npc: false });
            for (const start of genericAnswers(target)) for (const option of step.learner_options) expect({ at, step: step.id, option: option.text, generic: option.text.startsWith(start) }).toEqual({ at, step: step.id, option: option.text, generic: false });
          }
          if (thing) {
            const request = rolePlay.steps[1];
            const word = index.conceptById.get(thing)?.[target].w.toLowerCase() ?? thing;
            expect({ at, npc: request?.npc.text, names: request?.npc.text.toLowerCase().includes(word) }).toEqual({ at, npc: request?.npc.text, names: true });
          }
        }
      }
    }, 60_000);
  }
});
