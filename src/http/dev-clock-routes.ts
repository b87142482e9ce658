import { Elysia, t } from "elysia";
import type { CoreDeps } from "../config/core-deps.ts";
import { isoTime, SECOND, type AdjustableClock } from "../lib/clock.ts";

/** POST /_dev/clock — exists only with PARLA_DEV_CLOCK=1 (DESIGN §4); moves the one clock forward. */
export function devClockRoutes(deps: CoreDeps) {
  const clock = deps.clock as AdjustableClock;
  return new Elysia({ name: "dev-clock" }).post(
    "/_dev/clock",
    ({ body }) => {
      clock.advance(body.advance_seconds * SECOND);
      deps.scheduler?.wake();
      return { now: isoTime(clock.now()) };
    },
    { body: t.Object({ advance_seconds: t.Integer({ minimum: 0, maximum: 400 * 86_400 }) }), detail: { hide: true } },
  );
}
