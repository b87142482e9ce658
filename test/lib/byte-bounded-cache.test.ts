// Values kept in memory by key (byte-bounded-cache.ts; complete plans' answers, feed chunks): bounded
// by bytes, least recently read first out.
import { expect, test } from "bun:test";
import { ByteBoundedCache } from "../../src/lib/byte-bounded-cache.ts";
import { PlanAnswerCache } from "../../src/generation/plan-answers.ts";

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);

test("keeps values up to its size in bytes, dropping the least recently read first", () => {
  const cache = new PlanAnswerCache(100);
  cache.remember("a", bytes(40, 1));
  cache.remember("b", bytes(40, 2));
  expect(cache.get("a")![0]).toBe(1); // a is now the most recently read
  cache.remember("c", bytes(40, 3));
  expect(cache.get("b")).toBeNull();
  expect(cache.get("a")![0]).toBe(1);
  expect(cache.get("c")![0]).toBe(3);
  expect([cache.size, cache.sizeBytes]).toEqual([2, 80]);
});

test("a value larger than the whole cache is not kept; remembering a key again replaces its value and its size", () => {
  const cache = new ByteBoundedCache<{ text: string }>(100, (value) => value.text.length);
  cache.remember("big", { text: "x".repeat(101) });
  expect(cache.get("big")).toBeNull();
  cache.remember("a", { text: "a".repeat(10) });
  cache.remember("a", { text: "b".repeat(30) });
  expect(cache.get("a")!.text).toBe("b".repeat(30));
  expect([cache.size, cache.sizeBytes]).toEqual([1, 30]);
  cache.remember("c", { text: "c".repeat(80) });
  expect(cache.get("a")).toBeNull();
  expect(cache.sizeBytes).toBe(80);
});
