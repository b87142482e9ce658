// The engine port's contract as tests, run against every engine (engine-contract.test.ts): the
// same calls must give answers of the same shapes and rules, whichever engine made them.
import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import type { Engine } from "../../../src/generation/engine.ts";
import { AppError } from "../../../src/lib/errors.ts";
import { fitsBand, levelProfile } from "../../../src/generation/levels.ts";
import { LessonSet, TutorTurnResult, VocabItem } from "../../../src/generation/model.ts";

const PAIR = { source_lang: "en", target_lang: "es", level: 2 } as const;

export function engineContract(label: string, engine: () => Engine, kind: "builtin" | "openai") {
  describe(`engine contract: ${label}`, () => {
    test("vocabulary: at most count valid items in the level band, unique ids, exclude honoured", async () => {
      const items = await Array.fromAsync(engine().vocabulary({ ...PAIR, topic: "food", count: 8 }));
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBeLessThanOrEqual(8);
      for (const item of items) {
        expect(Value.Errors(VocabItem, item).First()).toBeUndefined();
        expect(fitsBand(item.level, PAIR.level)).toBe(true);
        expect(item.cefr).toBe(levelProfile(item.level).cefr);
        expect(engine().madeBy(item)).toBe(kind);
      }
      expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
      const exclude = items.slice(0, 4).map((i) => i.id);
      const more = await Array.fromAsync(engine().vocabulary({ ...PAIR, topic: "food", count: 8, exclude }));
      expect(more.length).toBeGreaterThan(0);
      for (const item of more) expect(exclude).not.toContain(item.id);
    });

    test("refused input throws an AppError at the call, before any request", () => {
      expect(() => engine().vocabulary({ ...PAIR, target_lang: "xx" })).toThrow(AppError);
      expect(() => engine().lessonPlan({ ...PAIR })).toThrow(AppError);
      expect(engine().tutorTurn({ ...PAIR, message: "" })).rejects.toThrow(AppError);
    });

    test("lesson plan: valid sets, overview first, indexes consecutive; after= continues without remaking", async () => {
      const input = { ...PAIR, topic: "food", npc: { name: "Lucía" } };
      const sets = await Array.fromAsync(engine().lessonPlan(input));
      expect(sets[0]?.kind).toBe("overview");
      expect(sets.length).toBeGreaterThanOrEqual(4);
      sets.forEach((set, i) => {
        expect(Value.Errors(LessonSet, set).First()).toBeUndefined();
        expect(set.index).toBe(i + 1);
        expect(engine().madeBy(set)).toBe(kind);
      });
      expect(new Set(sets.map((s) => s.kind)).size).toBe(sets.length);
      const rolePlay = sets.find((s) => s.kind === "role_play");
      if (rolePlay?.kind === "role_play") expect(rolePlay.npc).toMatchObject({ name: "Lucía", given: true });
      const rest = await Array.fromAsync(engine().lessonPlan(input, { after: sets.slice(0, 2) }));
      expect(rest.map((s) => s.index)).toEqual(sets.slice(2).map((s) => s.index));
      expect(rest.map((s) => s.kind)).toEqual(sets.slice(2).map((s) => s.kind));
    });

    test("topics: the picker's list, named in the asked language", async () => {
      const topics = await engine().topics("es");
      expect(topics.length).toBeGreaterThan(10);
      expect(topics.find((t) => t.id === "greetings")?.name).toBe("Saludos");
    });

    test("tutor turns: valid results, the state carries the conversation to the next turn", async () => {
      const first = await engine().tutorTurn({ ...PAIR, scene: "a small café", message: "Hola, quiero un café, por favor" });
      expect(Value.Errors(TutorTurnResult, first).First()).toBeUndefined();
      expect(first.reply.length).toBeGreaterThan(0);
      expect(engine().madeBy(first)).toBe(kind);
      const second = await engine().tutorTurn({ ...PAIR, scene: "a small café", message: "Gracias", conversation: first.conversation });
      expect(Value.Errors(TutorTurnResult, second).First()).toBeUndefined();
      expect(second.conversation.turns.length).toBeGreaterThan(first.conversation.turns.length);
    });
  });
}
