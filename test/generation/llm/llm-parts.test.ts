// Small parts of the LLM engine on their own: the streamed-array scanner, Retry-After, the strict
// JSON Schema of a model, and the language guesser the output checks use.
import { describe, expect, test } from "bun:test";
import { t } from "elysia";
import { createBuiltinEngine } from "../../../src/generation/builtin/index.ts";
import { guessLanguage, readsAs } from "../../../src/generation/builtin/language-guess.ts";
import { ArrayElementScanner } from "../../../src/generation/llm/json-stream.ts";
import { strictJsonSchema } from "../../../src/generation/llm/json-schema.ts";
import { retryAfterMs, retryDelayMs } from "../../../src/generation/llm/resilience.ts";

describe("ArrayElementScanner", () => {
  test("elements of the root object's first array, whatever the chunking; braces and quotes inside strings do not count", () => {
    const text = JSON.stringify({ items: [{ a: "x}{", b: [1, { c: 'say "}" ok' }] }, { a: "\\" }, { a: "é" }], tail: [{ no: 1 }] });
    for (const size of [1, 3, 7, text.length]) {
      const scanner = new ArrayElementScanner();
      const found: string[] = [];
      for (let at = 0; at < text.length; at += size) found.push(...scanner.push(text.slice(at, at + size)));
      expect(found.map((f) => JSON.parse(f))).toEqual([{ a: "x}{", b: [1, { c: 'say "}" ok' }] }, { a: "\\" }, { a: "é" }]);
    }
  });
});

describe("Retry-After", () => {
  const now = Date.UTC(2026, 10, 2, 9);
  test("seconds, an HTTP date, retry-after-ms; capped at 60 s; backoff without one", () => {
    expect(retryAfterMs(new Headers({ "retry-after": "3" }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ "retry-after": new Date(now + 5000).toUTCString() }), now)).toBe(5000);
    expect(retryAfterMs(new Headers({ "retry-after-ms": "250" }), now)).toBe(250);
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }), now)).toBeNull();
    expect(retryDelayMs(0, new Headers({ "retry-after": "600" }), now)).toBe(60_000);
    expect(retryDelayMs(2, undefined, now, () => 0.5)).toBe(2000);
  });
});

describe("strictJsonSchema", () => {
  test("all properties required, no extra ones, optional → nullable, const → enum, ranges dropped", () => {
    const schema = strictJsonSchema(t.Object({ kind: t.Literal("a"), n: t.Integer({ minimum: 1 }), note: t.Optional(t.String()), list: t.Array(t.String(), { maxItems: 3 }) }));
    expect(schema).toEqual({
      type: "object",
      properties: { kind: { type: "string", enum: ["a"] }, n: { type: "integer" }, note: { anyOf: [{ type: "string" }, { type: "null" }] }, list: { type: "array", items: { type: "string" } } },
      required: ["kind", "n", "note", "list"],
      additionalProperties: false,
    });
  });
});

describe("language guesser", () => {
  const index = createBuiltinEngine().index();
  test("names the language of a sentence; unknown words are not refused", () => {
    expect(guessLanguage(index, "Quiero comprar pan y leche en el mercado")).toBe("es");
    expect(guessLanguage(index, "Ich möchte Brot und Milch kaufen")).toBe("de");
    expect(readsAs(index, "I would like some bread and milk", "es")).toBe(false);
    expect(readsAs(index, "Zyxwv Qrstu", "fr")).toBe(true);
  });
});
