// Token-endpoint limits (spec 5.2.6): requests per address per minute, and
// client-credentials exchanges per client per hour, failed client secrets per client and address per hour — a client exchanging far more often than its
// tokens expire is refused. Counted per process (README "Rate limits").
import type { Config } from "../config/config.ts";
import { AppError } from "../lib/errors.ts";
import { LocalRateLimiter } from "../lib/local-rate-limit.ts";
import { HOUR, MINUTE } from "../lib/clock.ts";

export interface TokenRateLimits {
  /** Throws 429 rate_limited when this address has sent too many requests this minute. */
  countRequest(address: string, nowMs: number): void;
  /** Throws 429 rate_limited when this client has exchanged too often this hour. */
  countExchange(clientId: string, nowMs: number): void;
  /**
   * Throws 429 rate_limited when this address has failed this client's secret too often this hour.
   * Keyed by client AND address, so a stranger guessing secrets locks out only their own address,
   * never the real client calling from its own.
   */
  checkSecretFailures(clientId: string, address: string, nowMs: number): void;
  countSecretFailure(clientId: string, address: string, nowMs: number): void;
}

export function createTokenRateLimits(config: Config): TokenRateLimits {
  const perAddress = new LocalRateLimiter(MINUTE);
  const perClient = new LocalRateLimiter(HOUR);
  const secretFailures = new LocalRateLimiter(HOUR);
  const failureKey = (clientId: string, address: string) => `${clientId}\n${address}`;
  return {
    countRequest(address, nowMs) {
      const limit = perAddress.hit(address, nowMs, config.rateLimitTokenPerAddressPerMinute);
      if (!limit.ok) throw tooMany(`too many requests from this address; retry after ${limit.retryAfterSeconds} s`, limit.retryAfterSeconds);
    },
    countExchange(clientId, nowMs) {
      const limit = perClient.hit(clientId, nowMs, config.rateLimitTokenPerClientPerHour);
      if (!limit.ok) {
        throw tooMany(`too many token exchanges for this client; keep the token for its hour and retry after ${limit.retryAfterSeconds} s`, limit.retryAfterSeconds);
      }
    },
    checkSecretFailures(clientId, address, nowMs) {
      const limit = secretFailures.peek(failureKey(clientId, address), nowMs, config.rateLimitClientSecretFailuresPerHour);
      if (!limit.ok) throw tooMany(`too many failed client authentications from this address; retry after ${limit.retryAfterSeconds} s`, limit.retryAfterSeconds);
    },
    countSecretFailure(clientId, address, nowMs) {
      secretFailures.hit(failureKey(clientId, address), nowMs, config.rateLimitClientSecretFailuresPerHour);
    },
  };
}

function tooMany(description: string, retryAfterSeconds: number): AppError {
  return new AppError(429, "rate_limited", description, { headers: { "retry-after": String(retryAfterSeconds) } });
}
