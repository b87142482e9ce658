// Retry timing and the circuit breaker of the LLM client. Retry-After is RFC 9110 §10.2.3
// (seconds or an HTTP date); OpenAI-compatible servers may also send retry-after-ms.
import type { Clock } from "../../lib/clock.ts";

/** Longest wait honoured from a Retry-After header; a longer one is capped (the request has a deadline). */
export const MAX_RETRY_AFTER_MS = 60_000;
const BASE_BACKOFF_MS = 500;

/** How long to wait before retry number `attempt` (0-based): the server's Retry-After if given, else exponential backoff with ±20 % jitter. */
export function retryDelayMs(attempt: number, headers: Headers | undefined, nowMs: number, random: () => number = Math.random): number {
  const fromServer = retryAfterMs(headers, nowMs);
  if (fromServer !== null) return Math.min(fromServer, MAX_RETRY_AFTER_MS);
  const base = BASE_BACKOFF_MS * 2 ** attempt;
  return Math.round(base * (0.8 + 0.4 * random()));
}

export function retryAfterMs(headers: Headers | undefined, nowMs: number): number | null {
  if (!headers) return null;
  const ms = headers.get("retry-after-ms");
  if (ms && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms));
  const value = headers.get("retry-after")?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

export interface CircuitOptions {
  /** Failed operations in a row that open the circuit. */
  threshold: number;
  /** How long it stays open before one trial request is let through. */
  openMs: number;
}

export const DEFAULT_CIRCUIT: CircuitOptions = { threshold: 5, openMs: 30_000 };

/**
 * Closed → open after `threshold` failures in a row (no request is sent while open, so a down
 * server is not hammered and callers fail fast) → half-open after `openMs`: one trial request;
 * its success closes the circuit, its failure opens it again.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private trialInFlight = false;

  constructor(
    private readonly clock: Clock,
    private readonly options: CircuitOptions = DEFAULT_CIRCUIT,
  ) {}

  get state(): "closed" | "open" | "half_open" {
    if (this.openedAt === null) return "closed";
    return this.clock.now() - this.openedAt >= this.options.openMs ? "half_open" : "open";
  }

  /** May a request be sent now? In half-open state only one at a time. */
  allow(): boolean {
    const state = this.state;
    if (state === "closed") return true;
    if (state === "open" || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  /** Milliseconds until the circuit lets a trial request through. */
  retryInMs(): number {
    return this.openedAt === null ? 0 : Math.max(0, this.openedAt + this.options.openMs - this.clock.now());
  }

  success(): void {
    this.failures = 0;
    this.openedAt = null;
    this.trialInFlight = false;
  }

  /** Returns true when this failure opened the circuit. */
  failure(): boolean {
    this.trialInFlight = false;
    this.failures++;
    if (this.openedAt !== null) {
      this.openedAt = this.clock.now();
      return false;
    }
    if (this.failures >= this.options.threshold) {
      this.openedAt = this.clock.now();
      return true;
    }
    return false;
  }
}
