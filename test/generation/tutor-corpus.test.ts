// The regression corpus (test/generation/corpus/<lang>.json) through the built-in engine's tutor:
// no correct sentence may come back corrected, and the share of learner errors fixed exactly must
// stay above a floor set just under what the tutor reaches (`bun scripts/tutor-corpus.ts` prints
// the rates and every miss). Grow the corpus whenever a defect is found.
import { describe, expect, test } from "bun:test";
import type { Lang } from "../../src/generation/languages.ts";
import { CORPORA, scoreCorpus } from "./corpus/run-corpus.ts";

const FIX_RATE_FLOOR = 0.95;

describe("tutor regression corpus", () => {
  for (const lang of Object.keys(CORPORA) as Lang[]) {
    test(`${lang}: no false corrections, learner errors fixed`, async () => {
      const score = await scoreCorpus(lang);
      expect(score.correct).toBeGreaterThanOrEqual(100);
      expect(score.errors).toBeGreaterThanOrEqual(40);
      expect(score.falseCorrections).toEqual([]);
      const rate = score.fixed / score.errors;
      if (rate < FIX_RATE_FLOOR) expect(score.missed).toEqual([]);
      expect(rate).toBeGreaterThanOrEqual(FIX_RATE_FLOOR);
    });
  }
});
