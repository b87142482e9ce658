// Process-local fixed-window counters. Token-endpoint and /v1 limits are counted per process, as
// documented (README "Rate limits"): counting them in the store cost two write
// commits per exchange, more than the exchange itself. Sign-in limits stay in the store
// (rate-limit.ts) because they guard passwords, whichever process a guess lands on.
export type RateDecision = { ok: true; count: number } | { ok: false; retryAfterSeconds: number };

/** Keys kept before old windows are swept; bounds memory when many addresses call. */
const MAX_KEYS = 50_000;

export class LocalRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly windowMs: number) {}

  hit(key: string, nowMs: number, limit: number): RateDecision {
    const start = nowMs - (nowMs % this.windowMs);
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      if (!window && this.windows.size >= MAX_KEYS) this.sweep(start);
      window = { start, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    if (window.count <= limit) return { ok: true, count: window.count };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((start + this.windowMs - nowMs) / 1000)) };
  }

  /** The decision a hit would get now over `limit` hits so far, without counting one. */
  peek(key: string, nowMs: number, limit: number): RateDecision {
    const start = nowMs - (nowMs % this.windowMs);
    const window = this.windows.get(key);
    const count = window && window.start === start ? window.count : 0;
    if (count < limit) return { ok: true, count };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((start + this.windowMs - nowMs) / 1000)) };
  }

  /** Drops finished windows; if every key is in the current window, drops the oldest keys. */
  private sweep(currentStart: number): void {
    for (const [key, window] of this.windows) if (window.start < currentStart) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_KEYS) break;
      this.windows.delete(key);
    }
  }
}
