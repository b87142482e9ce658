// One plain question inside a scene, in every target language: the tutor answers it in the scene's
// frame (a station gives a departure time, not opening hours; a pharmacy its hours; a restaurant a
// price in the place's currency; a hotel a yes with the room), never with the clarifying fallback.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import type { Lang } from "../../src/generation/languages.ts";

const engine = createBuiltinEngine();

type Check = "departure" | "hours" | "yes_item" | "price";
interface Probe {
  scene: string;
  message: string;
  check: Check;
  /** The words the answer must hold: the item for a yes/no, the currency sign for a price. */
  holds?: string;
}

const PROBES: Record<Lang, Probe[]> = {
  en: [
    { scene: "A train station in York", message: "When does the next train leave?", check: "departure" },
    { scene: "A hotel in Leipzig", message: "Is the room quiet?", check: "yes_item", holds: "room" },
    { scene: "A pharmacy in London", message: "What time do you open?", check: "hours" },
    { scene: "A restaurant in London", message: "How much is the soup?", check: "price", holds: "£" },
  ],
  es: [
    { scene: "Una estación de tren en Madrid", message: "¿A qué hora sale el próximo tren?", check: "departure" },
    { scene: "Un hotel en Sevilla", message: "¿La habitación es tranquila?", check: "yes_item", holds: "habitación" },
    { scene: "Una farmacia en Valencia", message: "¿A qué hora abre la farmacia?", check: "hours" },
    { scene: "Un restaurante en Sevilla", message: "¿Es muy picante?", check: "yes_item", holds: "picante" },
  ],
  fr: [
    { scene: "Une gare à Lyon", message: "À quelle heure part le prochain train ?", check: "departure" },
    { scene: "Un hôtel à Paris", message: "Est-ce que la chambre est calme ?", check: "yes_item", holds: "chambre" },
    { scene: "Une pharmacie à Lyon", message: "Vous ouvrez à quelle heure ?", check: "hours" },
    { scene: "Un restaurant à Genève", message: "Combien coûte la soupe ?", check: "price", holds: "CHF" },
  ],
  de: [
    { scene: "Ein Bahnhof in Berlin", message: "Wann fährt der nächste Zug?", check: "departure" },
    { scene: "Ein Hotel in Leipzig", message: "Ist das Zimmer ruhig?", check: "yes_item", holds: "Zimmer" },
    { scene: "Eine Apotheke in München", message: "Wann öffnen Sie?", check: "hours" },
    { scene: "Ein Restaurant in Hamburg", message: "Was kostet die Suppe?", check: "price", holds: "€" },
  ],
  it: [
    { scene: "Una stazione a Roma", message: "A che ora parte il prossimo treno?", check: "departure" },
    { scene: "Un albergo a Firenze", message: "La camera è tranquilla?", check: "yes_item", holds: "camera" },
    { scene: "Una farmacia a Milano", message: "A che ora apre la farmacia?", check: "hours" },
    { scene: "Un ristorante a Napoli", message: "Quanto costa la zuppa?", check: "price", holds: "€" },
  ],
  "pt-BR": [
    { scene: "Uma estação de trem em São Paulo", message: "A que horas sai o próximo trem?", check: "departure" },
    { scene: "Um hotel no Rio de Janeiro", message: "O quarto é tranquilo?", check: "yes_item", holds: "quarto" },
    { scene: "Uma farmácia em Salvador", message: "A que horas abre a farmácia?", check: "hours" },
    { scene: "Um restaurante em Recife", message: "Quanto custa a sopa?", check: "price", holds: "R$" },
  ],
};

const YES: Record<Lang, string> = { en: "Yes", es: "Sí", fr: "Oui", de: "Ja", it: "Sì", "pt-BR": "Sim" };
/** A clock time: 19:55, 19 h 55. */
const CLOCK = /\b\d{1,2}(?::| h )\d{2}\b/u;
/** Two hours, opening and closing: "9 am … 9 pm", "9:00 … 21:00", "von 9 bis 21 Uhr", "9h … 21h". */
const hoursIn = (reply: string) => (reply.match(/\d{1,2}(?::00)?/gu) ?? []).length;

describe("a plain question inside a scene is answered in the scene's frame", () => {
  for (const [lang, probes] of Object.entries(PROBES) as [Lang, Probe[]][]) {
    for (const probe of probes) {
      test(`${lang}: ${probe.scene} — ${probe.message}`, async () => {
        const result = await engine.tutorTurn({ conversation: null, message: probe.message, source_lang: lang === "en" ? "es" : "en", target_lang: lang, level: 2, scene: probe.scene });
        expect(result.progress.understood).toBe(true);
        expect(result.progress.intent).not.toBeNull();
        const reply = result.reply;
        if (probe.check === "departure") {
          expect(result.progress.intent).toBe("ask_time");
          expect(reply).toMatch(CLOCK);
          // One departure (hour and minutes), not an opening and a closing hour.
          expect(reply.match(/\d+/gu)?.length).toBe(2);
        }
        if (probe.check === "hours") {
          expect(result.progress.intent).toBe("ask_time");
          expect(hoursIn(reply)).toBe(2);
        }
        if (probe.check === "yes_item") expect(reply.startsWith(`${YES[lang]},`)).toBe(true);
        if (probe.check === "price") expect(result.progress.intent).toBe("ask_price");
        if (probe.holds) expect(reply).toContain(probe.holds);
      });
    }
  }

  test("a station's frame gives the ticket office's scenario, not a sports club's", async () => {
    const result = await engine.tutorTurn({ conversation: null, message: "Bonjour", source_lang: "en", target_lang: "fr", level: 2, scene: "Une gare à Lyon" });
    expect(["transport", "travel"]).toContain(result.progress.topic);
  });

  test("a line that asks nothing is not said again after each answer", async () => {
    let conversation = null;
    const replies: string[] = [];
    for (const message of ["Hola, buenas noches", "Una mesa para dos, por favor", "Quiero una paella y un agua", "¿Es muy picante?", "¿Cuánto cuesta el agua?"]) {
      const result = await engine.tutorTurn({ conversation, message, source_lang: "en", target_lang: "es", level: 2, scene: "Un restaurante en Sevilla" });
      conversation = result.conversation;
      replies.push(result.reply);
    }
    const waited = replies[2] ?? "";
    expect(waited).not.toContain("?");
    for (const reply of replies.slice(3)) {
      expect(reply).not.toContain(waited);
      expect(reply).toContain("?");
    }
  });
});
