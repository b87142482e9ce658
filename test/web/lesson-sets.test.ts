// The exercises as the page draws them: a hint left empty shows no "()", a prompt's dangling dash
// and a doubled full stop are tidied, a word bank lists each word once in a shuffled order that a
// reload keeps, matching options are shuffled (not the key's order), and feedback never ends in "..".
import { describe, expect, test } from "bun:test";
import type { ExercisesSet, Exercise } from "../../src/generation/model.ts";
import { checkExercise } from "../../src/learning/answer-check.ts";
import { LessonSetSection, tidy, type SetContext } from "../../src/web/lesson-sets.tsx";
import { uiText } from "../../src/web/ui-text/index.ts";

const LANGS = { source: "en", target: "es" };

function render(exercise: Exercise, given: string[] | null, planId = "lp_test"): string {
  const set: ExercisesSet = { index: 3, kind: "exercises", title: "Práctica", exercises: [exercise] };
  const ctx: SetContext = {
    t: uiText("es"),
    planId,
    csrf: "token",
    sourceLang: "es",
    targetLang: "en",
    level: 2,
    attempts: { exercises: given ? { "3.0": checkExercise(exercise, given, { source: "es", target: "en" }) } : {}, exit: null },
    conversationId: null,
    tutorCost: 1,
  };
  return LessonSetSection({ set, ctx }) as string;
}

describe("exercises as drawn", () => {
  test("tidy: no empty (), no dangling dash, no doubled full stop", () => {
    expect(tidy("Completa la frase ()")).toBe("Completa la frase");
    expect(tidy("Soy vegetariano. —")).toBe("Soy vegetariano.");
    expect(tidy("soy vegetariano..")).toBe("soy vegetariano.");
    expect(tidy("¿Vienes?.")).toBe("¿Vienes?");
    expect(tidy("Espera...")).toBe("Espera..."); // an ellipsis stays
  });

  test("a gap fill: no empty hint, the word bank once per word, feedback without doubled stops", () => {
    const gap: Exercise = {
      type: "gap_fill",
      instructions: "Completa cada frase con la forma correcta del recuadro ().",
      word_bank: ["likes", "Likes", "like", "like.", "liked"],
      items: [
        { prompt: "She ____ tea.", hint: "", answer: "likes" },
        { prompt: "I ____ coffee.", hint: "  ", answer: "like." },
      ],
    };
    const html = render(gap, ["", "want"]);
    expect(html).not.toMatch(/\(\s*\)/);
    expect(html).not.toMatch(/(^|[^.])\.\.(?!\.)/);
    expect(html).not.toMatch(/—\s*</);
    const bank = [...html.matchAll(/<span class="tag">([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(bank.sort()).toEqual(["like", "liked", "likes"]);
    expect(html).toContain("Respuesta: like");
    expect(html).toContain('data-result="skipped"');
  });

  test("matching options are shuffled, the same way on every reload, differently per plan", () => {
    const left = Array.from({ length: 8 }, (_, i) => ({ key: `l${i}`, text: `palabra ${i}` }));
    const right = Array.from({ length: 8 }, (_, i) => ({ key: `r${i}`, text: `word ${i}` }));
    const matching: Exercise = { type: "matching", instructions: "Relaciona.", left, right, answers: left.map((l, i) => ({ left: l.key, right: `r${i}` })) };
    const order = (html: string) => [...html.slice(0, html.indexOf("</select>")).matchAll(/<option value="(r\d)"/g)].map((m) => m[1]);
    const first = order(render(matching, null, "lp_one"));
    expect(first).toHaveLength(8);
    expect(first).not.toEqual(right.map((r) => r.key));
    expect(order(render(matching, null, "lp_one"))).toEqual(first);
    const others = ["lp_two", "lp_three", "lp_four"].map((id) => order(render(matching, null, id)).join());
    expect(others.some((o) => o !== first.join())).toBe(true);
  });

  test("a dialogue: the lines carry what the tapping script needs, in the learner's words", () => {
    const dialogue: Exercise = {
      type: "dialogue_order",
      instructions: "Ordena las frases del diálogo.",
      lines: [
        { key: "b", speaker: "learner", text: "Fine, thanks." },
        { key: "a", speaker: "npc", text: "How are you?" },
      ],
      answer: ["a", "b"],
    };
    const html = render(dialogue, null);
    expect(html).toContain("data-order ");
    expect(html).toContain(`data-order-help="${uiText("es").lesson.orderHelp}"`);
    expect(html.match(/data-order-text/g)?.length).toBe(2);
    expect(html).toContain("Tú: ");
    expect(html).toContain("Interlocutor: ");
  });
});
