// The learner-sentence probe (test/generation/corrections/learner-probe.json, run by
// learner-probe-run.ts): at least 40 of its 48 errors fixed to exactly the right sentence, and at
// most 1 of its 72 correct sentences changed.
import { expect, test } from "bun:test";
import { runProbe } from "./learner-probe-run.ts";

test("learner-sentence probe: ≥ 40/48 errors fixed, ≤ 1/72 correct sentences changed", async () => {
  const results = await runProbe();
  const errors = results.filter((r) => r.expected !== null);
  const correct = results.filter((r) => r.expected === null);
  expect(errors.length).toBe(48);
  expect(correct.length).toBe(72);
  const missed = errors.filter((r) => !r.ok).map((r) => `${r.lang} ${r.message} → ${r.got}`);
  const changed = correct.filter((r) => !r.ok).map((r) => `${r.lang} ${r.message} → ${r.got}`);
  expect({ fixed: errors.length - missed.length >= 40, missed }).toEqual({ fixed: true, missed: expect.any(Array) });
  expect(changed.length <= 1 ? [] : changed).toEqual([]);
});
