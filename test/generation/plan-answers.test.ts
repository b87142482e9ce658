// The in-memory answers of complete plans (plan-answers.ts): bounded by bytes, least recently read first out.
import { expect, test } from "bun:test";
import { PlanAnswerCache } from "../../src/generation/plan-answers.ts";

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);

test("keeps answers up to its size in bytes, dropping the least recently read first", () => {
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

test("an answer larger than the whole cache is not kept, and a plan's first answer is not replaced", () => {
  const cache = new PlanAnswerCache(100);
  cache.remember("big", bytes(101));
  expect(cache.get("big")).toBeNull();
  cache.remember("a", bytes(10, 1));
  cache.remember("a", bytes(20, 2));
  expect(cache.get("a")!.byteLength).toBe(10);
  expect(cache.sizeBytes).toBe(10);
});
