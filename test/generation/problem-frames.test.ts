// The frames where the learner brings the problem (a lost wallet, a toothache, a broken jacket):
// the learner says where it happened in the scene's own words ("on the bus") or stays general,
// the NPC never announces the learner's own problem back as news, and the way out fits the frame
// (a report form, an appointment, a refund) — scene/problem-turns.ts.
import { describe, expect, test } from "bun:test";
import { createBuiltinEngine } from "../../src/generation/builtin/index.ts";
import { buildLessonContext } from "../../src/generation/builtin/lesson/lesson-context.ts";
import { rolePlaySet } from "../../src/generation/builtin/lesson/role-play-set.ts";
import { ANNOUNCE, ANNOUNCE_PLAIN, RESOLVE } from "../../src/generation/builtin/scene/dialogue-text.ts";
import { LANGS, type Lang } from "../../src/generation/languages.ts";
import type { RolePlaySet } from "../../src/generation/model.ts";

const index = createBuiltinEngine().index();

function rolePlay(source: Lang, target: Lang, level: number, scene: string): { frame: string; play: RolePlaySet } {
  const context = buildLessonContext(index, { source, target, level, subject: { kind: "scene", text: scene }, npc: null });
  const play = rolePlaySet(context, 4);
  if (!play) throw new Error(`no role-play for ${scene}`);
  return { frame: context.understood.frame, play };
}

const other = (lang: Lang): Lang => (lang === "en" ? "es" : "en");

describe("where the loss happened", () => {
  const cases: [Lang, Lang, string, string][] = [
    ["pt-BR", "en", "perdi minha carteira no ônibus em Londres", "on the bus"],
    ["en", "de", "I lost my wallet on the train", "im Zug"],
    ["en", "fr", "I lost my bag in a taxi in Paris", "dans le taxi"],
    ["en", "es", "I lost my passport at the airport", "en el aeropuerto"],
    ["es", "it", "perdí mi cartera en el autobús en Roma", "sull'autobus"],
  ];
  for (const [source, target, scene, where] of cases) {
    test(`“${scene}”: the learner says ${where}, at A and at C`, () => {
      for (const level of [3, 8]) {
        const { frame, play } = rolePlay(source, target, level, scene);
        expect(frame).toBe("report_loss");
        const options = play.steps.find((s) => s.id === "describe")?.learner_options ?? [];
        expect(options.length).toBe(2);
        for (const option of options) expect(option.text).toContain(where);
      }
    });
  }

  test("a scene that names no place or vehicle: the time alone, no invented station or bus", () => {
    const { frame, play } = rolePlay("en", "it", 2, "my wallet was stolen in Rome, at the police station");
    expect(frame).toBe("report_loss");
    const options = play.steps.find((s) => s.id === "describe")?.learner_options.map((o) => o.text) ?? [];
    expect(options).toEqual(["Un'ora fa.", "Stamattina."]);
    expect(options.join(" ")).not.toMatch(/stazione|autobus/);
  });
});

// One scene per problem frame, read in English; every target language speaks it.
const PROBLEM_SCENES: [string, string, RegExp][] = [
  ["I lost my wallet on the bus in London", "report_loss", /form|formulario|formulaire|Formular|modulo|formulário/],
  ["I have toothache, dentist in Madrid", "dentist_appointment", /tomorrow|mañana|demain|morgen|domani|amanhã/],
  ["a doctor's appointment, I have a fever", "doctor_appointment", /Friday|viernes|vendredi|Freitag|venerdì|sexta/],
  ["I want to return this jacket, it is broken", "return_complain", /money|refund|dinero|importe|rembours|Geld|Betrag|rimbors|dinheiro|valor/],
  ["at the pharmacy, I need something for a cold", "pharmacy", /tablet|pastilla|comprimé|Tablette|compressa|comprimido/],
  ["emergency: there was a car accident, call an ambulance", "emergency", /phone|line|teléfono|téléphone|en ligne|Telefon|telefono|in linea|telefone|linha/],
];

describe("problem frames: no announced-back problem, a way out that fits", () => {
  for (const [scene, expectedFrame, fitting] of PROBLEM_SCENES) {
    test(`“${scene}” in every target, at A and at B/C`, () => {
      for (const target of LANGS) {
        for (const level of [2, 6]) {
          const { frame, play } = rolePlay(other(target), target, level, scene);
          expect(frame).toBe(expectedFrame);
          const at = play.steps.findIndex((s) => s.intent === "complication");
          const before = play.steps[at - 1]?.npc.text ?? "";
          const after = play.steps[at]?.npc.text ?? "";
          const reg = level <= 4 ? "A" : "BC";
          // The generic announcement opens "Sorry, there is a problem:" — cut at the slots, it is never said here.
          for (const row of [ANNOUNCE[reg], ANNOUNCE_PLAIN[reg]]) expect(before).not.toContain(row[target].split(/[:{]/)[0] as string);
          expect(before.length).toBeGreaterThan(0);
          // Nor the generic "we can fix it in twenty minutes": the frame's own way out.
          expect(after).not.toContain(RESOLVE[reg][target].split(/[,:]/)[0] as string);
          expect(after).toMatch(fitting);
        }
      }
    });
  }

  test("the report names the learner's problem as theirs when taking it up, agreeing", () => {
    const { play } = rolePlay("en", "it", 2, "my wallet was stolen in Rome, at the police station");
    const report = play.steps.find((s) => s.id === "report")?.npc.text ?? "";
    expect(report).toContain("Quindi il portafoglio è stato rubato?");
    const announce = play.steps.find((s) => s.id === "describe")?.npc.text ?? "";
    expect(announce).not.toContain("rubato");
    expect(announce).toContain("nessuno ha consegnato niente");
  });
});
