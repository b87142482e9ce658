import { describe, expect, test } from "bun:test";
import { LocalRateLimiter } from "../../src/lib/local-rate-limit.ts";
import { MINUTE } from "../../src/lib/clock.ts";

describe("process-local fixed-window limiter", () => {
  const start = Date.UTC(2026, 10, 2, 9, 0, 0);

  test("counts up to the limit, then refuses with the seconds left in the window", () => {
    const limiter = new LocalRateLimiter(MINUTE);
    for (let i = 1; i <= 3; i++) expect(limiter.hit("a", start + 1_000, 3)).toEqual({ ok: true, count: i });
    expect(limiter.hit("a", start + 20_000, 3)).toEqual({ ok: false, retryAfterSeconds: 40 });
    expect(limiter.hit("b", start + 20_000, 3)).toEqual({ ok: true, count: 1 });
  });

  test("a new window starts from zero", () => {
    const limiter = new LocalRateLimiter(MINUTE);
    for (let i = 0; i < 5; i++) limiter.hit("a", start, 3);
    expect(limiter.hit("a", start + MINUTE, 3)).toEqual({ ok: true, count: 1 });
  });

  test("memory stays bounded when many keys call", () => {
    const limiter = new LocalRateLimiter(MINUTE);
    for (let i = 0; i < 120_000; i++) limiter.hit(`addr${i}`, start + Math.floor(i / 50_000) * MINUTE, 10);
    const size = (limiter as unknown as { windows: Map<string, unknown> }).windows.size;
    expect(size).toBeLessThanOrEqual(50_000);
  });
});
