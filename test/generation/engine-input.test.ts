// Bad input is a typed AppError naming the field (the API's 400 invalid_request), thrown
// before any item or set is produced; odd but valid input still gets good content.
import { describe, expect, test } from "bun:test";
import { AppError } from "../../src/lib/errors.ts";
import { normaliseLang } from "../../src/generation/engine.ts";
import type { LessonSet } from "../../src/generation/model.ts";
import { fixtureEngine } from "./fixture-engine.ts";

const engine = fixtureEngine();
const pair = { source_lang: "en", target_lang: "es", level: 2 };

function refused(run: () => unknown, param: string): void {
  let error: unknown = null;
  try {
    run();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).param).toBe(param);
  expect((error as AppError).message.length).toBeGreaterThan(5);
}

async function refusedAsync(run: () => Promise<unknown>, param: string): Promise<void> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).param).toBe(param);
}

const anyInput = (x: object) => x as never;

describe("language codes", () => {
  test("normaliseLang accepts the six codes, pt and case variants, and nothing else", () => {
    expect(["en", "es", "fr", "de", "it", "pt-BR"].map(normaliseLang)).toEqual(["en", "es", "fr", "de", "it", "pt-BR"]);
    expect(normaliseLang("pt")).toBe("pt-BR");
    expect(normaliseLang("PT-br")).toBe("pt-BR");
    expect(normaliseLang("pt_BR")).toBe("pt-BR");
    expect(normaliseLang("EN")).toBe("en");
    for (const bad of ["pt-PT", "nl", "", "english", null, 5, undefined]) expect(normaliseLang(bad)).toBeNull();
  });
  test("unknown source or target language", () => {
    refused(() => engine.vocabulary(anyInput({ ...pair, source_lang: "nl" })), "source_lang");
    refused(() => engine.lessonPlan(anyInput({ ...pair, target_lang: "xx", topic: "market" })), "target_lang");
  });
  test("same source and target, also through pt = pt-BR", () => {
    refused(() => engine.vocabulary(anyInput({ ...pair, target_lang: "en" })), "target_lang");
    refused(() => engine.vocabulary(anyInput({ ...pair, source_lang: "pt", target_lang: "pt-BR" })), "target_lang");
  });
  test("pt is accepted as pt-BR", async () => {
    const items = await Array.fromAsync(engine.vocabulary({ ...pair, target_lang: "pt", count: 3 }));
    expect(items.length).toBe(3);
  });
});

describe("levels", () => {
  for (const level of [0, 10, -1, 2.5, Number.NaN, "2"]) {
    test(`level ${typeof level} ${String(level)} is refused`, () => refused(() => engine.vocabulary(anyInput({ ...pair, level })), "level"));
  }
});

describe("topic, scene and npc text (spec 2.6)", () => {
  test("an empty or blank topic is refused", () => {
    refused(() => engine.vocabulary({ ...pair, topic: "" }), "topic");
    refused(() => engine.lessonPlan({ ...pair, topic: "   " }), "topic");
  });
  test("161 characters is refused, 160 accepted", () => {
    refused(() => engine.lessonPlan({ ...pair, topic: "a".repeat(161) }), "topic");
    refused(() => engine.lessonPlan({ ...pair, scene: "é".repeat(161) }), "scene");
    const understood = "a café in Paris with ";
    expect(() => engine.lessonPlan({ ...pair, scene: understood + "é".repeat(160 - understood.length) })).not.toThrow();
  });
  test("line breaks and invisible characters are refused", () => {
    refused(() => engine.lessonPlan({ ...pair, scene: "market\nstall" }), "scene");
    refused(() => engine.lessonPlan({ ...pair, scene: "market\u200bstall" }), "scene");
  });
  test("exactly one of topic and scene", () => {
    refused(() => engine.lessonPlan({ ...pair }), "topic");
    refused(() => engine.lessonPlan({ ...pair, topic: "market", scene: "a market" }), "scene");
  });
  test("npc name up to 32 and persona up to 120 characters", () => {
    refused(() => engine.lessonPlan({ ...pair, topic: "market", npc: { name: "x".repeat(33) } }), "npc.name");
    refused(() => engine.lessonPlan({ ...pair, topic: "market", npc: { name: "Marta", persona: "x".repeat(121) } }), "npc.persona");
    refused(() => engine.lessonPlan(anyInput({ ...pair, topic: "market", npc: "Marta" })), "npc");
  });
});

describe("vocabulary limits", () => {
  test("count must be 1..50", () => {
    for (const count of [0, 51, 1.5]) refused(() => engine.vocabulary({ ...pair, count }), "count");
  });
  test("exclude must be a list of ids", () => {
    refused(() => engine.vocabulary(anyInput({ ...pair, exclude: "apple" })), "exclude");
    refused(() => engine.vocabulary(anyInput({ ...pair, exclude: Array(501).fill("x") })), "exclude");
  });
});

describe("tutor input", () => {
  test("the message must be a non-empty line of at most 500 characters", async () => {
    await refusedAsync(() => engine.tutorTurn({ ...pair, conversation: null, message: "" }), "message");
    await refusedAsync(() => engine.tutorTurn({ ...pair, conversation: null, message: "x".repeat(501) }), "message");
  });
  test("line breaks in a message are read as spaces; invisible characters are refused", async () => {
    const turn = await engine.tutorTurn({ ...pair, conversation: null, message: "Hola\r\nbuenos días" });
    expect(turn.conversation.turns[0]?.text).toBe("Hola buenos días");
    await refusedAsync(() => engine.tutorTurn({ ...pair, conversation: null, message: "Hola\u202e" }), "message");
  });
  test("a conversation that is not the engine's state is refused", async () => {
    await refusedAsync(() => engine.tutorTurn(anyInput({ ...pair, conversation: { v: 2 }, message: "hola" })), "conversation");
    await refusedAsync(() => engine.tutorTurn(anyInput({ ...pair, conversation: { v: 1, topic: "market", step: -1, done: false, misses: 0, introduced: [], turns: [] }, message: "hola" })), "conversation");
  });
});

describe("scenes the engine cannot teach", () => {
  // Nobody pays for a substitute lesson: what the engine understands nothing of is refused before
  // anything is made, naming what it can teach (docs: src/generation/README.md).
  test("a scene made only of unknown words is refused, naming what the engine teaches", () => {
    refused(() => engine.lessonPlan({ ...pair, scene: "Zorblax quints vlorp the glimmering thrum" }), "scene");
    try {
      engine.lessonPlan({ ...pair, scene: "Zorblax quints vlorp the glimmering thrum" });
    } catch (error) {
      expect((error as AppError).message).toContain("It can teach");
    }
  });
  test("a scene of emoji and digits is refused as not understood, not as malformed", () => {
    refused(() => engine.lessonPlan({ ...pair, scene: "🐟🐟🐟 42 🎣" }), "scene");
  });
});
