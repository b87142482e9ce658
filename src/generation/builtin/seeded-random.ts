// Deterministic randomness: every choice the engine makes is drawn from a generator seeded by
// the request, so the same input gives the same output (cacheable, testable).

/** 32-bit FNV-1a of the text; the seed of a request is the hash of its canonical form. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
  /** A shuffled copy; the input is left alone. */
  shuffle<T>(items: readonly T[]): T[];
  /** An independent generator for one part of the output, so adding a draw elsewhere does not change it. */
  fork(label: string): SeededRandom;
}

/** mulberry32: small, fast and good enough to pick and shuffle teaching content. */
export function seededRandom(seed: string | number): SeededRandom {
  const start = typeof seed === "number" ? seed >>> 0 : hashText(seed);
  let state = start;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let r = state;
    r = Math.imul(r ^ (r >>> 15), r | 1);
    r ^= r + Math.imul(r ^ (r >>> 7), r | 61);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  return {
    next,
    below,
    shuffle<T>(items: readonly T[]): T[] {
      const copy = items.slice();
      for (let i = copy.length - 1; i > 0; i--) {
        const j = below(i + 1);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
    fork: (label: string) => seededRandom(hashText(`${start}:${label}`)),
  };
}
