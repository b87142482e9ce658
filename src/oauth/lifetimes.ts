// Lifetimes of spec §8, in one place.
import { DAY, HOUR, SECOND } from "../lib/clock.ts";

export const ACCESS_TOKEN_TTL_MS = HOUR; // spec 2.2: one hour, expires_in 3600
export const AUTHORIZATION_CODE_TTL_MS = 60 * SECOND; // spec 3.3
export const REFRESH_GRACE_MS = 60 * SECOND; // spec 3.4: replaced-token grace
export const REFRESH_IDLE_MS = 30 * DAY; // spec 3.4: expires after 30 days unused
