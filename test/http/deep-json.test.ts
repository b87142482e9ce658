// JSON bodies nested deeper than MAX_JSON_DEPTH are refused with 400 invalid_request (param body)
// before a schema validator walks them; a validator recurses per level, and 5,000 levels overflowed
// its stack (a 500).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { MAX_JSON_DEPTH, nestedDeeperThan } from "../../src/http/json-body.ts";
import { clientWithToken } from "../billing/fixtures.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/** The nesting depth of a parsed JSON value, computed from the value rather than the text. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === "object") return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

/** A random JSON value with tricky strings (quotes, backslashes, brackets) at random depths. */
function randomValue(rand: () => number, depth: number): unknown {
  const strings = ["[", "]", "{", "}", '"', '\\"[', "\\", "a\\\\", '{"a":[', "\u2028", ""];
  const r = rand();
  if (depth <= 0 || r < 0.3) return r < 0.1 ? strings[Math.floor(rand() * strings.length)] : r < 0.2 ? Math.floor(rand() * 100) : rand() < 0.5 ? null : true;
  const n = Math.floor(rand() * 4);
  if (r < 0.65) return Array.from({ length: n }, () => randomValue(rand, depth - 1));
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [strings[(i * 3) % strings.length]! + i, randomValue(rand, depth - 1)]));
}

describe("nestedDeeperThan", () => {
  test("agrees with the depth of the parsed value on 5,000 random bodies", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 5000; i++) {
      const text = JSON.stringify(randomValue(rand, 1 + (i % 12)), null, i % 2 ? 1 : undefined);
      const depth = depthOf(JSON.parse(text));
      for (const max of [0, 1, 3, depth - 1, depth, depth + 1]) if (max >= 0) expect(nestedDeeperThan(text, max)).toBe(depth > max);
    }
  });

  test("brackets inside strings do not count", () => {
    expect(nestedDeeperThan(JSON.stringify({ a: "[".repeat(100) + '\\"{{{' }), 1)).toBe(false);
    expect(nestedDeeperThan(JSON.stringify(["\\", ["\\\""]]), 1)).toBe(true);
  });
});

describe("deep bodies on the /v1 routes", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await clientWithToken(t, { plan: "paid" })).token;
  });
  afterAll(() => t.cleanup());

  const nest = (n: number) => "[".repeat(n) + "]".repeat(n);
  const nestObj = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
  const lang = `"source_lang":"en","target_lang":"es","level":2`;
  const post = (path: string, body: string) =>
    t.request("POST", path, { body, headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": crypto.randomUUID() } });

  const cases = (inner: string): [string, string][] => [
    ["/v1/events", `{"type":"world.context_changed","data":{"scene":"A market",${lang},"npc":${inner}}}`],
    ["/v1/events", `{"type":"world.practice_requested","data":{"topic":${inner},${lang}}}`],
    ["/v1/lesson-plans", `{"topic":${inner},${lang}}`],
    ["/v1/lesson-plans", `{"topic":"food",${lang},"npc":${inner}}`],
    ["/v1/vocab/stream", `{"topic":${inner},${lang}}`],
    ["/v1/tutor/message", `{"message":${inner}}`],
    ["/v1/lesson-plans", inner],
  ];

  test("5,000 levels (and just past the limit) answer 400 invalid_request, param body, on every route", async () => {
    for (const inner of [nest(5000), nestObj(2000), nest(MAX_JSON_DEPTH + 1), nestObj(MAX_JSON_DEPTH + 1)])
      for (const [path, body] of cases(inner)) {
        const res = await post(path, body);
        expect({ path, status: res.status, body: await res.json() }).toMatchObject({ path, status: 400, body: { code: "invalid_request", param: "body" } });
      }
  });

  test("a body at the limit is not refused for its depth (the schema answers instead)", async () => {
    for (const [path, body] of cases(nest(MAX_JSON_DEPTH - 3))) {
      const res = await post(path, body);
      const answer = await res.text();
      expect(res.status).toBeLessThan(500);
      expect(answer).not.toContain("deeper than");
    }
  });

  test("nothing was logged as an unhandled error", () => {
    expect(t.logs.filter((l) => l.includes("http.unhandled_error"))).toEqual([]);
  });
});
