// One source of time for the whole process (DESIGN §4). Tests and PARLA_DEV_CLOCK use the
// adjustable clock; everything else reads `clock.now()` and never `Date.now()` directly.

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export interface AdjustableClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
  /** Called after every change, so the scheduler can act on the new time at once. */
  onChange(listener: () => void): () => void;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that starts at `startMs` (default: the real time) and moves only when told to, or with real time when `ticking`. */
export function createAdjustableClock(startMs: number = Date.now(), options: { ticking?: boolean } = {}): AdjustableClock {
  let offset = 0;
  let fixed = startMs;
  const realStart = Date.now();
  const listeners = new Set<() => void>();
  const base = () => (options.ticking ? fixed + (Date.now() - realStart) : fixed);
  const notify = () => {
    for (const l of listeners) l();
  };
  return {
    now: () => base() + offset,
    advance(ms) {
      offset += ms;
      notify();
    },
    set(ms) {
      offset = ms - base();
      notify();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
